/*
 * Which statements tick (README.md, "Placement"): common/placement.c on
 * the graph, then the opt-outs, the returns_twice calls and the insertion
 * point in the source of each tick; last, a check that no cycle of the
 * code that may tick is left without one.
 */
#include <stdlib.h>
#include <string.h>

#include "graph.h"
#include "placement.h"
#include "sas.h"
#include "target.h"

static int by_offset(const void *a, const void *b) {
  const struct sas_insert *x = a, *y = b;
  if (x->offset != y->offset) return x->offset < y->offset ? -1 : 1;
  return (x->text != NULL) - (y->text != NULL); /* a tick before a rewrite */
}

/* A branch with only an 8-bit displacement (jrcxz, loop...) may no longer
 * reach its target once ticks are inserted between them: the target
 * rewrites it (target.h, widen_short). */
static int widen(const struct sas_source *src, const struct sas_target *tg, unsigned o,
                 unsigned serial, struct sas_insert *at) {
  const char *b = src->buf + src->stmts[o].start;
  char *t = tg->widen_short ? tg->widen_short(b, src->stmts[o].end - src->stmts[o].start, serial)
                            : NULL;
  if (!t) return -1;
  at->offset = src->stmts[o].start;
  at->replace_end = src->stmts[o].end;
  at->text = t;
  at->save_flags = 0;
  return 0;
}

/* Nodes left on a cycle once ticked and skipped nodes (and the root) are
 * cut: how many, and the first of them in *first_open. */
struct open_nodes {
  unsigned left, first;
};

static void count_open(const unsigned *nodes, unsigned size, void *arg) {
  struct open_nodes *o = arg;
  unsigned i;
  for (i = 0; i < size; i++)
    if (!o->left++ || nodes[i] < o->first) o->first = nodes[i];
}

static unsigned open_cycles(const struct sas_graph *g, const unsigned char *cut, unsigned *first_open) {
  struct st_graph cfg;
  struct open_nodes o = {0, 0};
  unsigned char *gone = malloc(g->n + 1);
  struct st_cfg edges = {g->n, NULL, g->nedges, g->edges};
  memset(&cfg, 0, sizeof cfg); /* st_graph_free's, when gone is not there */
  if (gone && st_cfg_graph(&edges, &cfg) == 0) {
    memcpy(gone, cut, g->n);
    gone[0] = 1;
    if (st_graph_cycles(&cfg, gone, count_open, &o)) o.left = 0;
  }
  st_graph_free(&cfg);
  free(gone);
  *first_open = o.first;
  return o.left;
}

/*
 * An entry whose first instruction leaves at once (a return, an indirect
 * jump, a jump to no label of the file) has nothing that can run twice
 * without leaving it: its tick would guard no code of its own (what it
 * reaches ticks, or is not instrumented).  And a tracer may emulate such
 * a lone exit instead of running it: rr, delivering a signal inside its
 * syscall buffer, stops at `_syscallbuf_final_exit_instruction` and
 * emulates its jump while recording but runs it while replaying, so a tick
 * there counts in the replay only and the replay diverges.
 */
static int lone_exit(const struct sas_graph *g, unsigned n) {
  unsigned k = n;
  const struct sas_node *x;
  while ((k = sas_next_in_section(g, k)) && g->nodes[k].kind == SAS_NODE_LABEL) continue;
  if (!k || g->nodes[k].kind != SAS_NODE_INSN) return 0;
  x = &g->nodes[k];
  return x->insn.flow == SAS_FLOW_RET || x->insn.flow == SAS_FLOW_JMP_IND ||
         (x->insn.flow == SAS_FLOW_JMP && x->leaves_file);
}

/*
 * Where the tick of label n goes when a landing pad follows it: after the
 * last label of its run, labels with only .cfi_*, .globl, .type, .hidden
 * and the like (no byte, no condition, no section change) between them and
 * the landing pad after the last (OpenSSL's aes-x86_64: `asm_AES_cbc_encrypt:
 * AES_cbc_encrypt: .cfi_startproc endbr64`).  The tick goes after the
 * endbr64 in any case (a landing pad stays first), so after every label of
 * the run: one tick there for all of them, not one per label (before, the
 * first name's tick went between the labels, outside the frame and before
 * the landing pad, and an entry by that name passed two ticks).  Without a
 * landing pad, each label keeps its own place (a tick after a later label
 * would move into what `.Lend - .Lstart` measures from it).  The run stops
 * at a label of an opted-out function, at a label a macro argument made
 * inside a statement and at an included file's label.
 */
