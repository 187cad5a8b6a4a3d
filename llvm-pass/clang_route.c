/*
 * softticks-clang: clang as the image runs it (README.md, "clang").
 *
 * clang assembles with its integrated assembler, which never runs an
 * external `as`, so softticks-as only sees a file when clang is given
 * -fno-integrated-as (its config's -B then finds softticks-as).  Making
 * that the default for every compile would send all C and C++ output
 * through a text .s file and GNU as; the pass already ticks what clang
 * compiles (inline asm included), so only assembler input needs the other
 * assembler.  This program adds -fno-integrated-as when the command line
 * may hold assembler input and runs the real clang with the rest
 * unchanged, argv[0] included (clang reads its driver mode and its config
 * file's name from argv[0], its own directory from /proc/self/exe).
 *
 * "May hold" errs towards routing: an output named x.s, an option value
 * ending in .S or a response file (not read) route too, which costs a
 * compile that writes its text and runs GNU as, never a tick.  A later
 * -fintegrated-as on the command line wins (clang takes the last), and a
 * build that turned the config off (--no-default-config,
 * CLANG_NO_DEFAULT_CONFIG) gets clang's default, as it asked.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef SAS_CLANG
#error "SAS_CLANG: the clang this program runs (asm/CMakeLists.txt)"
#endif

static int ends_with(const char *s, const char *suffix) {
  size_t n = strlen(s), m = strlen(suffix);
  return n > m && !strcmp(s + n - m, suffix);
}

/* clang's names of assembler input (Types.def: assembler,
 * assembler-with-cpp): the -x languages and the file suffixes. */
static int is_assembler_language(const char *lang) { return !strncmp(lang, "assembler", 9); }
static int is_assembler_file(const char *path) {
  return ends_with(path, ".s") || ends_with(path, ".S") || ends_with(path, ".sx");
}

/* Whether argv (after argv[0]) may make clang assemble an assembler
 * file, and the config that carries softticks-as's -B is read. */
static int routes_assembler(int argc, char **argv) {
  const char *no_config = getenv("CLANG_NO_DEFAULT_CONFIG");
  int i, may = 0;
  if (no_config && *no_config && strcmp(no_config, "0")) return 0;
  for (i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--no-default-config")) return 0;
    if (!strcmp(a, "-x") && i + 1 < argc)
      may |= is_assembler_language(argv[++i]);
    else if (!strncmp(a, "-x", 2))
      may |= is_assembler_language(a + 2);
    else if (a[0] == '@')
      may = 1;
    else if (a[0] != '-')
      may |= is_assembler_file(a);
  }
  return may;
}

int main(int argc, char **argv) {
  char **args = calloc((size_t)argc + 4, sizeof *args);
  int n = 0, i;
  if (!args) {
    fprintf(stderr, "softticks-clang: out of memory\n");
    return 127;
  }
  args[n++] = argv[0];
  if (routes_assembler(argc, argv)) {
    /* Where no assembler job comes of it (-E, -S, -M) clang would warn
     * that the option went unused, an error under -Werror. */
    args[n++] = "--start-no-unused-arguments";
    args[n++] = "-fno-integrated-as";
    args[n++] = "--end-no-unused-arguments";
  }
  for (i = 1; i < argc; i++) args[n++] = argv[i];
  args[n] = NULL;
  execv(SAS_CLANG, args);
  fprintf(stderr, "softticks-clang: cannot run %s: %s\n", SAS_CLANG, strerror(errno));
  return 127;
}
