/*
 * gas's conditionals (.if, .ifdef, .ifndef, .ifc, .ifeqs, .ifb, .ifeq ...,
 * .elseif) decided where the file decides them, so that the graph holds
 * the arm gas assembles (issue 27: a macro defined in both arms of
 * `.ifndef X/.else`, an `.if` arm ending in `ret` before the `.else` arm
 * that closes a loop).  What is known: the symbols the stream defined
 * before the statement (labels, `.set`/`.equ`/`=` with the value when it
 * is a constant), gas's --defsym.  gas reads a file in one pass, so a
 * symbol defined later is not defined yet.  Whatever is not known (a
 * label's address, `.`, a symbol after an .include that was not read)
 * leaves the condition undecided: every arm is kept (expand.c) and the
 * graph enters each (cfg.c).
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "sas.h"
#include "strtab.h"

struct csym {
  char *name;
  long long value;
  int known; /* value holds the symbol's constant value */
};

struct sas_conds {
  struct sas_strtab by_name; /* name -> struct csym */
  int blind; /* a file was included unread: any symbol may be defined */
};

static int ident_start(int ch) { return isalpha(ch) || ch == '_' || ch == '.' || ch == '$'; }
static int ident_char(int ch) { return isalnum(ch) || ch == '_' || ch == '.' || ch == '$'; }

static struct csym *find(struct sas_conds *c, const char *a, size_t n) {
  char *name = malloc(n + 1);
  struct csym *y;
  if (!name) return NULL; /* out of memory: taken as not defined */
  memcpy(name, a, n);
  name[n] = 0;
  y = sas_strtab_get(&c->by_name, name);
  free(name);
  return y;
}

/* Defines (or redefines) the n characters at a; -1 when out of memory. */
static int define(struct sas_conds *c, const char *a, size_t n, int known, long long value) {
  struct csym *y = NULL;
  char *name = malloc(n + 1);
  if (!name) return -1;
  memcpy(name, a, n);
  name[n] = 0;
  y = sas_strtab_get(&c->by_name, name);
  if (y) {
    free(name);
  } else {
    if (!(y = calloc(1, sizeof *y))) {
      free(name);
      return -1;
    }
    y->name = name;
    if (sas_strtab_put(&c->by_name, name, y)) {
      free(name);
      free(y);
      return -1;
    }
  }
  y->known = known;
  y->value = value;
  return 0;
}

/* ---- expressions, with gas's operators and precedence ------------------- */

struct expr {
  struct sas_conds *c;
  const char *p;
  int unknown;
};

static void blanks(struct expr *e) {
  while (isspace((unsigned char)*e->p)) e->p++;
}

static long long binary(struct expr *e, int level);

static long long operand(struct expr *e) {
  long long v = 0;
  blanks(e);
  if (*e->p == '(') {
    e->p++;
    v = binary(e, 0);
    blanks(e);
    if (*e->p == ')') e->p++;
    else e->unknown = 1;
    return v;
  }
  if (*e->p == '-' || *e->p == '~' || *e->p == '!' || *e->p == '+') {
    char op = *e->p++;
    v = operand(e);
    return op == '-' ? -v : op == '~' ? ~v : op == '!' ? !v : v;
  }
  if (isdigit((unsigned char)*e->p)) {
    char *end;
    if (e->p[0] == '0' && (e->p[1] == 'b' || e->p[1] == 'B') && (e->p[2] == '0' || e->p[2] == '1'))
      v = (long long)strtoull(e->p + 2, &end, 2);
    else
      v = (long long)strtoull(e->p, &end, 0);
    e->p = end;
    if (ident_char((unsigned char)*e->p)) e->unknown = 1; /* 1f, 1b, 10h: not a number */
    return v;
  }
  if (*e->p == '\'' && e->p[1]) {
    v = (unsigned char)e->p[1];
    e->p += 2;
    if (*e->p == '\'') e->p++;
    return v;
  }
  if (ident_start((unsigned char)*e->p)) {
    const char *a = e->p;
    struct csym *y;
    while (ident_char((unsigned char)*e->p)) e->p++;
    y = find(e->c, a, (size_t)(e->p - a));
    if (y && y->known) return y->value;
  }
  e->unknown = 1; /* an address, `.`, an undefined symbol */
  if (*e->p) e->p++;
  return 0;
}

/* The operator at e->p of precedence level (gas: 0 && ||; 1 + - == != <>
 * < > <= >=; 2 | & ^ !; 3 * / % << >>), its length; 0 if none. */
