/*
 * The graph of the executable statements (sas.h, README.md "Placement"):
 * sections and their layout, labels (named, .L, numeric), entries,
 * address-taken labels, and what cannot be seen through.
 */
#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "sas.h"
#include "asm_text.h"
#include "strtab.h"
#include "target.h"
#include "returns_twice.h"
#include "skip_policy.h"

/* ---- label definitions -------------------------------------------------- */

struct sym {
  char *name;
  unsigned *defs, ndefs, cap; /* vstmt indices, stream order */
  int is_func, is_ifunc, is_global;
};
/* Each struct sym is allocated on its own, so a struct sym * stays valid
 * across later lookups (issue 30: a `.set A, B` kept A's across B's
 * lookup, which grew the table). */
struct symtab {
  struct sas_strtab by_name; /* name -> struct sym */
};

static struct sym *lookup(struct symtab *t, const char *name, int create) {
  struct sym *y = sas_strtab_get(&t->by_name, name);
  if (y || !create) return y;
  if (!(y = calloc(1, sizeof *y)) || !(y->name = strdup(name)) ||
      sas_strtab_put(&t->by_name, y->name, y)) {
    if (y) free(y->name);
    free(y);
    return NULL;
  }
  return y;
}

/* Appends x to the growable array (*v, *n, *cap); -1 when out of memory. */
static int push_unsigned(unsigned **v, unsigned *n, unsigned *cap, unsigned x) {
  if (*n == *cap) {
    unsigned nc = *cap ? *cap * 2 : 4;
    unsigned *d = realloc(*v, nc * sizeof *d);
    if (!d) return -1;
    *v = d;
    *cap = nc;
  }
  (*v)[(*n)++] = x;
  return 0;
}

static int add_def(struct sym *s, unsigned v) { return push_unsigned(&s->defs, &s->ndefs, &s->cap, v); }

static void symtab_free(struct symtab *t) {
  unsigned i;
  for (i = 0; i < t->by_name.cap; i++)
    if (t->by_name.e[i].key) {
      struct sym *y = t->by_name.e[i].val;
      free(y->name);
      free(y->defs);
      free(y);
    }
  free(t->by_name.e);
}

/* ---- names of any length ------------------------------------------------ */

/* A growable buffer for a name copied out of a statement: names have no
 * length limit (C++ mangled names pass 255 characters), so none is
 * truncated or skipped. */
struct namebuf {
  char *p;
  size_t cap;
};
static char *name_set(struct namebuf *b, const char *a, size_t n) {
  if (n + 2 > b->cap) { /* room for a ':' appended and the NUL */
    size_t nc = b->cap ? b->cap : 256;
    char *p;
    while (nc < n + 2) nc *= 2;
    if (!(p = realloc(b->p, nc))) return NULL;
    b->p = p;
    b->cap = nc;
  }
  memcpy(b->p, a, n);
  b->p[n] = 0;
  return b->p;
}

/* The table key of a label statement "name:": numeric labels keep their
 * ':' so that they never meet a symbol. */
static char *label_key(struct namebuf *b, const char *t) {
  size_t n = strlen(t);
  return name_set(b, t, isdigit((unsigned char)t[0]) ? n : n - 1);
}

/* ---- sections ---------------------------------------------------------- */

/* As many as the unit has (-ffunction-sections -fdata-sections: one or
 * two per function), found by name through a hash of their indices. */
struct section {
  char *name;
  int code, skip, names_no_targets;
};
struct sections {
  struct section *v;
  unsigned n, cap;
  struct sas_strtab by_name; /* name -> section index + 1 */
  unsigned cur, prev;
  unsigned *stack, depth, stack_cap; /* .pushsection */
};

/* The section named name, created with flags (has_flags: a flags string
 * was given, has_x: it holds 'x') if new; -1 when out of memory. */
static int section_id(struct sections *s, const char *name, int has_flags, int has_x) {
  unsigned i;
  struct section *sc;
  uintptr_t found = (uintptr_t)sas_strtab_get(&s->by_name, name);
  if (found) {
    i = (unsigned)(found - 1);
    if (has_x) s->v[i].code = 1;
    return (int)i;
  }
  if (s->n == s->cap) {
    unsigned nc = s->cap ? s->cap * 2 : 64;
    struct section *v = realloc(s->v, nc * sizeof *v);
    if (!v) return -1;
    s->v = v;
    s->cap = nc;
  }
  i = s->n;
  sc = &s->v[i];
  if (!(sc->name = strdup(name))) return -1;
  sc->code = has_flags ? has_x
                       : (!strcmp(name, ".text") || !strncmp(name, ".text.", 6) ||
                          !strcmp(name, ".init") || !strcmp(name, ".fini"));
  /* .init (DT_INIT: crti.o's _init) runs before the module's .init_array,
   * so before its initializer, like _start: it must not tick.  .fini
   * (DT_FINI) is the same kind of fragment, crti.o's _fini prologue and
   * crtn.o's epilogue, linked into every program and library: a tick in
   * it would give every module, even one built to opt out, the ABI note
   * and initializer (crti.o's, whose copy of them lld cannot merge with an
   * LTO object's). */
  sc->skip = !strncmp(name, RR_SOFTTICKS_SKIP_SECTION_PREFIX,
                      strlen(RR_SOFTTICKS_SKIP_SECTION_PREFIX)) ||
             !strcmp(name, ".init") || !strcmp(name, ".fini");
  sc->names_no_targets = !strncmp(name, ".debug", 6) || !strncmp(name, ".zdebug", 7) ||
                         !strncmp(name, ".eh_frame", 9) || !strncmp(name, ".note", 5) ||
                         !strncmp(name, ".stab", 5) || !strcmp(name, ".comment");
  if (sas_strtab_put(&s->by_name, sc->name, (void *)(uintptr_t)(i + 1))) {
    free(sc->name);
    return -1;
  }
  s->n++;
  return (int)i;
}

static void sections_free(struct sections *s) {
  unsigned i;
  for (i = 0; i < s->n; i++) free(s->v[i].name);
  free(s->v);
  free(s->by_name.e);
  free(s->stack);
}

/* Handles a section directive; returns 1 if it was one, 0 if not, -1 when
 * out of memory. */
