/*
 * The x86 target (target.h): x86-64 and i386.  What an instruction (AT&T
 * syntax, as gas reads it) does to control flow and to the arithmetic
 * flags comes from x86_insn_table.inc, generated from Intel XED by
 * gen/gen_x86_table.py; this file maps gas's spelling onto it.  An
 * instruction the table does not have is not guessed (SAS_FLOW_UNKNOWN).
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "asm_text.h"
#include "sas.h"
#include "target.h"
#include "x86_bytes.h"

#ifndef SAS_REAL_AS
#define SAS_REAL_AS "/usr/bin/as"
#endif

static const char *const prefixes[] = {
    "rep",   "repe",  "repz",   "repne",   "repnz",    "lock", "notrack", "bnd", "data16",
    "data32", "addr16", "addr32", "rex",   "rex64",   "cs",    "ds",   "es",      "fs",  "gs",
    "ss",    "xacquire", "xrelease", "{vex}", "{vex3}", "{evex}", "{disp8}", "{disp32}",
    "{load}", "{store}", "{nf}", NULL};

static int is_prefix(const char *w) {
  unsigned i;
  for (i = 0; prefixes[i]; i++)
    if (!strcmp(w, prefixes[i])) return 1;
  return 0;
}

/* The direct target of a branch: a symbol or a numeric reference, with a
 * @PLT suffix dropped; none (out->target_len 0) for anything else (an
 * expression). */
static void direct_target(const char *ops, struct sas_insn *out) {
  const char *p = ops;
  while (*p && !isspace((unsigned char)*p) && *p != '@' && *p != ',') p++;
  out->target = ops;
  out->target_len = (size_t)(p - ops);
  if (*p == '@') {
    while (*p && !isspace((unsigned char)*p)) p++;
  }
  while (*p && isspace((unsigned char)*p)) p++;
  if (*p) out->target_len = 0; /* more than a symbol */
}

/* The facts of an Intel mnemonic (XED's ICLASS, lowercased). */
struct fact {
  const char *name;
  enum sas_flow flow;
  unsigned char reads, writes, count_writes, short_only;
  unsigned char writes_dest; /* 1 the destination register written, not read; 2 conditionally */
  unsigned char reads_only;  /* no operand written (cmp, test) */
};
static const struct fact facts[] = {
#include "x86_insn_table.inc"
};

static int by_name(const void *key, const void *f) {
  return strcmp(key, ((const struct fact *)f)->name);
}
static const struct fact *fact_of(const char *name) {
  return bsearch(name, facts, sizeof facts / sizeof facts[0], sizeof facts[0], by_name);
}

int sas_x86_facts(const char *name, struct sas_insn *out) {
  const struct fact *f = fact_of(name);
  memset(out, 0, sizeof *out);
  if (!f) return 0;
  out->flow = f->flow;
  out->reads = f->reads;
  out->writes = f->writes;
  out->is_landing_pad = !strcmp(f->name, "endbr64") || !strcmp(f->name, "endbr32");
  if (out->flow == SAS_FLOW_CALL || out->flow == SAS_FLOW_CALL_IND)
    out->writes = SAS_ALL; /* psABI: no flags survive a call */
  return 1;
}

/*
 * AT&T spelling -> Intel mnemonic: syntax, not instruction facts.  gas's
 * own names for what Intel calls otherwise; the rest is the operand-size
 * suffix and the condition-code synonyms (lookup, spelled).
 */
static const char *const att_names[][2] = {
    {"call", "call_near"},  {"lcall", "call_far"},     {"ret", "ret_near"},
    {"lret", "ret_far"},    {"ljmp", "jmp_far"},       {"iretl", "iretd"},
    {"iretw", "iret"},      {"sysretl", "sysret"},     {"sysretq", "sysret64"},
    {"sysexitl", "sysexit"}, {"sysexitq", "sysexit"},  {"cbtw", "cbw"},
    {"cwtl", "cwde"},       {"cltq", "cdqe"},          {"cwtd", "cwd"},
    {"cltd", "cdq"},        {"cqto", "cqo"},           {"movslq", "movsxd"},
    {"movabs", "mov"},      {"sal", "shl"},            {"loopz", "loope"},
    {"loopnz", "loopne"},   {"ud2a", "ud2"},           {"ud2b", "ud1"},
    {"wait", "fwait"},      {"pushfl", "pushfd"},      {"popfl", "popfd"},
    {"pushfw", "pushf"},    {"popfw", "popf"},         {"pushal", "pushad"},
    {"popal", "popad"},     {"movsl", "movsd"},        {"cmpsl", "cmpsd"},
    {"stosl", "stosd"},     {"lodsl", "lodsd"},        {"scasl", "scasd"},
    {"insl", "insd"},       {"outsl", "outsd"},        {NULL, NULL}};

