/*
 * What one aarch64 instruction does to control flow and to x16/x17, the
 * registers the tick uses (README.md, "aarch64").  reads/writes hold
 * SAS_X16 | SAS_X17.  The facts of a mnemonic and the encodings of `.inst`
 * words come from GNU binutils' opcode table (aarch64_insn_table.inc,
 * gen/gen_aarch64_table.py): the mnemonics GNU as accepts.  A mnemonic
 * the table does not know is never guessed: its flow is unknown (cfg.c
 * leaves its function alone and says so).
 */
#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "asm_text.h"
#include "sas.h"
#include "target.h"

#ifndef SAS_REAL_AS_AARCH64
#ifdef __aarch64__
#define SAS_REAL_AS_AARCH64 SAS_REAL_AS
#else
#define SAS_REAL_AS_AARCH64 "/usr/bin/aarch64-linux-gnu-as"
#endif
#endif

struct a64_fact {
  const char *name;
  enum sas_flow flow;
  unsigned char writes;  /* leading general-register operands written whole */
  unsigned char landing; /* bti, paciasp, pacibsp: the entry tick goes after */
};
static const struct a64_fact facts[] = {
#define A64_MNEMONICS
#include "aarch64_insn_table.inc"
#undef A64_MNEMONICS
};
static const struct a64_encoding {
  uint32_t opcode, mask;
  unsigned short fact;
} encodings[] = {
#define A64_ENCODINGS
#include "aarch64_insn_table.inc"
#undef A64_ENCODINGS
};

static const char *const conds[] = {
#define A64_CONDITIONS
#include "aarch64_insn_table.inc"
#undef A64_CONDITIONS
    NULL};

static int is_cond(const char *s) {
  unsigned i;
  for (i = 0; conds[i]; i++)
    if (!strcmp(s, conds[i])) return 1;
  return 0;
}

static int by_name(const void *key, const void *elem) {
  return strcmp(key, ((const struct a64_fact *)elem)->name);
}

/* The facts of a mnemonic (lower case); "b.eq" is the table's "b.c". */
static const struct a64_fact *lookup(const char *m) {
  const struct a64_fact *f =
      bsearch(m, facts, sizeof facts / sizeof facts[0], sizeof facts[0], by_name);
  const char *dot = strchr(m, '.');
  char cond_form[32];
  if (f || !dot || !is_cond(dot + 1) || (size_t)(dot - m) + 3 > sizeof cond_form) return f;
  snprintf(cond_form, sizeof cond_form, "%.*s.c", (int)(dot - m), m);
  return bsearch(cond_form, facts, sizeof facts / sizeof facts[0], sizeof facts[0], by_name);
}

/* The instruction one word encodes: the most specific matching entry. */
static const struct a64_fact *decode(uint32_t word) {
  size_t i;
  for (i = 0; i < sizeof encodings / sizeof encodings[0]; i++)
    if ((word & encodings[i].mask) == encodings[i].opcode) return &facts[encodings[i].fact];
  return NULL;
}

/* x16/w16/ip0 -> SAS_X16, x17/w17/ip1 -> SAS_X17, in text. */
static unsigned regs_in(const char *t) {
  unsigned m = 0;
  const char *p = t;
  while (*p) {
    if ((p == t || !isalnum((unsigned char)p[-1])) &&
        ((p[0] == 'x' || p[0] == 'w' || p[0] == 'X' || p[0] == 'W') && p[1] == '1' &&
         (p[2] == '6' || p[2] == '7') && !isalnum((unsigned char)p[3])))
      m |= p[2] == '6' ? SAS_X16 : SAS_X17;
    if ((p == t || !isalnum((unsigned char)p[-1])) && !strncmp(p, "ip", 2) &&
        (p[2] == '0' || p[2] == '1') && !isalnum((unsigned char)p[3]))
      m |= p[2] == '0' ? SAS_X16 : SAS_X17;
    p++;
  }
  return m;
}

/* The last operand (a branch target), without blanks: its length, *at
 * its start. */
static size_t last_operand(const char *ops, const char **at) {
  const char *p = strrchr(ops, ','), *e;
  p = p ? p + 1 : ops;
  while (isspace((unsigned char)*p)) p++;
  for (e = p; *e && !isspace((unsigned char)*e); e++) {}
  *at = p;
  return (size_t)(e - p);
}

