/*
 * Code addresses computed from a label (README.md, "Reported, refused"):
 * `lea L(%rip), %r9; shl $6, %ecx; add %r9, %rcx; jmp *%rcx` reaches
 * L + 64k, blocks laid out at fixed distances (glibc's memmove-ssse3).
 * Ticks inserted there would move the blocks, so such a file is left as
 * it is.  Found per instruction that puts a code label's address in a
 * register: along the fall-through path (at most 32 instructions), every
 * mention of it (or of a register it was copied to) must be an indirect
 * jump or call through it, a mov/cmov copying it (to memory, or to a
 * register followed from then on) or overwriting it; any other use
 * computes with the address.  Not refused: a label that is the base of a
 * table of label differences in data (`.long .L3 - .Ltab`, GCC's aarch64
 * `.byte (.L3 - .Lrtx) / 4`): gas recomputes the entries, so base + entry
 * is always a label.  On aarch64 the registers are x0/w0 ..., the
 * destination comes first, and `adrp x, L; add x, x, :lo12:L` is one
 * address.
 */
#include <ctype.h>
#include <string.h>

#include "sas.h"

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

/* The file is aarch64: registers x0/w0 ..., destination first.  Per thread:
 * lld runs its LTO backends, and the pass with them, in threads. */
static _Thread_local int a64;

/* aarch64: "x9", "w9" -> "r9"; "" for anything else. */
static void a64_family(const char *p, size_t n, char *out, size_t cap) {
  size_t k;
  out[0] = 0;
  if (n < 2 || n > 3 || (p[0] != 'x' && p[0] != 'w')) return;
  for (k = 1; k < n; k++)
    if (!isdigit((unsigned char)p[k])) return;
  snprintf(out, cap, "r%.*s", (int)(n - 1), p + 1);
}

/* Whether text names a register of family fam. */
static int mentions(const char *text, const char *fam) {
  const char *p = text;
  if (a64) {
    for (; *p; p++) {
      size_t n = 0;
      char f[16];
      if (p > text && (isalnum((unsigned char)p[-1]) || p[-1] == '_' || p[-1] == '.')) continue;
      while (isalnum((unsigned char)p[n])) n++;
      a64_family(p, n, f, sizeof f);
      if (f[0] && !strcmp(f, fam)) return 1;
    }
    return 0;
  }
  while ((p = strchr(p, '%'))) {
    size_t n = 0;
    char f[16];
    p++;
    while (isalnum((unsigned char)p[n])) n++;
    family(p, n, f, sizeof f);
    if (!strcmp(f, fam)) return 1;
    p += n;
  }
  return 0;
}

/* The destination register family of an instruction's operands, "" if
 * the destination is not a register. */
static void destination(const char *ops, char *fam, size_t cap) {
  const char *last = ops, *p;
  int paren = 0;
  if (a64) {
    size_t n = 0;
    while (isspace((unsigned char)*ops)) ops++;
    while (isalnum((unsigned char)ops[n])) n++;
    a64_family(ops, n, fam, cap);
    return;
  }
  for (p = ops; *p; p++) {
    if (*p == '(') paren++;
    if (*p == ')') paren--;
    if (*p == ',' && !paren) last = p + 1;
  }
  while (isspace((unsigned char)*last)) last++;
  fam[0] = 0;
  if (*last == '%') {
    size_t n = 0;
    while (isalnum((unsigned char)last[1 + n])) n++;
    family(last + 1, n, fam, cap);
  }
}

/* Whether text names a register of any family in set[0 .. n). */
static int mentions_any(const char *text, char set[][16], unsigned n) {
  unsigned i;
  for (i = 0; i < n; i++)
    if (mentions(text, set[i])) return 1;
  return 0;
}

/* Whether a label named in ops (its first symbol not a register) is the
 * base of a table of label differences in data ("- LABEL"): the table's
 * entries are recomputed by gas, so base + entry is always a label. */
static int table_base(const struct sas_stream *s, const char *ops) {
  const char *p = ops;
  char sym[256];
  size_t n;
  unsigned v;
  for (;;) {
    while (*p && !(isalpha((unsigned char)*p) || *p == '.' || *p == '_')) {
      if (*p == '%' || *p == ':') { /* a register, a relocation operator */
        p++;
        while (isalnum((unsigned char)*p) || *p == '_') p++;
        continue;
      }
      p++;
    }
    if (!*p) return 0;
    for (n = 0; (isalnum((unsigned char)p[n]) || p[n] == '.' || p[n] == '_' || p[n] == '$') &&
                n + 1 < sizeof sym;
         n++)
      sym[n] = p[n];
    sym[n] = 0;
    p += n;
    if (a64 && (sym[0] == 'x' || sym[0] == 'w')) {
      char f[16];
      a64_family(sym, n, f, sizeof f);
      if (f[0]) continue;
    }
    break;
  }
  for (v = 0; v < s->n; v++) {
    const char *t = s->v[v].text, *q;
    if (t[0] != '.' || s->v[v].is_label) continue;
    for (q = strchr(t, '-'); q; q = strchr(q + 1, '-')) {
      const char *r = q + 1;
      while (isspace((unsigned char)*r)) r++;
      if (!strncmp(r, sym, n) && !(isalnum((unsigned char)r[n]) || r[n] == '_' || r[n] == '.'))
        return 1;
    }
  }
  return 0;
}

/* x86: whether the instruction that names the code label already computes
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

/* x86: whether operands use the location counter `.` as a value. */
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