/* Condition codes gas accepts beside Intel's one spelling (j, set, cmov). */
static const char *const cc_synonyms[][2] = {
    {"c", "b"},   {"nae", "b"}, {"nc", "nb"}, {"ae", "nb"}, {"e", "z"},   {"ne", "nz"},
    {"na", "be"}, {"a", "nbe"}, {"pe", "p"},  {"po", "np"}, {"nge", "l"}, {"ge", "nl"},
    {"ng", "le"}, {"g", "nle"}, {NULL, NULL}};

/* m as spelled: Intel's name, gas's own, or a condition-code synonym. */
static const struct fact *spelled(const char *m) {
  static const char *const cc_ops[] = {"j", "set", "cmov", NULL};
  const struct fact *f = fact_of(m);
  char buf[48];
  unsigned i, k;
  if (f) return f;
  for (i = 0; att_names[i][0]; i++)
    if (!strcmp(m, att_names[i][0])) return fact_of(att_names[i][1]);
  /* movsbl, movzwq: sign and zero extension with both sizes */
  if ((!strncmp(m, "movs", 4) || !strncmp(m, "movz", 4)) && strlen(m) == 6 &&
      strchr("bw", m[4]) && strchr("wlq", m[5]))
    return fact_of(m[3] == 's' ? "movsx" : "movzx");
  for (k = 0; cc_ops[k]; k++) {
    size_t n = strlen(cc_ops[k]);
    if (strncmp(m, cc_ops[k], n)) continue;
    for (i = 0; cc_synonyms[i][0]; i++)
      if (!strcmp(m + n, cc_synonyms[i][0])) {
        snprintf(buf, sizeof buf, "%s%s", cc_ops[k], cc_synonyms[i][1]);
        return fact_of(buf);
      }
  }
  return NULL;
}

/* The facts of AT&T mnemonic m: as spelled, or less its operand-size
 * suffix (x87: s, l, t, ll, q, w). */
static const struct fact *lookup(const char *m) {
  const struct fact *f = spelled(m);
  char base[48];
  size_t n = strlen(m);
  if (f || n < 3 || n >= sizeof base) return f;
  memcpy(base, m, n + 1);
  if (m[0] == 'f' && n > 3 && !strcmp(m + n - 2, "ll")) {
    base[n - 2] = 0;
    return spelled(base);
  }
  if (!strchr(m[0] == 'f' ? "slqtw" : "bwlq", m[n - 1])) return NULL;
  base[n - 1] = 0;
  return spelled(base);
}

/* A string instruction under a rep prefix has its own facts (XED's REP_,
 * REPE_, REPNE_: with a count of 0 it writes no flag).  gas also takes
 * "rep" for "repe". */
static const struct fact *with_rep(const struct sas_split *w, const struct fact *f) {
  const char *p = w->word;
  char buf[64];
  const struct fact *r;
  while (p < w->mnem_at) {
    size_t n = strcspn(p, " \t");
    const char *kind = NULL;
    if (n == 3 && !strncasecmp(p, "rep", 3)) kind = "rep";
    else if (n == 4 && (!strncasecmp(p, "repe", 4) || !strncasecmp(p, "repz", 4))) kind = "repe";
    else if (n == 5 && (!strncasecmp(p, "repne", 5) || !strncasecmp(p, "repnz", 5))) kind = "repne";
    if (kind) {
      snprintf(buf, sizeof buf, "%s_%s", kind, f->name);
      if ((r = fact_of(buf))) return r;
      snprintf(buf, sizeof buf, "repe_%s", f->name);
      if ((r = fact_of(buf))) return r;
    }
    p += n;
    while (*p == ' ' || *p == '\t') p++;
  }
  return f;
}

