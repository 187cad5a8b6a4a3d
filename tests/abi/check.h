/* Minimal checking for the ABI unit tests: count failures, report each. */
#ifndef SOFTTICKS_TESTS_ABI_CHECK_H
#define SOFTTICKS_TESTS_ABI_CHECK_H

#include <stdio.h>

static int check_failures;

#define CHECK(cond, ...)                                          \
  do {                                                            \
    if (!(cond)) {                                                \
      check_failures++;                                           \
      fprintf(stderr, "%s:%d: FAIL: %s: ", __FILE__, __LINE__, #cond); \
      fprintf(stderr, __VA_ARGS__);                               \
      fputc('\n', stderr);                                        \
    }                                                             \
  } while (0)

/* main's return value. */
static int check_report(const char *what) {
  if (check_failures) {
    fprintf(stderr, "%s: %d check(s) failed\n", what, check_failures);
    return 1;
  }
  printf("%s: all checks passed\n", what);
  return 0;
}

#endif
