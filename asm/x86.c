/*
 * What one x86 instruction (AT&T syntax, as gas reads it) does to control
 * flow and to the arithmetic flags (README.md, "Flags").  Only what
 * placement and liveness need: an instruction this file does not know
 * falls through, and neither reads nor writes the flags.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "asm_text.h"
#include "sas.h"
#include "target.h"

#ifndef SAS_REAL_AS
#define SAS_REAL_AS "/usr/bin/as"
#endif

/* The condition codes and the flags each one reads. */
static const struct {
  const char *cc;
  unsigned flags;
} conds[] = {{"o", SAS_OF},  {"no", SAS_OF},  {"b", SAS_CF},  {"c", SAS_CF},  {"nae", SAS_CF},
             {"ae", SAS_CF}, {"nb", SAS_CF},  {"nc", SAS_CF}, {"e", SAS_ZF},  {"z", SAS_ZF},
             {"ne", SAS_ZF}, {"nz", SAS_ZF},  {"be", SAS_CF | SAS_ZF},  {"na", SAS_CF | SAS_ZF},
             {"a", SAS_CF | SAS_ZF},  {"nbe", SAS_CF | SAS_ZF},  {"s", SAS_SF}, {"ns", SAS_SF},
             {"p", SAS_PF},  {"pe", SAS_PF},  {"np", SAS_PF}, {"po", SAS_PF},
             {"l", SAS_SF | SAS_OF},  {"nge", SAS_SF | SAS_OF}, {"ge", SAS_SF | SAS_OF},
             {"nl", SAS_SF | SAS_OF}, {"le", SAS_ZF | SAS_SF | SAS_OF},
             {"ng", SAS_ZF | SAS_SF | SAS_OF}, {"g", SAS_ZF | SAS_SF | SAS_OF},
             {"nle", SAS_ZF | SAS_SF | SAS_OF}, {NULL, 0}};

/* The flags condition s reads, 0 if s is no condition. */
static unsigned cond_flags(const char *s) {
  unsigned i;
  for (i = 0; conds[i].cc; i++)
    if (!strcmp(s, conds[i].cc)) return conds[i].flags;
  return 0;
}
static int is_cond(const char *s) { return cond_flags(s) != 0; }

/* m is base, or base with an operand-size suffix from sfx. */
static int sized(const char *m, const char *base, const char *sfx) {
  size_t n = strlen(base);
  if (strncmp(m, base, n)) return 0;
  return m[n] == 0 || (m[n + 1] == 0 && strchr(sfx, m[n]) != NULL);
}

/* The flags of cc with an optional operand-size suffix (cmov<cc>[wlq], set<cc>[b]). */
static unsigned cond_sized(const char *rest, const char *sfx) {
  char buf[8];
  size_t n = strlen(rest);
  if (is_cond(rest)) return cond_flags(rest);
  if (n < 2 || n > 6 || !strchr(sfx, rest[n - 1])) return 0;
  memcpy(buf, rest, n - 1);
  buf[n - 1] = 0;
  return cond_flags(buf);
}

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

static unsigned reads(const char *m) {
  if (m[0] == 'j' && is_cond(m + 1)) return cond_flags(m + 1);
  if (!strncmp(m, "set", 3) && cond_sized(m + 3, "b")) return cond_sized(m + 3, "b");
  if (!strncmp(m, "cmov", 4) && cond_sized(m + 4, "wlq")) return cond_sized(m + 4, "wlq");
  if (!strncmp(m, "fcmov", 5)) return SAS_CF | SAS_ZF | SAS_PF;
  if (sized(m, "adc", "bwlq") || sized(m, "sbb", "bwlq") || sized(m, "rcl", "bwlq") ||
      sized(m, "rcr", "bwlq") || sized(m, "adcx", "lq") || !strcmp(m, "cmc") || !strcmp(m, "salc"))
    return SAS_CF;
  if (sized(m, "adox", "lq") || !strcmp(m, "into")) return SAS_OF;
  if (sized(m, "pushf", "wlqd")) return SAS_ALL;
  if (!strcmp(m, "lahf")) return SAS_ALL & ~SAS_OF;
  if (!strcmp(m, "daa") || !strcmp(m, "das")) return SAS_CF | SAS_AF;
  if (!strcmp(m, "aaa") || !strcmp(m, "aas")) return SAS_AF;
  if (!strcmp(m, "loope") || !strcmp(m, "loopz") || !strcmp(m, "loopne") || !strcmp(m, "loopnz"))
    return SAS_ZF;
  return 0;
}