/* Flow and landing pad of a known instruction; a call may go through a
 * veneer or PLT that uses x16 and x17 (AAPCS64). */
static void take_fact(const struct a64_fact *f, struct sas_insn *out) {
  out->flow = f->flow;
  out->is_landing_pad = f->landing;
  if (f->flow == SAS_FLOW_CALL || f->flow == SAS_FLOW_CALL_IND) out->writes = SAS_X16 | SAS_X17;
}

static void classify(const struct sas_target *t, const struct sas_split *w, struct sas_insn *out) {
  const char *m = w->mnem, *p = w->operands;
  const struct a64_fact *f = lookup(m);
  (void)t;
  memset(out, 0, sizeof *out);
  out->operands = p;
  out->reads = regs_in(p);
  if (!f) {
    out->flow = SAS_FLOW_UNKNOWN;
    out->reads = SAS_X16 | SAS_X17;
    return;
  }
  if (f->writes) {
    /* The destination(s): written, not read (unless named again). */
    const char *c1 = strchr(p, ','), *c2 = c1 ? strchr(c1 + 1, ',') : NULL;
    size_t nd = f->writes == 2 && c2 ? (size_t)(c2 - p) : c1 ? (size_t)(c1 - p) : strlen(p);
    char dst[64];
    if (nd >= sizeof dst) nd = sizeof dst - 1;
    memcpy(dst, p, nd);
    dst[nd] = 0;
    out->writes = regs_in(dst);
    out->reads = regs_in(p + nd);
  }
  take_fact(f, out);
  if (!strcmp(f->name, "hint")) {
    /* hint #34 is bti c: the word it assembles to says so */
    const char *n = p + (*p == '#');
    char *end;
    unsigned long imm = strtoul(n, &end, 0);
    const struct a64_fact *h;
    if (end != n && imm < 128 && (h = decode(0xd503201fu | (uint32_t)imm << 5)))
      out->is_landing_pad = h->landing;
  }
  if (out->flow == SAS_FLOW_JMP || out->flow == SAS_FLOW_JCC || out->flow == SAS_FLOW_CALL) {
    size_t n = last_operand(p, &out->target);
    if (memchr(out->target, '+', n) || memchr(out->target, '-', n) || memchr(out->target, '(', n))
      n = 0; /* an expression */
    out->target_len = n;
  }
}

/* Words written as data (`.inst 0xd503233f`, `.long`, aarch64's 4-byte
 * `.word`), decoded: the flow of the last, landing pad if the first is
 * one.  Their registers are not decoded: they may read x16 and x17 and
 * write neither. */
static int classify_bytes(const struct sas_target *t, const struct sas_split *w,
                          struct sas_insn *out) {
  unsigned char buf[256];
  unsigned size = sas_dir_insn_bytes(w);
  size_t n, i;
  (void)t;
  if (w->word_len == 5 && !strncasecmp(w->word, ".word", 5)) size = 4;
  n = sas_dir_bytes(w, size, buf, sizeof buf);
  if (!n || n % 4) return 0;
  memset(out, 0, sizeof *out);
  for (i = 0; i < n; i += 4) {
    uint32_t word = (uint32_t)buf[i] | (uint32_t)buf[i + 1] << 8 | (uint32_t)buf[i + 2] << 16 |
                    (uint32_t)buf[i + 3] << 24;
    const struct a64_fact *f = decode(word);
    int landing = out->is_landing_pad;
    if (!f || (i && out->flow != SAS_FLOW_NONE)) return 0;
    take_fact(f, out);
    if (i) out->is_landing_pad = landing;
  }
  out->reads = SAS_X16 | SAS_X17;
  return 1;
}

/* x16/x17 live: saved on the stack, sp lowered first (writeback), so
 * nothing is stored below sp; sp stays 16-byte aligned.  The header's
 * local label "1" becomes one no source uses. */