static size_t op_at(const char *p, int level, char *op) {
  static const char *const ops[4][10] = {
      {"&&", "||"},
      {"==", "!=", "<>", "<=", ">=", "+", "-", "<", ">"},
      {"|", "&", "^", "!"},
      {"<<", ">>", "*", "/", "%"}};
  unsigned i;
  for (i = 0; i < 10 && ops[level][i]; i++) {
    size_t n = strlen(ops[level][i]);
    if (strncmp(p, ops[level][i], n)) continue;
    /* "<<" is level 3, not "<" twice; "&&" is level 0, not "&". */
    if (n == 1 && (p[1] == p[0] && strchr("<>&|", p[0]))) continue;
    if (n == 1 && (p[0] == '<' || p[0] == '>' || p[0] == '!') && p[1] == '=') continue;
    if (n == 1 && p[0] == '<' && p[1] == '>') continue;
    strcpy(op, ops[level][i]);
    return n;
  }
  return 0;
}

static long long apply(struct expr *e, const char *op, long long a, long long b) {
  /* Comparisons give -1 for true, as in gas. */
  if (!strcmp(op, "&&")) return a && b;
  if (!strcmp(op, "||")) return a || b;
  if (!strcmp(op, "==")) return a == b ? -1 : 0;
  if (!strcmp(op, "!=") || !strcmp(op, "<>")) return a != b ? -1 : 0;
  if (!strcmp(op, "<=")) return a <= b ? -1 : 0;
  if (!strcmp(op, ">=")) return a >= b ? -1 : 0;
  if (!strcmp(op, "<")) return a < b ? -1 : 0;
  if (!strcmp(op, ">")) return a > b ? -1 : 0;
  if (!strcmp(op, "+")) return (long long)((unsigned long long)a + (unsigned long long)b);
  if (!strcmp(op, "-")) return (long long)((unsigned long long)a - (unsigned long long)b);
  if (!strcmp(op, "|")) return a | b;
  if (!strcmp(op, "&")) return a & b;
  if (!strcmp(op, "^")) return a ^ b;
  if (!strcmp(op, "!")) return a | ~b;
  if (!strcmp(op, "*")) return (long long)((unsigned long long)a * (unsigned long long)b);
  if (!strcmp(op, "<<")) return b >= 0 && b < 64 ? (long long)((unsigned long long)a << b) : 0;
  if (!strcmp(op, ">>")) return b >= 0 && b < 64 ? a >> b : 0;
  if (!b || (a == (-9223372036854775807LL - 1) && b == -1)) {
    e->unknown = 1;
    return 0;
  }
  return !strcmp(op, "/") ? a / b : a % b;
}

static long long binary(struct expr *e, int level) {
  long long v = level == 3 ? operand(e) : binary(e, level + 1);
  for (;;) {
    char op[3];
    size_t n;
    blanks(e);
    if (!(n = op_at(e->p, level, op))) return v;
    e->p += n;
    v = apply(e, op, v, level == 3 ? operand(e) : binary(e, level + 1));
  }
}

/* The constant value of the expression at text: 1, or 0 if not known. */
static int evaluate(struct sas_conds *c, const char *text, long long *value) {
  struct expr e = {c, text, 0};
  *value = binary(&e, 0);
  blanks(&e);
  return !e.unknown && !*e.p;
}

/* ---- strings of .ifc and .ifeqs ----------------------------------------- */

/* One operand of .ifc: 'quoted' ('' is a quote) or up to stop (blanks
 * around it dropped), into out (malloc'd); p moves past it. */
static char *ifc_string(const char **pp, char stop) {
  const char *p = *pp;
  size_t n = 0;
  char *out = malloc(strlen(p) + 1);
  if (!out) return NULL;
  while (isspace((unsigned char)*p)) p++;
  if (*p == '\'') {
    for (p++; *p; p++) {
      if (*p == '\'' && p[1] == '\'') p++;
      else if (*p == '\'') {
        p++;
        break;
      }
      out[n++] = *p;
    }
  } else {
    while (*p && *p != stop) out[n++] = *p++;
    while (n && isspace((unsigned char)out[n - 1])) n--;
  }
  out[n] = 0;
  while (isspace((unsigned char)*p)) p++;
  *pp = p;
  return out;
}

/* One "string" of .ifeqs (escapes kept as written: equal text, equal string). */
static int ifeqs_string(const char **pp, const char **a, size_t *n) {
  const char *p = *pp;
  while (isspace((unsigned char)*p)) p++;
  if (*p != '"') return 0;
  *a = ++p;
  while (*p && *p != '"') p += p[0] == '\\' && p[1] ? 2 : 1;
  if (!*p) return 0;
  *n = (size_t)(p - *a);
  for (p++; isspace((unsigned char)*p); p++) {
  }
  *pp = p;
  return 1;
}

/* ---- the interface ------------------------------------------------------ */