static int section_directive(struct sections *s, struct namebuf *nb, const struct sas_split *w,
                             struct sas_report *rep, unsigned line, int *manifest) {
  const char *p = w->rest, *a;
  char *name;
  int has_flags = 0, has_x = 0, id;
  switch (w->dir) {
    case SAS_DIR_TEXT:
    case SAS_DIR_SECTION:
    case SAS_DIR_PUSHSECTION:
    case SAS_DIR_POPSECTION:
    case SAS_DIR_PREVIOUS:
    case SAS_DIR_SUBSECTION:
      break;
    default:
      return 0;
  }
  if (w->dir == SAS_DIR_TEXT) {
    if (!(name = name_set(nb, w->word, w->word_len))) return -1;
    for (p = name; *name; name++) *name = (char)tolower((unsigned char)*name);
    name = (char *)p;
    if (*w->rest) sas_note(rep, line, "%s %s: subsections are laid out as one", name, w->rest);
    if ((id = section_id(s, name, 0, 0)) < 0) return -1;
    s->prev = s->cur;
    s->cur = (unsigned)id;
    return 1;
  }
  if (w->dir == SAS_DIR_PREVIOUS) {
    unsigned t = s->cur;
    s->cur = s->prev;
    s->prev = t;
    return 1;
  }
  if (w->dir == SAS_DIR_POPSECTION) {
    if (s->depth) {
      s->cur = s->stack[--s->depth];
    }
    return 1;
  }
  if (w->dir == SAS_DIR_SUBSECTION) {
    sas_note(rep, line, ".subsection: laid out as the same section");
    return 1;
  }
  if (*p == '"') {
    for (a = ++p; *p && *p != '"'; p++) {}
    name = name_set(nb, a, (size_t)(p - a));
    if (*p == '"') p++;
  } else {
    for (a = p; *p && *p != ',' && !isspace((unsigned char)*p); p++) {}
    name = name_set(nb, a, (size_t)(p - a));
  }
  if (!name) return -1;
  while (*p && (isspace((unsigned char)*p) || *p == ',')) p++;
  if (*p == '"') {
    has_flags = 1;
    for (p++; *p && *p != '"'; p++)
      if (*p == 'x') has_x = 1;
  }
  if (!strcmp(name, RR_SOFTTICKS_MANIFEST_SECTION)) *manifest = 1;
  if (w->dir == SAS_DIR_PUSHSECTION) {
    if (s->depth == s->stack_cap) {
      unsigned nc = s->stack_cap ? s->stack_cap * 2 : 64;
      unsigned *st = realloc(s->stack, nc * sizeof *st);
      if (!st) return -1;
      s->stack = st;
      s->stack_cap = nc;
    }
    s->stack[s->depth++] = s->cur;
  } else {
    s->prev = s->cur;
  }
  if ((id = section_id(s, name, has_flags, has_x)) < 0) return -1;
  s->cur = (unsigned)id;
  return 1;
}

/* .set A, B pairs seen before A's type (gcc writes .type first). */
struct aliases {
  struct { struct sym *a, *b; } *pair;
  unsigned n, cap;
};
static int aliases_add(struct aliases *a, struct sym *x, struct sym *y) {
  if (a->n == a->cap) {
    unsigned nc = a->cap ? a->cap * 2 : 16;
    void *p = realloc(a->pair, nc * sizeof *a->pair);
    if (!p) return 0;
    a->pair = p;
    a->cap = nc;
  }
  a->pair[a->n].a = x;
  a->pair[a->n++].b = y;
  return 1;
}

struct build {
  const struct sas_source *src;
  const struct sas_stream *s;
  struct sas_graph *g;
  struct symtab syms;
  int *node_of; /* vstmt -> node, -1 */
  struct sas_report *rep;
  /* label names; mark_taken's tokens; resolve's keys; is_data_label's */
  struct namebuf name, tok, ref, lab;
  unsigned *res, res_cap; /* resolve's answer: every definition, however many */
  /* Per node: a label the code reaches by a branch or call, or a function's
   * (code); a label named as an address (maybe data).  data_in_flow(). */
  unsigned char *branched, *taken;
  /* Per node: a label the previous instruction of its section runs into
   * (through labels only); a label of an asm statement whose address
   * compiled code takes (an entry unless run into: resolve_marks()).
   * compiled: the input is an instrumenting compiler's output, where only
   * asm statements are hand-written. */
  unsigned char *run_into, *taken_by_compiler;
  int compiled;
  int oom;
  /* mark_taken's mode: 0 marks what it names as taken; SLOT_ORG extends
   * the fixed region of each label a `.org` names; SLOT_PROBE marks
   * nothing and counts the labels named that are slot bases (slots) and
   * that are not (others). */
  int mode;
  unsigned slots, others, org_section;
};
enum { SLOT_ORG = 1, SLOT_PROBE };

static int add_edge(struct sas_graph *g, unsigned from, unsigned to) {
  if (g->nedges == g->cap_edges) {
    unsigned nc = g->cap_edges ? g->cap_edges * 2 : 1024;
    void *e = realloc(g->edges, nc * sizeof *g->edges);
    if (!e) return -1;
    g->edges = e;
    g->cap_edges = nc;
  }
  g->edges[g->nedges].from = from;
  g->edges[g->nedges++].to = to;
  return 0;
}

/* Whether node n may run on into the next statement of its section. */
static int falls_through(const struct sas_node *n) {
  enum sas_flow f = n->kind == SAS_NODE_INSN ? n->insn.flow : SAS_FLOW_NONE;
  return f != SAS_FLOW_JMP && f != SAS_FLOW_RET && f != SAS_FLOW_STOP && f != SAS_FLOW_JMP_IND;
}

/*
 * Conditionals the expander could not decide (expand.c keeps every arm):
 * gas assembles one arm, so the code before the .if runs on into each
 * arm's first statement, and each arm's end into the statement after the
 * .endif (an .if arm ending in `ret` must not cut the edge into the .else
 * arm where a loop closes).  Arms are taken to stay in the section of
 * their .if; one that leaves it gets only the layout's edges.
 */
struct arms {
  struct arm_block {
    unsigned sec, before; /* before: the section's last node at the .if */
    int has_else;
    unsigned *ends, nends, cap;
  } *open;
  unsigned nopen, cap_open;
  /* Nodes that run on into the next node of their section (after an .endif). */
  struct { unsigned sec, node; } *pending;
  unsigned npending, cap_pending;
};

