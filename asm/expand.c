/*
 * .macro, .rept, .irp and .irpc expanded into the stream the assembler
 * sees (sas.h).  Conditionals are decided where the file decides them
 * (cond.c): only the arm gas assembles enters the stream; an undecided
 * one keeps every arm and its directives (cfg.c enters each arm), and
 * each statement records how many undecided blocks it lies in.
 * .rept with a count other than a literal 0 or 1 is expanded twice: two
 * copies close every cycle one copy makes with the next (jnz 1b to a
 * label later in the body), and a tick decided on a body statement lands
 * in the body's text; each statement records the expansion it belongs to,
 * so that a tick only some expansions need is guarded (expansion.c).
 * Values set inside such a body are not known (gas runs it more often).
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "sas.h"
#include "target.h"

#define MAX_DEPTH 32

/* Parameters, arguments and .irp values have no fixed limit. */
struct macro {
  char *name;
  unsigned nparams;
  char **param, **deflt;
  int *vararg;
  unsigned body, end; /* source statements [body, end) */
  const struct sas_source *src; /* of the file defining it (an .include's) */
  struct macro *next;
};

struct frame {
  unsigned n;
  char **names, **values;
  unsigned counter; /* \@ */
  const struct frame *up;
  int bare; /* .altmacro: names are substituted without the backslash too */
};

struct ctx {
  const struct sas_source *src;
  struct sas_stream *out;
  struct sas_report *rep;
  struct sas_error *err;
  const struct sas_target *target;
  struct macro *macros;
  unsigned counter, cond_depth;
  enum sas_syntax syntax; /* in force at the next statement */
  unsigned char code_bits; /* .code16/32/64 in force there, 0 for none yet */
  unsigned inside, top; /* expansions open; the outermost one's statement */
  struct sas_conds *conds;
  unsigned char *cond; /* the open conditionals, innermost last (enum cond) */
  unsigned ncond, cap_cond;
  unsigned abbreviated; /* inside this many .rept expanded fewer times than gas does */
  int altmacro;         /* .altmacro in force */
  unsigned locals;      /* LOCAL names made so far (gas's .LL%04x) */
  const struct sas_options *opt;
  const struct sas_source *main; /* the file instrumented; src: the one read now */
  unsigned at; /* the statement of main being expanded (an .include's, a macro call's) */
  struct sas_source **includes; /* read, freed at the end */
  unsigned nincludes;
};

/* The state of an open conditional block. */
enum cond {
  COND_ACTIVE, /* this arm is assembled */
  COND_SEEK,   /* no arm taken yet; this one is not assembled */
  COND_DONE,   /* an earlier arm was taken */
  COND_BOTH,   /* undecided: every arm is kept */
  COND_DEAD    /* the whole block lies in an arm that is not assembled */
};

static int fail(struct ctx *c, unsigned line, const char *what, const char *name) {
  c->err->line = line;
  snprintf(c->err->msg, sizeof c->err->msg, "%s%s%s", what, name ? " " : "", name ? name : "");
  return -1;
}

/* The source statement's text without block comments (malloc'd). */
static char *stmt_text(const struct sas_source *src, unsigned i) {
  const struct sas_stmt *s = &src->stmts[i];
  char *t = malloc(s->end - s->start + 1), *o = t;
  size_t p;
  if (!t) return NULL;
  for (p = s->start; p < s->end; p++) {
    if (src->buf[p] == '"') { /* strings keep everything */
      *o++ = src->buf[p++];
      while (p < s->end && src->buf[p] != '"') {
        if (src->buf[p] == '\\' && p + 1 < s->end) *o++ = src->buf[p++];
        *o++ = src->buf[p++];
      }
      if (p < s->end) *o++ = src->buf[p];
      continue;
    }
    if (src->buf[p] == '/' && p + 1 < s->end && src->buf[p + 1] == '*') {
      for (p += 2; p + 1 < s->end && !(src->buf[p] == '*' && src->buf[p + 1] == '/'); p++) {
      }
      p++;
      *o++ = ' ';
      continue;
    }
    *o++ = src->buf[p];
  }
  *o = 0;
  return t;
}

