/*
 * What a tracer needs from one ELF module (executable or shared library)
 * on disk: its architecture, whether it carries the .note.rrsoftticks note,
 * its functions from .symtab and .dynsym, which of them contain a tick
 * sequence, and how file offsets map to link-time addresses.  ELF32 and
 * ELF64, read with libelf.
 */
#ifndef SOFTTICKS_TRACELIB_ELF_MODULE_H
#define SOFTTICKS_TRACELIB_ELF_MODULE_H

#include <stddef.h>
#include <stdint.h>

#include <rr/softticks.h>

#include "tick_coverage.h" /* st_coverage */
#include "tick_scan.h"     /* st_code_has_tick */

struct st_function {
  uint64_t addr; /* link-time address */
  uint64_t size;
  char *name;
  int instrumented; /* its code contains the arch's tick sequence */
  /* No tick, and none of the tick-free kinds the coverage rule allows
   * (tick_coverage.h): set only in a module with the note. */
  int untracked;
  int ifunc;        /* an STT_GNU_IFUNC symbol (the resolver) */
  size_t shndx;     /* its symbol's section (0: none or a reserved index) */
};

struct st_load_segment {
  uint64_t offset, vaddr, filesz;
  int executable; /* PF_X */
};

struct st_elf_module {
  char *path;
  int arch_known;
  enum rr_softticks_arch arch;
  int has_note;          /* a "rr" note of type RR_SOFTTICKS_NOTE_TYPE */
  uint32_t abi_version;  /* its descriptor, when has_note */
  struct st_function *functions; /* sorted by addr, one per address */
  size_t function_count;
  size_t instrumented_count;
  /* With the note and function symbols: which functions carry no tick,
   * by the rule softticks-inspect uses (tools/base/tick_coverage.h). */
  int coverage_checked;
  struct st_coverage coverage;
  struct st_load_segment *loads;
  size_t load_count;
};

/* Loads `path`.  Returns 0, or -1 with a message in err. */
int st_elf_module_load(const char *path, struct st_elf_module *out, char *err, size_t errlen);
void st_elf_module_free(struct st_elf_module *mod);

/* The function whose [addr, addr + size) holds the link-time address, or
 * NULL. */
const struct st_function *st_elf_find_function(const struct st_elf_module *mod, uint64_t addr);

/* Link-time address of a file offset inside a loaded segment; -1 if none. */
int st_elf_offset_to_vaddr(const struct st_elf_module *mod, uint64_t offset, uint64_t *vaddr);

/* The link-time address of the start of a mapping of this file at file
 * offset map_offset (page-aligned, as in /proc/PID/maps).  Linkers such as
 * lld do not page-align segments in the file, so several segments may
 * share the page a mapping starts at: the one with the mapping's execute
 * permission wins.  Returns 0, or -1 when no segment covers the offset. */
int st_elf_mapping_vaddr(const struct st_elf_module *mod, uint64_t map_offset, int executable,
                         uint64_t page_size, uint64_t *vaddr);

#endif
