/*
 * Checks for the C unit tests, one way for all of them:
 *
 *   CHECK(cond);                        counts a failure if cond is false
 *   CHECK(cond, "got %d", value);       ... and says more (printf format,
 *                                       a string literal)
 *   return check_report("placement");   main's exit status: 0 or 1
 *
 * A failure prints "FILE:LINE: FAIL: cond[: message]" on stderr and the
 * test goes on, so that one run shows every failed check.
 */
#ifndef SOFTTICKS_TESTS_CHECK_H
#define SOFTTICKS_TESTS_CHECK_H

#include <stdarg.h>
#include <stdio.h>

static int check_failures;

/* The message's format is prefixed with ": " so that it is never empty
 * (an empty format draws -Wformat-zero-length) and CHECK(cond) needs none. */
#define CHECK(cond, ...)                                                   \
  do {                                                                     \
    if (!(cond)) check_failed(__FILE__, __LINE__, #cond, ": " __VA_ARGS__); \
  } while (0)

static void check_failed(const char *file, int line, const char *cond, const char *format, ...)
    __attribute__((format(printf, 4, 5)));

static void check_failed(const char *file, int line, const char *cond, const char *format, ...) {
  va_list ap;
  check_failures++;
  fprintf(stderr, "%s:%d: FAIL: %s", file, line, cond);
  if (format[2] != '\0') {
    va_start(ap, format);
    vfprintf(stderr, format, ap);
    va_end(ap);
  }
  fputc('\n', stderr);
}

/* What main returns: 0 if every check passed, else 1, with a summary. */
static int check_report(const char *test) {
  if (check_failures) {
    fprintf(stderr, "%s: %d check(s) failed\n", test, check_failures);
    return 1;
  }
  printf("%s: all checks passed\n", test);
  return 0;
}

#endif