/* The first word, lower case, into w. */
static int ident_char(int ch) { return isalnum(ch) || ch == '_' || ch == '.' || ch == '$'; }

/* Text with \name, \(), \@ replaced from the frames (malloc'd). */
static char *substitute(const char *t, const struct frame *f) {
  size_t cap = strlen(t) * 2 + 64, len = 0;
  char *o = malloc(cap);
  if (!o) return NULL;
#define PUT(s, n)                                          \
  do {                                                     \
    size_t n_ = (n);                                       \
    if (len + n_ + 1 > cap) {                              \
      char *no_;                                           \
      while (len + n_ + 1 > cap) cap *= 2;                 \
      if (!(no_ = realloc(o, cap))) { free(o); return NULL; } \
      o = no_;                                             \
    }                                                      \
    memcpy(o + len, (s), n_);                              \
    len += n_;                                             \
  } while (0)
  while (*t) {
    if (f && f->bare && (isalpha((unsigned char)*t) || *t == '_') &&
        (len == 0 || !ident_char((unsigned char)o[len - 1]))) {
      size_t k = 0;
      unsigned i;
      while (ident_char((unsigned char)t[k])) k++;
      for (i = 0; i < f->n; i++)
        if (strlen(f->names[i]) == k && !strncmp(f->names[i], t, k)) break;
      if (i < f->n) {
        PUT(f->values[i], strlen(f->values[i]));
      } else {
        PUT(t, k);
      }
      t += k;
      continue;
    }
    if (*t == '\\' && f) {
      if (t[1] == '(' && t[2] == ')') {
        t += 3;
        continue;
      }
      if (t[1] == '@') {
        char num[16];
        snprintf(num, sizeof num, "%u", f->counter);
        PUT(num, strlen(num));
        t += 2;
        continue;
      }
      if (ident_char((unsigned char)t[1])) {
        size_t k = 1;
        const struct frame *g;
        while (ident_char((unsigned char)t[k])) k++;
        for (g = f; g; g = g->up) {
          unsigned i;
          for (i = 0; i < g->n; i++)
            if (strlen(g->names[i]) == k - 1 && !strncmp(g->names[i], t + 1, k - 1)) break;
          if (i < g->n) {
            PUT(g->values[i], strlen(g->values[i]));
            break;
          }
        }
        if (g) {
          t += k;
          continue;
        }
      }
    }
    PUT(t, 1);
    t++;
  }
  o[len] = 0;
  return o;
#undef PUT
}

static char *dup_range(const char *a, const char *b) {
  char *s;
  while (a < b && isspace((unsigned char)*a)) a++;
  while (b > a && isspace((unsigned char)b[-1])) b--;
  s = malloc((size_t)(b - a) + 1);
  if (!s) return NULL;
  memcpy(s, a, (size_t)(b - a));
  s[b - a] = 0;
  return s;
}

/* Splits an argument list at top-level commas, or at blanks when it has
 * no comma: the pieces (malloc'd, as the array), their count in *count;
 * NULL when out of memory. */
static char **split_args(const char *t, unsigned *count) {
  unsigned n = 0, paren = 0, cap = 8;
  int commas = 0, quote = 0;
  const char *p, *a = t;
  char **out = malloc(cap * sizeof *out);
  if (!out) return NULL;
  for (p = t; *p; p++) {
    if (*p == '"') quote = !quote;
    if (!quote && *p == ',') commas = 1;
  }
  quote = 0;
  for (p = t;; p++) {
    int sep;
    if (*p == '"') quote = !quote;
    if (!quote && (*p == '(' || *p == '<')) paren++;
    if (!quote && (*p == ')' || *p == '>') && paren) paren--;
    sep = !*p || (!quote && !paren && (commas ? *p == ',' : isspace((unsigned char)*p)));
    if (sep) {
      char *s = dup_range(a, p);
      if (!s) goto oom;
      if (!*s && !commas) {
        free(s);
      } else {
        if (n == cap) {
          char **no = realloc(out, (cap *= 2) * sizeof *out);
          if (!no) {
            free(s);
            goto oom;
          }
          out = no;
        }
        out[n++] = s;
      }
      a = p + 1;
    }
    if (!*p) break;
  }
  *count = n;
  return out;
oom:
  while (n) free(out[--n]);
  free(out);
  return NULL;
}

