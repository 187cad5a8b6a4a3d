/*
 * The page initializer (__rr_softticks_init, from the module asm that
 * librrsoftticks carries) and librrsoftticks' helpers, outside a tracer:
 *   - the page is there at start-up (run from .init_array before the
 *     first user constructor), with the
 *     ABI's initial countdown (0 on x86-64/aarch64, all ones on i386);
 *   - calling it again is harmless: same mappings, same contents;
 *   - with the page already mapped by someone else (as a tracer would,
 *     with a marker), it leaves the page and its contents alone and leaks
 *     no mapping (under qemu, which treats MAP_FIXED_NOREPLACE as a hint,
 *     this is the "placed elsewhere: unmap" path);
 *   - with no page it creates one; after a tick the countdown is disarmed;
 *   - rr_softticks_ensure_page / _countdown_armed / _tick_bytes, also
 *     with an unreadable mapping at the page.
 * Exit status: 0 all passed, 1 a check failed (printed).
 */
#define _GNU_SOURCE
#include <rr/librrsoftticks.h>

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "check.h"

extern void __rr_softticks_init(void) __attribute__((visibility("hidden")));

#define PAGE ((void *)RR_SOFTTICKS_PAGE_ADDR)
#define WORDS ((volatile uint32_t *)RR_SOFTTICKS_COUNTDOWN_ADDR)
#define FIRST_WORD ((volatile uint32_t *)RR_SOFTTICKS_PAGE_ADDR)
/* Where rr maps its syscall buffer: right after the page (on aarch64 the
 * page is 64 KiB-aligned, for 64 KiB kernels). */
#if defined(__aarch64__)
#define SYSCALLBUF ((char *)RR_SOFTTICKS_PAGE_ADDR + 0x10000)
#else
#define SYSCALLBUF ((char *)RR_SOFTTICKS_PAGE_ADDR + 0x1000)
#endif

static uint64_t countdown(void) { return (uint64_t)WORDS[1] << 32 | WORDS[0]; }

static void set_countdown(uint64_t v) {
  WORDS[1] = (uint32_t)(v >> 32);
  WORDS[0] = (uint32_t)v;
}

/* /proc/self/maps into buf, with no allocation between two snapshots. */
static size_t read_maps(char *buf, size_t cap) {
  int fd = open("/proc/self/maps", O_RDONLY);
  size_t len = 0;
  ssize_t n;
  if (fd < 0) return 0;
  while (len + 1 < cap && (n = read(fd, buf + len, cap - 1 - len)) > 0) len += (size_t)n;
  close(fd);
  buf[len] = 0;
  return len;
}

/* Number of mappings that contain the page's first byte. */
static int mappings_at_page(void) {
  static char buf[1 << 16];
  const char *line = buf;
  int count = 0;
  read_maps(buf, sizeof buf);
  while (*line) {
    unsigned long lo, hi;
    if (sscanf(line, "%lx-%lx", &lo, &hi) == 2 && lo <= RR_SOFTTICKS_PAGE_ADDR &&
        RR_SOFTTICKS_PAGE_ADDR < hi)
      count++;
    line = strchr(line, '\n');
    if (!line) break;
    line++;
  }
  return count;
}

/* From /proc/self/maps, which qemu-user emulates faithfully (msync does
 * not: a 32-bit guest's unmapped pages are reserved on the host). */
static int page_mapped(void) { return mappings_at_page() > 0; }

static uint64_t initial_countdown(void) {
  return RR_SOFTTICKS_NATIVE_ARCH == RR_SOFTTICKS_ARCH_I386 ? RR_SOFTTICKS_PARKED : 0;
}

static char maps_before[1 << 16], maps_after[1 << 16];

/* The initializer runs at priority 1: the earliest user constructor
 * (101) already finds the page. */
static int page_in_first_constructor = -1;
__attribute__((constructor(101))) static void first_constructor(void) {
  page_in_first_constructor = page_mapped();
}

