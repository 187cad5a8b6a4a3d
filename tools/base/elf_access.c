/* Shared ELF reading; see elf_access.h. */
#include "elf_access.h"

#include <stdio.h>
#include <string.h>

#include <rr/softticks.h>

int st_libelf_init(char *err, size_t errlen) {
  if (elf_version(EV_CURRENT) != EV_NONE) return 0;
  snprintf(err, errlen, "libelf: %s", elf_errmsg(-1));
  return -1;
}

uint64_t st_read_word(const unsigned char *p, size_t width, int big_endian) {
  uint64_t v = 0;
  for (size_t i = 0; i < width; i++) {
    size_t byte = big_endian ? i : width - 1 - i;
    v = (v << 8) | p[byte];
  }
  return v;
}

int st_note_name_is(const Elf_Data *d, const GElf_Nhdr *nh, size_t name_off, const char *name) {
  size_t len = strlen(name) + 1;
  return nh->n_namesz == len && memcmp((const char *)d->d_buf + name_off, name, len) == 0;
}

int st_abi_note_version(const Elf_Data *d, const GElf_Nhdr *nh, size_t name_off,
                        size_t desc_off, int big_endian, uint32_t *version) {
  if (!st_note_name_is(d, nh, name_off, RR_SOFTTICKS_NOTE_NAME) ||
      nh->n_type != RR_SOFTTICKS_NOTE_TYPE || nh->n_descsz != RR_SOFTTICKS_NOTE_DESCSZ)
    return 0;
  *version = (uint32_t)st_read_word((const unsigned char *)d->d_buf + desc_off, 4, big_endian);
  return 1;
}