static int emit(struct ctx *c, char *text, const struct sas_split *w, unsigned origin) {
  struct sas_stream *s = c->out;
  int is_label = c->src->stmts[origin].is_label, foreign = c->src != c->main;
  struct sas_split dot;
  const char *name;
  size_t n;
  if (!is_label && sas_dot_label(w, &name, &n)) {
    /* The graph reads it as the label it is; the source keeps its text. */
    memmove(text, name, n);
    text[n] = ':';
    text[n + 1] = 0;
    memset(&dot, 0, sizeof dot);
    dot.dir = SAS_DIR_SET;
    dot.word = dot.rest = dot.mnem_at = dot.operands = text;
    dot.syntax = w->syntax;
    w = &dot;
    is_label = 1;
  }
  if (s->n == s->cap) {
    unsigned ncap = s->cap ? s->cap * 2 : 1024;
    struct sas_vstmt *v = realloc(s->v, ncap * sizeof *v);
    if (!v) return -1;
    s->v = v;
    s->cap = ncap;
  }
  s->v[s->n++] =
      (struct sas_vstmt){text, foreign ? c->at : origin, c->cond_depth, is_label, *w,
                         c->inside ? c->top : foreign ? c->at : origin, foreign};
  return sas_conds_note(c->conds, text, is_label, w, c->abbreviated > 0);
}

/* Whether the next statement is assembled: an inner block of an arm that
 * is not is COND_DEAD, so the innermost block tells. */
static int active(const struct ctx *c) {
  return !c->ncond || c->cond[c->ncond - 1] == COND_ACTIVE || c->cond[c->ncond - 1] == COND_BOTH;
}

/* An .if*, .else, .elseif or .endif (t is taken: emitted or freed). */
static int conditional(struct ctx *c, char *t, struct sas_split *w, unsigned i) {
  unsigned char *top;
  int r;
  if (w->dir == SAS_DIR_IF) {
    unsigned char st = COND_DEAD;
    if (c->ncond == c->cap_cond) {
      unsigned nc = c->cap_cond ? c->cap_cond * 2 : 16;
      unsigned char *ns = realloc(c->cond, nc);
      if (!ns) {
        free(t);
        return -1;
      }
      c->cond = ns;
      c->cap_cond = nc;
    }
    if (active(c)) {
      r = sas_cond_eval(c->conds, w);
      st = r > 0 ? COND_ACTIVE : r == 0 ? COND_SEEK : COND_BOTH;
    }
    c->cond[c->ncond++] = st;
    if (st != COND_BOTH) {
      free(t);
      return 0;
    }
    if (emit(c, t, w, i)) return -1;
    c->cond_depth++;
    return 0;
  }
  if (!c->ncond) return emit(c, t, w, i); /* gas's error: left to it */
  top = &c->cond[c->ncond - 1];
  if (w->dir == SAS_DIR_ENDIF) {
    c->ncond--;
    if (*top != COND_BOTH) {
      free(t);
      return 0;
    }
    if (c->cond_depth) c->cond_depth--;
    return emit(c, t, w, i);
  }
  if (*top == COND_BOTH) return emit(c, t, w, i);
  if (*top == COND_ACTIVE) {
    *top = COND_DONE;
  } else if (*top == COND_SEEK) {
    r = w->word_len == 5 ? 1 : sas_cond_eval(c->conds, w); /* .else : .elseif */
    if (r > 0) *top = COND_ACTIVE;
    if (r < 0) {
      /* This arm and the later ones may be assembled: for the graph, an
       * undecided .if opens here. */
      *top = COND_BOTH;
      w->dir = SAS_DIR_IF;
      if (emit(c, t, w, i)) return -1;
      c->cond_depth++;
      return 0;
    }
  }
  free(t);
  return 0;
}

