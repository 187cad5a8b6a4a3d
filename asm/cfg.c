/*
 * The graph of the executable statements (sas.h, README.md "Placement"):
 * sections and their layout, labels (named, .L, numeric), entries,
 * address-taken labels, and what cannot be seen through.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "sas.h"
#include "returns_twice.h"
#include "skip_policy.h"

/* ---- a string-keyed table of label definitions ------------------------ */

struct sym {
  char *name;
  unsigned *defs, ndefs, cap; /* vstmt indices, stream order */
  int is_func, is_ifunc, is_global;
};
/* The slots hold pointers: growing the table moves them, never a struct
 * sym, so a struct sym * stays valid across later lookups (issue 30: a
 * `.set A, B` kept A's across B's lookup, which grew the table). */
struct symtab {
  struct sym **s;
  unsigned cap, n;
};

static unsigned hash(const char *k) {
  unsigned h = 2166136261u;
  while (*k) h = (h ^ (unsigned char)*k++) * 16777619u;
  return h;
}

static struct sym *lookup(struct symtab *t, const char *name, int create) {
  unsigned i;
  struct sym *y;
  if (create && (t->n + 1) * 2 > t->cap) {
    struct symtab nt = {calloc(t->cap ? t->cap * 2 : 1024, sizeof *nt.s),
                        t->cap ? t->cap * 2 : 1024, 0};
    if (!nt.s) return NULL;
    for (i = 0; i < t->cap; i++)
      if (t->s[i]) {
        unsigned j = hash(t->s[i]->name) & (nt.cap - 1);
        while (nt.s[j]) j = (j + 1) & (nt.cap - 1);
        nt.s[j] = t->s[i];
        nt.n++;
      }
    free(t->s);
    *t = nt;
  }
  if (!t->cap) return NULL;
  for (i = hash(name) & (t->cap - 1); t->s[i]; i = (i + 1) & (t->cap - 1))
    if (!strcmp(t->s[i]->name, name)) return t->s[i];
  if (!create) return NULL;
  if (!(y = calloc(1, sizeof *y)) || !(y->name = strdup(name))) {
    free(y);
    return NULL;
  }
  t->s[i] = y;
  t->n++;
  return y;
}

static int add_def(struct sym *s, unsigned v) {
  if (s->ndefs == s->cap) {
    unsigned nc = s->cap ? s->cap * 2 : 4;
    unsigned *d = realloc(s->defs, nc * sizeof *d);
    if (!d) return -1;
    s->defs = d;
    s->cap = nc;
  }
  s->defs[s->ndefs++] = v;
  return 0;
}

static void symtab_free(struct symtab *t) {
  unsigned i;
  for (i = 0; i < t->cap; i++)
    if (t->s[i]) {
      free(t->s[i]->name);
      free(t->s[i]->defs);
      free(t->s[i]);
    }
  free(t->s);
}

/* ---- sections ---------------------------------------------------------- */

#define MAX_SECTIONS 4096
struct sections {
  char *name[MAX_SECTIONS];
  int code[MAX_SECTIONS], skip[MAX_SECTIONS], names_no_targets[MAX_SECTIONS];
  unsigned n, cur, prev, stack[64], depth;
};

static unsigned section_id(struct sections *s, const char *name, const char *flags) {
  unsigned i;
  for (i = 0; i < s->n; i++)
    if (!strcmp(s->name[i], name)) {
      if (flags && strchr(flags, 'x')) s->code[i] = 1;
      return i;
    }
  if (s->n == MAX_SECTIONS) return 0;
  s->name[i] = strdup(name);
  s->code[i] = flags ? strchr(flags, 'x') != NULL
                     : (!strcmp(name, ".text") || !strncmp(name, ".text.", 6) ||
                        !strcmp(name, ".init") || !strcmp(name, ".fini"));
  /* .init (DT_INIT: crti.o's _init) runs before the module's .init_array,
   * so before its initializer, like _start: it must not tick.  .fini
   * (DT_FINI) is the same kind of fragment, crti.o's _fini prologue and
   * crtn.o's epilogue, linked into every program and library: a tick in
   * it would give every module, even one built to opt out, the ABI note
   * and initializer (crti.o's, whose copy of them lld cannot merge with an
   * LTO object's). */
  s->skip[i] = !strncmp(name, RR_SOFTTICKS_SKIP_SECTION_PREFIX,
                        strlen(RR_SOFTTICKS_SKIP_SECTION_PREFIX)) ||
               !strcmp(name, ".init") || !strcmp(name, ".fini");
  s->names_no_targets[i] = !strncmp(name, ".debug", 6) || !strncmp(name, ".zdebug", 7) ||
                           !strncmp(name, ".eh_frame", 9) || !strncmp(name, ".note", 5) ||
                           !strncmp(name, ".stab", 5) || !strcmp(name, ".comment");
  s->n++;
  return i;
}