/* A shift or rotate (count_writes != writes): by an immediate whose
 * masked count is not 0, or by the implicit 1 (no comma), it writes
 * count_writes; by %cl the count may be 0.  A rotate through CF by a
 * multiple of 9 or 17 rotates a byte or a word by 0.  The count is the
 * first operand in AT&T syntax ($3), the last in Intel's (3). */
static unsigned count_writes(const struct fact *f, const char *ops, int intel) {
  const char *last = strrchr(ops, ','), *count = intel ? (last ? last + 1 : NULL) : ops;
  long c;
  if (!strchr(ops, ',')) return f->count_writes;
  while (intel && isspace((unsigned char)*count)) count++;
  if (!intel && *count == '$') count++;
  else if (intel ? !(isdigit((unsigned char)*count) || *count == '-') : 1) return f->writes;
  c = strtol(count, NULL, 0) & 31;
  if (!c || (!strncmp(f->name, "rc", 2) && (c % 9 == 0 || c % 17 == 0))) return f->writes;
  return f->count_writes;
}

/* A branch through a register or memory: AT&T writes it `*%rax`; Intel
 * `rax`, `[rax]`, `qword ptr [rip + x]`. */
static int indirect(const char *ops, int intel) {
  static const char *const regs[] = {"rax", "rbx", "rcx", "rdx", "rsi", "rdi", "rbp", "rsp",
                                     "eax", "ebx", "ecx", "edx", "esi", "edi", "ebp", "esp",
                                     "ax",  "bx",  "cx",  "dx",  "si",  "di",  "bp",  "sp", NULL};
  size_t n = strcspn(ops, " \t,");
  unsigned i;
  if (!intel) return *ops == '*';
  if (*ops == '*' || *ops == '%' || strchr(ops, '[') || strstr(ops, "ptr") || strstr(ops, "PTR"))
    return 1;
  if ((ops[0] == 'r' || ops[0] == 'R') && isdigit((unsigned char)ops[1])) return 1; /* r8..r15 */
  for (i = 0; regs[i]; i++)
    if (n == strlen(regs[i]) && !strncasecmp(ops, regs[i], n)) return 1;
  return 0;
}

static void classify(const struct sas_target *t, const struct sas_split *w, struct sas_insn *out) {
  char m[sizeof w->mnem];
  const char *p = w->operands;
  const struct fact *f;
  size_t len = strlen(w->mnem);
  int intel = w->syntax != SAS_SYNTAX_ATT;
  (void)t;
  memset(out, 0, sizeof *out);
  memcpy(m, w->mnem, len + 1);
  /* A branch hint (gas: jne,pt / je,pn) is a prefix byte on the same
   * conditional jump. */
  if (len > 3 && m[0] == 'j' && (!strcmp(m + len - 3, ",pt") || !strcmp(m + len - 3, ",pn")))
    m[len - 3] = 0;
  out->operands = p;
  if (is_prefix(m)) return; /* "lock; incl (%eax)": a prefix on its own */
  if (!(f = lookup(m))) {
    /* Never guessed: it may read every flag, writes none, and its flow
     * is unknown (cfg.c leaves its function alone and says so). */
    out->flow = SAS_FLOW_UNKNOWN;
    out->reads = SAS_ALL;
    return;
  }
  f = with_rep(w, f);
  {
    /* movsd, cmpsd: string instructions, or SSE ones on %xmm registers */
    char xmm[48];
    const struct fact *x;
    snprintf(xmm, sizeof xmm, "%s_xmm", f->name);
    if (strstr(p, "xmm") && (x = fact_of(xmm))) f = x;
  }
  out->flow = f->flow;
  out->reads = f->reads;
  out->writes = f->count_writes != f->writes ? count_writes(f, p, intel) : f->writes;
  out->short_only = f->short_only;
  out->is_landing_pad = !strcmp(f->name, "endbr64") || !strcmp(f->name, "endbr32");
  if (indirect(p, intel) && out->flow == SAS_FLOW_JMP) out->flow = SAS_FLOW_JMP_IND;
  if (indirect(p, intel) && out->flow == SAS_FLOW_CALL) out->flow = SAS_FLOW_CALL_IND;
  if (out->flow == SAS_FLOW_CALL || out->flow == SAS_FLOW_CALL_IND)
    out->writes = SAS_ALL; /* psABI: no flags survive a call */
  if (out->flow == SAS_FLOW_JMP || out->flow == SAS_FLOW_JCC || out->flow == SAS_FLOW_CALL)
    direct_target(p, out);
}