/* The statement closing the block opened at i: .endm for .macro, .endr
 * for .rept/.irp/.irpc. */
static int find_end(struct ctx *c, unsigned i, unsigned end, int macro, unsigned *close) {
  unsigned depth = 0, k;
  for (k = i; k < end; k++) {
    char *t = stmt_text(c->src, k);
    struct sas_split w;
    if (!t) return -1;
    sas_split(c->target, t, &w);
    free(t);
    if (macro ? w.dir == SAS_DIR_MACRO
              : (w.dir == SAS_DIR_REPT || w.dir == SAS_DIR_IRP || w.dir == SAS_DIR_IRPC))
      depth++;
    else if (w.dir == (macro ? SAS_DIR_ENDM : SAS_DIR_ENDR)) {
      if (--depth == 0) {
        *close = k;
        return 0;
      }
    }
  }
  return fail(c, c->src->stmts[i].line, macro ? ".macro without .endm" : "repetition without .endr",
              NULL);
}

/* The macro named by the n characters at name (a word of any length). */
static struct macro *find_macro(struct ctx *c, const char *name, size_t n) {
  struct macro *m;
  for (m = c->macros; m; m = m->next)
    if (strlen(m->name) == n && !strncasecmp(m->name, name, n)) return m;
  return NULL;
}

static int expand_range(struct ctx *c, unsigned a, unsigned b, const struct frame *f,
                        unsigned depth);
static int include(struct ctx *c, const struct sas_split *w, unsigned depth);

static int define_macro(struct ctx *c, const char *rest, unsigned body, unsigned close) {
  struct macro *m = calloc(1, sizeof *m);
  char **args;
  unsigned n, i;
  const char *p = rest;
  if (!m) return -1;
  while (*p && !isspace((unsigned char)*p) && *p != ',') p++;
  m->name = dup_range(rest, p);
  if (*p == ',') p++;
  if (!m->name || !(args = split_args(p, &n))) {
    free(m->name);
    free(m);
    return -1;
  }
  m->param = calloc(n + 1, sizeof *m->param);
  m->deflt = calloc(n + 1, sizeof *m->deflt);
  m->vararg = calloc(n + 1, sizeof *m->vararg);
  if (!m->param || !m->deflt || !m->vararg) {
    for (i = 0; i < n; i++) free(args[i]);
    free(args);
    free(m->param);
    free(m->deflt);
    free(m->vararg);
    free(m->name);
    free(m);
    return -1;
  }
  for (i = 0; i < n; i++) {
    char *eq = strchr(args[i], '='), *colon = strchr(args[i], ':');
    if (colon && (!eq || colon < eq)) {
      m->vararg[i] = !strncmp(colon, ":vararg", 7);
      *colon = 0;
    }
    if (eq) {
      *eq = 0;
      m->deflt[i] = dup_range(eq + 1, eq + 1 + strlen(eq + 1));
    }
    m->param[i] = dup_range(args[i], args[i] + strlen(args[i]));
    free(args[i]);
  }
  free(args);
  m->nparams = n;
  m->body = body;
  m->end = close;
  m->src = c->src;
  m->next = c->macros;
  c->macros = m;
  return 0;
}

/* Whether the statement is .altmacro's `LOCAL name[, name...]`. */
static int is_local(const struct ctx *c, const struct sas_split *w) {
  return c->altmacro && w->dir == SAS_DIR_NONE && w->word_len == 5 &&
         !strncasecmp(w->word, "LOCAL", 5);
}

/*
 * An invocation under .altmacro (gas's alternate macro mode): an argument
 * in <angle brackets> is its text, and each `LOCAL name` of the body
 * names a label of its own per expansion (gas's .LL0001 ...), which the
 * body's bare `name` means.  The frame gets the locals after the
 * parameters (its arrays then malloc'd); 0, or -1 when out of memory.
 */