static int run_on_later(struct arms *r, unsigned sec, unsigned node) {
  if (!node) return 0;
  if (r->npending == r->cap_pending) {
    unsigned nc = r->cap_pending ? r->cap_pending * 2 : 16;
    void *p = realloc(r->pending, nc * sizeof *r->pending);
    if (!p) return -1;
    r->pending = p;
    r->cap_pending = nc;
  }
  r->pending[r->npending].sec = sec;
  r->pending[r->npending++].node = node;
  return 0;
}

/* An undecided .if, .else/.elseif or .endif in section sec, whose last
 * node is *last; -1 when out of memory. */
static int arms_directive(struct arms *r, enum sas_dir dir, unsigned sec, unsigned *last) {
  struct arm_block *a;
  unsigned i;
  if (dir == SAS_DIR_IF) {
    if (r->nopen == r->cap_open) {
      unsigned nc = r->cap_open ? r->cap_open * 2 : 16;
      void *p = realloc(r->open, nc * sizeof *r->open);
      if (!p) return -1;
      r->open = p;
      r->cap_open = nc;
    }
    r->open[r->nopen++] = (struct arm_block){sec, *last, 0, NULL, 0, 0};
    return 0;
  }
  if (!r->nopen) return 0; /* gas's error */
  a = &r->open[r->nopen - 1];
  if (dir == SAS_DIR_ELSE) {
    if (a->sec != sec) return 0;
    if (push_unsigned(&a->ends, &a->nends, &a->cap, *last)) return -1;
    *last = a->before;
    a->has_else = 1;
    return 0;
  }
  r->nopen--;
  if (a->sec == sec) {
    for (i = 0; i < a->nends; i++)
      if (run_on_later(r, sec, a->ends[i])) return -1;
    if (!a->has_else && run_on_later(r, sec, a->before)) return -1;
  }
  free(a->ends);
  return 0;
}

/* The edges into node (in section sec) from the arms' ends waiting for it. */
static int arms_join(struct arms *r, struct sas_graph *g, unsigned sec, unsigned node) {
  unsigned i, k = 0;
  for (i = 0; i < r->npending; i++) {
    unsigned from = r->pending[i].node;
    if (r->pending[i].sec != sec) {
      r->pending[k++] = r->pending[i];
      continue;
    }
    if (falls_through(&g->nodes[from]) && add_edge(g, from, node)) return -1;
  }
  r->npending = k;
  return 0;
}

static void arms_free(struct arms *r) {
  while (r->nopen) free(r->open[--r->nopen].ends);
  free(r->open);
  free(r->pending);
}

static int is_numeric_ref(const char *t, size_t n) {
  size_t i;
  if (n < 2 || (t[n - 1] != 'b' && t[n - 1] != 'f')) return 0;
  for (i = 0; i + 1 < n; i++)
    if (!isdigit((unsigned char)t[i])) return 0;
  return 1;
}

/* The label definitions (vstmt indices) a reference at v may mean, into
 * b->res (its count returned); numeric backward references also name the
 * earlier definitions while the nearest sits in a conditional arm.  Out of
 * memory: b->oom, 0. */
static int res_add(struct build *b, unsigned k, unsigned d) {
  if (k == b->res_cap) {
    unsigned nc = b->res_cap ? b->res_cap * 2 : 16;
    unsigned *r = realloc(b->res, nc * sizeof *r);
    if (!r) {
      b->oom = 1;
      return -1;
    }
    b->res = r;
    b->res_cap = nc;
  }
  b->res[k] = d;
  return 0;
}
static unsigned resolve(struct build *b, const char *ref, unsigned v) {
  size_t n = strlen(ref);
  unsigned k = 0, i;
  struct sym *s;
  if (is_numeric_ref(ref, n)) {
    char *num = name_set(&b->ref, ref, n);
    if (!num) {
      b->oom = 1;
      return 0;
    }
    num[n - 1] = ':'; /* "1b" -> "1:", its key */
    s = lookup(&b->syms, num, 0);
    if (!s) return 0;
    {
      /* defs are in stream order: the first one after v, by bisection. */
      unsigned lo = 0, hi = s->ndefs;
      while (lo < hi) {
        unsigned mid = lo + (hi - lo) / 2;
        if (s->defs[mid] <= v) lo = mid + 1;
        else hi = mid;
      }
      if (ref[n - 1] == 'f') {
        if (lo < s->ndefs && !res_add(b, k, s->defs[lo])) k++;
      } else {
        for (i = lo; i-- > 0;)
          if (s->defs[i] < v) {
            if (res_add(b, k, s->defs[i])) return k;
            k++;
            if (b->s->v[s->defs[i]].cond_depth == 0) break;
          }
      }
    }
    return k;
  }
  s = lookup(&b->syms, ref, 0);
  if (!s) return 0;
  for (i = 0; i < s->ndefs; i++) {
    if (res_add(b, k, s->defs[i])) return k;
    k++;
  }
  return k;
}

/*
 * Whether label node n labels data kept in a code section (OpenSSL's
 * K256 tables in .text, read through `leaq K256(%rip),%rbp`): the next
 * statement past its labels is data, and the data runs on to a label or
 * the section's end, not into an instruction (data that runs into code
 * may be instructions written as bytes, which only a jump reaches).  A
 * label typed @function is code however it is written.
 */
static int is_data_label(struct build *b, unsigned n) {
  const struct sas_graph *g = b->g;
  const char *name;
  struct sym *y;
  unsigned k = n;
  if (g->nodes[n].kind != SAS_NODE_LABEL) return 0;
  name = label_key(&b->lab, b->s->v[g->nodes[n].v].text);
  y = name ? lookup(&b->syms, name, 0) : NULL;
  if (!name) {
    b->oom = 1;
    return 0;
  }
  if (y && (y->is_func || y->is_ifunc)) return 0;
  while ((k = sas_next_in_section(g, k)) && g->nodes[k].kind == SAS_NODE_LABEL) {
  }
  if (!k || g->nodes[k].kind != SAS_NODE_DATA) return 0;
  while ((k = sas_next_in_section(g, k)) && g->nodes[k].kind == SAS_NODE_DATA) {
  }
  return !k || g->nodes[k].kind == SAS_NODE_LABEL;
}

static unsigned mark_taken(struct build *b, const char *t, unsigned v);