struct sas_conds *sas_conds_new(const struct sas_options *opt) {
  struct sas_conds *c = calloc(1, sizeof *c);
  unsigned i;
  if (!c) return NULL;
  for (i = 0; opt && i < opt->ndefsym; i++) {
    const char *d = opt->defsym[i], *eq = strchr(d, '=');
    long long v = 0;
    int known = eq && evaluate(c, eq + 1, &v);
    if (define(c, d, eq ? (size_t)(eq - d) : strlen(d), known, v)) {
      sas_conds_free(c);
      return NULL;
    }
  }
  return c;
}

void sas_conds_free(struct sas_conds *c) {
  unsigned i;
  if (!c) return;
  for (i = 0; i < c->by_name.cap; i++)
    if (c->by_name.e[i].key) {
      struct csym *y = c->by_name.e[i].val;
      free(y->name);
      free(y);
    }
  free(c->by_name.e);
  free(c);
}

int sas_conds_note(struct sas_conds *c, const char *text, int is_label, const struct sas_split *w,
                   int values_unreliable) {
  const char *a, *p, *value;
  size_t n;
  long long v = 0;
  int known;
  if (is_label) {
    for (n = 0; text[n] && text[n] != ':'; n++) {
    }
    return isdigit((unsigned char)text[0]) ? 0 : define(c, text, n, 0, 0);
  }
  if (w->dir == SAS_DIR_INCLUDE) {
    c->blind = 1;
    return 0;
  }
  if (w->dir == SAS_DIR_SET || w->dir == SAS_DIR_ASSIGN) {
    p = a = w->dir == SAS_DIR_SET ? w->rest : w->word;
    while (ident_char((unsigned char)*p)) p++;
    n = (size_t)(p - a);
    while (isspace((unsigned char)*p)) p++;
    if (!n || *p != (w->dir == SAS_DIR_SET ? ',' : '=')) return 0;
    value = p + 1 + (p[1] == '=');
    known = !values_unreliable && evaluate(c, value, &v);
    return define(c, a, n, known, v);
  }
  if (w->dir == SAS_DIR_OTHER &&
      ((w->word_len == 5 && !strncasecmp(w->word, ".comm", 5)) ||
       (w->word_len == 6 && !strncasecmp(w->word, ".lcomm", 6)) ||
       (w->word_len == 4 && !strncasecmp(w->word, ".eqv", 4)))) {
    for (p = a = w->rest; ident_char((unsigned char)*p); p++) {
    }
    if (p > a) return define(c, a, (size_t)(p - a), 0, 0);
  }
  return 0;
}

int sas_cond_eval(struct sas_conds *c, const struct sas_split *w) {
  char name[16];
  const char *p = w->rest;
  long long v;
  size_t i;
  if (w->word_len >= sizeof name) return -1;
  for (i = 0; i < w->word_len; i++) name[i] = (char)tolower((unsigned char)w->word[i]);
  name[i] = 0;
  if (!strcmp(name, ".ifdef") || !strcmp(name, ".ifndef") || !strcmp(name, ".ifnotdef")) {
    const char *a = p;
    int def;
    while (ident_char((unsigned char)*p)) p++;
    if (p == a) return -1;
    def = find(c, a, (size_t)(p - a)) != NULL;
    if (!def && c->blind) return -1;
    return strcmp(name, ".ifdef") ? !def : def;
  }
  if (!strcmp(name, ".ifb") || !strcmp(name, ".ifnb")) return (*p == 0) == !strcmp(name, ".ifb");
  if (!strcmp(name, ".ifc") || !strcmp(name, ".ifnc")) {
    char *x = ifc_string(&p, ','), *y = NULL;
    int eq = -1;
    if (x && *p == ',') {
      p++;
      y = ifc_string(&p, 0);
      if (y && !*p) eq = !strcmp(x, y);
    }
    free(x);
    free(y);
    return eq < 0 ? -1 : strcmp(name, ".ifc") ? !eq : eq;
  }
  if (!strcmp(name, ".ifeqs") || !strcmp(name, ".ifnes")) {
    const char *a, *b;
    size_t na, nb;
    int eq;
    if (!ifeqs_string(&p, &a, &na) || *p++ != ',' || !ifeqs_string(&p, &b, &nb) || *p) return -1;
    eq = na == nb && !memcmp(a, b, na);
    return strcmp(name, ".ifeqs") ? !eq : eq;
  }
  if (!evaluate(c, p, &v)) return -1;
  if (!strcmp(name, ".if") || !strcmp(name, ".elseif") || !strcmp(name, ".ifne")) return v != 0;
  if (!strcmp(name, ".ifeq")) return v == 0;
  if (!strcmp(name, ".ifge")) return v >= 0;
  if (!strcmp(name, ".ifgt")) return v > 0;
  if (!strcmp(name, ".ifle")) return v <= 0;
  if (!strcmp(name, ".iflt")) return v < 0;
  return -1;
}
