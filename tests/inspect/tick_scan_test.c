/*
 * st_scan_ticks / st_scan_ticks_chunked on buffers whose sites are known
 * by construction: random bytes with the three sequences (from
 * rr_softticks_sequence_bytes) written at chosen offsets, x86 ones at any
 * offset, aarch64 ones at aligned and (not to be counted) misaligned
 * addresses.  Every chunk size, including ones that cut sequences, must
 * find exactly the written sites, at their addresses, once each.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "tick_scan.h"

#define BUFFER_SIZE 20000
#define MAX_SITES 400

struct site {
  enum rr_softticks_arch arch;
  uint64_t address;
};

struct found {
  struct site sites[MAX_SITES * 2];
  size_t count;
  size_t released;
};

static void on_site(void *ctx, enum rr_softticks_arch arch, uint64_t address) {
  struct found *f = ctx;
  if (f->count < sizeof f->sites / sizeof f->sites[0])
    f->sites[f->count] = (struct site){arch, address};
  f->count++;
}

static void on_release(void *ctx, const unsigned char *bytes, size_t size) {
  struct found *f = ctx;
  (void)bytes;
  f->released += size;
}

static int by_address(const void *x, const void *y) {
  const struct site *p = x, *q = y;
  return p->address < q->address ? -1 : p->address > q->address;
}

static uint64_t rng_state = 0x5eed5eed12345678u;
static uint64_t next_random(void) {
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return rng_state;
}

static void check(int cond, const char *what, size_t chunk, uint64_t base, int round) {
  CHECK(cond, "round %d base %llu chunk %zu: %s", round, (unsigned long long)base, chunk, what);
}

int main(void) {
  static unsigned char buffer[BUFFER_SIZE];
  static const size_t chunks[] = {0, 1, 3, 7, 20, 21, 27, 28, 31, 32, 33, 64, 100, 4096, 19999};
  for (int round = 0; round < 20; round++) {
    for (size_t i = 0; i < BUFFER_SIZE; i++) buffer[i] = (unsigned char)next_random();
    uint64_t base = round % 4; /* shifts which offsets are aligned addresses */
    struct site expected[MAX_SITES];
    size_t n_expected = 0;
    size_t pos = (size_t)(next_random() % 40);
    while (n_expected < MAX_SITES) {
      enum rr_softticks_arch arch = (enum rr_softticks_arch)(1 + next_random() % 3);
      size_t len;
      const unsigned char *seq = rr_softticks_sequence_bytes(arch, &len);
      int counted = 1;
      if (arch == RR_SOFTTICKS_ARCH_AARCH64) {
        /* Mostly aligned; sometimes deliberately not (data, not code). */
        int misaligned = next_random() % 4 == 0;
        while (((base + pos) & 3) != (misaligned ? 2u : 0u)) pos++;
        counted = !misaligned;
      }
      if (pos + len > BUFFER_SIZE) break;
      memcpy(buffer + pos, seq, len);
      if (counted) expected[n_expected++] = (struct site){arch, base + pos};
      pos += len + (size_t)(next_random() % 50); /* 0: back to back */
    }
    uint64_t want[4] = {0};
    for (size_t i = 0; i < n_expected; i++) want[expected[i].arch]++;

    for (size_t c = 0; c < sizeof chunks / sizeof chunks[0]; c++) {
      struct found f = {.count = 0};
      uint64_t counts[4] = {0};
      st_scan_ticks_chunked(buffer, BUFFER_SIZE, chunks[c], base, counts, on_site, on_release, &f);
      check(f.released == BUFFER_SIZE, "released bytes != buffer size", chunks[c], base, round);
      check(f.count == n_expected, "site count", chunks[c], base, round);
      for (int a = 1; a < 4; a++)
        check(counts[a] == want[a], "per-arch count", chunks[c], base, round);
      if (f.count != n_expected) continue;
      qsort(f.sites, f.count, sizeof f.sites[0], by_address);
      for (size_t i = 0; i < n_expected; i++)
        check(f.sites[i].address == expected[i].address && f.sites[i].arch == expected[i].arch,
              "site address/arch", chunks[c], base, round);
    }
  }
  /* A sequence cut by the end of the buffer is no site. */
  size_t len;
  const unsigned char *seq = rr_softticks_sequence_bytes(RR_SOFTTICKS_ARCH_X86_64, &len);
  uint64_t counts[4] = {0};
  st_scan_ticks(seq, len - 1, len - 1, 0, counts, NULL, NULL);
  check(counts[RR_SOFTTICKS_ARCH_X86_64] == 0, "truncated sequence counted", 0, 0, -1);
  return check_report("tick scan");
}