/*
 * Slots: `.balign 8; .org BASE + X * 8` before each block (libffi's x86
 * unix64.S and win64.S, "jump tables without an actual table"): the code
 * computes BASE + 8k and jumps there.  gas puts every slot at its offset
 * whatever precedes BASE, so that address is not refused (computed.c); a
 * tick from BASE up to its last .org would move what follows it in its
 * slot and overflow the slot ("attempt to move .org backwards"), so those
 * statements are fixed: no tick.  BASE's entry tick goes before the
 * indirect jump that follows the computation (slot_jump).  The .org at
 * statement v names label node l: the region grows to v.
 */
static void slot_extend(struct build *b, unsigned l, unsigned v) {
  struct sas_graph *g = b->g;
  unsigned k;
  if (g->nodes[l].kind != SAS_NODE_LABEL || g->nodes[l].v >= v ||
      b->org_section != g->nodes[l].section)
    return;
  if (!g->nodes[l].slot_base) g->slot_tables++;
  g->nodes[l].slot_base = 1;
  for (k = l; k < g->n && g->nodes[k].v < v; k++)
    if (g->nodes[k].section == g->nodes[l].section) g->nodes[k].fixed = 1;
}

/* An instruction naming slot bases only (none else), with an indirect jump
 * next on its fall-through path (at most 32 instructions on, before any
 * other jump or return): slot_table, and the jump slot_jump. */
static void find_slot_tables(struct build *b) {
  struct sas_graph *g = b->g;
  unsigned n, k, seen;
  if (!g->slot_tables) return;
  for (n = 1; n < g->n; n++) {
    const struct sas_node *nd = &g->nodes[n];
    if (nd->kind != SAS_NODE_INSN || !nd->takes_code_address) continue;
    b->mode = SLOT_PROBE;
    b->slots = b->others = 0;
    mark_taken(b, nd->insn.operands, nd->v);
    b->mode = 0;
    if (!b->slots || b->others) continue;
    for (k = sas_next_in_section(g, n), seen = 0; k && seen < 32; k = sas_next_in_section(g, k)) {
      const struct sas_node *x = &g->nodes[k];
      if (x->kind != SAS_NODE_INSN) continue;
      seen++;
      if (x->insn.flow == SAS_FLOW_JMP_IND) {
        g->nodes[k].slot_jump = 1;
        g->nodes[n].slot_table = 1;
        break;
      }
      if (x->insn.flow == SAS_FLOW_JMP || x->insn.flow == SAS_FLOW_RET ||
          x->insn.flow == SAS_FLOW_STOP || x->insn.flow == SAS_FLOW_UNKNOWN)
        break;
    }
  }
}

/* Every symbol named in text (not in strings, not registers, not after
 * @) that is a label of code in a code section: address taken. */
static unsigned mark_taken(struct build *b, const char *t, unsigned v) {
  const char *p = t;
  unsigned found = 0;
  while (*p) {
    if (*p == '"') {
      for (p++; *p && *p != '"'; p++)
        if (*p == '\\' && p[1]) p++;
      if (*p) p++;
      continue;
    }
    if (*p == '%' || *p == '@') { /* register, relocation operator */
      p++;
      while (*p && (isalnum((unsigned char)*p) || *p == '_')) p++;
      continue;
    }
    if (isalnum((unsigned char)*p) || *p == '_' || *p == '.' || *p == '$') {
      const char *a = p;
      char *tok;
      unsigned n, i;
      if (*p == '$') a = ++p;
      while (*p && (isalnum((unsigned char)*p) || *p == '_' || *p == '.' || *p == '$')) p++;
      if (p == a) continue;
      if (!(tok = name_set(&b->tok, a, (size_t)(p - a)))) {
        b->oom = 1;
        return found;
      }
      if (isdigit((unsigned char)tok[0]) && !is_numeric_ref(tok, strlen(tok))) continue;
      n = resolve(b, tok, v);
      for (i = 0; i < n; i++) {
        int node = b->node_of[b->res[i]];
        if (node > 0 && is_data_label(b, (unsigned)node)) continue;
        if (node > 0 && b->mode == SLOT_PROBE) {
          if (b->g->nodes[node].slot_base) b->slots++;
          else b->others++;
          continue;
        }
        if (node > 0 && b->mode == SLOT_ORG) slot_extend(b, (unsigned)node, v);
        if (node > 0) found++;
        if (node > 0 && b->taken) b->taken[node] = 1;
        if (node > 0 && b->compiled && !b->src->stmts[b->s->v[v].origin].in_app &&
            b->src->stmts[b->s->v[b->g->nodes[node].v].origin].in_app) {
          b->taken_by_compiler[node] = 1; /* resolve_marks() decides */
          continue;
        }
        if (node > 0 && !b->g->nodes[node].entry) {
          b->g->nodes[node].entry = 1;
          b->g->address_taken++;
        }
      }
      continue;
    }
    p++;
  }
  return found;
}

/* The length of the operand at p: up to a comma or a blank. */
static size_t operand_len(const char *p) {
  size_t n = 0;
  while (p[n] && p[n] != ',' && !isspace((unsigned char)p[n])) n++;
  return n;
}

static int in_list(const struct sas_options *o, const char *name) {
  unsigned i;
  for (i = 0; o && i < o->nskip; i++)
    if (!strcmp(o->skip[i], name)) return 1;
  return 0;
}

/* The text of statement a and the part [b, e) of a tick's text, alike but
 * for white space. */
static int same_text(const char *a, const char *b, const char *e) {
  for (;;) {
    while (isspace((unsigned char)*a)) a++;
    while (b < e && isspace((unsigned char)*b)) b++;
    if (!*a || b == e) return !*a && b == e;
    if (*a++ != *b++) return 0;
  }
}

/* Whether vstmt v lies inside one of the target's own tick sequences, in
 * AT&T or Intel spelling (the plugins' inline asm, a file instrumented by
 * hand with the header's macro): every statement of the sequence, in
 * order, around it.  The header writes its short jumps as bytes
 * (include/rr/softticks.h); they jump to the sequence's own end, over no
 * place a tick goes, so they are no branch relative to the location
 * counter that a tick could break: they stay the floor, as before the
 * decoder knew branches. */
