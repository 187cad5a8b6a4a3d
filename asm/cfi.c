/*
 * What the unwind information (.cfi_* directives) computes the CFA from
 * before each statement, so that a tick that moves the stack pointer (the
 * flag save, emit.c) can say so (README.md, "Flags (x86)").
 *
 * gas keeps one CFI state per section (its frag chain): .cfi_startproc
 * opens a frame there, .cfi_endproc closes it, and .cfi_remember_state /
 * .cfi_restore_state push and pop within it.  Only the rule's kind is
 * tracked, never the offset: .cfi_adjust_cfa_offset is relative.
 *   NONE     outside .cfi_startproc/.cfi_endproc: nothing to describe
 *   SP       the stack pointer plus an offset: the default after
 *            .cfi_startproc, .cfi_def_cfa SP,N, .cfi_def_cfa_register SP
 *   OTHER    another register (%rbp...): the save does not move it
 *   EXPR     a DWARF expression (.cfi_escape 0x0f ..., rr's syscall hooks):
 *            a move of the stack pointer cannot be described relatively
 *   UNKNOWN  not followed: `.cfi_startproc simple` before any
 *            .cfi_def_cfa, a .cfi_escape with an operation not decoded
 *            here, a restore without a remember
 * and, or'ed in, REG_EXPR: some register's rule is a DWARF expression
 * that reads the stack pointer (DW_CFA_expression/val_expression in a
 * .cfi_escape: rr's hooks find %rip at *(%rsp)); kept to the frame's end
 * (or a .cfi_restore_state before it), it needs more than an adjustment.
 * The stream is the expanded one (macros, .rept), in stream order, each
 * statement's section from the graph (cfg.c).
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "sas.h"
#include "target.h"

struct frame_state {
  unsigned char cur;
  unsigned char *stack; /* .cfi_remember_state */
  unsigned depth, cap;
};

/* "%rsp", "rsp", "7" (x86-64); "%esp", "esp", "4" (i386); "sp", "31" (aarch64). */
static int is_sp(const char *t, size_t n, const struct sas_target *tg) {
  if (n && *t == '%') t++, n--;
  if (n && isdigit((unsigned char)*t)) return strtoul(t, NULL, 0) == tg->dwarf_sp;
  return n == strlen(tg->sp_name) && !strncasecmp(t, tg->sp_name, n);
}

/* The first operand of a directive: [p, p + *n). */
static const char *first_operand(const char *p, size_t *n) {
  size_t k = 0;
  while (isspace((unsigned char)*p)) p++;
  while (p[k] && p[k] != ',' && !isspace((unsigned char)p[k])) k++;
  *n = k;
  return p;
}

/* The bytes of a .cfi_escape (numbers separated by commas); -1 if one is
 * not a plain number (b[0] is then the first byte, 0 if it is not one). */
static int escape_bytes(const char *p, unsigned char *b, unsigned cap) {
  unsigned n = 0;
  b[0] = 0;
  for (;;) {
    char *e;
    unsigned long v;
    while (isspace((unsigned char)*p)) p++;
    if (!*p) return (int)n;
    v = strtoul(p, &e, 0);
    if (e == p || v > 255 || n == cap) return -1;
    b[n++] = (unsigned char)v;
    for (p = e; isspace((unsigned char)*p); p++) {}
    if (*p == ',') p++;
    else if (*p) return -1;
  }
}

static int uleb(const unsigned char *b, unsigned n, unsigned *i, unsigned long *v) {
  unsigned shift = 0;
  *v = 0;
  for (; *i < n; ++*i, shift += 7) {
    if (shift < 64) *v |= (unsigned long)(b[*i] & 0x7f) << shift;
    if (!(b[*i] & 0x80)) {
      ++*i;
      return 0;
    }
  }
  return -1;
}

static int sleb(const unsigned char *b, unsigned n, unsigned *i) {
  unsigned long v;
  return uleb(b, n, i, &v); /* the same bytes; the value is not needed */
}

/* The DWARF expression b[0, n) reads the stack pointer (DW_OP_breg, _reg,
 * _bregx, _regx of it), or has an operation not decoded here. */