static int alt_frame(struct ctx *c, const struct macro *m, struct frame *f) {
  unsigned i, k, n = f->n;
  char **names = NULL, **values = NULL;
  for (i = 0; i < m->nparams; i++) {
    size_t len = strlen(f->values[i]);
    if (len >= 2 && f->values[i][0] == '<' && f->values[i][len - 1] == '>') {
      memmove(f->values[i], f->values[i] + 1, len - 2);
      f->values[i][len - 2] = 0;
    }
  }
  for (k = m->body; k < m->end; k++) {
    char *t = stmt_text(c->src, k), **names2, **values2, **list;
    struct sas_split w;
    unsigned nl, j;
    if (!t) goto oom;
    sas_split(c->target, t, &w);
    if (c->src->stmts[k].is_label || !is_local(c, &w)) {
      free(t);
      continue;
    }
    list = split_args(w.rest, &nl);
    free(t);
    if (!list) goto oom;
    names2 = realloc(names, (n + nl) * sizeof *names2);
    if (names2) names = names2;
    values2 = realloc(values, (n + nl) * sizeof *values2);
    if (values2) values = values2;
    if (!names2 || !values2) {
      for (j = 0; j < nl; j++) free(list[j]);
      free(list);
      goto oom;
    }
    if (n == f->n && n == m->nparams) { /* the parameters first */
      for (j = 0; j < n; j++) {
        names[j] = f->names[j];
        values[j] = f->values[j];
      }
    }
    for (j = 0; j < nl; j++) {
      char label[32];
      snprintf(label, sizeof label, ".LL%04x", ++c->locals);
      names[n] = list[j];
      values[n++] = strdup(label);
    }
    free(list);
  }
  if (names) {
    f->names = names;
    f->values = values;
    f->n = n;
  }
  return 0;
oom:
  free(names);
  free(values);
  return -1;
}

static int invoke(struct ctx *c, struct macro *m, const char *rest, unsigned line, unsigned depth) {
  char **args, **values;
  unsigned n, i, pos = 0;
  struct frame f;
  int rc;
  if (!(args = split_args(rest, &n))) return -1;
  if (depth >= MAX_DEPTH) {
    sas_note(c->rep, line, "macro %s nested deeper than %d: not expanded further", m->name,
             MAX_DEPTH);
    for (i = 0; i < n; i++) free(args[i]);
    free(args);
    return 0;
  }
  if (!(values = calloc(m->nparams + 1, sizeof *values))) {
    for (i = 0; i < n; i++) free(args[i]);
    free(args);
    return -1;
  }
  for (i = 0; i < n; i++) {
    char *eq = strchr(args[i], '=');
    unsigned k = m->nparams;
    if (eq) {
      for (k = 0; k < m->nparams; k++)
        if ((size_t)(eq - args[i]) == strlen(m->param[k]) && !strncmp(args[i], m->param[k], eq - args[i]))
          break;
    }
    if (k < m->nparams) {
      free(values[k]);
      values[k] = dup_range(eq + 1, eq + 1 + strlen(eq + 1));
      free(args[i]);
    } else if (pos < m->nparams && m->vararg[pos]) {
      /* The rest, joined again. */
      size_t len = 0;
      unsigned j;
      for (j = i; j < n; j++) len += strlen(args[j]) + 2;
      values[pos] = calloc(len + 1, 1);
      for (j = i; j < n; j++) {
        if (values[pos]) {
          if (j > i) strcat(values[pos], ", ");
          strcat(values[pos], args[j]);
        }
        free(args[j]);
      }
      i = n;
      pos++;
    } else if (pos < m->nparams) {
      free(values[pos]);
      values[pos++] = args[i];
    } else {
      free(args[i]);
    }
  }
  for (i = 0; i < m->nparams; i++)
    if (!values[i]) values[i] = strdup(m->deflt[i] ? m->deflt[i] : "");
  free(args);
  f = (struct frame){m->nparams, m->param, values, c->counter++, NULL, c->altmacro};
  {
    const struct sas_source *caller = c->src;
    c->src = m->src;
    rc = c->altmacro ? alt_frame(c, m, &f) : 0;
    if (!rc) rc = expand_range(c, m->body, m->end, &f, depth + 1);
    c->src = caller;
  }
  if (f.names != m->param) {
    for (i = m->nparams; i < f.n; i++) {
      free(f.names[i]);
      free(f.values[i]);
    }
    free(f.names);
    if (f.values != values) free(f.values);
  }
  for (i = 0; i < m->nparams; i++) free(values[i]);
  free(values);
  return rc;
}

