/* The source as statements (sas.h): comments (the target's rules), strings,
 * separators, labels. */
#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "sas.h"
#include "target.h"

static int is_label_char(int c) {
  /* \ ( ) @ appear in labels written inside macro bodies ("\name\():"). */
  return isalnum(c) || c == '_' || c == '.' || c == '$' || c == '\\' || c == '(' || c == ')' ||
         c == '@';
}

static int push(struct sas_source *src, unsigned *cap, size_t start, size_t end, unsigned line,
                int is_label, int in_app) {
  if (src->nstmts == *cap) {
    unsigned ncap = *cap ? *cap * 2 : 1024;
    struct sas_stmt *s = realloc(src->stmts, ncap * sizeof *s);
    if (!s) return -1;
    src->stmts = s;
    *cap = ncap;
  }
  src->stmts[src->nstmts++] = (struct sas_stmt){start, end, line, is_label, in_app};
  return 0;
}

/* Splits [start, end) into its leading labels and the rest. */
static int add_statement(struct sas_source *src, unsigned *cap, size_t start, size_t end,
                         unsigned line, int in_app) {
  const char *b = src->buf;
  while (start < end && isspace((unsigned char)b[start])) start++;
  while (end > start && isspace((unsigned char)b[end - 1])) end--;
  while (start < end) {
    size_t p = start;
    while (p < end && is_label_char((unsigned char)b[p])) p++;
    if (p == start || p >= end || b[p] != ':' || (p + 1 < end && b[p + 1] == ':')) break;
    if (push(src, cap, start, p + 1, line, 1, in_app)) return -1;
    start = p + 1;
    while (start < end && isspace((unsigned char)b[start])) start++;
  }
  if (start < end && push(src, cap, start, end, line, 0, in_app)) return -1;
  return 0;
}

static int fail(struct sas_error *err, unsigned line, const char *msg) {
  err->line = line;
  snprintf(err->msg, sizeof err->msg, "%s", msg);
  return -1;
}

int sas_source_parse(struct sas_source *src, struct sas_error *err) {
  const char *b = src->buf;
  size_t n = src->len, i = 0, st = 0, last = 0; /* last: end of the statement's text so far */
  unsigned line = 1, st_line = 1, cap = 0, comment_line = 0;
  const struct sas_target *tg = sas_target_of(src->arch);
  int in_app = 0, at_line_start = 1, empty = 1;
  src->stmts = NULL;
  src->nstmts = 0;
#define END_STMT()                                                                 \
  do {                                                                             \
    if (!empty && add_statement(src, &cap, st, last, st_line, in_app)) goto oom;   \
    empty = 1;                                                                     \
  } while (0)
  while (i < n) {
    char c = b[i];
    if (c == '\n') {
      END_STMT();
      line++;
      i++;
      at_line_start = 1;
      continue;
    }
    if (c == ' ' || c == '\t' || c == '\r' || c == '\f') {
      i++;
      continue;
    }
    if (c == '/' && i + 1 < n && b[i + 1] == '*') {
      comment_line = line;
      for (i += 2; i + 1 < n && !(b[i] == '*' && b[i + 1] == '/'); i++)
        if (b[i] == '\n') line++;
      if (i + 1 >= n) return fail(err, comment_line, "unterminated /* comment");
      i += 2;
      continue;
    }
    if ((c && strchr(tg->comment_chars, c)) ||
        (c && at_line_start && empty && strchr(tg->line_comment_chars, c)) ||
        (tg->slash_slash_comments && c == '/' && i + 1 < n && b[i + 1] == '/')) {
      size_t e = i;
      while (e < n && b[e] != '\n') e++;
      if (at_line_start && empty && c == '#') {
        if (e - i >= 4 && !strncmp(b + i, "#APP", 4) && (e - i == 4 || isspace((unsigned char)b[i + 4])))
          in_app = 1;
        else if (e - i >= 7 && !strncmp(b + i, "#NO_APP", 7))
          in_app = 0;
      }
      i = e;
      continue;
    }
    if (c && strchr(tg->line_separators, c)) {
      END_STMT();
      i++;
      continue;
    }
    if (empty) {
      st = i;
      st_line = line;
      empty = 0;
    }
    at_line_start = 0;
    if (c == '"') {
      for (i++; i < n && b[i] != '"' && b[i] != '\n'; i++)
        if (b[i] == '\\' && i + 1 < n && b[i + 1] != '\n') i++;
      if (i >= n || b[i] == '\n') return fail(err, line, "unterminated string");
      i++;
      last = i;
      continue;
    }
    if (c == '\'' && tg->char_constants && i + 1 < n && b[i + 1] != '\n') {
      /* A character constant: 'c or '\c (the quote may stand alone). */
      i += (b[i + 1] == '\\' && i + 2 < n) ? 3 : 2;
      if (i < n && b[i] == '\'') i++;
      last = i;
      continue;
    }
    i++;
    last = i;
  }
  END_STMT();
#undef END_STMT
  return 0;
oom:
  return fail(err, line, "out of memory");
}

void sas_source_free(struct sas_source *src) {
  free(src->stmts);
  src->stmts = NULL;
  src->nstmts = 0;
}

static void vnote(struct sas_report *r, FILE *out, unsigned line, const char *fmt, va_list ap) {
  r->notes++;
  if (!out) return;
  fprintf(out, "%s:%u: softticks-as: ", r->name ? r->name : "<input>", line);
  vfprintf(out, fmt, ap);
  fputc('\n', out);
}

void sas_note(struct sas_report *r, unsigned line, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vnote(r, r->out, line, fmt, ap);
  va_end(ap);
}

void sas_warn(struct sas_report *r, unsigned line, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vnote(r, r->quiet ? NULL : r->out ? r->out : stderr, line, fmt, ap);
  va_end(ap);
}
