/*
 * ar archives, read by hand: libelf's archive reader wants a file
 * descriptor, and the format is small.  Layout: the magic, then for each
 * member a 60-byte header (name 16, date 12, uid 6, gid 6, mode 8, size 10
 * in decimal, "`\n") and its bytes, padded to an even offset.  Names: GNU
 * "name/", "/" symbol table, "//" long-name table, "/SYM64/", "/N" (offset N
 * in the long-name table, ending in "/\n"); BSD "#1/N" (the name is the
 * first N bytes of the member).
 */
#include "archive.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define AR_MAGIC "!<arch>\n"
#define AR_MAGIC_SIZE 8
#define AR_HEADER_SIZE 60
#define AR_NAME_MAX 256

struct ar_header {
  const char *name; /* 16 bytes, space padded */
  uint64_t size;
};

int st_is_archive(const unsigned char *image, size_t size) {
  return size >= AR_MAGIC_SIZE && memcmp(image, AR_MAGIC, AR_MAGIC_SIZE) == 0;
}

/* A space-padded decimal field; -1 if it is not one. */
static int parse_decimal(const unsigned char *field, size_t width, uint64_t *out) {
  uint64_t v = 0;
  size_t i = 0;
  while (i < width && field[i] >= '0' && field[i] <= '9') {
    if (v > (UINT64_MAX - 9) / 10) return -1;
    v = v * 10 + (uint64_t)(field[i] - '0');
    i++;
  }
  if (i == 0) return -1;
  for (; i < width; i++)
    if (field[i] != ' ') return -1;
  *out = v;
  return 0;
}

/* Copies up to n bytes of name into out, ending at end_char (if found),
 * with control characters replaced so that reports stay one line. */
static void copy_name(char out[AR_NAME_MAX], const unsigned char *name, size_t n, char end_char) {
  size_t k = 0;
  for (size_t i = 0; i < n && k + 1 < AR_NAME_MAX; i++) {
    if (name[i] == (unsigned char)end_char || name[i] == '\0') break;
    out[k++] = name[i] < 0x20 ? '?' : (char)name[i];
  }
  out[k] = '\0';
}

static int fail(char *error, size_t error_size, const char *what, uint64_t offset) {
  snprintf(error, error_size, "archive: %s at offset %llu", what, (unsigned long long)offset);
  return -1;
}

int st_for_each_member(unsigned char *image, size_t size, st_member_fn fn, void *ctx, char *error,
                       size_t error_size) {
  if (!st_is_archive(image, size)) return fail(error, error_size, "no ar magic", 0);
  const unsigned char *long_names = NULL;
  uint64_t long_names_size = 0;
  uint64_t pos = AR_MAGIC_SIZE;
  while (pos < size) {
    if (size - pos < AR_HEADER_SIZE) return fail(error, error_size, "truncated member header", pos);
    const unsigned char *h = image + pos;
    uint64_t member_size;
    if (h[58] != '`' || h[59] != '\n') return fail(error, error_size, "bad member header", pos);
    if (parse_decimal(h + 48, 10, &member_size) != 0)
      return fail(error, error_size, "bad member size", pos);
    uint64_t data = pos + AR_HEADER_SIZE;
    if (member_size > size - data) return fail(error, error_size, "member extends past the end", pos);
    unsigned char *bytes = image + data;
    size_t bytes_size = (size_t)member_size;

    char name[AR_NAME_MAX];
    int special = 0;
    if (h[0] == '/' && (h[1] == ' ' || h[1] == '/' || memcmp(h, "/SYM64/", 7) == 0)) {
      special = 1; /* symbol table, or the long-name table */
      if (h[1] == '/') {
        long_names = bytes;
        long_names_size = member_size;
      }
    } else if (h[0] == '/') {
      uint64_t offset;
      size_t digits = 1;
      while (digits < 16 && h[digits] >= '0' && h[digits] <= '9') digits++;
      if (parse_decimal(h + 1, digits - 1, &offset) != 0 || !long_names ||
          offset >= long_names_size)
        return fail(error, error_size, "bad long member name", pos);
      copy_name(name, long_names + offset, (size_t)(long_names_size - offset), '/');
    } else if (memcmp(h, "#1/", 3) == 0) {
      uint64_t n;
      size_t digits = 3;
      while (digits < 16 && h[digits] >= '0' && h[digits] <= '9') digits++;
      if (parse_decimal(h + 3, digits - 3, &n) != 0 || n > member_size)
        return fail(error, error_size, "bad BSD member name", pos);
      copy_name(name, bytes, (size_t)n, '\0');
      bytes += n;
      bytes_size -= (size_t)n;
    } else {
      copy_name(name, h, 16, '/');
      size_t len = strlen(name);
      while (len > 0 && name[len - 1] == ' ') name[--len] = '\0'; /* BSD: no '/' */
    }
    if (!special) fn(ctx, name, bytes, bytes_size);
    pos = data + member_size + (member_size & 1);
  }
  return 0;
}
