/*
 * x86 instructions written as data (cfg.c, "Data in the flow"): the bytes
 * of a `.byte`/`.short`/`.long`/`.quad` statement decoded against the
 * forms of x86_byte_table.inc, generated from Intel XED's PATTERNs
 * (gen/gen_x86_table.py, BYTE_ICLASSES: what hand-written code spells as
 * bytes, OpenSSL's endbr64, rdrand, adcx/adox, mulx, pause, sha and aes).
 * The facts (flow, flags read and written) are the mnemonic's row of
 * x86_insn_table.inc.  Only the encoding is read here: legacy prefixes,
 * REX, VEX, the map, the opcode, ModRM/SIB/displacement and the
 * immediate's size, so that a statement holding several instructions
 * splits where the processor splits it.  Anything else (a byte no form
 * matches, a statement that ends inside an instruction, a symbol among
 * the numbers) is "not known": cfg.c's floor then reads every flag.
 * Branches (jcc, jmp, call, loop, jrcxz, rel8/rel32; ff /2, ff /4) are
 * decoded too: sas_x86_classify_bytes below.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "sas.h"
#include "target.h"
#include "x86_bytes.h"

enum { X86B_PFX_ANY, X86B_PFX_NONE, X86B_PFX_66, X86B_PFX_F2, X86B_PFX_F3, X86B_PFX_NOT_F3,
       X86B_PFX_NOT_F2_F3 };
enum { X86B_MOD_NONE, X86B_MOD_REG, X86B_MOD_MEM };
enum { X86B_IMM_0, X86B_IMM_8, X86B_IMM_16, X86B_IMM_32, X86B_IMM_Z, X86B_IMM_V };

static const struct form {
  const char *name;
  unsigned char vex, map, opcode, opmask, pfx;
  signed char w;
  unsigned char mode, mod;
  signed char reg, rm, rexb;
  unsigned char imm;
  unsigned char eamode; /* the address size the form needs: 0 any, 16, 32, 64 */
  unsigned char indirect; /* a near branch through a register or memory */
} forms[] = {
#include "x86_byte_table.inc"
};


/* The length of ModRM and what follows it up to the immediate (SIB,
 * displacement), 32/64-bit addressing; 0 if it runs past end. */
static size_t modrm_len(const unsigned char *p, const unsigned char *end, int addr16) {
  unsigned mod, rm;
  size_t n = 1;
  if (p >= end || addr16) return 0;
  mod = p[0] >> 6;
  rm = p[0] & 7;
  if (mod != 3 && rm == 4) {
    if (p + 1 >= end) return 0;
    if (mod == 0 && (p[1] & 7) == 5) n += 4;
    n++;
  }
  if (mod == 0 && rm == 5) n += 4;
  if (mod == 1) n += 1;
  if (mod == 2) n += 4;
  return p + n <= end ? n : 0;
}

/* One instruction at p: its form, its length in *len; NULL if none. */
static const struct form *decode_one(const unsigned char *p, const unsigned char *end, int mode64,
                                     size_t *len) {
  const unsigned char *q = p;
  unsigned rep = 0, osz = 0, asz = 0, rex = 0, vex = 0, vex_pp = 0, vex_w = 0, map = 0, i;
  /* Legacy prefixes, in any order; REX last. */
  for (; q < end; q++) {
    if (*q == 0xf2 || *q == 0xf3) rep = *q;
    else if (*q == 0x66) osz = 1;
    else if (*q == 0x67) asz = 1;
    else if (*q == 0xf0 || *q == 0x2e || *q == 0x36 || *q == 0x3e || *q == 0x26 || *q == 0x64 ||
             *q == 0x65) {
    } else break;
  }
  if (mode64 && q < end && (*q & 0xf0) == 0x40) rex = *q++;
  if (q >= end) return NULL;
  /* VEX: C5 (map 0F, W 0) and C4; outside 64-bit mode only when the next
   * byte's top bits are 11 (else it is LDS/LES). */
  if ((*q == 0xc4 || *q == 0xc5) && !rex && !rep && !osz && q + 1 < end &&
      (mode64 || (q[1] & 0xc0) == 0xc0)) {
    vex = 1;
    if (*q == 0xc5) {
      vex_pp = q[1] & 3;
      map = 1;
      rex = 0x40 | ((~q[1] & 0x80) ? 4 : 0);
      q += 2;
    } else {
      if (q + 2 >= end) return NULL;
      map = q[1] & 0x1f;
      rex = 0x40 | ((~q[1] >> 5) & 7) | ((q[2] & 0x80) ? 8 : 0);
      vex_w = q[2] >> 7;
      vex_pp = q[2] & 3;
      q += 3;
    }
  } else if (*q == 0x0f) {
    map = 1;
    if (++q < end && (*q == 0x38 || *q == 0x3a)) map = *q++ == 0x38 ? 2 : 3;
  }
  if (q >= end) return NULL;
  for (i = 0; i < sizeof forms / sizeof forms[0]; i++) {
    const struct form *f = &forms[i];
    const unsigned char *r = q + 1;
    unsigned refining, w = vex ? vex_w : (rex >> 3) & 1;
    size_t m = 0, imm = 0;
    if (f->vex != vex || f->map != map || (*q & f->opmask) != f->opcode) continue;
    if ((f->mode == 64 && !mode64) || (f->mode == 32 && mode64)) continue;
    if (f->w >= 0 && (unsigned)f->w != w) continue;
    if (f->rexb >= 0 && (unsigned)f->rexb != (rex & 1)) continue;
    /* jcxz, jecxz, jrcxz: one opcode, the address size (67) tells. */
    if (f->eamode && f->eamode != (mode64 ? (asz ? 32 : 64) : asz ? 16 : 32)) continue;
    /* The refining prefix: F2/F3 over 66 (legacy), VEX's pp. */
    refining = vex ? (vex_pp == 1 ? 0x66 : vex_pp == 2 ? 0xf3 : vex_pp == 3 ? 0xf2 : 0)
                   : rep ? rep : osz ? 0x66 : 0;
    switch (f->pfx) {
      case X86B_PFX_NONE: if (refining) continue; break;
      case X86B_PFX_66: if (refining != 0x66) continue; break;
      case X86B_PFX_F2: if (refining != 0xf2) continue; break;
      case X86B_PFX_F3: if (refining != 0xf3) continue; break;
      case X86B_PFX_NOT_F3: if (rep == 0xf3) continue; break;
      case X86B_PFX_NOT_F2_F3: if (rep) continue; break;
      default: break;
    }
    if (f->mod != X86B_MOD_NONE) {
      unsigned mod, reg, rm;
      if (r >= end) continue;
      mod = *r >> 6;
      reg = (*r >> 3) & 7;
      rm = *r & 7;
      if ((f->mod == X86B_MOD_REG) != (mod == 3)) continue;
      if ((f->reg >= 0 && (unsigned)f->reg != reg) || (f->rm >= 0 && (unsigned)f->rm != rm)) continue;
      if (!(m = modrm_len(r, end, asz && !mode64))) continue;
    }
    switch (f->imm) {
      case X86B_IMM_8: imm = 1; break;
      case X86B_IMM_16: imm = 2; break;
      case X86B_IMM_32: imm = 4; break;
      case X86B_IMM_Z: imm = osz ? 2 : 4; break;
      case X86B_IMM_V: imm = w ? 8 : osz ? 2 : 4; break;
      default: break;
    }
    if (r + m + imm > end) continue;
    *len = (size_t)(r + m + imm - p);
    return f;
  }
  return NULL;
}

