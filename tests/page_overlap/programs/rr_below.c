/* Preloaded, uninstrumented: rr's layout around the countdown page before
 * the program's constructors run, as the page check meets it under rr: a
 * file-backed page right below the page (rr's own page at 0x70000000, here
 * the first page of this process's executable) and a buffer right after
 * it (rr's syscall buffer).  The page itself is the initializer's (the
 * early mapping made it at relocation time) or, with no early mapping,
 * is made later.  The page check's filter then sees something below, reads
 * the main program's headers, and must let an ordinary program run. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#if defined(__aarch64__)
#define PAGE 0x70010000ul
#define SPAN 0x10000ul
#else
#define PAGE 0x70001000ul
#define SPAN 0x1000ul
#endif

__attribute__((constructor)) static void rr_below(void) {
  int fd = open("/proc/self/exe", O_RDONLY);
  void *below = (void *)(PAGE - SPAN), *after = (void *)(PAGE + SPAN);
  if (fd < 0 ||
      mmap(below, SPAN, PROT_READ, MAP_PRIVATE | MAP_FIXED_NOREPLACE, fd, 0) != below ||
      mmap(after, 1ul << 20, PROT_READ | PROT_WRITE,
           MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0) != after) {
    fprintf(stderr, "rr_below: cannot map rr's layout\n");
    exit(3);
  }
  close(fd);
}
