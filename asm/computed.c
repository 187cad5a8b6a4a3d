/*
 * Code addresses computed from a label (README.md, "Reported, refused"):
 * `lea L(%rip), %r9; shl $6, %ecx; add %r9, %rcx; jmp *%rcx` reaches
 * L + 64k, blocks laid out at fixed distances (glibc's memmove-ssse3).
 * Ticks inserted there would move the blocks, so such a file is left as
 * it is.  Found per instruction that puts a code label's address in a
 * register: along the fall-through path (at most 32 instructions), every
 * mention of it (or of a register it was copied to) must be an indirect
 * jump or call through it, a mov/cmov copying it (to memory, or to a
 * register followed from then on), a comparison (an instruction that
 * writes no operand: x86 cmp, test, from the generated tables), a
 * conditional write over it (cmov), or
 * an instruction that overwrites it: writes the register whole without
 * reading it (target.h's writes_destination, from the generated tables of
 * both targets: `leaq 8(%rsi), %rax`, `popq %rax`, aarch64 `ldr x3, [x1]`;
 * not `movb (%rdx), %al`, which keeps the rest); any other use computes
 * with the address.  Not refused: a label that is the base of a
 * table of label differences in data (`.long .L3 - .Ltab`, GCC's aarch64
 * `.byte (.L3 - .Lrtx) / 4`): gas recomputes the entries, so base + entry
 * is always a label.  On aarch64 the registers are x0/w0 ..., the
 * destination comes first, and `adrp x, L; add x, x, :lo12:L` is one
 * address.  In a compiler's output only the asm statements are looked at
 * (cfg.c's `compiled`).
 */
#include <ctype.h>
#include <string.h>

#include "sas.h"
#include "target.h"

/* Whether text names a register of family fam. */
static int mentions(const struct sas_target *tg, enum sas_syntax syn, const char *text,
                    const char *fam) {
  const char *p = text;
  while (*p) {
    char f[16];
    size_t n = tg->register_at(text, p, syn, f, sizeof f);
    if (n && !strcmp(f, fam)) return 1;
    p += n ? n : 1;
  }
  return 0;
}

/* Whether text names a register of any family in set[0 .. n). */
static int mentions_any(const struct sas_target *tg, enum sas_syntax syn, const char *text,
                        char set[][16], unsigned n) {
  unsigned i;
  for (i = 0; i < n; i++)
    if (mentions(tg, syn, text, set[i])) return 1;
  return 0;
}

/* The first symbol of ops that is not a register: *sym, *n characters
 * (however long: C++ names pass 255).  0 when there is none. */
static int first_symbol(const struct sas_target *tg, enum sas_syntax syn, const char *ops,
                        const char **sym, size_t *n) {
  const char *p = ops;
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
    *sym = p;
    for (*n = 0; isalnum((unsigned char)p[*n]) || p[*n] == '.' || p[*n] == '_' || p[*n] == '$'; ++*n) {
    }
    p += *n;
    if (*n < 16) { /* x9, Intel's rax */
      char reg[16], f[16];
      memcpy(reg, *sym, *n);
      reg[*n] = 0;
      if (tg->register_at(reg, reg, syn, f, sizeof f) == *n) continue;
    }
    return 1;
  }
}

/* Whether text at r names sym (n characters) whole. */
static int names_at(const char *r, const char *sym, size_t n) {
  return !strncmp(r, sym, n) && !(isalnum((unsigned char)r[n]) || r[n] == '_' || r[n] == '.' || r[n] == '$');
}

/* Whether the label named in ops is not followed: the base of a table of
 * label differences in data ("- LABEL": gas recomputes the entries, so
 * base + entry is always a label), or a function, which is a label with a
 * `.size` ("- LABEL" there too).  Compilers give every function one and
 * move function pointers as they like (std::function's pair packed with
 * punpcklqdq); hand-written code computes from local labels (glibc's
 * L(table)).  A computation from a sized function's own address is not
 * seen (README.md "Reported, refused"). */
static int not_followed(const struct sas_target *tg, enum sas_syntax syn, const struct sas_stream *s,
                        const char *ops) {
  const char *sym;
  size_t n;
  unsigned v;
  if (!first_symbol(tg, syn, ops, &sym, &n)) return 0;
  for (v = 0; v < s->n; v++) {
    const char *t = s->v[v].text, *q;
    if (t[0] != '.' || s->v[v].is_label) continue;
    for (q = strchr(t, '-'); q; q = strchr(q + 1, '-')) {
      const char *r = q + 1;
      while (isspace((unsigned char)*r)) r++;
      if (names_at(r, sym, n)) return 1;
    }
  }
  return 0;
}

/* Removes family fam from set (the address is no longer there); 1 if it
 * was in it. */
static int forget(char set[][16], unsigned *nset, const char *fam) {
  unsigned i;
  for (i = 0; i < *nset && strcmp(set[i], fam); i++) {
  }
  if (i == *nset) return 0;
  memmove(set[i], set[i + 1], (--*nset - i) * sizeof set[0]);
  return 1;
}

/* The statement before node n in its section: a label, or an instruction. */
static unsigned previous_in_section(const struct sas_graph *g, unsigned n) {
  unsigned k;
  for (k = n - 1; k > 0; k--)
    if (g->nodes[k].section == g->nodes[n].section) return k;
  return 0;
}