static int in_own_tick(const struct sas_target *tg, const struct sas_stream *s, unsigned v) {
  int spelling, found = 0;
  for (spelling = 0; spelling < 2 && !found; spelling++) {
    struct st_text t = ST_TEXT_INIT;
    const char *p, *q, *stmts[32], *ends[32];
    char *text;
    unsigned k = 0, j, i;
    if (spelling == 0) tg->tick_text(tg, 0, 0, SAS_SYNTAX_ATT, &t);
    else if (tg->tick_text_intel) tg->tick_text_intel(tg, 0, 0, &t);
    else break;
    if (!(text = st_text_finish(&t))) return 0;
    for (p = text; *p && k < 32; p = *q ? q + 1 : q) {
      q = strchr(p, ';');
      if (!q) q = p + strlen(p);
      if (q > p) stmts[k] = p, ends[k++] = q;
    }
    for (j = 0; j < k && !found; j++) {
      if (j > v || v - j + k > s->n) continue;
      for (i = 0; i < k; i++) {
        const struct sas_vstmt *x = &s->v[v - j + i];
        if (x->is_label || !same_text(x->text, stmts[i], ends[i])) break;
      }
      found = i == k;
    }
    free(text);
  }
  return found;
}

/*
 * Data in the instruction flow (issue 27): hand-written code spells
 * instructions its assembler may not know as data (OpenSSL: `.byte
 * 0xf3,0x0f,0x1e,0xfa` for endbr64, rdrand and adcx as bytes; aarch64
 * `.inst`).  Counted as flag-neutral data, an adcx carry loop lost its
 * carry to the head's tick, a function starting with endbr64's bytes
 * lost its entry tick ("followed by data"), and a loop head followed by
 * `pause`'s bytes stayed open.  So a directive of integers
 * (sas_dir_insn_bytes) is an instruction when the flow reaches it: "reached
 * by fall-through or a branch = code".  Code flows from instructions, from
 * labels of functions and of branch or call targets, and on by
 * fall-through through labels and such data; a label that is only named as
 * an address (OpenSSL's `K256` after a `ret`, read by `lea K256(%rip)`)
 * is not entered by fall-through: a table after a call that does not
 * return stays data.  And data directly followed by an instruction (no
 * label between: nothing else could reach that instruction) is code too.
 * What the bytes do comes from the target's decoder (x86: XED's byte
 * patterns); the floor, for bytes it does not know, is an instruction
 * that reads every register the tick clobbers, writes none and falls
 * through, so a tick may go before it and never takes a value it needs.
 */
static int bytes_node(const struct build *b, unsigned n) {
  const struct sas_node *nd = &b->g->nodes[n];
  return nd->kind == SAS_NODE_DATA && sas_dir_insn_bytes(&b->s->v[nd->v].w);
}

/* Whether data node n, as the target decodes its bytes, ends the flow (a
 * ret, jmp or ud2 written as bytes, OpenSSL's `.byte 0xf3,0xc3`): what
 * follows it is not reached by fall-through, as after a written `ret`.
 * Its fall-through edge is only dropped once it is an instruction (below),
 * so the flow here asks.  stop caches it: 0 not asked, 1 no, 2 yes. */
static int bytes_end_flow(const struct build *b, unsigned n, unsigned char *stop) {
  const struct sas_target *tg = b->g->target;
  struct sas_insn in;
  if (!stop[n]) {
    int known = tg->classify_bytes && tg->classify_bytes(tg, &b->s->v[b->g->nodes[n].v].w, &in);
    stop[n] = known && (in.flow == SAS_FLOW_JMP || in.flow == SAS_FLOW_RET ||
                        in.flow == SAS_FLOW_STOP || in.flow == SAS_FLOW_JMP_IND) ? 2 : 1;
  }
  return stop[n] == 2;
}

static int data_in_flow(struct build *b) {
  struct sas_graph *g = b->g;
  unsigned char *code = b->branched; /* the seeds, then the flow */
  unsigned char *stop = calloc(g->n ? g->n : 1, 1);
  unsigned n, e, k;
  int changed = 1;
  static const char no_operands[] = "";
  if (!stop) return -1;
  for (n = 1; n < g->n; n++)
    if (g->nodes[n].kind == SAS_NODE_INSN) code[n] = 1;
  while (changed) {
    changed = 0;
    for (e = 0; e < g->nedges; e++) {
      unsigned f = g->edges[e].from, t = g->edges[e].to;
      if (!f || !code[f] || code[t]) continue;
      if (bytes_node(b, f) && bytes_end_flow(b, f, stop)) continue;
      if (bytes_node(b, t) || (g->nodes[t].kind == SAS_NODE_LABEL && !b->taken[t])) {
        code[t] = 1;
        changed = 1;
      }
    }
    for (n = g->n; n-- > 1;) {
      unsigned nx;
      if (code[n] || !bytes_node(b, n)) continue;
      nx = sas_next_in_section(g, n);
      if (nx && code[nx] && g->nodes[nx].kind != SAS_NODE_LABEL) {
        code[n] = 1;
        changed = 1;
      }
    }
  }
  for (n = 1; n < g->n; n++) {
    struct sas_node *nd = &g->nodes[n];
    const struct sas_target *tg = g->target;
    if (!code[n] || nd->kind != SAS_NODE_DATA || !bytes_node(b, n)) continue;
    nd->kind = SAS_NODE_INSN;
    memset(&nd->insn, 0, sizeof nd->insn);
    if (!tg->classify_bytes || !tg->classify_bytes(tg, &b->s->v[nd->v].w, &nd->insn)) {
      /* A landing pad the decoder found first (endbr64 and bytes it does
       * not know, in one statement) stays one: the tick goes after. */
      int pad = nd->insn.is_landing_pad;
      memset(&nd->insn, 0, sizeof nd->insn);
      nd->insn.flow = SAS_FLOW_NONE;
      nd->insn.reads = g->tick_clobbers;
      nd->insn.is_landing_pad = pad;
    }
    if (nd->insn.flow != SAS_FLOW_NONE && in_own_tick(tg, b->s, nd->v)) {
      memset(&nd->insn, 0, sizeof nd->insn);
      nd->insn.flow = SAS_FLOW_NONE;
      nd->insn.reads = g->tick_clobbers;
    }
    /* The numbers are no operands an instruction reads (computed.c). */
    nd->insn.operands = no_operands;
    nd->insn.target = NULL;
    nd->insn.target_len = 0;
    nd->insn.from_data = 1;
    g->instructions++;
    switch (nd->insn.flow) {
      case SAS_FLOW_JMP:
      case SAS_FLOW_JCC:
        /* A displacement, no label of the file: a branch relative to the
         * location counter, which a tick in between would move (an
         * aarch64 `.inst` b.ne closing a loop: the cycle is not seen). */
        nd->location_branch = 1;
        nd->leaves_file = 1;
        break;
      case SAS_FLOW_JMP_IND:
        nd->leaves_file = 1;
        break;
      case SAS_FLOW_CALL:
        /* Relative too (x86 `.byte 0xe8` and a rel32, aarch64 bl), as
         * `call .+5` written out: location_branch, no label to follow. */
        nd->insn.flow = SAS_FLOW_CALL_IND;
        nd->location_branch = 1;
        break;
      default:
        break;
    }
    if (nd->insn.flow == SAS_FLOW_JMP || nd->insn.flow == SAS_FLOW_RET ||
        nd->insn.flow == SAS_FLOW_STOP || nd->insn.flow == SAS_FLOW_JMP_IND) {
      /* Its only edge was the fall-through data has: gone. */
      for (e = k = 0; e < g->nedges; e++)
        if (g->edges[e].from != n) g->edges[k++] = g->edges[e];
      g->nedges = k;
    }
  }
  free(stop);
  return 0;
}

