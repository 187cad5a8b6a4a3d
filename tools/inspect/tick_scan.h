/*
 * Finding tick sequences in machine code: the exact bytes of every
 * architecture's sequence (rr_softticks_sequence_bytes), x86 ones at any
 * byte offset (variable-length instructions), aarch64 ones only at 4-byte
 * aligned addresses.
 */
#ifndef SOFTTICKS_TICK_SCAN_H
#define SOFTTICKS_TICK_SCAN_H

#include <stddef.h>
#include <stdint.h>

#include <rr/softticks.h>

/* Called for each site found, with the address of its first byte. */
typedef void (*st_tick_site_fn)(void *ctx, enum rr_softticks_arch arch, uint64_t address);

/* Scans bytes[0 .. size), which start at `address`, for the sequences of
 * all three architectures; adds the number of sites of each arch to
 * counts[arch] and calls on_site (if not NULL) for each. */
void st_scan_ticks(const unsigned char *bytes, size_t size, uint64_t address,
                   uint64_t counts[4], st_tick_site_fn on_site, void *ctx);

#endif