unsigned sas_computed_code_address(const struct sas_stream *s, const struct sas_graph *g) {
  const struct sas_target *tg = g->target;
  unsigned n;
  for (n = 1; n < g->n; n++) {
    char set[4][16]; /* the registers holding the address (copies too) */
    unsigned k, seen = 0, nset = 1;
    enum sas_syntax syn = (enum sas_syntax)s->v[g->nodes[n].v].w.syntax;
    /* A compiler takes a function's address to call it, compare it or
     * store it (std::function's manager, moved through an XMM register
     * and combined with another pointer by punpcklqdq: libstdc++'s
     * std::async, every C++ unit using it warned and was left as it was),
     * never to reach code at a distance from it, and it uses `.` only
     * right after its get_pc_thunk call. */
    if (g->nodes[n].compiled) continue;
    /* `addl $(T - .), %ebx` trusts a register to hold this instruction's
     * own address.  Right after `call __x86.get_pc_thunk.bx` it does (no
     * tick goes there); after a label it is the label's address, taken
     * from a jump table (glibc's i386 memcpy-ssse3-rep.S: L(shl_1): addl
     * $(L(table_48bytes_fwd) - .), %ebx), and the label's tick moves it.
     * A branch relative to `.` costs its function only (cfg.c). */
    if (tg->uses_location && g->nodes[n].kind == SAS_NODE_INSN &&
        !g->nodes[n].location_branch && tg->uses_location(g->nodes[n].insn.operands)) {
      unsigned p = previous_in_section(g, n);
      if (!p || g->nodes[p].kind != SAS_NODE_INSN || g->nodes[p].insn.flow != SAS_FLOW_CALL) return n;
    }
    if (!g->nodes[n].takes_code_address) continue;
    if (g->nodes[n].slot_table) continue; /* slots placed by .org (cfg.c) */
    if (not_followed(tg, syn, s, g->nodes[n].insn.operands)) continue;
    if (tg->computes_itself && g->nodes[n].kind == SAS_NODE_INSN &&
        tg->computes_itself(s->v[g->nodes[n].v].text, g->nodes[n].insn.operands, syn))
      return n;
    tg->destination(g->nodes[n].insn.operands, syn, set[0], sizeof set[0]);
    if (!set[0][0]) continue; /* pushed or stored: used as it is */
    for (k = sas_next_in_section(g, n); k && seen < 32 && nset; k = sas_next_in_section(g, k)) {
      const struct sas_node *nd = &g->nodes[k];
      const char *t = s->v[nd->v].text, *m = s->v[nd->v].w.mnem, *ops = nd->insn.operands,
                 *base = NULL;
      char src[256], dst[16];
      enum sas_syntax ks = (enum sas_syntax)s->v[nd->v].w.syntax;
      int copy = 0, w;
      unsigned i;
      if (nd->kind != SAS_NODE_INSN) continue;
      seen++;
      if (mentions_any(tg, ks, t, set, nset)) {
        char dst_text[256];
        if (nd->insn.flow == SAS_FLOW_JMP_IND || nd->insn.flow == SAS_FLOW_CALL_IND) break;
        switch (tg->address_use(m, ops, ks, src, dst_text, sizeof src, &copy, &base)) {
          case SAS_USE_COMPUTES:
            return n;
          case SAS_USE_COMPLETES:
            continue;
          case SAS_USE_STORE: /* the address as data, or used as a base */
          case SAS_USE_READS: /* compared as it is, or used as a base */
            if (base && mentions_any(tg, ks, base, set, nset)) return n;
            continue;
          case SAS_USE_OPERANDS:
            break;
        }
        tg->destination(ops, ks, dst, sizeof dst);
        /* The one rule for overwritten, from the targets' generated
         * tables: aarch64 `ldr x3, [x1]`, x86 `leaq 8(%rsi), %rax`,
         * `popq %rax`, `movl (%rdx), %eax`. */
        w = dst[0] && tg->writes_destination ? tg->writes_destination(m, ops, ks) : 0;
        if (w == 1 && !mentions_any(tg, ks, src, set, nset) && forget(set, &nset, dst))
          continue; /* overwritten */
        /* mov/cmov/csel copy the address as it is: to memory (stored), or
         * to a register (followed from there). */
        if (!copy) return n;
        if (mentions_any(tg, ks, src, set, nset)) {
          if (!dst[0]) {
            if (mentions_any(tg, ks, dst_text, set, nset)) return n; /* used as a base */
            continue;                                        /* stored */
          }
          for (i = 0; i < nset && strcmp(set[i], dst); i++) {
          }
          if (i == nset && nset == 4) return n; /* a fifth copy: not followed, so refused */
          if (i == nset) snprintf(set[nset++], sizeof set[0], "%s", dst);
          continue;
        }
        if (mentions_any(tg, ks, dst_text, set, nset)) {
          /* Over it in part (`movb (%rdx), %al`, aarch64 `movk`): the rest
           * of the address stays, computed with. */
          if (dst[0] && w != 2) return n;
          continue; /* cmov over it: both exact; stored through it as a base */
        }
        return n; /* the address as a base or index of a copied operand */
      }
      if (nd->insn.flow == SAS_FLOW_JMP || nd->insn.flow == SAS_FLOW_RET ||
          nd->insn.flow == SAS_FLOW_STOP || nd->insn.flow == SAS_FLOW_JMP_IND)
        break;
      if ((nd->insn.flow == SAS_FLOW_CALL || nd->insn.flow == SAS_FLOW_CALL_IND) &&
          tg->call_clobbered) {
        /* a comparator's address passed to qsort in x3 or %rcx: the
         * callee leaves the register undefined, a later use is a new value */
        for (i = 0; tg->call_clobbered[i]; i++) forget(set, &nset, tg->call_clobbered[i]);
      }
    }
  }
  return 0;
}
