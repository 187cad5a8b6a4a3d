/*
 * The module manifest as a Cap'n Proto message, written and read by hand so
 * that the plugins and the inspector need no Cap'n Proto library.
 *
 * Wire form (https://capnproto.org/encoding.html), as produced here:
 *   segment table   u32 segment count - 1 (= 0), u32 segment 0 size in words
 *   word 0          root struct pointer
 *   words 1..2      data section: abiVersion, arch, placementRulesVersion
 *   words 3..5      pointer section: compiler, compilerVersion, pluginVersion
 *   words 6..       the three texts, NUL-terminated, each padded to a word
 * The field positions are those `capnp compile -ocapnp abi/softticks.capnp`
 * reports for ModuleManifest.  Everything is little-endian and read and
 * written byte by byte, so no alignment or host byte order is assumed.
 */
#include "manifest.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

static void put32(unsigned char *p, uint32_t v) {
  p[0] = (unsigned char)v;
  p[1] = (unsigned char)(v >> 8);
  p[2] = (unsigned char)(v >> 16);
  p[3] = (unsigned char)(v >> 24);
}

static void put16(unsigned char *p, uint16_t v) {
  p[0] = (unsigned char)v;
  p[1] = (unsigned char)(v >> 8);
}

static uint32_t get32(const unsigned char *p) {
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint16_t get16(const unsigned char *p) { return (uint16_t)(p[0] | p[1] << 8); }

static uint64_t get64(const unsigned char *p) {
  return (uint64_t)get32(p) | (uint64_t)get32(p + 4) << 32;
}

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
/* Decoding: every offset is checked against the segment before use.       */
/* ---------------------------------------------------------------------- */

struct segment {
  const unsigned char *bytes;
  uint64_t words;
};

/* Target word of a struct or list pointer at word `at`: its signed 30-bit
 * offset counts words from the end of the pointer. */
static int64_t pointer_target(uint64_t at, uint64_t ptr) {
  int64_t words = (int64_t)(((uint32_t)ptr >> 2) & 0x3fffffff);
  if (words & 0x20000000) words -= 0x40000000; /* sign of the 30-bit field */
  return (int64_t)at + 1 + words;
}

/* Copies the Text that the pointer at word `at` refers to into dst (size
 * cap, NUL-terminated, truncated).  A null pointer is the empty text. */
static int read_text(const struct segment *seg, uint64_t at, char *dst, size_t cap) {
  uint64_t ptr = get64(seg->bytes + 8 * at);
  int64_t start;
  uint64_t count, copy;
  const unsigned char *text;
  dst[0] = '\0';
  if (ptr == 0) return 0;
  if ((ptr & 3) != PTR_LIST) return -1; /* far pointers and non-lists */
  if (((ptr >> 32) & 7) != LIST_BYTES) return -1;
  count = ptr >> 35;
  if (count == 0) return -1; /* Text always holds at least its NUL */
  start = pointer_target(at, ptr);
  if (start < 0 || (uint64_t)start > seg->words) return -1;
  if ((count + 7) / 8 > seg->words - (uint64_t)start) return -1;
  text = seg->bytes + 8 * (uint64_t)start;
  if (text[count - 1] != '\0') return -1;
  copy = count - 1 < cap - 1 ? count - 1 : cap - 1;
  memcpy(dst, text, (size_t)copy);
  dst[copy] = '\0';
  return 0;
}

int st_manifest_decode(const unsigned char *msg, size_t len, struct st_manifest_decoded *out) {
  uint64_t segments, table_bytes, total_words, i;
  struct segment seg;
  uint64_t root;
  int64_t start;
  uint64_t data_words, pointers;
  const unsigned char *data;

  if (!out) return -1;
  memset(out, 0, sizeof *out);
  if (!msg || len < 8) return -1;

  /* Segment table: count - 1, then each segment's size in words, padded
   * to a whole word.  Only segment 0 is read (a pointer into another one
   * would be a far pointer, which is rejected), but the table must
   * describe exactly the bytes given. */
  segments = (uint64_t)get32(msg) + 1;
  if (segments > MANIFEST_MAX_SEGMENTS) return -1;
  table_bytes = (4 + 4 * segments + 7) / 8 * 8;
  if (len < table_bytes) return -1;
  total_words = 0;
  for (i = 0; i < segments; i++) total_words += get32(msg + 4 + 4 * i);
  if ((uint64_t)len - table_bytes != 8 * total_words) return -1;
  seg.bytes = msg + table_bytes;
  seg.words = get32(msg + 4);
  if (seg.words < 1) return -1;

  /* Root: a struct pointer (null means a struct with every field at its
   * default).  Structs may be larger or smaller than this schema's: fields
   * beyond the data or pointer section read as their defaults (0, ""). */
  root = get64(seg.bytes);
  if (root == 0) return 0;
  if ((root & 3) != PTR_STRUCT) return -1;
  data_words = (root >> 32) & 0xffff;
  pointers = root >> 48;
  start = pointer_target(0, root);
  if (start < 0 || (uint64_t)start > seg.words) return -1;
  if (data_words + pointers > seg.words - (uint64_t)start) return -1;
  data = seg.bytes + 8 * (uint64_t)start;

  if (data_words * 8 >= ABI_VERSION_BYTE + 4) out->abi_version = get32(data + ABI_VERSION_BYTE);
  if (data_words * 8 >= ARCH_BYTE + 2) out->arch = get16(data + ARCH_BYTE);
  if (data_words * 8 >= RULES_BYTE + 4)
    out->placement_rules_version = get32(data + RULES_BYTE);

  {
    char *dst[MANIFEST_POINTERS] = {out->compiler, out->compiler_version, out->plugin_version};
    size_t cap[MANIFEST_POINTERS] = {sizeof out->compiler, sizeof out->compiler_version,
                                     sizeof out->plugin_version};
    for (i = 0; i < MANIFEST_POINTERS && i < pointers; i++) {
      if (read_text(&seg, (uint64_t)start + data_words + i, dst[i], cap[i]) != 0) {
        memset(out, 0, sizeof *out);
        return -1;
      }
    }
  }
  return 0;
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

/* A string that grows; on allocation failure it drops everything and
 * remembers that it failed. */
struct text_buf {
  char *s;
  size_t len, cap;
  int failed;
};

static void buf_printf(struct text_buf *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void buf_printf(struct text_buf *b, const char *fmt, ...) {
  va_list ap;
  int n;
  if (b->failed) return;
  for (;;) {
    va_start(ap, fmt);
    n = vsnprintf(b->s ? b->s + b->len : NULL, b->s ? b->cap - b->len : 0, fmt, ap);
    va_end(ap);
    if (n < 0) break;
    if (b->s && (size_t)n < b->cap - b->len) {
      b->len += (size_t)n;
      return;
    }
    {
      size_t want = b->len + (size_t)n + 1;
      size_t cap = b->cap ? b->cap : 256;
      char *s;
      while (cap < want) cap *= 2;
      s = realloc(b->s, cap);
      if (!s) break;
      b->s = s;
      b->cap = cap;
    }
  }
  free(b->s);
  b->s = NULL;
  b->failed = 1;
}

/* `.byte` lines for n bytes followed by zeros up to a multiple of 4. */
static void buf_bytes_padded(struct text_buf *b, const unsigned char *p, size_t n) {
  size_t padded = (n + 3) / 4 * 4, i;
  for (i = 0; i < padded; i++) {
    unsigned v = i < n ? p[i] : 0;
    buf_printf(b, "%s0x%02x%s", i % 16 == 0 ? "\t.byte " : "", v,
               i % 16 == 15 || i + 1 == padded ? "\n" : ",");
  }
}

char *st_manifest_asm(const struct st_manifest *m) {
  static const char name[] = RR_SOFTTICKS_MANIFEST_NOTE_NAME; /* with its NUL */
  struct text_buf b = {NULL, 0, 0, 0};
  size_t size = manifest_message_size(m);
  unsigned char *msg;
  const char *note_type;
  if (size == 0) return NULL;
  switch (m->arch) {
    case RR_SOFTTICKS_ARCH_X86_64:
    case RR_SOFTTICKS_ARCH_I386: note_type = "@note"; break;
    case RR_SOFTTICKS_ARCH_AARCH64: note_type = "%note"; break; /* '@' starts a comment */
    default: return NULL;
  }
  msg = malloc(size);
  if (!msg) return NULL;
  if (st_manifest_encode(m, msg, size) != size) {
    free(msg);
    return NULL;
  }
  buf_printf(&b,
             "\t.pushsection %s,\"aG\",%s,__rr_softticks_manifest_%016llx,comdat\n"
             "\t.balign 4\n"
             "\t.long %u\n"  /* namesz */
             "\t.long %u\n"  /* descsz */
             "\t.long %u\n", /* type */
             RR_SOFTTICKS_MANIFEST_SECTION, note_type,
             (unsigned long long)fnv1a64(msg, size), (unsigned)sizeof name, (unsigned)size,
             (unsigned)RR_SOFTTICKS_MANIFEST_NOTE_TYPE);
  buf_bytes_padded(&b, (const unsigned char *)name, sizeof name);
  buf_bytes_padded(&b, msg, size);
  buf_printf(&b, "\t.popsection\n");
  free(msg);
  return b.failed ? NULL : b.s;
}
