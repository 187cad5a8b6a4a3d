/*
 * ModuleManifest's wire layout and little-endian byte access, shared by
 * the encoder (manifest.c) and the decoder (manifest_decode.c).  Private
 * to common/.
 *
 * Wire form (https://capnproto.org/encoding.html), as the encoder writes it:
 *   segment table   u32 segment count - 1 (= 0), u32 segment 0 size in words
 *   word 0          root struct pointer
 *   words 1..2      data section: abiVersion, arch, placementRulesVersion
 *   words 3..5      pointer section: compiler, compilerVersion, pluginVersion
 *   words 6..       the three texts, NUL-terminated, each padded to a word
 * The field positions are those `capnp compile -ocapnp abi/softticks.capnp`
 * reports for ModuleManifest.  Everything is read and written byte by byte,
 * so no alignment or host byte order is assumed.
 */
#ifndef SOFTTICKS_COMMON_MANIFEST_LAYOUT_H
#define SOFTTICKS_COMMON_MANIFEST_LAYOUT_H

#include <stdint.h>

/* ModuleManifest's layout. */
enum {
  MANIFEST_DATA_WORDS = 2,
  MANIFEST_POINTERS = 3,
  ABI_VERSION_BYTE = 0, /* UInt32, bits [0, 32) */
  ARCH_BYTE = 4,        /* Arch (UInt16), bits [32, 48) */
  RULES_BYTE = 8,       /* UInt32, bits [64, 96) */
};

/* Pointer kinds (the low two bits of a pointer word). */
enum { PTR_STRUCT = 0, PTR_LIST = 1, PTR_FAR = 2, PTR_OTHER = 3 };
/* List element size code for bytes (Text is a List(UInt8) ending in NUL). */
enum { LIST_BYTES = 2 };

/* Segment tables longer than this are not manifests. */
#define MANIFEST_MAX_SEGMENTS 512u

static inline void put32(unsigned char *p, uint32_t v) {
  p[0] = (unsigned char)v;
  p[1] = (unsigned char)(v >> 8);
  p[2] = (unsigned char)(v >> 16);
  p[3] = (unsigned char)(v >> 24);
}

static inline void put16(unsigned char *p, uint16_t v) {
  p[0] = (unsigned char)v;
  p[1] = (unsigned char)(v >> 8);
}

static inline uint32_t get32(const unsigned char *p) {
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static inline uint16_t get16(const unsigned char *p) { return (uint16_t)(p[0] | p[1] << 8); }

static inline uint64_t get64(const unsigned char *p) {
  return (uint64_t)get32(p) | (uint64_t)get32(p + 4) << 32;
}

#endif
