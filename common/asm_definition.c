/*
 * Reading assembler text for a symbol's definition (see asm_definition.h).
 * A statement-by-statement walk, not a search for "sym:": the text a unit
 * carries next to its definition (.globl, .type, .size, a call) names the
 * symbol too, and a name that merely starts with it is another symbol.
 */
#include "asm_definition.h"

#include <string.h>

struct asm_reader {
  const char *p;
  int hash_comments_anywhere; /* x86: '#' starts a comment mid-line */
  int slash_comments;         /* aarch64: "//" starts a comment */
};

static int is_symbol_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
         c == '_' || c == '.' || c == '$';
}

static const char *to_line_end(const char *p) {
  while (*p && *p != '\n') p++;
  return p;
}

/* Past a block comment starting at p (an unterminated one ends the text). */
static const char *past_block_comment(const char *p) {
  const char *end = strstr(p + 2, "*/");
  return end ? end + 2 : p + strlen(p);
}

/* Past blanks and block comments. */
static const char *past_blanks(const char *p) {
  for (;;) {
    if (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\f' || *p == '\v')
      p++;
    else if (p[0] == '/' && p[1] == '*')
      p = past_block_comment(p);
    else
      return p;
  }
}

/* Whether a line comment starts at p. */
static int line_comment_at(const struct asm_reader *r, const char *p, int at_line_start) {
  return (*p == '#' && (at_line_start || r->hash_comments_anywhere)) ||
         (r->slash_comments && p[0] == '/' && p[1] == '/');
}

/* A symbol at r->p, plain or in double quotes: its characters in
 * [*name, *name + length); r->p moves past it.  0 if none starts there. */
static size_t read_symbol(struct asm_reader *r, const char **name) {
  const char *p = r->p;
  if (*p == '"') {
    const char *q = ++p;
    while (*q && *q != '"' && *q != '\n') q += (q[0] == '\\' && q[1]) ? 2 : 1;
    if (*q != '"') return 0;
    *name = p;
    r->p = q + 1;
    return (size_t)(q - p);
  }
  while (is_symbol_char(*p)) p++;
  *name = r->p;
  r->p = p;
  return (size_t)(p - *name);
}

/* To the end of the statement: its newline or ';', not consumed. */
static void to_statement_end(struct asm_reader *r) {
  const char *p = r->p;
  while (*p && *p != '\n' && *p != ';') {
    if (*p == '"') {
      p++;
      while (*p && *p != '"' && *p != '\n') p += (p[0] == '\\' && p[1]) ? 2 : 1;
      if (*p == '"') p++;
    } else if (p[0] == '/' && p[1] == '*') {
      p = past_block_comment(p);
    } else if (line_comment_at(r, p, 0)) {
      p = to_line_end(p);
    } else {
      p++;
    }
  }
  r->p = p;
}

static int same(const char *name, size_t length, const char *symbol) {
  return length == strlen(symbol) && memcmp(name, symbol, length) == 0;
}

/* The directives whose first operand is the symbol they define. */
static int is_assignment_directive(const char *name, size_t length) {
  return same(name, length, ".set") || same(name, length, ".equ") ||
         same(name, length, ".equiv") || same(name, length, ".eqv");
}

int st_asm_defines_symbol(const char *text, const char *symbol, enum rr_softticks_arch arch) {
  struct asm_reader r;
  int at_line_start = 1;
  if (!text || !symbol || !*symbol) return 0;
  r.p = text;
  r.hash_comments_anywhere = arch != RR_SOFTTICKS_ARCH_AARCH64;
  r.slash_comments = arch == RR_SOFTTICKS_ARCH_AARCH64;
  while (*r.p) {
    const char *name, *after;
    size_t length;
    r.p = past_blanks(r.p);
    if (*r.p == '\n' || *r.p == ';') {
      at_line_start = *r.p == '\n';
      r.p++;
      continue;
    }
    if (line_comment_at(&r, r.p, at_line_start)) {
      r.p = to_line_end(r.p);
      continue;
    }
    at_line_start = 0;
    length = read_symbol(&r, &name);
    if (length == 0) {
      to_statement_end(&r);
      continue;
    }
    after = past_blanks(r.p);
    if (*after == ':') { /* a label; another label or a statement may follow */
      if (same(name, length, symbol)) return 1;
      r.p = after + 1;
      continue;
    }
    if (is_assignment_directive(name, length)) {
      r.p = past_blanks(r.p);
      length = read_symbol(&r, &name);
      if (length && *past_blanks(r.p) == ',' && same(name, length, symbol)) return 1;
    } else if (after[0] == '=' && after[1] != '=' && same(name, length, symbol)) {
      return 1;
    }
    to_statement_end(&r);
  }
  return 0;
}
