/* A static program of the C library's own code paths: start-up (_start,
   IRELATIVE resolvers, TLS), stdio, qsort, strtod, the string functions.
   Linked -static against the image's libc.a, so everything it runs was
   built by the image's glibc rebuild. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int by_value(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

int main(void)
{
  double values[200];
  char text[64];
  unsigned long sum = 0;
  for (int i = 0; i < 200; i++) {
    snprintf(text, sizeof text, "%d.%03d", (i * 7919) % 1000, (i * 31) % 1000);
    values[i] = strtod(text, NULL);
    sum += strlen(text) + (unsigned long)(strchr(text, '.') - text);
  }
  qsort(values, 200, sizeof values[0], by_value);
  char copy[sizeof values];
  memcpy(copy, values, sizeof values);
  printf("%lu %.3f %.3f %d\n", sum, values[0], values[199], memcmp(copy, values, sizeof values));
  return 0;
}
