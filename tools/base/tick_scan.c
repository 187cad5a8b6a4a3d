/* Tick sequences in machine code; see tick_scan.h. */
#define _GNU_SOURCE /* memmem */
#include "tick_scan.h"

#include <string.h>

static const enum rr_softticks_arch all_arches[] = {
    RR_SOFTTICKS_ARCH_X86_64, RR_SOFTTICKS_ARCH_I386, RR_SOFTTICKS_ARCH_AARCH64};

/* aarch64 instructions are 4-byte aligned; a match elsewhere is data. */
static int placement_ok(enum rr_softticks_arch arch, uint64_t address) {
  return arch != RR_SOFTTICKS_ARCH_AARCH64 || (address & 3) == 0;
}

/* The arch's sites that start in bytes[0 .. start_limit); stops after
 * `max` of them.  Returns how many it found. */
static uint64_t scan_arch(enum rr_softticks_arch arch, const unsigned char *bytes, size_t size,
                          size_t start_limit, uint64_t address, uint64_t max,
                          st_tick_site_fn on_site, void *ctx) {
  size_t len;
  const unsigned char *seq = rr_softticks_sequence_bytes(arch, &len);
  size_t pos = 0;
  uint64_t found = 0;
  if (!seq) return 0;
  while (found < max && pos < size && size - pos >= len) {
    const unsigned char *hit = memmem(bytes + pos, size - pos, seq, len);
    if (!hit) break;
    size_t offset = (size_t)(hit - bytes);
    if (offset >= start_limit) break;
    uint64_t site = address + offset;
    if (!placement_ok(arch, site)) {
      pos = offset + 1;
      continue;
    }
    found++;
    if (on_site) on_site(ctx, arch, site);
    /* A sequence's first byte does not recur inside it, so sites never
     * overlap: resume after this one. */
    pos = offset + len;
  }
  return found;
}

void st_scan_ticks(const unsigned char *bytes, size_t size, size_t start_limit, uint64_t address,
                   uint64_t counts[4], st_tick_site_fn on_site, void *ctx) {
  for (size_t a = 0; a < sizeof all_arches / sizeof all_arches[0]; a++)
    counts[all_arches[a]] += scan_arch(all_arches[a], bytes, size, start_limit, address,
                                       UINT64_MAX, on_site, ctx);
}

int st_code_has_tick(enum rr_softticks_arch arch, const unsigned char *code, size_t len,
                     uint64_t address) {
  return scan_arch(arch, code, len, len, address, 1, NULL, NULL) != 0;
}

void st_scan_ticks_chunked(const unsigned char *bytes, size_t size, size_t chunk,
                           uint64_t address, uint64_t counts[4], st_tick_site_fn on_site,
                           st_release_fn release, void *ctx) {
  size_t overlap = 0;
  for (size_t a = 0; a < sizeof all_arches / sizeof all_arches[0]; a++) {
    size_t len;
    rr_softticks_sequence_bytes(all_arches[a], &len);
    if (len > overlap) overlap = len;
  }
  if (chunk == 0) chunk = size;
  for (size_t done = 0; done < size;) {
    size_t left = size - done;
    size_t this_chunk = left < chunk ? left : chunk;
    size_t window = left - this_chunk < overlap ? left : this_chunk + overlap;
    /* Sites that start in this chunk; the window lets the last ones end. */
    st_scan_ticks(bytes + done, window, this_chunk, address + done, counts, on_site, ctx);
    if (release) release(ctx, bytes + done, this_chunk);
    done += this_chunk;
  }
}