static int expr_reads_sp(const unsigned char *b, unsigned n, const struct sas_target *tg) {
  unsigned sp = tg->dwarf_sp, i = 0, addr = tg->address_size;
  unsigned long a;
  while (i < n) {
    unsigned op = b[i++];
    if (op == 0x70 + sp || op == 0x50 + sp) return 1;
    if (op >= 0x70 && op <= 0x8f) { /* breg0..31 SLEB */
      if (sleb(b, n, &i)) return 1;
    } else if ((op >= 0x30 && op <= 0x6f) || op == 0x06 || op == 0x96 || op == 0x9c ||
               op == 0x9f || (op >= 0x12 && op <= 0x14) || (op >= 0x16 && op <= 0x27 && op != 0x23) ||
               (op >= 0x29 && op <= 0x2e)) {
      /* lit, reg, deref, nop, call_frame_cfa, stack_value, stack and
       * arithmetic operations: no operand */
    } else if (op == 0x90 || op == 0x92) { /* regx, bregx */
      if (uleb(b, n, &i, &a) || a == tg->dwarf_sp) return 1;
      if (op == 0x92 && sleb(b, n, &i)) return 1;
    } else if (op == 0x08 || op == 0x09 || op == 0x15 || op == 0x94 || op == 0x95) {
      i += 1;
    } else if (op == 0x0a || op == 0x0b || op == 0x28 || op == 0x2f || op == 0x98) {
      i += 2;
    } else if (op == 0x0c || op == 0x0d || op == 0x99) {
      i += 4;
    } else if (op == 0x0e || op == 0x0f) {
      i += 8;
    } else if (op == 0x03) {
      i += addr;
    } else if (op == 0x10 || op == 0x11 || op == 0x23 || op == 0x91 || op == 0x93) {
      if (uleb(b, n, &i, &a)) return 1;
    } else {
      return 1;
    }
  }
  return i != n;
}

/* The rule after the DWARF call frame instructions b[0, n) (a .cfi_escape)
 * starting from rule cur (SAS_CFA_REG_EXPR: a register's rule reads the
 * stack pointer, for the rest of the frame). */
static unsigned char escape_rule(const unsigned char *b, unsigned n, unsigned char cur,
                                 const struct sas_target *tg) {
  unsigned i = 0;
  unsigned char flag = cur & SAS_CFA_REG_EXPR;
  cur &= (unsigned char)~SAS_CFA_REG_EXPR;
  while (i < n) {
    unsigned op = b[i++];
    unsigned long a, c;
    if (op >= 0x40) { /* advance_loc, restore: no operand; offset: one */
      if ((op & 0xc0) == 0x80 && uleb(b, n, &i, &a)) return SAS_CFA_UNKNOWN;
      continue;
    }
    switch (op) {
    case 0x00: /* nop */
      break;
    case 0x02: case 0x03: case 0x04: /* advance_loc1/2/4 */
      i += op == 0x02 ? 1 : op == 0x03 ? 2 : 4;
      break;
    case 0x06: case 0x07: case 0x08: /* restore_extended, undefined, same_value */
    case 0x0e: case 0x2e: /* def_cfa_offset, GNU_args_size */
      if (uleb(b, n, &i, &a)) return SAS_CFA_UNKNOWN;
      break;
    case 0x13: /* def_cfa_offset_sf */
      if (sleb(b, n, &i)) return SAS_CFA_UNKNOWN;
      break;
    case 0x05: case 0x09: case 0x14: case 0x2f: /* two ULEB operands */
      if (uleb(b, n, &i, &a) || uleb(b, n, &i, &c)) return SAS_CFA_UNKNOWN;
      break;
    case 0x11: case 0x15: /* ULEB, SLEB */
      if (uleb(b, n, &i, &a) || sleb(b, n, &i)) return SAS_CFA_UNKNOWN;
      break;
    case 0x0c: case 0x12: /* def_cfa(_sf) REG, OFFSET */
      if (uleb(b, n, &i, &a) || (op == 0x0c ? uleb(b, n, &i, &c) : sleb(b, n, &i)))
        return SAS_CFA_UNKNOWN;
      cur = a == tg->dwarf_sp ? SAS_CFA_SP : SAS_CFA_OTHER;
      break;
    case 0x0d: /* def_cfa_register REG */
      if (uleb(b, n, &i, &a)) return SAS_CFA_UNKNOWN;
      if (cur != SAS_CFA_EXPR && cur != SAS_CFA_UNKNOWN)
        cur = a == tg->dwarf_sp ? SAS_CFA_SP : SAS_CFA_OTHER;
      else
        cur = SAS_CFA_UNKNOWN;
      break;
    case 0x0f: /* def_cfa_expression BLOCK */
      if (uleb(b, n, &i, &a)) return SAS_CFA_UNKNOWN;
      i += (unsigned)a;
      cur = SAS_CFA_EXPR;
      break;
    case 0x10: case 0x16: /* (val_)expression REG, BLOCK */
      if (uleb(b, n, &i, &a) || uleb(b, n, &i, &c) || i + c > n) return SAS_CFA_UNKNOWN;
      if (expr_reads_sp(b + i, (unsigned)c, tg)) flag = SAS_CFA_REG_EXPR;
      i += (unsigned)c;
      break;
    default: /* set_loc, remember/restore_state inside an escape, vendor ops */
      return SAS_CFA_UNKNOWN;
    }
  }
  return i == n ? (unsigned char)(cur | flag) : SAS_CFA_UNKNOWN;
}

