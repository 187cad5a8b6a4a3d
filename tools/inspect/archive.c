/*
 * ar archives, read by libelf: elf_memory on the image gives an archive
 * descriptor whose members elf_begin/elf_next walk in place (ELF_C_READ_MMAP
 * with no file descriptor; elf_rawfile is the member's bytes inside the
 * image).  libelf reads GNU names and the long-name table; a BSD name
 * ("#1/N": the name is the member's first N bytes) is read here.  libelf
 * hands the symbol table ("/", "/SYM64/") and the long-name
 * table ("//") out as members too: they are skipped here.
 *
 * libelf stops quietly where the archive is damaged (a bad header ends the
 * walk like the end of the file does; a member that runs past the end is
 * cut short, its size too), so the walk checks that the members it saw
 * cover the image to the last byte, each with the whole size its header
 * declares.
 */
#include "archive.h"

#include <ar.h>
#include <gelf.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "elf_access.h"

#define AR_HEADER_SIZE 60 /* name 16, date 12, uid 6, gid 6, mode 8, size 10, "`\n" */
#define AR_NAME_MAX 256

int st_is_archive(const unsigned char *image, size_t size) {
  return size >= SARMAG && memcmp(image, ARMAG, SARMAG) == 0;
}

/* Up to n bytes of name (to a NUL), control characters replaced so that
 * reports stay one line. */
static void copy_name(char out[AR_NAME_MAX], const char *name, size_t n) {
  size_t k = 0;
  for (; k < n && name[k] && k + 1 < AR_NAME_MAX; k++)
    out[k] = (unsigned char)name[k] < 0x20 ? '?' : name[k];
  out[k] = '\0';
}

/* A space-padded decimal field of a member header; -1 if it is not one. */
static int header_number(const unsigned char *field, size_t width, uint64_t *out) {
  uint64_t v = 0;
  size_t i = 0;
  for (; i < width && field[i] >= '0' && field[i] <= '9'; i++) v = v * 10 + (uint64_t)(field[i] - '0');
  if (i == 0) return -1;
  for (; i < width; i++)
    if (field[i] != ' ') return -1;
  *out = v;
  return 0;
}

static int is_special(const char *name) {
  return strcmp(name, "/") == 0 || strcmp(name, "//") == 0 || strcmp(name, "/SYM64/") == 0;
}

static int fail(char *error, size_t error_size, const char *what, uint64_t offset) {
  snprintf(error, error_size, "archive: %s at offset %llu", what, (unsigned long long)offset);
  return -1;
}

/* Checks the member libelf read, which must start at *covered, and passes
 * it to fn unless it is the symbol or long-name table; moves *covered past
 * it.  Returns NULL, or what is wrong with it. */
static const char *visit_member(const unsigned char *image, size_t size, Elf *member,
                                uint64_t *covered, st_member_fn fn, void *ctx) {
  Elf_Arhdr *h = elf_getarhdr(member);
  size_t raw_size = 0;
  char *raw = elf_rawfile(member, &raw_size);
  int64_t header = elf_getaroff(member);
  uint64_t member_size, bsd_name_size;
  char name[AR_NAME_MAX];
  if (!h || !h->ar_name || header < 0 || (uint64_t)header != *covered ||
      *covered + AR_HEADER_SIZE > size)
    return "bad member header";
  if (header_number(image + header + 48, 10, &member_size) != 0) return "bad member size";
  if (member_size > size - *covered - AR_HEADER_SIZE || !raw || raw_size != member_size)
    return "member extends past the end";
  if (memcmp(image + header, "#1/", 3) == 0) {
    if (header_number(image + header + 3, 13, &bsd_name_size) != 0 || bsd_name_size > raw_size)
      return "bad BSD member name";
    copy_name(name, raw, (size_t)bsd_name_size);
    fn(ctx, name, (unsigned char *)raw + bsd_name_size, raw_size - (size_t)bsd_name_size);
  } else if (!is_special(h->ar_name)) {
    copy_name(name, h->ar_name, AR_NAME_MAX);
    fn(ctx, name, (unsigned char *)raw, raw_size);
  }
  *covered += AR_HEADER_SIZE + member_size;
  *covered += *covered & 1;
  return NULL;
}

int st_for_each_member(unsigned char *image, size_t size, st_member_fn fn, void *ctx, char *error,
                       size_t error_size) {
  if (!st_is_archive(image, size)) return fail(error, error_size, "no ar magic", 0);
  if (st_libelf_init(error, error_size) != 0) return -1;
  Elf *archive = elf_memory((char *)image, size);
  if (!archive || elf_kind(archive) != ELF_K_AR) {
    if (archive) elf_end(archive);
    return fail(error, error_size, "not readable as an archive", 0);
  }
  uint64_t covered = SARMAG; /* the image up to here is magic or whole members */
  const char *problem = NULL;
  Elf_Cmd cmd = ELF_C_READ_MMAP;
  Elf *member;
  while (!problem && (member = elf_begin(-1, cmd, archive)) != NULL) {
    problem = visit_member(image, size, member, &covered, fn, ctx);
    cmd = elf_next(member);
    elf_end(member);
  }
  elf_end(archive);
  /* Bytes libelf did not read as members: a header it rejected.  (A last
   * member without its padding byte ends past the image: accepted, as ar
   * does.) */
  if (!problem && covered < size) problem = "bad member header";
  return problem ? fail(error, error_size, problem, covered) : 0;
}
