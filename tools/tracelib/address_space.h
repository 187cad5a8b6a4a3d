/*
 * A traced process's mappings (/proc/PID/maps) and the ELF modules behind
 * them: which function a runtime address is in, and which functions are
 * instrumented.  Modules are loaded once per path and kept across refreshes.
 */
#ifndef SOFTTICKS_TRACELIB_ADDRESS_SPACE_H
#define SOFTTICKS_TRACELIB_ADDRESS_SPACE_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "elf_module.h"

struct st_mapping {
  uint64_t start, end, offset;
  int readable, writable, executable;
  char *path; /* NULL for anonymous mappings; "[stack]" etc. kept as is */
};

struct st_address_space {
  struct st_mapping *maps;
  size_t map_count;
  struct st_elf_module **modules; /* cache, by path; pointers stay valid */
  size_t module_count;
  char **unreadable; /* paths that are not ELF modules */
  size_t unreadable_count;
};

struct st_location {
  const struct st_mapping *mapping;      /* NULL when unmapped */
  const struct st_elf_module *module;    /* NULL when not an ELF file */
  const struct st_function *function;    /* NULL when no symbol covers it */
  uint64_t function_start;               /* runtime address */
  uint64_t offset;                       /* pc - function_start */
};

/* Re-reads /proc/PID/maps.  0, or -1 when the process is gone. */
int st_address_space_refresh(struct st_address_space *as, pid_t pid);
void st_address_space_free(struct st_address_space *as);

/* The mapping holding addr, or NULL. */
const struct st_mapping *st_address_space_find(const struct st_address_space *as, uint64_t addr);

/* Module of a file mapping (loaded on first use), or NULL. */
const struct st_elf_module *st_address_space_module(struct st_address_space *as,
                                                    const struct st_mapping *m);

void st_address_space_locate(struct st_address_space *as, uint64_t pc, struct st_location *loc);

/* Calls fn for every instrumented function of every module carrying the
 * note that is mapped executable, with its runtime [start, end); with
 * with_untracked, for its untracked functions (st_function.untracked) too. */
typedef void (*st_function_visitor)(void *ctx, uint64_t start, uint64_t end,
                                    const struct st_elf_module *mod, const struct st_function *f);
void st_address_space_instrumented(struct st_address_space *as, int with_untracked,
                                   st_function_visitor fn, void *ctx);

#endif