/* word and the rest of a statement. */
static const char *word(const char *t, char *w, size_t cap) {
  size_t k = 0;
  while (*t && isspace((unsigned char)*t)) t++;
  while (*t && !isspace((unsigned char)*t) && *t != ',' && k + 1 < cap) w[k++] = *t++;
  w[k] = 0;
  while (*t && (isspace((unsigned char)*t))) t++;
  return t;
}

/* Handles a section directive; returns 1 if it was one. */
static int section_directive(struct sections *s, const char *w, const char *rest,
                             struct sas_report *rep, unsigned line, int *manifest) {
  char name[512] = "", flags[64] = "";
  const char *p = rest;
  int has_flags = 0;
  if (!strcmp(w, ".text") || !strcmp(w, ".data") || !strcmp(w, ".bss")) {
    if (*rest) sas_note(rep, line, "%s %s: subsections are laid out as one", w, rest);
    s->prev = s->cur;
    s->cur = section_id(s, w, NULL);
    return 1;
  }
  if (!strcmp(w, ".previous")) {
    unsigned t = s->cur;
    s->cur = s->prev;
    s->prev = t;
    return 1;
  }
  if (!strcmp(w, ".popsection")) {
    if (s->depth) {
      s->cur = s->stack[--s->depth];
    }
    return 1;
  }
  if (!strcmp(w, ".subsection")) {
    sas_note(rep, line, ".subsection: laid out as the same section");
    return 1;
  }
  if (strcmp(w, ".section") && strcmp(w, ".pushsection")) return 0;
  {
    size_t k = 0;
    if (*p == '"') {
      for (p++; *p && *p != '"' && k + 1 < sizeof name; p++) name[k++] = *p;
      if (*p == '"') p++;
    } else {
      while (*p && *p != ',' && !isspace((unsigned char)*p) && k + 1 < sizeof name) name[k++] = *p++;
    }
    name[k] = 0;
    while (*p && (isspace((unsigned char)*p) || *p == ',')) p++;
    if (*p == '"') {
      k = 0;
      for (p++; *p && *p != '"' && k + 1 < sizeof flags; p++) flags[k++] = *p;
      flags[k] = 0;
      has_flags = 1;
    }
  }
  if (!strcmp(name, RR_SOFTTICKS_MANIFEST_SECTION)) *manifest = 1;
  if (!strcmp(w, ".pushsection")) {
    if (s->depth < 64) s->stack[s->depth++] = s->cur;
  } else {
    s->prev = s->cur;
  }
  s->cur = section_id(s, name, has_flags ? flags : NULL);
  return 1;
}

static int is_data_directive(const char *w) {
  static const char *const d[] = {".byte", ".short", ".word", ".hword", ".long", ".int", ".quad",
                                  ".octa", ".2byte", ".4byte", ".8byte", ".ascii", ".asciz",
                                  ".string", ".zero", ".skip", ".space", ".fill", ".inst",
                                  ".value", ".float", ".double", ".single", ".dc", ".dc.a",
                                  ".dc.b", ".dc.w", ".dc.l", ".dc.q", ".sleb128", ".uleb128",
                                  ".incbin", ".reloc", NULL};
  unsigned i;
  for (i = 0; d[i]; i++)
    if (!strcmp(w, d[i])) return 1;
  return 0;
}

/* Directives whose symbols are not a use of the address. */
static int ignores_symbols(const char *w) {
  static const char *const d[] = {".type", ".size", ".globl", ".global", ".hidden", ".local",
                                  ".weak", ".protected", ".internal", ".file", ".loc", ".loc_view",
                                  ".section", ".pushsection", ".popsection", ".previous", ".p2align",
                                  ".align", ".balign", ".ident", ".else", ".endif", ".symver",
                                  ".weakref", ".cfi_startproc", ".cfi_endproc", NULL};
  unsigned i;
  if (!strncmp(w, ".cfi_", 5) || !strncmp(w, ".if", 3) || !strncmp(w, ".elseif", 7)) return 1;
  for (i = 0; d[i]; i++)
    if (!strcmp(w, d[i])) return 1;
  return 0;
}

