/*
 * asm_ticks: counts the tick sequences of each function in a GNU assembler
 * file, as a compiler wrote it (-S), and checks them against expectations.
 *
 *   asm_ticks ARCH FILE.s                 print "function count" lines
 *   asm_ticks ARCH FILE.s FUNC=N ...      also check; exit 1 on a mismatch
 *
 * ARCH is x86_64, i386 or aarch64.  A function runs from its "name:" label
 * (declared with .type name,@function or %function) to ".size name"; a
 * tick is the header's sequence, line by line.  A partial sequence is an
 * error: it means the compiler split or rewrote one.  Exit status: 0 ok,
 * 1 mismatch, 2 usage or unreadable input.
 */
#define _POSIX_C_SOURCE 200809L /* strtok_r */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <rr/softticks.h>

#define MAX_LINES 16
#define MAX_FUNCS 4096

struct func {
  char name[256];
  int is_function;
  int ticks;
};

static struct func funcs[MAX_FUNCS];
static int nfuncs;

static struct func *find(const char *name, int create) {
  for (int i = 0; i < nfuncs; i++)
    if (strcmp(funcs[i].name, name) == 0) return &funcs[i];
  if (!create || nfuncs == MAX_FUNCS) return NULL;
  snprintf(funcs[nfuncs].name, sizeof funcs[nfuncs].name, "%s", name);
  return &funcs[nfuncs++];
}

/* Trims leading/trailing blanks in place; returns the start. */
static char *trim(char *s) {
  while (*s == ' ' || *s == '\t') s++;
  size_t n = strlen(s);
  while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\n' || s[n - 1] == '\r'))
    s[--n] = '\0';
  return s;
}

/* The sequence's lines, trimmed. */
static int split_sequence(const char *text, char lines[][128]) {
  int n = 0;
  char buf[1024];
  snprintf(buf, sizeof buf, "%s", text);
  for (char *save = NULL, *l = strtok_r(buf, "\n", &save); l && n < MAX_LINES;
       l = strtok_r(NULL, "\n", &save)) {
    char *t = trim(l);
    if (*t) snprintf(lines[n++], 128, "%s", t);
  }
  return n;
}

int main(int argc, char **argv) {
  const char *seq;
  if (argc < 3) {
    fprintf(stderr, "usage: asm_ticks x86_64|i386|aarch64 FILE.s [FUNC=N ...]\n");
    return 2;
  }
  if (strcmp(argv[1], "x86_64") == 0)
    seq = RR_SOFTTICKS_X86_64_TICK_ASM;
  else if (strcmp(argv[1], "i386") == 0)
    seq = RR_SOFTTICKS_I386_TICK_ASM;
  else if (strcmp(argv[1], "aarch64") == 0)
    seq = RR_SOFTTICKS_AARCH64_TICK_ASM;
  else {
    fprintf(stderr, "asm_ticks: unknown architecture %s\n", argv[1]);
    return 2;
  }
  char want[MAX_LINES][128];
  int nwant = split_sequence(seq, want);

  FILE *f = fopen(argv[2], "r");
  if (!f) {
    perror(argv[2]);
    return 2;
  }
  char line[4096];
  struct func *current = NULL;
  int matched = 0, partial = 0;
  while (fgets(line, sizeof line, f)) {
    char *t = trim(line);
    char name[256];
    /* The sequence, line by line (its last line is the label "1:"). */
    if (matched > 0 && strcmp(t, want[matched]) != 0) {
      partial++;
      matched = 0;
    }
    if (strcmp(t, want[matched]) == 0) {
      if (++matched == nwant) {
        matched = 0;
        if (current) current->ticks++;
      }
      continue;
    }
    if (sscanf(t, ".type %255[^,], %*s", name) == 1 || sscanf(t, ".type %255[^,],%*s", name) == 1) {
      if (strstr(t, "function")) find(name, 1)->is_function = 1;
      continue;
    }
    if (strncmp(t, ".size", 5) == 0 && current) {
      if (sscanf(t, ".size %255[^,]", name) == 1 && strcmp(trim(name), current->name) == 0)
        current = NULL;
      continue;
    }
    size_t len = strlen(t);
    if (len > 1 && t[len - 1] == ':' && !strchr(t, ' ') && !strchr(t, '\t')) {
      t[len - 1] = '\0';
      struct func *fn = find(t, 0);
      if (fn && fn->is_function) current = fn;
      continue;
    }
  }
  fclose(f);
  if (partial) {
    fprintf(stderr, "asm_ticks: %s: %d partial tick sequence(s)\n", argv[2], partial);
    return 1;
  }

  if (argc == 3) {
    for (int i = 0; i < nfuncs; i++)
      if (funcs[i].is_function) printf("%s %d\n", funcs[i].name, funcs[i].ticks);
    return 0;
  }
  int bad = 0;
  for (int i = 3; i < argc; i++) {
    char name[256];
    int expected;
    if (sscanf(argv[i], "%255[^=]=%d", name, &expected) != 2) {
      fprintf(stderr, "asm_ticks: bad expectation %s (want FUNC=N)\n", argv[i]);
      return 2;
    }
    struct func *fn = find(name, 0);
    if (!fn || !fn->is_function) {
      fprintf(stderr, "asm_ticks: %s: no function %s\n", argv[2], name);
      bad = 1;
    } else if (fn->ticks != expected) {
      fprintf(stderr, "asm_ticks: %s: %s has %d ticks, expected %d\n", argv[2], name, fn->ticks,
              expected);
      bad = 1;
    } else {
      printf("%s %d ok\n", name, fn->ticks);
    }
  }
  return bad;
}
