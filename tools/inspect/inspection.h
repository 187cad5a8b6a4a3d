/*
 * What softticks-inspect finds in one ELF file, and the analysis that
 * finds it.  The analysis works on a file image in memory so that the
 * command-line tool (an mmap of the file) and the fuzzing harness (a
 * buffer) run exactly the same code.
 */
#ifndef SOFTTICKS_INSPECTION_H
#define SOFTTICKS_INSPECTION_H

#include <stddef.h>
#include <stdint.h>

#include <rr/softticks.h>

#include "arch.h" /* st_arch_name, st_machine_name */
#include "tick_coverage.h"
#include "manifest_decode.h"

#ifdef __cplusplus
extern "C" {
#endif

enum st_verdict {
  ST_VERDICT_NOT_ELF = 0,       /* no ELF magic: skipped, not an error */
  ST_VERDICT_ERROR,             /* ELF, but unreadable or malformed */
  ST_VERDICT_NOT_INSTRUMENTED,  /* no trace of software ticks */
  ST_VERDICT_INSTRUMENTED,      /* ticks, one ABI note v1, one initializer */
  ST_VERDICT_INCONSISTENT,      /* some of it, or too much of it */
  ST_VERDICT_DEBUG_ONLY         /* separate debug information: no code */
};
#define ST_VERDICT_COUNT (ST_VERDICT_DEBUG_ONLY + 1)

/* Index into st_inspection.ticks_by_arch: the enum rr_softticks_arch value
 * (1..3); slot 0 is unused. */
#define ST_ARCH_SLOTS 4

#define ST_MAX_MESSAGES 16
#define ST_MESSAGE_LEN 160
#define ST_MAX_MANIFESTS 8

struct st_function_ticks {
  char *name;
  unsigned section; /* section index; the key together with start in .o files */
  uint64_t start, size;
  uint64_t ticks;
  unsigned shndx;          /* section index (every file type) */
  int ifunc;               /* STT_GNU_IFUNC (an alias may be the plain function) */
  enum st_tick_class cls;  /* with ticks, untracked, or why it is tick-free */
};

struct st_manifest_info {
  size_t size;  /* descriptor bytes */
  int decoded;  /* 1 if st_manifest_decode accepted it, 0 if it did not */
  struct st_manifest_decoded manifest;
};

struct st_inspection {
  enum st_verdict verdict;
  char error[256]; /* set when verdict == ST_VERDICT_ERROR */

  /* The ELF header. */
  int elf_class;             /* 32 or 64 */
  int big_endian;
  unsigned machine;          /* e_machine */
  unsigned elf_type;         /* e_type */
  int has_interp;            /* PT_INTERP */
  int pie_flag;              /* DT_FLAGS_1 has DF_1_PIE */
  int has_soname;            /* DT_SONAME */
  enum rr_softticks_arch arch; /* from the machine, 0 if none of ours */
  int has_sections;          /* 0: analysed from program headers only */
  const char *symbols_from;  /* ".symtab", ".dynsym" or NULL */

  /* .note.rrsoftticks */
  unsigned abi_note_sections;
  unsigned abi_notes;           /* well-formed "rr" type 1 notes */
  unsigned abi_malformed_notes; /* anything else in those sections */
  long abi_version;             /* of the first ABI note, -1 if none */
  long abi_other_version;       /* a second, different version, -1 if none */

  /* .note.softticks.manifest */
  unsigned manifest_notes;
  struct st_manifest_info manifests[ST_MAX_MANIFESTS];

  /* Executable sections, and those without contents (SHT_NOBITS).  All of
   * them in separate debug information (objcopy --only-keep-debug): its
   * code is in the module it was split from. */
  unsigned code_sections;
  unsigned code_sections_nobits;

  /* Tick sequences in executable sections, by the arch whose bytes
   * matched (x86 at any byte offset, aarch64 4-byte aligned). */
  uint64_t ticks_by_arch[ST_ARCH_SLOTS];
  uint64_t tick_sites;

  /* The initializer: definitions of __rr_softticks_init and .init_array
   * entries that point at one.  init_checked is 0 when the file has no
   * symbol table that could name it (stripped). */
  int init_checked;
  int init_by_code;           /* no symbols: entries whose target is the
                                 initializer's machine code (this build's) */
  unsigned init_definitions;  /* by code: distinct targets */
  unsigned init_array_entries;
  unsigned init_array_wrong_priority; /* .o: entries outside .init_array.00001 */

  /* Per function, with ST_INSPECT_FUNCTIONS or in a module carrying the
   * ABI note: every function symbol, sorted by address, with the sites
   * inside it. */
  struct st_function_ticks *functions;
  size_t function_count;
  uint64_t ticks_outside_functions;

  /* Functions without a tick (tools/base/tick_coverage.h), in a module
   * carrying the ABI note that has function symbols; coverage_checked 0
   * otherwise.  Untracked ones make a "partly instrumented" warning. */
  int coverage_checked;
  struct st_coverage coverage;

  /* An ET_EXEC segment that covers the countdown page, described; empty
   * if none.  A reason when the module is instrumented, else a warning. */
  char page_overlap[ST_MESSAGE_LEN];

  /* Why the verdict is what it is (inconsistencies), and facts worth
   * knowing that do not change it. */
  unsigned reason_count;
  char reasons[ST_MAX_MESSAGES][ST_MESSAGE_LEN];
  unsigned warning_count;
  char warnings[ST_MAX_MESSAGES][ST_MESSAGE_LEN];
};

/* st_inspect_image flags. */
#define ST_INSPECT_FUNCTIONS 1u    /* fill functions[] (--functions) */
#define ST_INSPECT_FILE_MAPPING 2u /* image is a private mapping of a file:
                                      code already scanned may be dropped
                                      from memory (huge sections) */

/* Analyses one file image.  The image must be writable memory (a private
 * mapping or a heap copy): libelf may convert data in place.  It is never
 * written through to any file.  Always fills *out (free it with
 * st_inspection_free); never fails otherwise. */
void st_inspect_image(unsigned char *image, size_t size, unsigned flags,
                      struct st_inspection *out);

void st_inspection_free(struct st_inspection *insp);

/* Separate debug information: executable sections, none with contents.
 * A file without any executable section (data only, dwz) is not one. */
int st_is_debug_info_only(const struct st_inspection *insp);

const char *st_verdict_name(enum st_verdict v);
/* "relocatable", "executable", "pie-executable", "shared-object", ... */
const char *st_elf_type_name(const struct st_inspection *insp);

#ifdef __cplusplus
}
#endif

#endif