static int between_labels(enum sas_dir d) {
  return d == SAS_DIR_CFI || d == SAS_DIR_NO_ADDRESS || d == SAS_DIR_TYPE || d == SAS_DIR_GLOBL;
}

static unsigned label_run_end(const struct sas_source *src, const struct sas_stream *s,
                              const struct sas_graph *g, unsigned n) {
  unsigned k, m = n, j;
  const struct sas_node *x;
  if (!src->stmts[s->v[g->nodes[n].v].origin].is_label || s->v[g->nodes[n].v].foreign) return n;
  while ((k = sas_next_in_section(g, m)) && g->nodes[k].kind == SAS_NODE_LABEL && !g->nodes[k].skip &&
         src->stmts[s->v[g->nodes[k].v].origin].is_label && !s->v[g->nodes[k].v].foreign) {
    for (j = g->nodes[m].v + 1; j < g->nodes[k].v; j++)
      if (s->v[j].is_label || !between_labels(s->v[j].w.dir)) return n;
    m = k;
  }
  if (m == n || !k) return n;
  x = &g->nodes[k];
  return x->kind == SAS_NODE_INSN && x->insn.is_landing_pad ? m : n;
}

/*
 * The .cfi_* directives right after label v, before its next instruction
 * (`f: .cfi_startproc`): a tick for the label goes after them, inside the
 * frame they describe (they emit no bytes; before .cfi_startproc the tick
 * would lie outside every FDE, and an unwinder stopped there finds none).
 * The last one, or v if none; only directives that follow the label in
 * the same source text (a macro body is not split), and none from a
 * .cfi_endproc on (the tick stays in the frame that ends there).
 */
static unsigned after_cfi(const struct sas_stream *s, unsigned v) {
  unsigned w = v;
  while (w + 1 < s->n && !s->v[w + 1].is_label && s->v[w + 1].origin == s->v[w].origin + 1 &&
         s->v[w + 1].w.dir == SAS_DIR_CFI && !sas_is_cfi_endproc(s->v[w + 1].text))
    w++;
  return w;
}