static int repeat(struct ctx *c, enum sas_dir dir, const char *rest, unsigned body,
                  unsigned close, const struct frame *up, unsigned depth) {
  if (dir == SAS_DIR_REPT) {
    char *endp;
    long count = strtol(rest, &endp, 0);
    unsigned copies = 2, k;
    struct frame f = {0, NULL, NULL, c->counter++, up, 0};
    while (*endp && isspace((unsigned char)*endp)) endp++;
    if (endp != rest && !*endp && count >= 0 && count <= 1) copies = (unsigned)count;
    c->abbreviated += copies == 2;
    for (k = 0; k < copies; k++)
      if (expand_range(c, body, close, up ? &f : NULL, depth)) return -1;
    c->abbreviated -= copies == 2;
    return 0;
  } else {
    char **args = NULL, *name, *values[1] = {NULL};
    const char *comma = strchr(rest, ',');
    unsigned n = 0, k, i;
    int rc = 0;
    name = dup_range(rest, comma ? comma : rest + strlen(rest));
    if (comma && dir == SAS_DIR_IRP) {
      args = split_args(comma + 1, &n);
    } else {
      char *chars = comma ? dup_range(comma + 1, comma + 1 + strlen(comma + 1)) : strdup("");
      size_t len = chars ? strlen(chars) : 0;
      args = chars ? malloc((len + 1) * sizeof *args) : NULL;
      for (i = 0; args && i < len; i++) {
        if (!(args[n] = malloc(2))) break;
        args[n][0] = chars[i];
        args[n++][1] = 0;
      }
      if (args && i < len) {
        while (n) free(args[--n]);
        free(args);
        args = NULL;
      }
      free(chars);
    }
    if (!name || !args) {
      free(name);
      free(args);
      return -1;
    }
    if (n == 0) {
      char **one = realloc(args, sizeof *args);
      if (!one || !(one[0] = strdup(""))) {
        free(one ? one : args);
        free(name);
        return -1;
      }
      args = one;
      n = 1;
    }
    for (k = 0; k < n && rc == 0; k++) {
      struct frame f = {1, &name, values, c->counter++, up, 0};
      values[0] = args[k];
      rc = expand_range(c, body, close, &f, depth);
    }
    for (k = 0; k < n; k++) free(args[k]);
    free(args);
    free(name);
    return rc;
  }
}

/* The file an .include names, as gas finds it: as given (relative to the
 * working directory, which gas documents as searched first), then in each
 * -I directory; last beside the including file (where gas does not look,
 * the real assembler reports the file missing anyway).  Read whole
 * (malloc'd); NULL if none. */
static char *read_include(const struct ctx *c, const char *name, size_t n, char **path,
                          size_t *len) {
  const char *slash = strrchr(c->src->name ? c->src->name : "", '/');
  unsigned k, ndirs = c->opt ? c->opt->ninclude_dirs : 0;
  for (k = 0; k < ndirs + 2; k++) {
    const char *dir = k == 0 ? "" : k <= ndirs ? c->opt->include_dirs[k - 1] : c->src->name;
    size_t dl = k <= ndirs ? strlen(dir) : slash ? (size_t)(slash - dir) : 0;
    char *p;
    FILE *fp;
    if (k > ndirs && !slash) continue;
    if (n && name[0] == '/' && k) break; /* absolute: once */
    if (!(p = malloc(dl + n + 2))) return NULL;
    if (n && name[0] == '/') dl = 0;
    memcpy(p, dir, dl);
    if (dl) p[dl++] = '/';
    memcpy(p + dl, name, n);
    p[dl + n] = 0;
    if ((fp = fopen(p, "rb"))) {
      long size = fseek(fp, 0, SEEK_END) ? -1 : ftell(fp);
      char *buf = size >= 0 && !fseek(fp, 0, SEEK_SET) ? malloc((size_t)size + 1) : NULL;
      if (buf && fread(buf, 1, (size_t)size, fp) == (size_t)size) {
        fclose(fp);
        buf[size] = 0;
        *path = p;
        *len = (size_t)size;
        return buf;
      }
      free(buf);
      fclose(fp);
    }
    free(p);
  }
  return NULL;
}