/*
 * A branch written as bytes: a relative one (jcc, jmp, call, loop, jrcxz:
 * rel8/rel32, rel16 under 66 outside 64-bit mode as XED reads it) keeps its
 * flow, and cfg.c takes it as a branch relative to the location counter,
 * as `jnz .-2` written out: its function is left alone, with the warning.
 * An indirect one (ff /2, ff /4) becomes SAS_FLOW_CALL_IND/JMP_IND.
 *
 * A statement whose instructions branch before the last one (`.byte
 * 0x90,0x75,0xfa,0x90`): a relative branch in it makes the whole statement
 * one conditional jump (SAS_FLOW_JCC: it may branch, it may reach the next
 * statement), a relative call one call; the flags written are those of the
 * instructions up to the first that branches.  Without a relative branch
 * such a statement is not known (return 0).  Every byte of the statement
 * must decode: a branch followed by bytes no form matches is not known
 * (the floor, which falls through), because OpenSSL's tables in .text
 * that cfg.c counts as code (`.long 0xc2b7b775`: 75 b7 is jne, b7 is not
 * in the table) would otherwise leave their functions alone for nothing.
 */
int sas_x86_classify_bytes(const struct sas_target *t, const struct sas_split *w,
                           struct sas_insn *out) {
  unsigned char buf[256];
  size_t n = sas_dir_bytes(w, sas_dir_insn_bytes(w), buf, sizeof buf), at = 0;
  unsigned written = 0, sure = 0;
  int cut = 0, rel_jump = 0, rel_call = 0;
  memset(out, 0, sizeof *out);
  if (!n) return 0;
  while (at < n) {
    size_t len;
    const struct form *f = decode_one(buf + at, buf + n, t->arch == RR_SOFTTICKS_ARCH_X86_64, &len);
    struct sas_insn one;
    if (!f || !sas_x86_facts(f->name, &one)) return 0; /* is_landing_pad kept: target.h */
    if (f->indirect && one.flow == SAS_FLOW_CALL) one.flow = SAS_FLOW_CALL_IND;
    if (f->indirect && one.flow == SAS_FLOW_JMP) one.flow = SAS_FLOW_JMP_IND;
    if (!f->indirect && (one.flow == SAS_FLOW_JMP || one.flow == SAS_FLOW_JCC)) rel_jump = 1;
    if (!f->indirect && one.flow == SAS_FLOW_CALL) rel_call = 1;
    /* An instruction after one that branches. */
    if (out->flow != SAS_FLOW_NONE) cut = 1;
    if (!at) out->is_landing_pad = one.is_landing_pad;
    out->reads |= one.reads & ~written;
    written |= one.writes;
    if (!cut) sure = written;
    out->flow = one.flow;
    at += len;
  }
  if (!cut) {
    out->writes = written;
    return 1;
  }
  if (!rel_jump && !rel_call) return 0;
  out->writes = sure;
  out->flow = rel_jump ? SAS_FLOW_JCC : SAS_FLOW_CALL;
  return 1;
}
