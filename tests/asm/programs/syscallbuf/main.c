/* Drives the syscall-buffer stand-in (site.S, preload.S): each patched
 * site many times, with results that are errors and results that are
 * not, and prints a digest, so that the build whose preload side went
 * through softticks-as can be compared with the plain one. */
#include <stdio.h>

long site_cmp(long nr);
long site_mov(long nr, long a, long b);

/* What rr's syscall_hook() does in C, reduced to a function of the
 * "syscall number": an error (-1 to -4095) for some, a value otherwise. */
long syscall_hook(long nr) {
  return nr % 5 == 0 ? -(nr % 4095) - 1 : nr * 3 + 1;
}

int main(void) {
  unsigned long h = 0;
  long i, errors = 0;
  for (i = 1; i <= 2000; i++) {
    errors += site_cmp(i);
    h = h * 131 + (unsigned long)site_mov(i, i % 7, i % 11);
  }
  printf("errors %ld digest %lu\n", errors, h);
  return 0;
}