static void tick_text(const struct sas_target *t, unsigned live, int cfi, enum sas_syntax syntax,
                      struct st_text *out) {
  (void)t;
  (void)syntax;
  if (live)
    st_text_printf(out, "stp x16, x17, [sp, #-16]!;%s", cfi ? ".cfi_adjust_cfa_offset 16;" : "");
  sas_tick_sequence(out, RR_SOFTTICKS_AARCH64_TICK_ASM, "5354100");
  if (live)
    st_text_printf(out, "ldp x16, x17, [sp], #16;%s", cfi ? ".cfi_adjust_cfa_offset -16;" : "");
}

/* ---- code addresses computed from a label (computed.c) ------------------ */

/* "x9", "w9" at a word start -> "r9"; 0 for anything else. */
static size_t register_at(const char *text, const char *p, enum sas_syntax syntax, char *fam,
                          size_t cap) {
  size_t n = 0, k;
  (void)syntax;
  fam[0] = 0;
  if (p > text && (isalnum((unsigned char)p[-1]) || p[-1] == '_' || p[-1] == '.')) return 0;
  while (isalnum((unsigned char)p[n])) n++;
  if (n < 2 || n > 3 || (p[0] != 'x' && p[0] != 'w')) return 0;
  for (k = 1; k < n; k++)
    if (!isdigit((unsigned char)p[k])) return 0;
  snprintf(fam, cap, "r%.*s", (int)(n - 1), p + 1);
  return n;
}

/* The destination comes first. */
static void destination(const char *ops, enum sas_syntax syntax, char *fam, size_t cap) {
  while (isspace((unsigned char)*ops)) ops++;
  register_at(ops, ops, syntax, fam, cap);
}

static enum sas_addr_use address_use(const char *mnem, const char *ops, enum sas_syntax syntax,
                                     char *src, char *dst, size_t cap, int *copy,
                                     const char **base) {
  const char *comma = strchr(ops, ',');
  size_t len;
  (void)syntax;
  if (!comma) return SAS_USE_COMPUTES;
  len = (size_t)(comma - ops) < cap ? (size_t)(comma - ops) : cap - 1;
  memcpy(dst, ops, len);
  dst[len] = 0;
  snprintf(src, cap, "%s", comma + 1);
  /* adrp x, L; add x, x, :lo12:L: the same address, completed */
  if (!strncmp(mnem, "add", 3) && strstr(src, ":lo12:")) return SAS_USE_COMPLETES;
  *copy = !strncmp(mnem, "mov", 3) || !strncmp(mnem, "csel", 4) || !strncmp(mnem, "str", 3) ||
          !strncmp(mnem, "stp", 3) || !strncmp(mnem, "stur", 4);
  if (!strncmp(mnem, "st", 2)) {
    *base = strchr(src, '[');
    return SAS_USE_STORE;
  }
  return SAS_USE_OPERANDS;
}

static int writes_destination(const char *mnem, const char *ops, enum sas_syntax syntax) {
  const struct a64_fact *f = lookup(mnem);
  (void)ops; /* w3 or x3: a write of w3 zeroes the top of x3 */
  (void)syntax;
  return f && f->writes;
}

/* AAPCS64: x0-x18 (x18 is temporary on Linux) do not survive a call. */
static const char *const call_clobbered[] = {"r0",  "r1",  "r2",  "r3",  "r4",  "r5",  "r6",
                                             "r7",  "r8",  "r9",  "r10", "r11", "r12", "r13",
                                             "r14", "r15", "r16", "r17", "r18", NULL};

const struct sas_target sas_target_aarch64 = {
    .arch = RR_SOFTTICKS_ARCH_AARCH64,
    .comment_chars = "",
    .line_comment_chars = "#",
    .slash_slash_comments = 1,
    .line_separators = ";",
    .classify = classify,
    .classify_bytes = classify_bytes,
    .tick_clobbers = SAS_X16 | SAS_X17,
    .tick_text = tick_text,
    .sp_name = "sp",
    .dwarf_sp = 31,
    .address_size = 8,
    .register_at = register_at,
    .address_use = address_use,
    .destination = destination,
    .writes_destination = writes_destination,
    .call_clobbered = call_clobbered,
    .real_as_env = "SOFTTICKS_REAL_AS_AARCH64",
    .real_as = SAS_REAL_AS_AARCH64,
};