/*
 * The smallest unit left alone where the tool cannot decide: the function
 * (outside any, the code of its section outside functions) of
 *  - an instruction the target does not know: it may go anywhere and use
 *    any flag.  Placement still sees its edges (it falls through and may
 *    leave: everything is live there);
 *  - a branch relative to the location counter (`loop .`, `jnz .-3`): its
 *    target is a distance in bytes, which a tick in between would change
 *    (a tick cannot go between `loop .` and itself either);
 *  - memory at a constant distance from the instruction (x86 `4081(%rip)`:
 *    libffi's static trampolines read the page mapped after their own):
 *    a tick before it moves it and not what it reads.
 * The rest of the file ticks; the warning says so even without
 * --softticks-report.
 */
static void leave_functions_alone(const struct sas_source *src, const struct sas_stream *s,
                                  struct sas_graph *g, const char **fn_of,
                                  struct sas_report *rep) {
  unsigned n, k;
  for (n = 1; n < g->n; n++) {
    struct sas_node *nd = &g->nodes[n];
    const char *why;
    if (nd->kind != SAS_NODE_INSN) continue;
    if (nd->insn.flow == SAS_FLOW_UNKNOWN) {
      nd->leaves_file = 1;
      why = "unknown instruction";
    } else if (nd->location_branch) {
      why = "branch relative to the location counter";
    } else if (nd->self_relative) {
      why = "memory at a fixed distance from the instruction";
    } else {
      continue;
    }
    if (nd->skip) continue;
    sas_warn(rep, src->stmts[s->v[nd->v].origin].line,
             "warning: %s (%s): %s %s is not instrumented", why, s->v[nd->v].text,
             fn_of[n] ? "function" : "the code outside functions of section",
             fn_of[n] ? fn_of[n] : "of this file");
    for (k = 1; k < g->n; k++)
      if (fn_of[k] == fn_of[n] && (fn_of[n] || g->nodes[k].section == nd->section))
        g->nodes[k].skip = 1;
  }
}

/* Statement v (a label) opens a frame: a .cfi_startproc comes after it
 * before any instruction or data, so a function starts there. */
static int opens_frame(const struct sas_stream *s, unsigned v) {
  unsigned k;
  for (k = v + 1; k < s->n; k++) {
    const char *t = s->v[k].text;
    if (s->v[k].is_label) continue;
    if (s->v[k].w.dir == SAS_DIR_NONE || s->v[k].w.dir == SAS_DIR_DATA) return 0;
    if (s->v[k].w.dir != SAS_DIR_CFI) continue;
    while (isspace((unsigned char)*t)) t++;
    if (!strncmp(t, ".cfi_startproc", 14) && (!t[14] || isspace((unsigned char)t[14]))) return 1;
  }
  return 0;
}

/* A label that straight code runs into names the instruction after it:
 * rr's `do_breakpoint_fault_addr`, global, in an asm statement in the
 * middle of a function, whose address the C code around it takes and
 * hands to rr, which compares it with the ip of a fault.  An entry tick
 * there would move the name off its instruction.  So being global, or
 * having its address taken by compiled code (which never jumps into an
 * asm statement), makes such a label no entry; a label typed a function,
 * called, or named by hand-written code stays one wherever it is, and so
 * does one that opens a frame (.cfi_startproc: a function starts there).
 * Here the labels only compiled code names become entries unless run
 * into. */
static void resolve_marks(struct build *b) {
  struct sas_graph *g = b->g;
  unsigned n;
  for (n = 1; n < g->n; n++)
    if (b->taken_by_compiler[n] && !b->run_into[n] && !g->nodes[n].entry) {
      g->nodes[n].entry = 1;
      g->address_taken++;
    }
}

