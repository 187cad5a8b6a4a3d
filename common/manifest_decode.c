/*
 * The module manifest's decoder, for the tools that read notes (the
 * inspector); the plugins link only the encoder (manifest.c).  Every
 * offset is checked against the segment before use.
 */
#include "manifest_decode.h"

#include <string.h>

#include "manifest_layout.h"

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
