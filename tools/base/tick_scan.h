/*
 * Finding tick sequences in machine code, for both tools: the exact bytes
 * of an architecture's sequence (rr_softticks_sequence_bytes), x86 ones at
 * any byte offset (variable-length instructions), aarch64 ones only at
 * 4-byte aligned addresses.
 */
#ifndef SOFTTICKS_TOOLBASE_TICK_SCAN_H
#define SOFTTICKS_TOOLBASE_TICK_SCAN_H

#include <stddef.h>
#include <stdint.h>

#include <rr/softticks.h>

/* Called for each site found, with the address of its first byte. */
typedef void (*st_tick_site_fn)(void *ctx, enum rr_softticks_arch arch, uint64_t address);

/* Scans bytes[0 .. size), which start at `address`, for the sequences of
 * all three architectures that start before bytes + start_limit (so that a
 * long buffer can be scanned in overlapping windows); adds the number of
 * sites of each arch to counts[arch] and calls on_site (if not NULL) for
 * each. */
void st_scan_ticks(const unsigned char *bytes, size_t size, size_t start_limit, uint64_t address,
                   uint64_t counts[4], st_tick_site_fn on_site, void *ctx);

/* The same over bytes[0 .. size) in windows of `chunk` bytes (plus the
 * overlap a site needs to end), calling release (if not NULL) on each
 * chunk once scanned, so that huge code need not stay in memory.  Counts
 * exactly what one st_scan_ticks over everything would. */
typedef void (*st_release_fn)(void *ctx, const unsigned char *bytes, size_t size);
void st_scan_ticks_chunked(const unsigned char *bytes, size_t size, size_t chunk,
                           uint64_t address, uint64_t counts[4], st_tick_site_fn on_site,
                           st_release_fn release, void *ctx);

/* Whether code[0 .. len), which starts at `address`, holds a whole tick
 * sequence of arch (what the tracer asks of one function's bytes). */
int st_code_has_tick(enum rr_softticks_arch arch, const unsigned char *code, size_t len,
                     uint64_t address);

#endif