/*
 * The tick, wrapped where flags are live (a SAS_* mask) in a save that
 * needs neither pushf/popf (a debugger's single-step flag would be pushed
 * and popped back, and popf is slow) nor memory below the stack pointer:
 *   lea -128(%rsp),%rsp      step over the red zone (x86-64 only; lea keeps the flags)
 *   push %rax                a scratch register
 *   lahf                     SF ZF AF PF CF into %ah
 *   seto %al                 OF, when it is live
 *   <tick>
 *   add $0x7f,%al            OF back: 1 + 0x7f overflows, 0 + 0x7f does not
 *   sahf                     the other five back (after the add)
 *   pop %rax; lea 128(%rsp),%rsp
 */
/* The save's instructions in either spelling (the same bytes): [0] AT&T,
 * [1] Intel.  %s is the accumulator (rax or eax), %u the red zone. */
static const struct {
  const char *red_in, *push, *seto, *add, *pop, *red_out, *acc64, *acc32;
} save_spelling[2] = {
    {"lea -%u(%%rsp),%%rsp;", "push %s;", "seto %%al;", "add $0x7f,%%al;", "pop %s;",
     "lea %u(%%rsp),%%rsp;", "%rax", "%eax"},
    {"lea rsp,[rsp-%u];", "push %s;", "seto al;", "add al,0x7f;", "pop %s;", "lea rsp,[rsp+%u];",
     "rax", "eax"}};
#define RED_ZONE 128 /* the x86-64 psABI's */

/* The tick and its save, all in one spelling (intel: the header's
 * _TICK_ASM_INTEL and the save's Intel spelling). */
static void tick_in(const struct sas_target *t, unsigned live, int cfi, int intel,
                    struct st_text *out) {
  int x64 = t->address_size == 8;
  const char *acc = x64 ? save_spelling[intel].acc64 : save_spelling[intel].acc32;
  unsigned w = t->address_size;
  if (live) {
    if (x64) {
      st_text_printf(out, save_spelling[intel].red_in, RED_ZONE);
      if (cfi) st_text_printf(out, ".cfi_adjust_cfa_offset %u;", RED_ZONE);
    }
    st_text_printf(out, save_spelling[intel].push, acc);
    if (cfi) st_text_printf(out, ".cfi_adjust_cfa_offset %u;", w);
    st_text_printf(out, "lahf;");
    if (live & SAS_OF) st_text_printf(out, save_spelling[intel].seto);
  }
  sas_tick_sequence(out,
                    intel ? (x64 ? RR_SOFTTICKS_X86_64_TICK_ASM_INTEL : RR_SOFTTICKS_I386_TICK_ASM_INTEL)
                          : (x64 ? RR_SOFTTICKS_X86_64_TICK_ASM : RR_SOFTTICKS_I386_TICK_ASM),
                    NULL);
  if (live) {
    if (live & SAS_OF) st_text_printf(out, save_spelling[intel].add);
    st_text_printf(out, "sahf;");
    st_text_printf(out, save_spelling[intel].pop, acc);
    if (cfi) st_text_printf(out, ".cfi_adjust_cfa_offset -%u;", w);
    if (x64) {
      st_text_printf(out, save_spelling[intel].red_out, RED_ZONE);
      if (cfi) st_text_printf(out, ".cfi_adjust_cfa_offset -%u;", RED_ZONE);
    }
  }
}

static void tick_text(const struct sas_target *t, unsigned live, int cfi, enum sas_syntax syntax,
                      struct st_text *out) {
  /* In an Intel region: AT&T for the tick, then the user's mode again. */
  if (syntax != SAS_SYNTAX_ATT) sas_tick_sequence(out, sas_syntax_line(SAS_SYNTAX_ATT), NULL);
  tick_in(t, live, cfi, 0, out);
  if (syntax != SAS_SYNTAX_ATT) sas_tick_sequence(out, sas_syntax_line(syntax), NULL);
}