/*
 * `.include "file"`: its statements join the stream where it stands, as
 * gas reads them.  Ticks are written into the instrumented file only, so
 * the included statements never tick (cfg.c: a foreign statement is
 * skipped); their cycles are seen, and any left open is said.  0 when
 * read, 1 when not (the real assembler reports a missing file), -1 out of
 * memory.
 */
static int include(struct ctx *c, const struct sas_split *w, unsigned depth) {
  const char *a = w->rest, *e;
  char *path = NULL, *buf;
  size_t len = 0;
  struct sas_source *inc, **ni;
  const struct sas_source *from = c->src;
  struct sas_error err;
  int rc;
  if (*a != '"' || !(e = strchr(a + 1, '"')) || depth >= MAX_DEPTH) return 1;
  if (!(buf = read_include(c, a + 1, (size_t)(e - a - 1), &path, &len))) return 1;
  inc = calloc(1, sizeof *inc);
  ni = realloc(c->includes, (c->nincludes + 1) * sizeof *ni);
  if (ni) c->includes = ni;
  if (!inc || !ni) {
    free(inc);
    free(buf);
    free(path);
    return -1;
  }
  *inc = (struct sas_source){path, buf, len, c->main->arch, NULL, 0};
  c->includes[c->nincludes++] = inc;
  err.msg[0] = 0;
  if (sas_source_parse(inc, &err)) return 1; /* gas says what is wrong with it */
  c->src = inc;
  rc = expand_range(c, 0, inc->nstmts, NULL, depth + 1);
  c->src = from;
  return rc ? -1 : 0;
}