/* A shift by an immediate count that is not 0 after the CPU's masking
 * (or by the implicit 1) writes all six (AF, and OF beyond 1, undefined:
 * written); by %cl it may shift by 0 and write none. */
static unsigned shift_writes(const char *m, const char *ops) {
  static const char *const sh[] = {"shl", "shr", "sar", "sal", "shld", "shrd", NULL};
  unsigned i;
  for (i = 0; sh[i]; i++)
    if (sized(m, sh[i], "bwlq")) break;
  if (!sh[i]) return 0;
  if (*ops != '$') return strchr(ops, ',') ? 0 : SAS_ALL; /* "shr %rax": by 1 */
  return (strtol(ops + 1, NULL, 0) & 31) ? SAS_ALL : 0;
}

/* The flags m always writes, whatever its operands. */
static unsigned writes(const char *m) {
  static const char *const alu[] = {"add", "sub", "cmp", "test", "and", "or", "xor", "neg",
                                    "adc", "sbb", "cmpxchg", "xadd", "popcnt", "lzcnt", "tzcnt",
                                    NULL};
  static const char *const sse[] = {"ptest",    "vptest",   "comiss",   "comisd",   "ucomiss",
                                    "ucomisd",  "vcomiss",  "vcomisd",  "vucomiss", "vucomisd",
                                    "pcmpestri", "pcmpestrm", "pcmpistri", "pcmpistrm",
                                    "vpcmpestri", "vpcmpestrm", "vpcmpistri", "vpcmpistrm", NULL};
  unsigned i;
  for (i = 0; alu[i]; i++)
    if (sized(m, alu[i], "bwlq")) return SAS_ALL;
  for (i = 0; sse[i]; i++)
    if (!strcmp(m, sse[i])) return SAS_ALL;
  if (sized(m, "popf", "wlqd")) return SAS_ALL;
  if (sized(m, "inc", "bwlq") || sized(m, "dec", "bwlq")) return SAS_ALL & ~SAS_CF;
  if (!strcmp(m, "clc") || !strcmp(m, "stc") || !strcmp(m, "cmc") || sized(m, "bt", "wlq") ||
      sized(m, "bts", "wlq") || sized(m, "btr", "wlq") || sized(m, "btc", "wlq") ||
      sized(m, "adcx", "lq"))
    return SAS_CF;
  if (sized(m, "adox", "lq")) return SAS_OF;
  if (sized(m, "mul", "bwlq") || sized(m, "imul", "bwlq")) return SAS_CF | SAS_OF;
  if (sized(m, "bsf", "wlq") || sized(m, "bsr", "wlq") || !strcmp(m, "cmpxchg8b") ||
      !strcmp(m, "cmpxchg16b"))
    return SAS_ZF;
  if (!strcmp(m, "sahf")) return SAS_ALL & ~SAS_OF;
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

static void classify(const struct sas_target *t, const struct sas_split *w, struct sas_insn *out) {
  char m[sizeof w->mnem];
  const char *p = w->operands;
  size_t len = strlen(w->mnem);
  (void)t;
  memset(out, 0, sizeof *out);
  memcpy(m, w->mnem, len + 1);
  /* A branch hint (gas: jne,pt / je,pn) is a prefix byte on the same
   * conditional jump. */
  if (len > 3 && m[0] == 'j' && (!strcmp(m + len - 3, ",pt") || !strcmp(m + len - 3, ",pn")))
    m[len - 3] = 0;
  out->operands = p;
  out->reads = reads(m);
  out->writes = writes(m) | shift_writes(m, p);
  out->is_landing_pad = !strcmp(m, "endbr64") || !strcmp(m, "endbr32");
  if ((m[0] == 'j' && is_cond(m + 1)) || !strcmp(m, "jcxz") || !strcmp(m, "jecxz") ||
      !strcmp(m, "jrcxz") || !strncmp(m, "loop", 4) || !strcmp(m, "xbegin")) {
    out->flow = SAS_FLOW_JCC;
    out->short_only = (m[0] == 'j' && strchr("cer", m[1]) && strstr(m, "cxz")) || !strncmp(m, "loop", 4);
  } else if (!strcmp(m, "jmp") || !strcmp(m, "jmpq") || !strcmp(m, "jmpl") || !strcmp(m, "jmpw")) {
    out->flow = *p == '*' ? SAS_FLOW_JMP_IND : SAS_FLOW_JMP;
  } else if (!strcmp(m, "ljmp") || !strcmp(m, "ljmpl") || !strcmp(m, "ljmpq")) {
    out->flow = SAS_FLOW_JMP_IND;
  } else if (!strcmp(m, "call") || !strcmp(m, "callq") || !strcmp(m, "calll") ||
             !strcmp(m, "callw")) {
    out->flow = *p == '*' ? SAS_FLOW_CALL_IND : SAS_FLOW_CALL;
    out->writes = SAS_ALL; /* psABI: no flags survive a call */
  } else if (!strncmp(m, "ret", 3) || !strncmp(m, "lret", 4) || !strncmp(m, "iret", 4) ||
             !strncmp(m, "sysret", 6) || !strcmp(m, "sysexit")) {
    out->flow = SAS_FLOW_RET;
  } else if (!strcmp(m, "ud2") || !strcmp(m, "hlt") || !strcmp(m, "ud2a")) {
    out->flow = SAS_FLOW_STOP;
  }
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
static void tick_text(const struct sas_target *t, unsigned live, int cfi, struct st_text *out) {
  int x64 = t->address_size == 8;
  const char *acc = x64 ? "%rax" : "%eax";
  unsigned w = t->address_size;
  if (live) {
    if (x64)
      st_text_printf(out, "lea -128(%%rsp),%%rsp;%s", cfi ? ".cfi_adjust_cfa_offset 128;" : "");
    st_text_printf(out, "push %s;", acc);
    if (cfi) st_text_printf(out, ".cfi_adjust_cfa_offset %u;", w);
    st_text_printf(out, "lahf;%s", live & SAS_OF ? "seto %al;" : "");
  }
  sas_tick_sequence(out, x64 ? RR_SOFTTICKS_X86_64_TICK_ASM : RR_SOFTTICKS_I386_TICK_ASM, NULL);
  if (live) {
    st_text_printf(out, "%ssahf;pop %s;", live & SAS_OF ? "add $0x7f,%al;" : "", acc);
    if (cfi) st_text_printf(out, ".cfi_adjust_cfa_offset -%u;", w);
    if (x64)
      st_text_printf(out, "lea 128(%%rsp),%%rsp;%s", cfi ? ".cfi_adjust_cfa_offset -128;" : "");
  }
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

static size_t register_at(const char *text, const char *p, char *fam, size_t cap) {
  size_t n = 0;
  (void)text;
  if (*p != '%') return 0;
  while (isalnum((unsigned char)p[1 + n])) n++;
  family(p + 1, n, fam, cap);
  return n + 1;
}

/* AT&T: the destination is the last operand. */
static const char *last_top_level_comma(const char *ops) {
  const char *p, *comma = NULL;
  int paren = 0;
  for (p = ops; *p; p++) {
    if (*p == '(') paren++;
    if (*p == ')') paren--;
    if (*p == ',' && !paren) comma = p;
  }
  return comma;
}

static void destination(const char *ops, char *fam, size_t cap) {
  const char *last = last_top_level_comma(ops);
  last = last ? last + 1 : ops;
  while (isspace((unsigned char)*last)) last++;
  fam[0] = 0;
  if (*last == '%') register_at(last, last, fam, cap);
}

static enum sas_addr_use address_use(const char *mnem, const char *ops, char *src, char *dst,
                                     size_t cap, int *copy, const char **base) {
  const char *comma = last_top_level_comma(ops);
  size_t len;
  (void)base;
  if (!comma) return SAS_USE_COMPUTES; /* one operand: inc, neg, push... */
  len = (size_t)(comma - ops) < cap ? (size_t)(comma - ops) : cap - 1;
  memcpy(src, ops, len);
  src[len] = 0;
  snprintf(dst, cap, "%s", comma + 1);
  *copy = !strncmp(mnem, "mov", 3) || !strncmp(mnem, "cmov", 4);
  return SAS_USE_OPERANDS;
}

/* Whether the instruction that names the code label already computes
 * with it: arithmetic on it (i386 PIC, glibc's add_n.S: `call L0; L0: ...
 * addl $(Loop-L0-3),%eax; jmp *%eax`, into an unrolled loop of 9-byte
 * steps), or a register as base or index beside it (non-PIC: `leal
 * (Loop-3)(%eax,%eax,8),%eax`).  Only mov, lea and push put an address
 * as it is; %rip/%eip and @GOTOFF (GOT pointer + offset) give exactly it. */
static int computes_itself(const char *text, const char *ops) {
  const char *p = text;
  while (*p && !isspace((unsigned char)*p) && *p != '=') p++;
  while (isspace((unsigned char)*p)) p++;
  if (*p == '=' && p[1] != '=') return 0; /* `NAME = LABEL`: a symbol, no code */
  if (strncmp(text, "mov", 3) && strncmp(text, "lea", 3) && strncmp(text, "push", 4)) return 1;
  if (strstr(ops, "@GOTOFF") || strstr(ops, "@GOT")) return 0;
  for (p = strchr(ops, '('); p; p = strchr(p + 1, '(')) {
    const char *q = p + 1;
    while (isspace((unsigned char)*q)) q++;
    if (*q == ',' || (*q == '%' && strncmp(q, "%rip", 4) && strncmp(q, "%eip", 4))) return 1;
  }
  return 0;
}

/* Whether operands use the location counter `.` as a value. */
static int uses_location(const char *ops) {
  const char *p;
  for (p = strchr(ops, '.'); p; p = strchr(p + 1, '.')) {
    int before = p > ops && (isalnum((unsigned char)p[-1]) || p[-1] == '_' || p[-1] == '.' ||
                             p[-1] == '$' || p[-1] == '@'),
        after = isalnum((unsigned char)p[1]) || p[1] == '_' || p[1] == '.' || p[1] == '$';
    if (!before && !after) return 1;
  }
  return 0;
}


/* x86-64 and i386 differ in the stack pointer and the address size. */
#define X86_TARGET(ARCH, SP, DWARF_SP, SIZE)                                            \
  {                                                                                     \
    .arch = ARCH, .comment_chars = "#", .line_comment_chars = "#/", .char_constants = 1, \
    .classify = classify, .is_prefix = is_prefix, .tick_clobbers = SAS_ALL, .tick_text = tick_text,             \
    .widen_short = widen_short, .sp_name = SP, .dwarf_sp = DWARF_SP, .address_size = SIZE, \
    .register_at = register_at, .address_use = address_use, .destination = destination, \
    .computes_itself = computes_itself, .uses_location = uses_location,                  \
    .real_as_env = "SOFTTICKS_REAL_AS", .real_as = SAS_REAL_AS                           \
  }
const struct sas_target sas_target_x86_64 = X86_TARGET(RR_SOFTTICKS_ARCH_X86_64, "rsp", 7, 8);
const struct sas_target sas_target_i386 = X86_TARGET(RR_SOFTTICKS_ARCH_I386, "esp", 4, 4);