/* Text that cannot switch to AT&T (LLVM's Intel-dialect inline asm drops
 * `$$`): the tick in Intel syntax itself (noprefix). */
static void tick_text_intel(const struct sas_target *t, unsigned live, int cfi,
                            struct st_text *out) {
  tick_in(t, live, cfi, 1, out);
}

/*
 * jrcxz/jecxz/loop* have an 8-bit displacement only: when ticks lie
 * between one and its target it is rewritten, on its own line, into
 *     jrcxz 5354Nf; jmp 5354Mf; 5354N: jmp TARGET; 5354M:
 * (the same condition, and no flag is touched).  Numeric labels, because
 * the statement may sit in a macro or .rept body expanded many times;
 * numbers from 53540000 up, which hand-written code does not use.
 */
static char *widen_short(const char *b, size_t n, unsigned serial) {
  size_t m = 0;
  char *t = malloc(2 * n + 96);
  while (m < n && b[m] != ' ' && b[m] != '\t') m++;
  if (t)
    snprintf(t, 2 * n + 96, "%.*s %uf;jmp %uf;%u:jmp %.*s;%u:", (int)m, b, 53540000 + 2 * serial,
             53540001 + 2 * serial, 53540000 + 2 * serial, (int)(n - m), b + m,
             53540001 + 2 * serial);
  return t;
}

/* ---- code addresses computed from a label (computed.c) ------------------ */

/* The register family of %name ("rax", "eax", "al" -> "a"; "r9d" -> "r9"). */
static void family(const char *name, size_t n, char *out, size_t cap) {
  char r[16];
  if (n >= sizeof r) n = sizeof r - 1;
  memcpy(r, name, n);
  r[n] = 0;
  if (r[0] == 'r' && isdigit((unsigned char)r[1])) {
    size_t k = 1;
    while (isdigit((unsigned char)r[k])) k++;
    r[k] = 0;
  } else {
    char *p = r;
    if (strlen(p) == 3 && (p[0] == 'r' || p[0] == 'e')) p++;
    if (strlen(p) == 2 && strchr("abcd", p[0]) && strchr("xlh", p[1])) p[1] = 0;
    else if (strlen(p) == 3 && p[2] == 'l') p[2] = 0; /* sil dil bpl spl */
    memmove(r, p, strlen(p) + 1);
  }
  snprintf(out, cap, "%s", r);
}

/* Intel syntax without prefix names registers bare: the n characters at
 * p are one (rax eax ax al ah, sil, r8..r15 with d/w/b, rip, xmm0...). */
static int bare_register(const char *p, size_t n) {
  static const char *const names[] = {"ax", "bx", "cx", "dx", "si", "di", "bp", "sp", "ip", NULL};
  char r[8];
  size_t k;
  unsigned i;
  if (n < 2 || n >= sizeof r) return 0;
  for (k = 0; k < n; k++) r[k] = (char)tolower((unsigned char)p[k]);
  r[n] = 0;
  if (r[0] == 'r' && isdigit((unsigned char)r[1])) {
    long num = strtol(r + 1, NULL, 10);
    for (k = 1; isdigit((unsigned char)r[k]); k++) {}
    return num >= 8 && num <= 15 && (!r[k] || (strchr("dwb", r[k]) && !r[k + 1]));
  }
  if (strchr("xyz", r[0]) && r[1] == 'm' && r[2] == 'm' && isdigit((unsigned char)r[3])) return 1;
  if (n == 2 && strchr("abcd", r[0]) && strchr("lh", r[1])) return 1;
  if (!strcmp(r, "sil") || !strcmp(r, "dil") || !strcmp(r, "bpl") || !strcmp(r, "spl")) return 1;
  for (i = 0; names[i]; i++)
    if (!strcmp(n == 3 && (r[0] == 'r' || r[0] == 'e') ? r + 1 : r, names[i])) return 1;
  return 0;
}