int sas_place(const struct sas_source *src, const struct sas_stream *s,
              const struct sas_graph *g, struct sas_insert **ins, unsigned *nins,
              struct sas_stats *st, struct sas_report *rep, struct sas_error *err) {
  unsigned *flags = calloc(g->n, sizeof *flags), *tick = calloc(g->n, sizeof *tick), n, k = 0;
  unsigned char *live = malloc(g->n), *cut = calloc(g->n, 1), *cfa = malloc(s->n + 1),
                *cfa_after = malloc(s->n + 1), *run_ticked = calloc(g->n, 1);
  struct sas_insert *out = calloc(3 * g->n + 1, sizeof *out);
  struct st_cfg cfg;
  int rc = -1;
  *ins = NULL;
  *nins = 0;
  if (!flags || !tick || !live || !cut || !out || !cfa || !cfa_after || !run_ticked) goto done;
  flags[0] = ST_BLOCK_NO_CODE;
  cfg = (struct st_cfg){g->n, flags, g->nedges, g->edges};
  if (st_place(&cfg, tick) || sas_flags_live(g, live) ||
      sas_cfa_rules(s, g, cfa, cfa_after))
    goto done;

  for (n = 1; n < g->n; n++) {
    const struct sas_node *nd = &g->nodes[n];
    unsigned o = s->v[nd->v].origin, line = src->stmts[o].line;
    if (nd->skip) cut[n] = 1;
    if (tick[n] & ST_TICK_CYCLE) st->cycles_found++;
    if (tick[n] == ST_TICK_PASSED_ON && !nd->skip && nd->kind == SAS_NODE_LABEL &&
        lone_exit(g, n)) {
      sas_note(rep, line, "%s is a lone exit: no tick", s->v[nd->v].text);
      st->lone_exits++;
    } else if (tick[n] && !nd->skip) {
      /* A label's tick goes after the last label of its run (label_run_end):
       * written there once for the whole run. */
      unsigned m = nd->kind == SAS_NODE_LABEL ? label_run_end(src, s, g, n) : n;
      struct sas_insert at;
      int ok = 1;
      if (run_ticked[m]) {
        cut[n] = 1;
        continue;
      }
      if (m != n) {
        live[m] |= live[n];
        nd = &g->nodes[m];
        o = s->v[nd->v].origin;
        line = src->stmts[o].line;
      }
      at = (struct sas_insert){0, live[m], cfa[nd->v], line, 0, NULL, s->v[nd->v].w.syntax,
                               o, s->v[nd->v].expansion, 0, s->v[nd->v].w.code_bits};
      if (g->nodes[n].fixed || nd->fixed) {
        /* Between a slot base and its last .org (cfg.c, "slots"): the
         * slot would overflow.  Not cut: a cycle left open is said. */
        sas_note(rep, line, "%s lies in code slots placed by .org: no tick",
                 nd->kind == SAS_NODE_LABEL ? s->v[nd->v].text : "an instruction");
        ok = 0;
      } else if (at.code_bits == 16) {
        /* The ABI has no 16-bit sequence (real-mode code has no page to
         * count in): the cycle stays open, and is said. */
        sas_warn(rep, line, "warning: %s lies in a .code16 region: no tick (the ABI has no "
                            "16-bit sequence)",
                 nd->kind == SAS_NODE_LABEL ? s->v[nd->v].text : "an instruction");
        ok = 0;
      } else if (nd->kind == SAS_NODE_LABEL) {
        unsigned nx = sas_next_in_section(g, m);
        if (!src->stmts[o].is_label && s->v[nd->v].w.dir != SAS_DIR_SET) {
          sas_note(rep, line, "label made by a macro argument inside a statement: no tick");
          ok = 0;
        } else if (!nx || g->nodes[nx].kind == SAS_NODE_DATA) {
          sas_note(rep, line, "%s is followed by data, not code: no tick", s->v[nd->v].text);
          ok = 0;
        } else if (g->nodes[nx].kind == SAS_NODE_INSN && g->nodes[nx].insn.is_landing_pad) {
          at.offset = src->stmts[s->v[g->nodes[nx].v].origin].end; /* after endbr */
        } else {
          unsigned w = after_cfi(s, nd->v);
          at.offset = src->stmts[s->v[w].origin].end;
          at.cfa = cfa_after[w];
          at.line = src->stmts[s->v[w].origin].line;
        }
      } else if (nd->kind == SAS_NODE_INSN) {
        at.offset = nd->insn.is_landing_pad ? src->stmts[o].end : src->stmts[o].start;
      } else {
        sas_note(rep, line, "a cycle enters data: no tick");
        ok = 0;
      }
      if (ok) {
        out[k++] = at;
        cut[n] = 1;
        cut[m] = 1;
        run_ticked[m] = 1;
        if (tick[n] & ST_TICK_PASSED_ON) st->entry_ticks++;
        else st->cycle_ticks++;
      }
    } else if (tick[n] && nd->skip) {
      st->skipped++;
    }
    /* The slots' entry tick, before the jump into them (cfg.c, "slots"). */
    if (nd->slot_jump && !nd->skip && !nd->fixed && !cut[n] && s->v[nd->v].w.code_bits != 16) {
      out[k++] = (struct sas_insert){src->stmts[o].start, live[n], cfa[nd->v], line, 0, NULL,
                                     s->v[nd->v].w.syntax, o, s->v[nd->v].expansion, 0,
                                     s->v[nd->v].w.code_bits};
      cut[n] = 1;
      st->entry_ticks++;
    }
    if (nd->kind == SAS_NODE_INSN && nd->rt_call && !nd->skip && s->v[nd->v].w.code_bits != 16) {
      unsigned nx = sas_next_in_section(g, n);
      out[k++] = (struct sas_insert){src->stmts[o].end, nx ? live[nx] : 0, cfa[nd->v], line, 0,
                                     NULL, s->v[nd->v].w.syntax, o, s->v[nd->v].expansion, 0,
                                     s->v[nd->v].w.code_bits};
      st->rt_ticks++;
    }
  }
  /* Short branches with an insertion between them and their target. */
  {
    unsigned char *ticked_origin = calloc(src->nstmts + 1, 1);
    unsigned serial = 0, j;
    if (!ticked_origin) goto done;
    for (n = 1; n < g->n; n++)
      if ((cut[n] || g->nodes[n].rt_call) && !g->nodes[n].skip)
        ticked_origin[s->v[g->nodes[n].v].origin] = 1;
    for (n = 1; n < g->n; n++) {
      const struct sas_node *nd = &g->nodes[n];
      unsigned lo, hi, hit = 0;
      /* An included file's text is not rewritten. */
      if (nd->kind != SAS_NODE_INSN || !nd->insn.short_only || s->v[nd->v].foreign) continue;
      for (j = 0; j < g->nedges; j++) {
        unsigned t = g->edges[j].to;
        if (g->edges[j].from != n || t == n + 1 || g->nodes[t].section != nd->section) continue;
        lo = t < n ? t : n;
        hi = t < n ? n : t;
        for (; lo <= hi && !hit; lo++)
          hit = g->nodes[lo].section == nd->section && ticked_origin[s->v[g->nodes[lo].v].origin];
      }
      if (!hit) continue;
      if (k >= 3 * g->n) break;
      if (widen(src, g->target, s->v[nd->v].origin, serial++, &out[k])) {
        free(ticked_origin);
        goto done;
      }
      out[k].syntax = s->v[nd->v].w.syntax; /* its labels are named in Intel text (fragment.c) */
      sas_note(rep, src->stmts[s->v[nd->v].origin].line,
               "short branch widened: ticks lie between it and its target");
      k++;
      st->widened++;
    }
    free(ticked_origin);
  }
  {
    unsigned cap = 3 * g->n + 1;
    if (sas_expansion_guards(src, s, &out, &k, &cap)) goto done;
  }
  qsort(out, k, sizeof *out, by_offset);
  for (n = 0, *nins = 0; n < k; n++) {
    if (*nins && out[*nins - 1].offset == out[n].offset && !out[n].text && !out[*nins - 1].text) {
      out[*nins - 1].save_flags |= out[n].save_flags;
      /* Copies of a macro body: one text for every expansion. */
      if (out[*nins - 1].cfa != out[n].cfa) out[*nins - 1].cfa = SAS_CFA_UNKNOWN;
      if (out[*nins - 1].syntax != out[n].syntax)
        sas_note(rep, out[n].line, "copies of a macro body in different syntax modes: the tick "
                                   "restores the first one's");
      continue;
    }
    out[(*nins)++] = out[n];
  }
  for (n = 0; n < *nins; n++) {
    if (out[n].guard) st->guarded++;
    st->saved += out[n].save_flags != 0;
    st->ticks += out[n].text == NULL;
    if (!out[n].save_flags || out[n].text) continue;
    /* The save moves the stack pointer (emit.c): described where the CFA
     * is computed from it, needs nothing where it is another register. */
    {
      unsigned kind = out[n].cfa & ~SAS_CFA_REG_EXPR;
      if (kind == SAS_CFA_SP) st->cfi_adjusted++;
      if (kind == SAS_CFA_EXPR || kind == SAS_CFA_UNKNOWN)
        sas_note(rep, out[n].line,
                 "the flag save moves the stack pointer where the CFA is %s: its unwind "
                 "information is not adjusted",
                 kind == SAS_CFA_EXPR ? "a DWARF expression"
                                      : "not known here (.cfi_startproc simple, an escape, "
                                        "macro copies that differ)");
      else if (kind != SAS_CFA_NONE && (out[n].cfa & SAS_CFA_REG_EXPR))
        sas_note(rep, out[n].line,
                 "the flag save moves the stack pointer where a register's rule is a DWARF "
                 "expression that reads it: that rule is not adjusted");
      else
        continue;
      st->cfi_unexpressed++;
    }
  }
  {
    unsigned first, left = open_cycles(g, cut, &first);
    st->cycles_open += left;
    /* Always said: the guarantee does not hold there. */
    if (left)
      sas_warn(rep, src->stmts[s->v[g->nodes[first].v].origin].line,
               "warning: %u statements lie on cycles without a tick (first here)", left);
  }
  *ins = out;
  out = NULL;
  rc = 0;
done:
  if (rc) {
    err->line = 0;
    snprintf(err->msg, sizeof err->msg, "out of memory");
  }
  free(flags);
  free(tick);
  free(live);
  free(cut);
  free(cfa);
  free(cfa_after);
  free(run_ticked);
  free(out);
  return rc;
}