/* The statement before node n in its section: a label, or an instruction. */
static unsigned previous_in_section(const struct sas_graph *g, unsigned n) {
  unsigned k;
  for (k = n - 1; k > 0; k--)
    if (g->nodes[k].section == g->nodes[n].section) return k;
  return 0;
}

unsigned sas_computed_code_address(const struct sas_stream *s, const struct sas_graph *g,
                                   enum rr_softticks_arch arch) {
  unsigned n;
  a64 = arch == RR_SOFTTICKS_ARCH_AARCH64;
  for (n = 1; n < g->n; n++) {
    char set[4][16]; /* the registers holding the address (copies too) */
    unsigned k, seen = 0, nset = 1;
    /* `addl $(T - .), %ebx` trusts a register to hold this instruction's
     * own address.  Right after `call __x86.get_pc_thunk.bx` it does (no
     * tick goes there); after a label it is the label's address, taken
     * from a jump table (glibc's i386 memcpy-ssse3-rep.S: L(shl_1): addl
     * $(L(table_48bytes_fwd) - .), %ebx), and the label's tick moves it. */
    if (!a64 && g->nodes[n].kind == SAS_NODE_INSN && uses_location(g->nodes[n].insn.operands)) {
      unsigned p = previous_in_section(g, n);
      if (!p || g->nodes[p].kind != SAS_NODE_INSN || g->nodes[p].insn.flow != SAS_FLOW_CALL) return n;
    }
    if (!g->nodes[n].takes_code_address) continue;
    if (!a64 && g->nodes[n].kind == SAS_NODE_INSN && !table_base(s, g->nodes[n].insn.operands) &&
        computes_itself(s->v[g->nodes[n].v].text, g->nodes[n].insn.operands))
      return n;
    destination(g->nodes[n].insn.operands, set[0], sizeof set[0]);
    if (!set[0][0]) continue; /* pushed or stored: used as it is */
    if (table_base(s, g->nodes[n].insn.operands)) continue;
    for (k = sas_next_in_section(g, n); k && seen < 32 && nset; k = sas_next_in_section(g, k)) {
      const struct sas_node *nd = &g->nodes[k];
      const char *t = s->v[nd->v].text, *ops = nd->insn.operands, *comma, *p;
      char src[256], dst[16];
      size_t len;
      int paren = 0, copy;
      unsigned i;
      if (nd->kind != SAS_NODE_INSN) continue;
      seen++;
      if (mentions_any(t, set, nset)) {
        char dst_text[256];
        if (nd->insn.flow == SAS_FLOW_JMP_IND || nd->insn.flow == SAS_FLOW_CALL_IND) break;
        if (a64) {
          /* "op xD, sources...": the destination first */
          comma = strchr(ops, ',');
          if (!comma) return n;
          len = (size_t)(comma - ops) < sizeof dst_text ? (size_t)(comma - ops) : sizeof dst_text - 1;
          memcpy(dst_text, ops, len);
          dst_text[len] = 0;
          snprintf(src, sizeof src, "%s", comma + 1);
          /* adrp x, L; add x, x, :lo12:L: the same address, completed */
          if (!strncmp(t, "add", 3) && strstr(src, ":lo12:")) continue;
          copy = !strncmp(t, "mov", 3) || !strncmp(t, "csel", 4) || !strncmp(t, "str", 3) ||
                 !strncmp(t, "stp", 3) || !strncmp(t, "stur", 4);
          if (!strncmp(t, "st", 2)) { /* a store: the address as data, or used as a base */
            if (strchr(src, '[') && mentions_any(strchr(src, '['), set, nset)) return n;
            continue;
          }
        } else {
          for (p = comma = ops; *p; p++) { /* the last top-level comma */
            if (*p == '(') paren++;
            if (*p == ')') paren--;
            if (*p == ',' && !paren) comma = p;
          }
          if (comma == ops) return n; /* one operand: inc, neg, push... */
          len = (size_t)(comma - ops) < sizeof src ? (size_t)(comma - ops) : sizeof src - 1;
          memcpy(src, ops, len);
          src[len] = 0;
          snprintf(dst_text, sizeof dst_text, "%s", comma + 1);
          copy = !strncmp(t, "mov", 3) || !strncmp(t, "cmov", 4);
        }
        destination(ops, dst, sizeof dst);
        /* mov/cmov/csel copy the address as it is: to memory (stored), to
         * a register (followed from there), or over it (overwritten). */
        if (!copy) return n;
        if (mentions_any(src, set, nset)) {
          if (!dst[0]) {
            if (mentions_any(dst_text, set, nset)) return n; /* used as a base */
            continue;                                        /* stored */
          }
          for (i = 0; i < nset && strcmp(set[i], dst); i++) {
          }
          if (i == nset && nset == 4) return n; /* a fifth copy: not followed, so refused */
          if (i == nset) snprintf(set[nset++], sizeof set[0], "%s", dst);
          continue;
        }
        if (mentions_any(dst_text, set, nset) && dst[0] && !strncmp(t, "mov", 3)) {
          for (i = 0; i < nset && strcmp(set[i], dst); i++) {
          }
          if (i < nset) memmove(set[i], set[i + 1], (--nset - i) * sizeof set[0]);
          continue; /* overwritten */
        }
        if (mentions_any(dst_text, set, nset)) continue; /* cmov/csel over it: both exact */
        return n; /* the address as a base or index of a copied operand */
      }
      if (nd->insn.flow == SAS_FLOW_JMP || nd->insn.flow == SAS_FLOW_RET ||
          nd->insn.flow == SAS_FLOW_STOP || nd->insn.flow == SAS_FLOW_JMP_IND)
        break;
    }
  }
  return 0;
}
