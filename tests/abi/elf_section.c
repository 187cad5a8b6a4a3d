/*
 * Test helper: what an ELF relocatable object holds in one named section,
 * independently of binutils' per-target support (the host objcopy does not
 * know aarch64).  Little-endian ELF32 and ELF64 only.
 *
 *   elf_section FILE SECTION         the section's bytes, "f6 04 25 ..."
 *   elf_section --info FILE SECTION  "type=7 flags=0x202 align=4 size=104"
 *   elf_section --fnv1a-desc FILE SECTION
 *                                    the 16 hex digits of the 64-bit FNV-1a
 *                                    hash of the first note's descriptor
 *   elf_section --desc FILE SECTION  the first note's descriptor, raw, on
 *                                    stdout (for `capnp decode`)
 *
 * Exit status: 0 done, 1 section not found or malformed file, 2 usage.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned char *file;
static size_t file_size;

static uint64_t get(size_t off, unsigned width) {
  uint64_t v = 0;
  unsigned i;
  if (off > file_size || width > file_size - off) {
    fprintf(stderr, "elf_section: read past the end of the file\n");
    exit(1);
  }
  for (i = 0; i < width; i++) v |= (uint64_t)file[off + i] << (8 * i);
  return v;
}

struct section {
  uint64_t type, flags, offset, size, align;
};

/* Finds section `want` by name; returns 0 if found. */
static int find_section(const char *want, struct section *out) {
  int is64;
  uint64_t shoff, shnum, shentsize, shstrndx, stroff, i;
  if (file_size < 52 || memcmp(file, "\177ELF", 4) != 0 || file[5] != 1) {
    fprintf(stderr, "elf_section: not a little-endian ELF file\n");
    return 1;
  }
  is64 = file[4] == 2;
  shoff = is64 ? get(0x28, 8) : get(0x20, 4);
  shentsize = is64 ? get(0x3a, 2) : get(0x2e, 2);
  shnum = is64 ? get(0x3c, 2) : get(0x30, 2);
  shstrndx = is64 ? get(0x3e, 2) : get(0x32, 2);
  if (shstrndx >= shnum) return 1;
#define FIELD(idx, off64, off32, w64, w32) \
  (is64 ? get(shoff + (idx)*shentsize + (off64), (w64)) : get(shoff + (idx)*shentsize + (off32), (w32)))
  stroff = FIELD(shstrndx, 0x18, 0x10, 8, 4);
  for (i = 0; i < shnum; i++) {
    uint64_t name = stroff + FIELD(i, 0, 0, 4, 4);
    size_t n = strlen(want);
    if (name >= file_size || file_size - name <= n) continue;
    if (memcmp(file + name, want, n + 1) != 0) continue;
    out->type = FIELD(i, 4, 4, 4, 4);
    out->flags = FIELD(i, 8, 8, 8, 4);
    out->offset = FIELD(i, 0x18, 0x10, 8, 4);
    out->size = FIELD(i, 0x20, 0x14, 8, 4);
    out->align = FIELD(i, 0x30, 0x20, 8, 4);
    if (out->offset > file_size || out->size > file_size - out->offset) {
      fprintf(stderr, "elf_section: section %s lies outside the file\n", want);
      return 1;
    }
    return 0;
  }
#undef FIELD
  fprintf(stderr, "elf_section: no section %s\n", want);
  return 1;
}

/* The first note of a section: descriptor offset and size. */
static int first_note_desc(const struct section *s, uint64_t *desc, uint64_t *descsz) {
  uint64_t namesz;
  if (s->size < 12) return 1;
  namesz = get(s->offset, 4);
  *descsz = get(s->offset + 4, 4);
  *desc = s->offset + 12 + (namesz + 3) / 4 * 4;
  if (*desc > s->offset + s->size || *descsz > s->offset + s->size - *desc) return 1;
  return 0;
}

int main(int argc, char **argv) {
  const char *mode = "", *path, *name;
  struct section s;
  FILE *f;
  long len;
  if (argc == 4 && argv[1][0] == '-') mode = argv[1];
  else if (argc != 3) {
    fprintf(stderr, "usage: elf_section [--info|--fnv1a-desc|--desc] FILE SECTION\n");
    return 2;
  }
  path = argv[argc - 2];
  name = argv[argc - 1];
  f = fopen(path, "rb");
  if (!f || fseek(f, 0, SEEK_END) != 0 || (len = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0) {
    perror(path);
    return 1;
  }
  file_size = (size_t)len;
  file = malloc(file_size + 1);
  if (!file || fread(file, 1, file_size, f) != file_size) {
    perror(path);
    return 1;
  }
  fclose(f);
  if (find_section(name, &s) != 0) return 1;

  if (strcmp(mode, "") == 0) {
    uint64_t i;
    for (i = 0; i < s.size; i++) printf(i ? " %02x" : "%02x", file[s.offset + i]);
    printf("\n");
  } else if (strcmp(mode, "--info") == 0) {
    printf("type=%llu flags=0x%llx align=%llu size=%llu\n", (unsigned long long)s.type,
           (unsigned long long)s.flags, (unsigned long long)s.align, (unsigned long long)s.size);
  } else if (strcmp(mode, "--fnv1a-desc") == 0 || strcmp(mode, "--desc") == 0) {
    uint64_t desc, descsz, i, h = UINT64_C(0xcbf29ce484222325);
    if (first_note_desc(&s, &desc, &descsz) != 0) {
      fprintf(stderr, "elf_section: %s holds no whole note\n", name);
      return 1;
    }
    if (strcmp(mode, "--desc") == 0) {
      fwrite(file + desc, 1, (size_t)descsz, stdout);
      return fflush(stdout) == 0 ? 0 : 1;
    }
    for (i = 0; i < descsz; i++) {
      h ^= file[desc + i];
      h *= UINT64_C(0x100000001b3);
    }
    printf("%016llx\n", (unsigned long long)h);
  } else {
    fprintf(stderr, "elf_section: unknown option %s\n", mode);
    return 2;
  }
  return 0;
}
