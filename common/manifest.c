/*
 * The module manifest as a Cap'n Proto message, written by hand so that
 * the plugins need no Cap'n Proto library (layout: manifest_layout.h), and
 * its note as assembly.  The decoder is manifest_decode.c.
 */
#include "manifest.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asm_text.h"
#include "manifest_layout.h"

static size_t words_for(size_t bytes) { return (bytes + 7) / 8; }

static const char *manifest_text(const struct st_manifest *m, unsigned i) {
  return i == 0 ? m->compiler : i == 1 ? m->compiler_version : m->plugin_version;
}

/* Length of m's message in bytes, or 0 if m cannot be encoded. */
static size_t manifest_message_size(const struct st_manifest *m) {
  size_t words = 1 + MANIFEST_DATA_WORDS + MANIFEST_POINTERS;
  unsigned i;
  if (!m || (unsigned)m->arch > RR_SOFTTICKS_ARCH_AARCH64) return 0;
  for (i = 0; i < MANIFEST_POINTERS; i++) {
    const char *s = manifest_text(m, i);
    size_t n;
    if (!s) return 0;
    n = strlen(s) + 1;
    if (n > ST_MANIFEST_MAX_TEXT) return 0; /* keeps every size small */
    words += words_for(n);
  }
  return 8 + 8 * words;
}

size_t st_manifest_encode(const struct st_manifest *m, unsigned char *out, size_t cap) {
  size_t size = manifest_message_size(m);
  unsigned char *seg;
  size_t next_word; /* first free word of the segment */
  unsigned i;
  if (size == 0 || !out || cap < size) return 0;
  memset(out, 0, size);
  put32(out, 0);                                 /* one segment */
  put32(out + 4, (uint32_t)((size - 8) / 8));    /* of this many words */
  seg = out + 8;

  /* Root pointer: struct right after it (offset 0). */
  put32(seg, 0 << 2 | PTR_STRUCT);
  put16(seg + 4, MANIFEST_DATA_WORDS);
  put16(seg + 6, MANIFEST_POINTERS);

  put32(seg + 8 + ABI_VERSION_BYTE, RR_SOFTTICKS_ABI_VERSION);
  put16(seg + 8 + ARCH_BYTE, (uint16_t)m->arch);
  put32(seg + 8 + RULES_BYTE, m->placement_rules_version);

  next_word = 1 + MANIFEST_DATA_WORDS + MANIFEST_POINTERS;
  for (i = 0; i < MANIFEST_POINTERS; i++) {
    const char *s = manifest_text(m, i);
    size_t n = strlen(s) + 1;
    size_t ptr_word = 1 + MANIFEST_DATA_WORDS + i;
    /* Offset in words from the end of the pointer to the list. */
    uint32_t offset = (uint32_t)(next_word - (ptr_word + 1));
    put32(seg + 8 * ptr_word, offset << 2 | PTR_LIST);
    put32(seg + 8 * ptr_word + 4, (uint32_t)n << 3 | LIST_BYTES);
    memcpy(seg + 8 * next_word, s, n);
    next_word += words_for(n);
  }
  return size;
}

/* ---------------------------------------------------------------------- */
/* The note as assembly                                                    */
/* ---------------------------------------------------------------------- */

/* 64-bit FNV-1a: names the COMDAT group after the message's bytes. */
static uint64_t fnv1a64(const unsigned char *p, size_t n) {
  uint64_t h = UINT64_C(0xcbf29ce484222325);
  size_t i;
  for (i = 0; i < n; i++) {
    h ^= p[i];
    h *= UINT64_C(0x100000001b3);
  }
  return h;
}

char *st_manifest_asm(const struct st_manifest *m) {
  struct st_text t = ST_TEXT_INIT;
  size_t size = manifest_message_size(m);
  unsigned char *msg;
  char group[64];
  if (size == 0 || !st_asm_type_prefix(m->arch)) return NULL;
  msg = malloc(size);
  if (!msg) return NULL;
  if (st_manifest_encode(m, msg, size) != size) {
    free(msg);
    return NULL;
  }
  snprintf(group, sizeof group, "__rr_softticks_manifest_%016llx",
           (unsigned long long)fnv1a64(msg, size));
  st_text_note(&t, m->arch, RR_SOFTTICKS_MANIFEST_SECTION, group,
               RR_SOFTTICKS_MANIFEST_NOTE_NAME, RR_SOFTTICKS_MANIFEST_NOTE_TYPE, msg, size);
  free(msg);
  return st_text_finish(&t);
}