int sas_graph_build(const struct sas_source *src, const struct sas_stream *s,
                    const struct sas_options *opt, struct sas_graph *g, struct sas_report *rep,
                    struct sas_error *err) {
  struct build b;
  struct sections *sec = calloc(1, sizeof *sec);
  unsigned v, *sec_of = NULL, *last = NULL, nn = 1;
  char **cur_fn = NULL;
  const char **fn_of = NULL; /* node -> the function it lies in (its symbol's name) */
  int rc = -1, manifest = 0, id;
  struct aliases aliases = {NULL, 0, 0};
  struct arms arms;
  memset(&arms, 0, sizeof arms);
  memset(&b, 0, sizeof b);
  b.src = src;
  b.s = s;
  b.g = g;
  b.rep = rep;
  memset(g, 0, sizeof *g);
  g->target = sas_target_of(src->arch);
  b.node_of = malloc((s->n + 1) * sizeof *b.node_of);
  sec_of = malloc((s->n + 1) * sizeof *sec_of);
  g->nodes = calloc(s->n + 1, sizeof *g->nodes);
  if (!sec || !b.node_of || !sec_of || !g->nodes) goto oom;
  if ((id = section_id(sec, ".text", 0, 0)) < 0) goto oom;
  sec->cur = sec->prev = (unsigned)id;

  /* Pass 1: sections, nodes, label definitions, symbol types. */
  for (v = 0; v < s->n; v++) {
    const char *t = s->v[v].text, *rest = s->v[v].w.rest;
    enum sas_dir dir = s->v[v].is_label ? SAS_DIR_NONE : s->v[v].w.dir;
    unsigned line = src->stmts[s->v[v].origin].line;
    b.node_of[v] = -1;
    if (!s->v[v].is_label) {
      int r = section_directive(sec, &b.name, &s->v[v].w, rep, line, &manifest);
      if (r < 0) goto oom;
      if (r) {
        sec_of[v] = sec->cur;
        continue;
      }
    }
    sec_of[v] = sec->cur;
    if (s->v[v].is_label) {
      struct sym *y;
      const char *name = label_key(&b.name, t);
      if (!name || !(y = lookup(&b.syms, name, 1)) || add_def(y, v)) goto oom;
    } else if (dir == SAS_DIR_SET) {
      /* .set ifunc, resolver: the resolver is what the loader calls. */
      size_t na = operand_len(rest), nt = 0;
      const char *c = rest + na;
      while (isspace((unsigned char)*c)) c++;
      if (na && *c == ',') {
        for (c++; isspace((unsigned char)*c); c++) {}
        nt = operand_len(c);
      }
      if (nt) {
        struct sym *y, *t;
        if (!name_set(&b.name, rest, na) || !(y = lookup(&b.syms, b.name.p, 1)) ||
            !name_set(&b.name, c, nt) || !(t = lookup(&b.syms, b.name.p, 1)))
          goto oom;
        if (y->is_ifunc) t->is_ifunc = 1;
        else if (!aliases_add(&aliases, y, t)) goto oom;
      }
    } else if (dir == SAS_DIR_TYPE || dir == SAS_DIR_GLOBL) {
      size_t k = operand_len(rest);
      struct sym *y;
      const char *p = rest + k;
      if (!name_set(&b.name, rest, k) || !(y = lookup(&b.syms, b.name.p, 1))) goto oom;
      if (dir == SAS_DIR_GLOBL) y->is_global = 1;
      else if (strstr(p, "gnu_indirect_function")) y->is_ifunc = 1;
      else if (strstr(p, "function") || strstr(p, "STT_FUNC")) y->is_func = 1;
    }
    if (!sec->v[sec->cur].code) continue;
    if (s->v[v].is_label || dir == SAS_DIR_NONE || dir == SAS_DIR_DATA) {
      struct sas_node *nd = &g->nodes[nn];
      nd->kind = s->v[v].is_label       ? SAS_NODE_LABEL
                 : dir == SAS_DIR_NONE ? SAS_NODE_INSN
                                       : SAS_NODE_DATA;
      nd->v = v;
      nd->section = sec->cur;
      if (nd->kind == SAS_NODE_INSN) {
        g->target->classify(g->target, &s->v[v].w, &nd->insn);
        g->instructions++;
      }
      b.node_of[v] = (int)nn++;
    }
  }
  for (v = 0; v < aliases.n; v++)
    if (aliases.pair[v].a->is_ifunc) aliases.pair[v].b->is_ifunc = 1;
  g->n = nn;
  g->has_manifest = manifest;

  g->tick_clobbers = g->target->tick_clobbers;
  g->nodes[0].kind = SAS_NODE_ROOT;

  /* Functions that run before the module's initializer: named in
   * .preinit_array or in .init_array at a priority up to the initializer's
   * (common/skip_policy.c reads the section names); they never tick, as
   * ifunc resolvers. */
  for (v = 0; v < s->n; v++) {
    const char *name = sec->v[sec_of[v]].name, *p;
    int prio = st_init_array_section_priority(name);
    if (sec->v[sec_of[v]].code || s->v[v].is_label) continue;
    if (!st_is_preinit_section(name) && (prio == ST_NOT_CDTOR || prio > RR_SOFTTICKS_INIT_PRIORITY))
      continue;
    if (s->v[v].w.dir != SAS_DIR_DATA) continue;
    for (p = s->v[v].w.rest; *p;) {
      const char *a = p;
      char *tok;
      struct sym *y;
      while (*p && (isalnum((unsigned char)*p) || *p == '_' || *p == '.' || *p == '$')) p++;
      if (p == a) {
        p++;
        continue;
      }
      if (!(tok = name_set(&b.tok, a, (size_t)(p - a)))) goto oom;
      if ((y = lookup(&b.syms, tok, 0)) && !y->is_ifunc) {
        y->is_ifunc = 1; /* the same rule: runs before the page exists */
        sas_note(rep, src->stmts[s->v[v].origin].line, "%s runs before the initializer (%s): not ticked",
                 tok, name);
      }
    }
  }

  /* Pass 2: edges, entries, address-taken labels, opt-outs. */
  last = malloc(sec->n * sizeof *last);
  cur_fn = calloc(sec->n, sizeof *cur_fn);
  fn_of = calloc(g->n, sizeof *fn_of);
  b.branched = calloc(g->n, 1);
  b.taken = calloc(g->n, 1);
  b.run_into = calloc(g->n, 1);
  b.taken_by_compiler = calloc(g->n, 1);
  b.compiled = manifest || opt->compiled;
  if (!last || !cur_fn || !fn_of || !b.branched || !b.taken || !b.run_into || !b.taken_by_compiler) goto oom;
  for (v = 0; v < sec->n; v++) last[v] = 0;
  for (v = 0; v < s->n; v++) {
    const char *t = s->v[v].text, *rest = s->v[v].w.rest;
    enum sas_dir dir = s->v[v].is_label ? SAS_DIR_NONE : s->v[v].w.dir;
    int node = b.node_of[v];
    unsigned line = src->stmts[s->v[v].origin].line;
    struct sas_node *nd = node > 0 ? &g->nodes[node] : NULL;
    if (!s->v[v].is_label && (dir == SAS_DIR_IF || dir == SAS_DIR_ELSE || dir == SAS_DIR_ENDIF)) {
      if (arms_directive(&arms, dir, sec_of[v], &last[sec_of[v]])) goto oom;
      continue;
    }
    if (!nd) {
      /* Debug information, unwind tables and notes name code addresses
       * that nothing jumps to (.gcc_except_table's landing pads stay:
       * the unwinder jumps there). */
      if (sec->v[sec_of[v]].names_no_targets) continue;
      if (!s->v[v].is_label && dir == SAS_DIR_ORG) {
        b.mode = SLOT_ORG;
        b.org_section = sec_of[v];
        mark_taken(&b, rest, v);
        b.mode = 0;
      } else if (!s->v[v].is_label && dir != SAS_DIR_NONE && !sas_dir_names_no_address(dir))
        mark_taken(&b, rest, v);
      else if (!s->v[v].is_label && dir == SAS_DIR_NONE)
        mark_taken(&b, rest, v); /* code in data */
      continue;
    }
    if (nd->kind == SAS_NODE_LABEL) {
      struct sym *y;
      const char *name = label_key(&b.name, t);
      unsigned before = last[nd->section];
      if (!name) goto oom;
      /* A label that opens a frame starts a function, whatever runs into it. */
      b.run_into[node] = before &&
                         (g->nodes[before].kind == SAS_NODE_LABEL
                              ? b.run_into[before]
                              : g->nodes[before].kind == SAS_NODE_INSN && falls_through(&g->nodes[before])) &&
                         !opens_frame(s, v);
      y = lookup(&b.syms, name, 0);
      if (y && (y->is_func || y->is_ifunc)) b.branched[node] = 1;
      if (y && (y->is_func || y->is_ifunc || (y->is_global && !b.run_into[node]))) {
        nd->entry = 1;
        cur_fn[nd->section] = y->name;
        if (y->is_ifunc) sas_note(rep, line, "%s runs before the page exists: not ticked", name);
      }
    }
    {
      const char *fn = fn_of[node] = cur_fn[nd->section];
      struct sym *y = fn ? lookup(&b.syms, fn, 0) : NULL;
      nd->compiled = b.compiled && !src->stmts[s->v[v].origin].in_app;
      nd->skip = sec->v[nd->section].skip || (fn && (in_list(opt, fn) || !strcmp(fn, "_start") ||
                                                    (y && y->is_ifunc))) ||
                 nd->compiled || s->v[v].foreign;
    }
    /* Fall-through from the previous node of the section. */
    if (last[nd->section] && falls_through(&g->nodes[last[nd->section]]) &&
        add_edge(g, last[nd->section], (unsigned)node))
      goto oom;
    if (arms.npending && arms_join(&arms, g, nd->section, (unsigned)node)) goto oom;
    last[nd->section] = (unsigned)node;
    if (nd->kind == SAS_NODE_DATA) mark_taken(&b, rest, v);
    if (nd->kind != SAS_NODE_INSN) continue;
    switch (nd->insn.flow) {
      case SAS_FLOW_JMP:
      case SAS_FLOW_JCC:
      case SAS_FLOW_CALL: {
        unsigned n, i, inside = 0;
        const char *target;
        if (sas_uses_location(nd->insn.operands)) {
          nd->location_branch = 1;
          nd->leaves_file = nd->insn.flow != SAS_FLOW_CALL;
          break;
        }
        if (!nd->insn.target_len) {
          sas_note(rep, line, "branch to an expression, not a label: not followed (%s)", t);
          mark_taken(&b, nd->insn.operands, v);
          nd->leaves_file = nd->insn.flow != SAS_FLOW_CALL;
          break;
        }
        if (!(target = name_set(&b.name, nd->insn.target, nd->insn.target_len))) goto oom;
        n = resolve(&b, target, v);
        for (i = 0; i < n; i++) {
          int to = b.node_of[b.res[i]];
          if (to <= 0) continue;
          inside++;
          b.branched[to] = 1;
          if (nd->insn.flow == SAS_FLOW_CALL) {
            g->nodes[to].entry = 1;
          } else if (add_edge(g, (unsigned)node, (unsigned)to)) {
            goto oom;
          }
        }
        nd->leaves_file = nd->insn.flow != SAS_FLOW_CALL && !inside;
        if (nd->insn.flow == SAS_FLOW_CALL && st_returns_twice_name(target))
          nd->rt_call = 1;
        break;
      }
      case SAS_FLOW_JMP_IND:
        nd->leaves_file = 1;
        g->indirect_jumps++;
        sas_note(rep, line,
                 "indirect jump: its targets are taken to be the file's address-taken labels, "
                 "or code outside the file");
        mark_taken(&b, nd->insn.operands, v);
        break;
      default:
        nd->takes_code_address = mark_taken(&b, nd->insn.operands, v) > 0;
        if (g->target->self_relative) {
          int r = g->target->self_relative(nd->insn.operands, (enum sas_syntax)s->v[v].w.syntax);
          nd->self_relative = r == 1;
          nd->names_next = r == 2;
        }
        break;
    }
  }
  resolve_marks(&b);
  if (b.oom || data_in_flow(&b)) goto oom;
  find_slot_tables(&b);
  if (b.oom) goto oom;
  /* `lea 0(%rip), %r14` (GMP's k8 mul_basecase: `jmp *%r14` comes back
   * there): the next statement is address taken, an entry. */
  for (v = 1; v < g->n; v++) {
    unsigned k = g->nodes[v].names_next ? sas_next_in_section(g, v) : 0;
    if (k && !g->nodes[k].entry) {
      g->nodes[k].entry = 1;
      g->address_taken++;
    }
  }
  leave_functions_alone(src, s, g, fn_of, rep);
  /* The root reaches every entry (the placement core ticks them). */
  for (v = 1; v < g->n; v++)
    if (g->nodes[v].entry && add_edge(g, 0, v)) goto oom;
  g->section_of = sec_of; /* cfi.c */
  g->nsections = sec->n;
  sec_of = NULL;
  rc = 0;
  goto out;
oom:
  err->line = 0;
  snprintf(err->msg, sizeof err->msg, "out of memory");
out:
  if (sec) sections_free(sec);
  free(sec);
  free(sec_of);
  free(last);
  free(cur_fn);
  free(fn_of);
  free(b.node_of);
  free(aliases.pair);
  arms_free(&arms);
  free(b.name.p);
  free(b.tok.p);
  free(b.ref.p);
  free(b.lab.p);
  free(b.res);
  free(b.branched);
  free(b.taken);
  free(b.run_into);
  free(b.taken_by_compiler);
  symtab_free(&b.syms);
  return rc;
}

unsigned sas_next_in_section(const struct sas_graph *g, unsigned n) {
  unsigned k;
  for (k = n + 1; k < g->n; k++)
    if (g->nodes[k].section == g->nodes[n].section) return k;
  return 0;
}

void sas_graph_free(struct sas_graph *g) {
  free(g->section_of);
  free(g->nodes);
  free(g->edges);
  memset(g, 0, sizeof *g);
}
