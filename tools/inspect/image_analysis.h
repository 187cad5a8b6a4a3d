/*
 * Private to the analysis of one image (inspect_image.c and image_*.c):
 * its state and the steps, each in the file named after it.  Every step
 * returns 0, or -1 after image_fail() has made the file an error.
 */
#ifndef SOFTTICKS_IMAGE_ANALYSIS_H
#define SOFTTICKS_IMAGE_ANALYSIS_H

#include <gelf.h>
#include <stddef.h>
#include <stdint.h>

#include "inspection.h"
#include "elf_access.h"
#include "tick_scan.h"
#include "verdict.h" /* ST_PRINTF */

/* How many distinct initializer definitions are remembered to match
 * .init_array entries against; more than one is already inconsistent. */
#define MAX_INIT_DEFS 8

struct section {
  Elf_Scn *scn;
  GElf_Shdr sh;
  const char *name;
};

struct init_def {
  size_t shndx;
  uint64_t value;
};

struct analysis {
  Elf *elf;
  const unsigned char *image;
  size_t image_size;
  struct st_inspection *out;
  int want_functions;       /* ST_INSPECT_FUNCTIONS */
  int collect_functions;    /* want_functions, or the module carries the note */
  int file_mapping;         /* ST_INSPECT_FILE_MAPPING */
  struct section *sections; /* indexed by section number; [0] is the null one */
  size_t section_count;
  unsigned char *charged;   /* per section: its bytes counted in work */
  uint64_t work;            /* bytes of sections and segments read so far */
  size_t symtab;            /* index of the symbol table used, 0 if none */
  struct init_def init_defs[MAX_INIT_DEFS];
  unsigned init_defs_known;
  uint64_t init_code_targets[MAX_INIT_DEFS]; /* distinct, recognized by code */
  unsigned init_code_target_count;
  size_t functions_capacity;
  /* The names aliases lost when merged into one function (for .cold parts
   * named after any of them); owned here, freed after the analysis. */
  struct st_coverage_aliases aliases;
};

/* image_elf.c: access with checks. */
int image_fail(struct analysis *a, const char *fmt, ...) ST_PRINTF(2, 3);
int image_fail_elf(struct analysis *a, const char *what); /* what: libelf's message */
int image_check_header_tables(struct analysis *a, const GElf_Ehdr *eh);
int image_load_sections(struct analysis *a);
int image_charge(struct analysis *a, uint64_t bytes);
Elf_Data *image_section_data(struct analysis *a, size_t i); /* NULL: failed */

struct symbol_table {
  Elf_Data *data;
  size_t count;
  size_t names; /* string table section */
};
int image_open_symbol_table(struct analysis *a, size_t i, struct symbol_table *t);
int image_symbol_at(struct analysis *a, const struct symbol_table *t, size_t idx, GElf_Sym *sym,
                    const char **name);

/* image_notes.c */
typedef void (*note_fn)(struct analysis *, const Elf_Data *, const GElf_Nhdr *, size_t, size_t);
int image_walk_notes(struct analysis *a, Elf_Data *d, note_fn fn); /* 1: trailing bytes */
int image_read_section_notes(struct analysis *a);
/* For notes found by segment: the ABI note and manifests by name and type. */
void image_note_any(struct analysis *a, const Elf_Data *d, const GElf_Nhdr *nh, size_t name_off,
                    size_t desc_off);

/* image_symbols.c */
int image_read_symbols(struct analysis *a);

/* image_coverage.c: functions without a tick (after image_scan_code) */
int image_classify_functions(struct analysis *a);

/* image_code.c */
void image_scan_chunks(struct analysis *a, const unsigned char *bytes, size_t size,
                       uint64_t address, st_tick_site_fn on_site, void *ctx);
int image_scan_code(struct analysis *a);

/* image_init_array.c */
int image_count_init_entries_relocatable(struct analysis *a);
int image_count_init_entries_linked(struct analysis *a);

#endif