int main(void) {
  size_t len, ref_len;
  const unsigned char *ref = rr_softticks_sequence_bytes(RR_SOFTTICKS_NATIVE_ARCH, &ref_len);
  const unsigned char *bytes;

  /* Start-up: mapped by the initializer, initial countdown, nothing ticked. */
  CHECK(page_in_first_constructor == 1);
  CHECK(mappings_at_page() == 1);
  CHECK(countdown() == initial_countdown());

  /* Twice more: harmless. */
  set_countdown(0x1122334455667788ull);
  read_maps(maps_before, sizeof maps_before);
  __rr_softticks_init();
  __rr_softticks_init();
  read_maps(maps_after, sizeof maps_after);
  CHECK(strcmp(maps_before, maps_after) == 0);
  CHECK(countdown() == 0x1122334455667788ull);

  /* A page someone else mapped first (a tracer's), with markers. */
  CHECK(munmap(PAGE, RR_SOFTTICKS_MAP_SIZE) == 0);
  CHECK(!page_mapped());
  CHECK(mmap(PAGE, RR_SOFTTICKS_MAP_SIZE, PROT_READ | PROT_WRITE,
             MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) == PAGE);
  *FIRST_WORD = 0xfeedface;
  set_countdown(0x0123456789abcdefull);
  read_maps(maps_before, sizeof maps_before);
  __rr_softticks_init();
  read_maps(maps_after, sizeof maps_after);
  CHECK(strcmp(maps_before, maps_after) == 0); /* no new or moved mapping */
  CHECK(*FIRST_WORD == 0xfeedface);
  CHECK(countdown() == 0x0123456789abcdefull);
  CHECK(rr_softticks_countdown_armed() == 1);
  CHECK(rr_softticks_ensure_page() == 0);
  CHECK(countdown() == 0x0123456789abcdefull);

  /* rr's layout: its syscall buffer (1 MiB) right after the page.  Still
   * EEXIST, never an error: nothing moves, nothing is written. */
  CHECK(mmap(SYSCALLBUF, 1 << 20, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS | MAP_FIXED,
             -1, 0) == SYSCALLBUF);
  read_maps(maps_before, sizeof maps_before);
  __rr_softticks_init();
  CHECK(rr_softticks_ensure_page() == 0);
  read_maps(maps_after, sizeof maps_after);
  CHECK(strcmp(maps_before, maps_after) == 0);
  CHECK(*FIRST_WORD == 0xfeedface);
  CHECK(countdown() == 0x0123456789abcdefull);
  CHECK(munmap(SYSCALLBUF, 1 << 20) == 0);

  /* No page: the initializer creates it, with the initial countdown. */
  CHECK(munmap(PAGE, RR_SOFTTICKS_MAP_SIZE) == 0);
  CHECK(rr_softticks_countdown_armed() == 0);
  __rr_softticks_init();
  CHECK(mappings_at_page() == 1);
  CHECK(countdown() == initial_countdown());
  CHECK(*FIRST_WORD == 0);

  /* Outside a tracer a tick leaves it disarmed (x86-64/aarch64: 0 wraps). */
  CHECK(rr_softticks_countdown_armed() == (initial_countdown() == 0));
  RR_SOFTTICK();
  CHECK(countdown() == RR_SOFTTICKS_PARKED);
  CHECK(rr_softticks_countdown_armed() == 0);
  RR_SOFTTICK();
  CHECK(countdown() == RR_SOFTTICKS_PARKED);

  /* Something unreadable at the page: the helpers must not touch it. */
  CHECK(munmap(PAGE, RR_SOFTTICKS_MAP_SIZE) == 0);
  CHECK(mmap(PAGE, RR_SOFTTICKS_MAP_SIZE, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1,
             0) == PAGE);
  errno = 1234;
  CHECK(rr_softticks_countdown_armed() == 0);
  CHECK(rr_softticks_ensure_page() == -1);
  CHECK(errno == 1234);
  CHECK(mappings_at_page() == 1);

  /* ensure_page after something unmapped it. */
  CHECK(munmap(PAGE, RR_SOFTTICKS_MAP_SIZE) == 0);
  CHECK(rr_softticks_ensure_page() == 0);
  CHECK(mappings_at_page() == 1);
  CHECK(countdown() == initial_countdown());

  /* The native sequence for code generators. */
  bytes = rr_softticks_tick_bytes(&len);
  CHECK(len == RR_SOFTTICKS_TICK_SIZE && len == ref_len);
  CHECK(bytes && memcmp(bytes, ref, len) == 0);
  CHECK(rr_softticks_tick_bytes(NULL) == bytes);

  return check_report("init_test");
}