/* .set A, B pairs seen before A's type (gcc writes .type first). */
struct aliases {
  char (*pair)[2][256];
  unsigned n, cap;
};
static int aliases_add(struct aliases *a, const char *x, const char *y) {
  if (a->n == a->cap) {
    unsigned nc = a->cap ? a->cap * 2 : 16;
    void *p = realloc(a->pair, nc * sizeof *a->pair);
    if (!p) return 0;
    a->pair = p;
    a->cap = nc;
  }
  snprintf(a->pair[a->n][0], 256, "%s", x);
  snprintf(a->pair[a->n][1], 256, "%s", y);
  a->n++;
  return 1;
}

struct build {
  const struct sas_source *src;
  const struct sas_stream *s;
  struct sas_graph *g;
  struct symtab syms;
  int *node_of; /* vstmt -> node, -1 */
  struct sas_report *rep;
};

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

static int is_numeric_ref(const char *t, size_t n) {
  size_t i;
  if (n < 2 || (t[n - 1] != 'b' && t[n - 1] != 'f')) return 0;
  for (i = 0; i + 1 < n; i++)
    if (!isdigit((unsigned char)t[i])) return 0;
  return 1;
}

/* The label definitions (vstmt indices) a reference at v may mean, into
 * out (at most max); numeric backward references also name the earlier
 * definitions while the nearest sits in a conditional arm. */
static unsigned resolve(struct build *b, const char *ref, unsigned v, unsigned *out, unsigned max) {
  size_t n = strlen(ref);
  unsigned k = 0, i;
  if (is_numeric_ref(ref, n)) {
    char num[64];
    struct sym *s;
    if (n >= sizeof num) return 0;
    memcpy(num, ref, n - 1);
    num[n - 1] = ':';
    num[n] = 0;
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
        if (lo < s->ndefs) out[k++] = s->defs[lo];
      } else {
        for (i = lo; i-- > 0;)
          if (s->defs[i] < v) {
            if (k < max) out[k++] = s->defs[i];
            if (b->s->v[s->defs[i]].cond_depth == 0) break;
          }
      }
    }
    return k;
  } else {
    struct sym *s = lookup(&b->syms, ref, 0);
    if (!s) return 0;
    for (i = 0; i < s->ndefs && k < max; i++) out[k++] = s->defs[i];
    return k;
  }
}