int sas_is_cfi_endproc(const char *text) {
  while (isspace((unsigned char)*text)) text++;
  return !strncmp(text, ".cfi_endproc", 12) && (!text[12] || isspace((unsigned char)text[12]));
}

int sas_cfa_rules(const struct sas_stream *s, const struct sas_graph *g, unsigned char *cfa,
                  unsigned char *after) {
  const struct sas_target *tg = g->target;
  struct frame_state *fs = calloc(g->nsections + 1, sizeof *fs);
  unsigned v, i;
  int rc = -1;
  if (!fs) return -1;
  for (v = 0; v < s->n; v++) {
    const char *t = s->v[v].text, *p;
    struct frame_state *f = &fs[g->section_of[v]];
    size_t n;
    cfa[v] = after[v] = f->cur;
    if (s->v[v].is_label || s->v[v].w.dir != SAS_DIR_CFI) continue;
    while (isspace((unsigned char)*t)) t++;
    for (p = t; *p && !isspace((unsigned char)*p); p++) {}
    n = (size_t)(p - t);
#define IS(d) (n == sizeof d - 1 && !strncmp(t, d, n))
    if (IS(".cfi_startproc")) {
      const char *a = first_operand(p, &n);
      f->cur = n == 6 && !strncmp(a, "simple", 6) ? SAS_CFA_UNKNOWN : SAS_CFA_SP;
      f->depth = 0;
    } else if (IS(".cfi_endproc")) {
      f->cur = SAS_CFA_NONE;
      f->depth = 0;
    } else if (f->cur == SAS_CFA_NONE) {
      continue; /* gas refuses it; nothing to follow */
    } else if (IS(".cfi_def_cfa")) {
      const char *a = first_operand(p, &n);
      f->cur = (unsigned char)((f->cur & SAS_CFA_REG_EXPR) |
                               (is_sp(a, n, tg) ? SAS_CFA_SP : SAS_CFA_OTHER));
    } else if (IS(".cfi_def_cfa_register")) {
      const char *a = first_operand(p, &n);
      unsigned char kind = f->cur & (unsigned char)~SAS_CFA_REG_EXPR;
      /* Keeps the offset: from an expression there is none. */
      if (kind == SAS_CFA_EXPR || kind == SAS_CFA_UNKNOWN) kind = SAS_CFA_UNKNOWN;
      else kind = is_sp(a, n, tg) ? SAS_CFA_SP : SAS_CFA_OTHER;
      f->cur = (unsigned char)((f->cur & SAS_CFA_REG_EXPR) | kind);
    } else if (IS(".cfi_remember_state")) {
      if (f->depth == f->cap) {
        unsigned nc = f->cap ? 2 * f->cap : 8;
        unsigned char *st = realloc(f->stack, nc);
        if (!st) goto out;
        f->stack = st;
        f->cap = nc;
      }
      f->stack[f->depth++] = f->cur;
    } else if (IS(".cfi_restore_state")) {
      f->cur = f->depth ? f->stack[--f->depth] : SAS_CFA_UNKNOWN;
    } else if (IS(".cfi_escape")) {
      unsigned char b[256];
      int nb = escape_bytes(p, b, sizeof b);
      if (nb >= 0)
        f->cur = escape_rule(b, (unsigned)nb, f->cur, tg);
      else if (b[0] == 0x10 || b[0] == 0x16)
        /* A register's rule with bytes gas computes (rr's i386 hooks:
         * DW_OP_addr, stub_scratch_1 & 0xFF, ...): the CFA stays; the
         * rule may read the stack pointer. */
        f->cur |= SAS_CFA_REG_EXPR;
      else
        f->cur = SAS_CFA_UNKNOWN;
    }
    /* .cfi_def_cfa_offset, .cfi_adjust_cfa_offset, .cfi_offset, ...: the
     * register stays. */
#undef IS
    after[v] = f->cur;
  }
  rc = 0;
out:
  for (i = 0; i <= g->nsections; i++) free(fs[i].stack);
  free(fs);
  return rc;
}