static size_t register_at(const char *text, const char *p, enum sas_syntax syntax, char *fam,
                          size_t cap) {
  size_t n = 0;
  /* Bare .intel_syntax: gas wants '%', LLVM takes registers either way. */
  if (syntax == SAS_SYNTAX_INTEL || (syntax == SAS_SYNTAX_INTEL_BARE && *p != '%')) {
    if (p > text && (isalnum((unsigned char)p[-1]) || strchr("_.$@%", p[-1]))) return 0;
    while (isalnum((unsigned char)p[n])) n++;
    if (!bare_register(p, n)) return 0;
    family(p, n, fam, cap);
    return n;
  }
  if (*p != '%') return 0;
  while (isalnum((unsigned char)p[1 + n])) n++;
  family(p + 1, n, fam, cap);
  return n + 1;
}

/* The comma that ends the source operands: AT&T's last (the destination
 * comes last), Intel's first (it comes first); not inside () or []. */
static const char *operands_comma(const char *ops, enum sas_syntax syntax) {
  const char *p, *comma = NULL;
  int depth = 0;
  for (p = ops; *p; p++) {
    if (*p == '(' || *p == '[') depth++;
    if (*p == ')' || *p == ']') depth--;
    if (*p == ',' && !depth) {
      comma = p;
      if (syntax != SAS_SYNTAX_ATT) break;
    }
  }
  return comma;
}

static void destination(const char *ops, enum sas_syntax syntax, char *fam, size_t cap) {
  const char *d = ops, *comma = operands_comma(ops, syntax);
  if (syntax == SAS_SYNTAX_ATT) d = comma ? comma + 1 : ops;
  while (isspace((unsigned char)*d)) d++;
  fam[0] = 0;
  if (register_at(d, d, syntax, fam, cap) && syntax != SAS_SYNTAX_ATT && comma) {
    /* Intel: only a register operand on its own ("rax", not "rax + 8") */
    const char *e = d + strcspn(d, " \t,");
    while (isspace((unsigned char)*e)) e++;
    if (e != comma) fam[0] = 0;
  }
}

/* Whether operand text is a memory operand. */
static int memory_operand(const char *op) {
  return strchr(op, '(') || strchr(op, '[');
}

static enum sas_addr_use address_use(const char *mnem, const char *ops, enum sas_syntax syntax,
                                     char *src, char *dst, size_t cap, int *copy,
                                     const char **base) {
  const char *comma = operands_comma(ops, syntax);
  char *first = syntax == SAS_SYNTAX_ATT ? src : dst, *second = first == src ? dst : src;
  const struct fact *f = lookup(mnem);
  size_t len;
  if (!comma) { /* one operand: pop (writes_destination), or inc, neg, push... (computes) */
    src[0] = 0;
    snprintf(dst, cap, "%s", ops);
  } else {
    len = (size_t)(comma - ops) < cap ? (size_t)(comma - ops) : cap - 1;
    memcpy(first, ops, len);
    first[len] = 0;
    snprintf(second, cap, "%s", comma + 1);
  }
  /* cmp, test (the tables' reads_only): the address compared as it is;
   * one that addresses memory with it reads code at a distance. */
  if (f && f->reads_only) {
    *base = memory_operand(src) ? src : memory_operand(dst) ? dst : NULL;
    return SAS_USE_READS;
  }
  *copy = comma && (!strncmp(mnem, "mov", 3) || !strncmp(mnem, "cmov", 4));
  return SAS_USE_OPERANDS;
}

/* Whether the register named at p (AT&T %eax, Intel eax) is 32 or 64 bits
 * wide: a write there leaves nothing of the old value (a 32-bit write
 * zero-extends in 64-bit mode); al, ah, ax, sil, r9w, r9b leave the rest. */
static int wide_register(const char *p, enum sas_syntax syntax) {
  char name[16];
  size_t n = 0;
  if (*p == '%') p++;
  else if (syntax == SAS_SYNTAX_ATT) return 0;
  while (isalnum((unsigned char)p[n]) && n + 1 < sizeof name) {
    name[n] = (char)tolower((unsigned char)p[n]);
    n++;
  }
  name[n] = 0;
  if (name[0] == 'r' && isdigit((unsigned char)name[1])) {
    const char *e = name + 1;
    while (isdigit((unsigned char)*e)) e++;
    return !*e || !strcmp(e, "d");
  }
  return n == 3 && (name[0] == 'e' || name[0] == 'r') && strcmp(name + 1, "ip");
}