static int expand_range(struct ctx *c, unsigned a, unsigned b, const struct frame *f,
                        unsigned depth) {
  unsigned i;
  for (i = a; i < b; i++) {
    char *raw, *t;
    struct sas_split w;
    struct macro *m;
    unsigned line = c->src->stmts[i].line;
    if (c->src == c->main) c->at = i;
    if (!(raw = stmt_text(c->src, i))) return -1;
    t = f ? substitute(raw, f) : raw;
    if (f) free(raw);
    if (!t) return -1;
    sas_split(c->target, t, &w);
    w.syntax = (unsigned char)c->syntax;
    if (!c->src->stmts[i].is_label &&
        (w.dir == SAS_DIR_IF || w.dir == SAS_DIR_ELSE || w.dir == SAS_DIR_ENDIF)) {
      if (conditional(c, t, &w, i)) return -1;
      continue;
    }
    if (!active(c)) { /* gas skips it: no definition, no code, no syntax switch */
      free(t);
      continue;
    }
    if (f && is_local(c, &w)) { /* alt_frame named its labels */
      free(t);
      continue;
    }
    if (w.dir == SAS_DIR_OTHER && w.word_len >= 9 && !strncasecmp(w.word, ".altmacro", 9))
      c->altmacro = 1;
    else if (w.dir == SAS_DIR_OTHER && w.word_len >= 11 && !strncasecmp(w.word, ".noaltmacro", 11))
      c->altmacro = 0;
    if (w.dir == SAS_DIR_INTEL_SYNTAX)
      c->syntax = !strncasecmp(w.rest, "noprefix", 8) ? SAS_SYNTAX_INTEL
                  : !strncasecmp(w.rest, "prefix", 6)  ? SAS_SYNTAX_INTEL_PREFIX
                                                       : SAS_SYNTAX_INTEL_BARE;
    else if (w.dir == SAS_DIR_ATT_SYNTAX)
      c->syntax = SAS_SYNTAX_ATT;
    w.code_bits = c->code_bits;
    if (w.dir == SAS_DIR_CODE_MODE) c->code_bits = (unsigned char)atoi(w.word + 5);
    if (w.dir == SAS_DIR_MACRO) {
      unsigned close;
      int rc = find_end(c, i, b, 1, &close) || define_macro(c, w.rest, i + 1, close);
      free(t);
      if (rc) return -1;
      i = close;
      continue;
    }
    if (w.dir == SAS_DIR_REPT || w.dir == SAS_DIR_IRP || w.dir == SAS_DIR_IRPC) {
      unsigned close;
      int rc;
      if (!c->inside++) c->top = i;
      rc = find_end(c, i, b, 0, &close) || repeat(c, w.dir, w.rest, i + 1, close, f, depth);
      c->inside--;
      free(t);
      if (rc) return -1;
      i = close;
      continue;
    }
    if (w.dir == SAS_DIR_ENDM || w.dir == SAS_DIR_ENDR) {
      char name[32];
      snprintf(name, sizeof name, "%.*s", (int)w.word_len, w.word);
      free(t);
      return fail(c, line, name, "without its start");
    }
    if (w.dir == SAS_DIR_PURGEM) {
      struct macro **pm;
      for (pm = &c->macros; *pm; pm = &(*pm)->next)
        if (!strcasecmp((*pm)->name, w.rest)) {
          *pm = (*pm)->next; /* leaked: the definitions live as long as the run */
          break;
        }
      free(t);
      continue;
    }
    if (w.dir == SAS_DIR_INCLUDE) {
      int r = include(c, &w, depth);
      if (r < 0) {
        free(t);
        return -1;
      }
      if (r == 0) {
        free(t);
        continue;
      }
      sas_note(c->rep, line, "%s not read: its code is not seen", t);
    }
    if (!c->src->stmts[i].is_label && w.dir == SAS_DIR_NONE &&
        (m = find_macro(c, w.word, w.word_len))) {
      int rc;
      if (!c->inside++) c->top = i;
      rc = invoke(c, m, w.rest, line, depth);
      c->inside--;
      free(t);
      if (rc) return -1;
      continue;
    }
    if (emit(c, t, &w, i)) return -1;
  }
  return 0;
}

int sas_expand(const struct sas_source *src, const struct sas_options *opt,
               struct sas_stream *out, struct sas_report *rep, struct sas_error *err) {
  struct ctx c = {src, out, rep, err, sas_target_of(src->arch), NULL, 0, 0, SAS_SYNTAX_ATT,
                  0, 0, 0, NULL, NULL, 0, 0, 0, 0, 0, opt, src, 0, NULL, 0};
  int rc = -1;
  out->v = NULL;
  out->n = out->cap = 0;
  if ((c.conds = sas_conds_new(opt))) rc = expand_range(&c, 0, src->nstmts, NULL, 0);
  sas_conds_free(c.conds);
  free(c.cond);
  while (c.nincludes) {
    struct sas_source *inc = c.includes[--c.nincludes];
    sas_source_free(inc);
    free((char *)inc->name);
    free(inc->buf);
    free(inc);
  }
  free(c.includes);
  out->syntax_at_end = (unsigned char)c.syntax;
  out->code_bits_at_end = c.code_bits;
  while (c.macros) {
    struct macro *m = c.macros;
    unsigned i;
    c.macros = m->next;
    for (i = 0; i < m->nparams; i++) {
      free(m->param[i]);
      free(m->deflt[i]);
    }
    free(m->param);
    free(m->deflt);
    free(m->vararg);
    free(m->name);
    free(m);
  }
  if (rc && !err->msg[0]) fail(&c, 0, "out of memory", NULL);
  return rc;
}

void sas_stream_free(struct sas_stream *s) {
  unsigned i;
  for (i = 0; i < s->n; i++) free(s->v[i].text);
  free(s->v);
  s->v = NULL;
  s->n = s->cap = 0;
}
