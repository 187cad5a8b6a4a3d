/*
 * What one x86 instruction (AT&T syntax, as gas reads it) does to control
 * flow and to the arithmetic flags (README.md, "Flags").  Only what
 * placement and liveness need: an instruction this file does not know
 * falls through, and neither reads nor writes the flags.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "sas.h"

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

void sas_x86_classify(const char *text, int is64, struct sas_insn *out) {
  char m[32];
  const char *p = text;
  (void)is64;
  memset(out, 0, sizeof *out);
  for (;;) {
    size_t k = 0;
    while (*p && isspace((unsigned char)*p)) p++;
    while (*p && !isspace((unsigned char)*p) && k + 1 < sizeof m) m[k++] = (char)tolower((unsigned char)*p++);
    m[k] = 0;
    while (*p && isspace((unsigned char)*p)) p++;
    if (!is_prefix(m) || !*p) break;
  }
  /* A branch hint (gas: jne,pt / je,pn) is a prefix byte on the same
   * conditional jump. */
  size_t len = strlen(m);
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