/* Every symbol named in text (not in strings, not registers, not after
 * @) that is a label of a code section: address taken. */
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
      char tok[256];
      unsigned d[16], n, i;
      if (*p == '$') a = ++p;
      while (*p && (isalnum((unsigned char)*p) || *p == '_' || *p == '.' || *p == '$')) p++;
      if ((size_t)(p - a) >= sizeof tok || p == a) continue;
      memcpy(tok, a, (size_t)(p - a));
      tok[p - a] = 0;
      if (isdigit((unsigned char)tok[0]) && !is_numeric_ref(tok, strlen(tok))) continue;
      n = resolve(b, tok, v, d, 16);
      for (i = 0; i < n; i++) {
        int node = b->node_of[d[i]];
        if (node > 0) found++;
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

static int in_list(const struct sas_options *o, const char *name) {
  unsigned i;
  for (i = 0; o && i < o->nskip; i++)
    if (!strcmp(o->skip[i], name)) return 1;
  return 0;
}

int sas_graph_build(const struct sas_source *src, const struct sas_stream *s,
                    const struct sas_options *opt, struct sas_graph *g, struct sas_report *rep,
                    struct sas_error *err) {
  struct build b = {src, s, g, {NULL, 0, 0}, NULL, rep};
  struct sections *sec = calloc(1, sizeof *sec);
  unsigned v, *sec_of = NULL, *last = NULL, nn = 1;
  char **cur_fn = NULL;
  int rc = -1, manifest = 0;
  struct aliases aliases = {NULL, 0, 0};
  memset(g, 0, sizeof *g);
  b.node_of = malloc((s->n + 1) * sizeof *b.node_of);
  sec_of = malloc((s->n + 1) * sizeof *sec_of);
  g->nodes = calloc(s->n + 1, sizeof *g->nodes);
  if (!sec || !b.node_of || !sec_of || !g->nodes) goto oom;
  sec->cur = sec->prev = section_id(sec, ".text", NULL);

  /* Pass 1: sections, nodes, label definitions, symbol types. */
  for (v = 0; v < s->n; v++) {
    const char *t = s->v[v].text, *rest;
    char w[64];
    unsigned line = src->stmts[s->v[v].origin].line;
    b.node_of[v] = -1;
    rest = word(t, w, sizeof w);
    if (!s->v[v].is_label && section_directive(sec, w, rest, rep, line, &manifest)) {
      sec_of[v] = sec->cur;
      continue;
    }
    sec_of[v] = sec->cur;
    if (s->v[v].is_label) {
      struct sym *y;
      char name[256];
      size_t n = strlen(t);
      if (n - 1 >= sizeof name) continue;
      memcpy(name, t, n - 1);
      name[n - 1] = 0;
      /* numeric labels are kept as "N:" so that they never meet a symbol */
      if (isdigit((unsigned char)name[0])) strcat(name, ":");
      if (!(y = lookup(&b.syms, name, 1)) || add_def(y, v)) goto oom;
    } else if (!strcmp(w, ".set") || !strcmp(w, ".equ")) {
      /* .set ifunc, resolver: the resolver is what the loader calls. */
      char nm[256], target[256];
      if (sscanf(rest, "%255[^, \t] , %255[^, \t]", nm, target) == 2) {
        struct sym *y = lookup(&b.syms, nm, 1), *t = lookup(&b.syms, target, 1);
        if (!y || !t) goto oom;
        if (y->is_ifunc) t->is_ifunc = 1;
        else if (!aliases_add(&aliases, nm, target)) goto oom;
      }
    } else if (!strcmp(w, ".type") || !strcmp(w, ".globl") || !strcmp(w, ".global")) {
      char nm[256];
      size_t k = 0;
      struct sym *y;
      const char *p = rest;
      while (*p && *p != ',' && !isspace((unsigned char)*p) && k + 1 < sizeof nm) nm[k++] = *p++;
      nm[k] = 0;
      if (!(y = lookup(&b.syms, nm, 1))) goto oom;
      if (w[1] == 'g') y->is_global = 1;
      else if (strstr(p, "gnu_indirect_function")) y->is_ifunc = 1;
      else if (strstr(p, "function") || strstr(p, "STT_FUNC")) y->is_func = 1;
    }
    if (!sec->code[sec->cur]) continue;
    if (s->v[v].is_label || w[0] != '.' || is_data_directive(w)) {
      struct sas_node *nd = &g->nodes[nn];
      nd->kind = s->v[v].is_label ? SAS_NODE_LABEL : w[0] != '.' ? SAS_NODE_INSN : SAS_NODE_DATA;
      nd->v = v;
      nd->section = sec->cur;
      if (nd->kind == SAS_NODE_INSN) {
        if (src->arch == RR_SOFTTICKS_ARCH_AARCH64)
          sas_aarch64_classify(t, &nd->insn);
        else
          sas_x86_classify(t, src->arch == RR_SOFTTICKS_ARCH_X86_64, &nd->insn);
        g->instructions++;
      }
      b.node_of[v] = (int)nn++;
    }
  }
  for (v = 0; v < aliases.n; v++) {
    struct sym *y = lookup(&b.syms, aliases.pair[v][0], 0), *t = lookup(&b.syms, aliases.pair[v][1], 0);
    if (y && t && y->is_ifunc) t->is_ifunc = 1;
  }
  g->n = nn;
  g->has_manifest = manifest;
  g->nodes[0].kind = SAS_NODE_ROOT;

  /* Functions that run before the module's initializer: named in
   * .preinit_array or in .init_array at a priority up to the initializer's
   * (common/skip_policy.c reads the section names); they never tick, as
   * ifunc resolvers. */
  for (v = 0; v < s->n; v++) {
    const char *name = sec->name[sec_of[v]], *rest, *p;
    char w[64];
    int prio = st_init_array_section_priority(name);
    if (sec->code[sec_of[v]] || s->v[v].is_label) continue;
    if (!st_is_preinit_section(name) && (prio == ST_NOT_CDTOR || prio > RR_SOFTTICKS_INIT_PRIORITY))
      continue;
    rest = word(s->v[v].text, w, sizeof w);
    if (!is_data_directive(w)) continue;
    for (p = rest; *p;) {
      const char *a = p;
      char tok[256];
      struct sym *y;
      while (*p && (isalnum((unsigned char)*p) || *p == '_' || *p == '.' || *p == '$')) p++;
      if (p == a) {
        p++;
        continue;
      }
      if ((size_t)(p - a) >= sizeof tok) continue;
      memcpy(tok, a, (size_t)(p - a));
      tok[p - a] = 0;
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
  if (!last || !cur_fn) goto oom;
  for (v = 0; v < sec->n; v++) last[v] = 0;
  for (v = 0; v < s->n; v++) {
    const char *t = s->v[v].text, *rest;
    char w[64];
    int node = b.node_of[v];
    unsigned line = src->stmts[s->v[v].origin].line;
    struct sas_node *nd = node > 0 ? &g->nodes[node] : NULL;
    rest = word(t, w, sizeof w);
    if (!nd) {
      /* Debug information, unwind tables and notes name code addresses
       * that nothing jumps to (.gcc_except_table's landing pads stay:
       * the unwinder jumps there). */
      if (sec->names_no_targets[sec_of[v]]) continue;
      if (!s->v[v].is_label && w[0] == '.' && !ignores_symbols(w)) mark_taken(&b, rest, v);
      else if (!s->v[v].is_label && w[0] != '.') mark_taken(&b, rest, v); /* code in data */
      continue;
    }
    if (nd->kind == SAS_NODE_LABEL) {
      char name[256];
      struct sym *y;
      size_t n = strlen(t);
      memcpy(name, t, n - 1 < sizeof name ? n - 1 : sizeof name - 1);
      name[n - 1 < sizeof name ? n - 1 : sizeof name - 1] = 0;
      y = lookup(&b.syms, name, 0);
      if (y && (y->is_func || y->is_ifunc || y->is_global)) {
        nd->entry = 1;
        cur_fn[nd->section] = y->name;
        if (y->is_ifunc) sas_note(rep, line, "%s runs before the page exists: not ticked", name);
      }
    }
    {
      const char *fn = cur_fn[nd->section];
      struct sym *y = fn ? lookup(&b.syms, fn, 0) : NULL;
      nd->skip = sec->skip[nd->section] || (fn && (in_list(opt, fn) || !strcmp(fn, "_start") ||
                                                    (y && y->is_ifunc))) ||
                 ((manifest || opt->compiled) && !src->stmts[s->v[v].origin].in_app);
    }
    /* Fall-through from the previous node of the section. */
    if (last[nd->section]) {
      struct sas_node *pn = &g->nodes[last[nd->section]];
      enum sas_flow f = pn->kind == SAS_NODE_INSN ? pn->insn.flow : SAS_FLOW_NONE;
      if (f != SAS_FLOW_JMP && f != SAS_FLOW_RET && f != SAS_FLOW_STOP && f != SAS_FLOW_JMP_IND &&
          add_edge(g, last[nd->section], (unsigned)node))
        goto oom;
    }
    last[nd->section] = (unsigned)node;
    if (nd->kind == SAS_NODE_DATA) mark_taken(&b, rest, v);
    if (nd->kind != SAS_NODE_INSN) continue;
    switch (nd->insn.flow) {
      case SAS_FLOW_JMP:
      case SAS_FLOW_JCC:
      case SAS_FLOW_CALL: {
        unsigned d[16], n, i;
        if (!nd->insn.target[0]) {
          sas_note(rep, line, "branch to an expression, not a label: not followed (%s)", t);
          mark_taken(&b, nd->insn.operands, v);
          break;
        }
        n = resolve(&b, nd->insn.target, v, d, 16);
        for (i = 0; i < n; i++) {
          int to = b.node_of[d[i]];
          if (to <= 0) continue;
          if (nd->insn.flow == SAS_FLOW_CALL) {
            g->nodes[to].entry = 1;
          } else if (add_edge(g, (unsigned)node, (unsigned)to)) {
            goto oom;
          }
        }
        if (nd->insn.flow == SAS_FLOW_CALL && st_returns_twice_name(nd->insn.target))
          nd->rt_call = 1;
        break;
      }
      case SAS_FLOW_JMP_IND:
        g->indirect_jumps++;
        sas_note(rep, line,
                 "indirect jump: its targets are taken to be the file's address-taken labels, "
                 "or code outside the file");
        mark_taken(&b, nd->insn.operands, v);
        break;
      default:
        nd->takes_code_address = mark_taken(&b, nd->insn.operands, v) > 0;
        break;
    }
  }
  /* The root reaches every entry (the placement core ticks them). */
  for (v = 1; v < g->n; v++)
    if (g->nodes[v].entry && add_edge(g, 0, v)) goto oom;
  rc = 0;
  goto out;
oom:
  err->line = 0;
  snprintf(err->msg, sizeof err->msg, "out of memory");
out:
  if (sec)
    for (v = 0; v < sec->n; v++) free(sec->name[v]);
  free(sec);
  free(sec_of);
  free(last);
  free(cur_fn);
  free(b.node_of);
  free(aliases.pair);
  symtab_free(&b.syms);
  return rc;
}

void sas_graph_free(struct sas_graph *g) {
  free(g->nodes);
  free(g->edges);
  memset(g, 0, sizeof *g);
}