/* target.h: 1 the instruction writes its destination register whole
 * without reading it (XED: `:w` in every form, x86_insn_table.inc's
 * writes_dest) and names it 32 or 64 bits wide; 2 it writes it
 * conditionally (cmov: the old value may stay). */
static int writes_destination(const char *mnem, const char *ops, enum sas_syntax syntax) {
  const struct fact *f = lookup(mnem);
  const char *d = ops, *comma = operands_comma(ops, syntax);
  if (!f || !f->writes_dest) return 0;
  if (syntax == SAS_SYNTAX_ATT && comma) d = comma + 1;
  while (isspace((unsigned char)*d)) d++;
  if (f->writes_dest == 2) return 2;
  return wide_register(d, syntax);
}

/* Whether the instruction that names the code label already computes
 * with it: arithmetic on it (i386 PIC, glibc's add_n.S: `call L0; L0: ...
 * addl $(Loop-L0-3),%eax; jmp *%eax`, into an unrolled loop of 9-byte
 * steps), or a register as base or index beside it (non-PIC: `leal
 * (Loop-3)(%eax,%eax,8),%eax`; Intel `lea eax, [Loop-3+eax+eax*8]`).
 * Only mov, lea and push put an address as it is; %rip/%eip and @GOTOFF
 * (GOT pointer + offset) give exactly it. */
static int computes_itself(const char *text, const char *ops, enum sas_syntax syntax) {
  const char *p = text;
  while (*p && !isspace((unsigned char)*p) && *p != '=') p++;
  while (isspace((unsigned char)*p)) p++;
  if (*p == '=' && p[1] != '=') return 0; /* `NAME = LABEL`: a symbol, no code */
  if (strncmp(text, "mov", 3) && strncmp(text, "lea", 3) && strncmp(text, "push", 4)) return 1;
  if (strstr(ops, "@GOTOFF") || strstr(ops, "@GOT")) return 0;
  if (syntax != SAS_SYNTAX_ATT) { /* any register in [...] but rip/eip */
    for (p = strchr(ops, '['); p; p = strchr(p + 1, '[')) {
      const char *q, *end = strchr(p, ']');
      char fam[16];
      for (q = p + 1; *q && (!end || q < end); q++) {
        size_t n = register_at(p + 1, q, syntax, fam, sizeof fam);
        if (n && strcmp(fam, "ip")) return 1;
        if (n) q += n - 1;
      }
    }
    return 0;
  }
  for (p = strchr(ops, '('); p; p = strchr(p + 1, '(')) {
    const char *q = p + 1;
    while (isspace((unsigned char)*q)) q++;
    if (*q == ',' || (*q == '%' && strncmp(q, "%rip", 4) && strncmp(q, "%eip", 4))) return 1;
  }
  return 0;
}

/* Whether [p, end) is a displacement without a symbol: numbers (decimal,
 * 0x hex) and operators only; `1f`/`2b` name labels. */
static int constant_displacement(const char *p, const char *end) {
  while (p < end) {
    if (isdigit((unsigned char)*p)) {
      const char *q = p;
      if (*p == '0' && (p[1] == 'x' || p[1] == 'X')) {
        for (q = p + 2; q < end && isxdigit((unsigned char)*q); q++) {
        }
      } else {
        for (; q < end && isdigit((unsigned char)*q); q++) {
        }
        if (q < end && (*q == 'b' || *q == 'f') &&
            !(q + 1 < end && (isalnum((unsigned char)q[1]) || q[1] == '_')))
          return 0; /* a numeric label */
      }
      if (q < end && (isalnum((unsigned char)*q) || *q == '_' || *q == '.' || *q == '$')) return 0;
      p = q;
    } else if (isalpha((unsigned char)*p) || *p == '_' || *p == '.' || *p == '$' ||
               *p == '@' || *p == '%') {
      return 0; /* a symbol (or a segment register: not this address) */
    } else {
      p++;
    }
  }
  return 1;
}

/* Whether [p, end) is 0 or blank: the displacement of `lea 0(%rip), %r14`
 * (GMP's k8 mul_basecase), the address of the next statement, which
 * nothing comes between. */
