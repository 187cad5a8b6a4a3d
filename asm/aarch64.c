/*
 * What one aarch64 instruction does to control flow and to x16/x17, the
 * registers the tick uses (README.md, "aarch64").  reads/writes hold
 * SAS_X16 | SAS_X17.  Only what placement and liveness need: an
 * instruction this file does not know falls through and reads every one
 * of the two it names (a conservative guess: it may read them).
 */
#include <ctype.h>
#include <string.h>

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

static const char *const conds[] = {"eq", "ne", "cs", "hs", "cc", "lo", "mi", "pl", "vs", "vc",
                                    "hi", "ls", "ge", "lt", "gt", "le", "al", "nv", NULL};

static int is_cond(const char *s) {
  unsigned i;
  for (i = 0; conds[i]; i++)
    if (!strcmp(s, conds[i])) return 1;
  return 0;
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

/* Instructions whose first operand is a destination they write whole
 * (without reading it); a load pair writes its first two. */
static int writes_first(const char *m) {
  static const char *const w[] = {
      "mov", "movz", "movn", "add", "adds", "sub", "subs", "and", "ands", "orr", "eor", "orn",
      "eon", "bic", "bics", "adr", "adrp", "lsl", "lsr", "asr", "ror", "mul", "madd", "msub",
      "smull", "umull", "smulh", "umulh", "udiv", "sdiv", "neg", "negs", "mvn", "csel", "csinc",
      "csinv", "csneg", "cset", "csetm", "cinc", "cinv", "cneg", "sxtb", "sxth", "sxtw", "uxtb",
      "uxth", "ubfx", "sbfx", "ubfiz", "sbfiz", "ubfm", "sbfm", "clz", "cls", "rbit", "rev",
      "rev16", "rev32", "ldr", "ldrb", "ldrh", "ldrsb", "ldrsh", "ldrsw", "ldur", "ldurb",
      "ldurh", "ldursw", "ldar", "ldarb", "ldarh", "ldxr", "ldaxr", "ldp", "ldnp", "ldpsw",
      "ldxp", "ldaxp", "mrs", "fmov", "fcvtzs", "fcvtzu", "umov", "smov", "adc", "adcs", "sbc",
      "sbcs", "extr", NULL};
  unsigned i;
  for (i = 0; w[i]; i++)
    if (!strcmp(m, w[i])) return 1;
  return 0;
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

static void classify(const struct sas_target *t, const struct sas_split *w, struct sas_insn *out) {
  const char *m = w->mnem, *p = w->operands;
  (void)t;
  memset(out, 0, sizeof *out);
  out->operands = p;
  out->reads = regs_in(p);
  if (writes_first(m)) {
    /* The destination(s): written, not read (unless named again). */
    const char *c1 = strchr(p, ','), *c2 = c1 ? strchr(c1 + 1, ',') : NULL;
    int pair = !strncmp(m, "ldp", 3) || !strncmp(m, "ldnp", 4) || !strncmp(m, "ldxp", 4) ||
               !strncmp(m, "ldaxp", 5);
    size_t nd = pair && c2 ? (size_t)(c2 - p) : c1 ? (size_t)(c1 - p) : strlen(p);
    char dst[64];
    if (nd >= sizeof dst) nd = sizeof dst - 1;
    memcpy(dst, p, nd);
    dst[nd] = 0;
    out->writes = regs_in(dst);
    out->reads = regs_in(p + nd);
  }
  out->is_landing_pad = !strcmp(m, "bti") || !strcmp(m, "paciasp") || !strcmp(m, "pacibsp") ||
                        (!strcmp(m, "hint") && (!strncmp(p, "#34", 3) || !strncmp(p, "#36", 3) ||
                                                !strncmp(p, "#38", 3) || !strncmp(p, "#25", 3) ||
                                                !strncmp(p, "#27", 3)));
  if (!strcmp(m, "b")) {
    out->flow = SAS_FLOW_JMP;
  } else if ((m[0] == 'b' && m[1] == '.' && is_cond(m + 2)) || (m[0] == 'b' && is_cond(m + 1)) ||
             !strcmp(m, "cbz") || !strcmp(m, "cbnz") || !strcmp(m, "tbz") || !strcmp(m, "tbnz")) {
    out->flow = SAS_FLOW_JCC;
  } else if (!strcmp(m, "bl")) {
    out->flow = SAS_FLOW_CALL;
  } else if (!strcmp(m, "blr") || !strncmp(m, "blra", 4)) {
    out->flow = SAS_FLOW_CALL_IND;
  } else if (!strcmp(m, "br") || !strncmp(m, "bra", 3)) {
    out->flow = SAS_FLOW_JMP_IND;
  } else if (!strncmp(m, "ret", 3) || !strncmp(m, "eret", 4)) {
    out->flow = SAS_FLOW_RET;
  } else if (!strcmp(m, "udf") || !strcmp(m, "hlt")) {
    out->flow = SAS_FLOW_STOP;
  }
  if (out->flow == SAS_FLOW_CALL || out->flow == SAS_FLOW_CALL_IND) {
    /* AAPCS64: a call may go through a veneer or PLT that uses both. */
    out->writes = SAS_X16 | SAS_X17;
  }
  if (out->flow == SAS_FLOW_JMP || out->flow == SAS_FLOW_JCC || out->flow == SAS_FLOW_CALL) {
    size_t n = last_operand(p, &out->target);
    if (memchr(out->target, '+', n) || memchr(out->target, '-', n) || memchr(out->target, '(', n))
      n = 0; /* an expression */
    out->target_len = n;
  }
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

const struct sas_target sas_target_aarch64 = {
    .arch = RR_SOFTTICKS_ARCH_AARCH64,
    .comment_chars = "",
    .line_comment_chars = "#",
    .slash_slash_comments = 1,
    .line_separators = ";",
    .classify = classify,
    .tick_clobbers = SAS_X16 | SAS_X17,
    .tick_text = tick_text,
    .sp_name = "sp",
    .dwarf_sp = 31,
    .address_size = 8,
    .register_at = register_at,
    .address_use = address_use,
    .destination = destination,
    .real_as_env = "SOFTTICKS_REAL_AS_AARCH64",
    .real_as = SAS_REAL_AS_AARCH64,
};