static int zero_displacement(const char *p, const char *end) {
  char buf[64], *e;
  size_t n;
  while (p < end && isspace((unsigned char)*p)) p++;
  while (end > p && isspace((unsigned char)end[-1])) end--;
  n = (size_t)(end - p);
  if (!n) return 1;
  if (n >= sizeof buf) return 0;
  memcpy(buf, p, n);
  buf[n] = 0;
  return strtoll(buf, &e, 0) == 0 && !*e;
}

/* `4081(%rip)`, `[rip + 4081]`: memory at a constant distance from the
 * instruction itself, which a tick before it (in its function) would move:
 * 1; 2 for 0, the address of the next statement. */
static int self_relative(const char *ops, enum sas_syntax syntax) {
  const char *p;
  if (syntax == SAS_SYNTAX_ATT) {
    for (p = strchr(ops, '('); p; p = strchr(p + 1, '(')) {
      const char *q = p + 1, *start = p;
      char fam[16];
      size_t n;
      while (isspace((unsigned char)*q)) q++;
      n = register_at(ops, q, syntax, fam, sizeof fam);
      if (!n || strcmp(fam, "ip")) continue;
      while (start > ops && start[-1] != ',' && start[-1] != ':') start--;
      if (constant_displacement(start, p)) return zero_displacement(start, p) ? 2 : 1;
    }
    return 0;
  }
  for (p = strchr(ops, '['); p; p = strchr(p + 1, '[')) {
    const char *end = strchr(p, ']'), *q, *start = p;
    char in[256];
    int rip = 0, other = 0;
    size_t len;
    if (!end) return 0;
    len = (size_t)(end - p - 1);
    if (len >= sizeof in) continue;
    memcpy(in, p + 1, len);
    in[len] = 0;
    /* The registers inside: rip alone, blanked; the rest a constant. */
    for (q = in; *q; q++) {
      char fam[16];
      size_t n = register_at(in, q, syntax, fam, sizeof fam);
      if (!n) continue;
      if (strcmp(fam, "ip")) other = 1;
      else rip = 1;
      memset(in + (q - in), ' ', n);
      q += n - 1;
    }
    if (!rip || other || !constant_displacement(in, in + len)) continue;
    /* A displacement before the bracket, after the size ("qword ptr"). */
    while (start > ops && start[-1] != ',' && start[-1] != ' ' && start[-1] != ':') start--;
    if (constant_displacement(start, p))
      return zero_displacement(in, in + len) && zero_displacement(start, p) ? 2 : 1;
  }
  return 0;
}

/* The psABIs' caller-saved registers (families, as register_at names them). */
static const char *const call_clobbered_64[] = {"a", "c", "d", "si", "di", "r8", "r9", "r10", "r11",
                                                NULL};
static const char *const call_clobbered_32[] = {"a", "c", "d", NULL};

/* x86-64 and i386 differ in the stack pointer, the address size and the
 * registers a call clobbers. */
#define X86_TARGET(ARCH, SP, DWARF_SP, SIZE, CLOBBERED)                                           \
  {                                                                                      \
    .arch = ARCH, .comment_chars = "#", .line_comment_chars = "#/", .char_constants = 1,  \
    .line_separators = ";", .classify = classify, .is_prefix = is_prefix,                \
    .classify_bytes = sas_x86_classify_bytes, .tick_clobbers = SAS_ALL,                   \
    .tick_text_intel = tick_text_intel, .tick_text = tick_text, .widen_short = widen_short, \
    .sp_name = SP, .dwarf_sp = DWARF_SP, .address_size = SIZE, .register_at = register_at, \
    .address_use = address_use, .destination = destination,                              \
    .writes_destination = writes_destination,                                            \
    .computes_itself = computes_itself, .uses_location = sas_uses_location,               \
    .self_relative = self_relative, .call_clobbered = CLOBBERED,                         \
    .real_as_env = "SOFTTICKS_REAL_AS", .real_as = SAS_REAL_AS                            \
  }
const struct sas_target sas_target_x86_64 = X86_TARGET(RR_SOFTTICKS_ARCH_X86_64, "rsp", 7, 8, call_clobbered_64);
const struct sas_target sas_target_i386 = X86_TARGET(RR_SOFTTICKS_ARCH_I386, "esp", 4, 4, call_clobbered_32);
