/*
 * Unit test of tracelib's ELF reading on the hand-instrumented test
 * programs (tests/programs): the note, the architecture, which functions
 * carry a tick sequence.
 *   test_elf_module ARCH INSTRUMENTED_PROG PLAIN_PROG
 * INSTRUMENTED_PROG is ticks_loops: main and f tick, the runtime's
 * initializer does not.  PLAIN_PROG has no note and no ticks.
 */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "elf_module.h"


static const struct st_function *by_name(const struct st_elf_module *mod, const char *name) {
  size_t i;
  for (i = 0; i < mod->function_count; i++)
    if (!strcmp(mod->functions[i].name, name)) return &mod->functions[i];
  return NULL;
}

/* lld's layout: segments packed in the file, not page-aligned, so the
 * read-only and the executable segment start in the same file page. */
static void test_mapping_vaddr_packed_segments(void) {
  struct st_load_segment loads[] = {
      {0x000, 0x0000, 0x8e8, 0}, /* R   */
      {0x8f0, 0x18f0, 0x670, 1}, /* R E */
      {0xf60, 0x2f60, 0x1e0, 0}, /* RW  */
  };
  struct st_elf_module mod;
  uint64_t vaddr = 0;
  memset(&mod, 0, sizeof mod);
  mod.loads = loads;
  mod.load_count = 3;
  /* The executable mapping at file offset 0 is the R E segment's page. */
  CHECK(st_elf_mapping_vaddr(&mod, 0, 1, 4096, &vaddr) == 0 && vaddr == 0x1000);
  /* The read-only one at offset 0 is the first segment. */
  CHECK(st_elf_mapping_vaddr(&mod, 0, 0, 4096, &vaddr) == 0 && vaddr == 0x0);
  /* Past every segment: no answer. */
  CHECK(st_elf_mapping_vaddr(&mod, 0x3000, 1, 4096, &vaddr) == -1);
}

int main(int argc, char **argv) {
  struct st_elf_module mod;
  const struct st_function *f;
  char err[256];
  enum rr_softticks_arch arch;
  size_t size;
  const unsigned char *seq;
  unsigned char buf[64];

  test_mapping_vaddr_packed_segments();
  if (argc != 4) {
    fprintf(stderr, "usage: %s x86_64|i386 INSTRUMENTED PLAIN\n", argv[0]);
    return 2;
  }
  arch = !strcmp(argv[1], "i386") ? RR_SOFTTICKS_ARCH_I386 : RR_SOFTTICKS_ARCH_X86_64;

  CHECK(st_elf_module_load(argv[2], &mod, err, sizeof err) == 0);
  CHECK(mod.arch_known && mod.arch == arch);
  CHECK(mod.has_note && mod.abi_version == 1);
  CHECK((f = by_name(&mod, "main")) && f->instrumented);
  CHECK((f = by_name(&mod, "f")) && f->instrumented);
  CHECK((f = by_name(&mod, "__rr_softticks_init")) && !f->instrumented);
  CHECK(mod.instrumented_count == 2);
  if ((f = by_name(&mod, "f"))) {
    const struct st_function *g = st_elf_find_function(&mod, f->addr + f->size - 1);
    uint64_t vaddr;
    CHECK(st_elf_find_function(&mod, f->addr) == f && g == f);
    CHECK(st_elf_find_function(&mod, 0) == NULL);
    /* A file offset inside the text segment maps back to an address. */
    CHECK(mod.load_count >= 2 && st_elf_offset_to_vaddr(&mod, 0, &vaddr) == 0);
  }
  st_elf_module_free(&mod);

  CHECK(st_elf_module_load(argv[3], &mod, err, sizeof err) == 0);
  CHECK(!mod.has_note && mod.instrumented_count == 0 && by_name(&mod, "main"));
  st_elf_module_free(&mod);

  CHECK(st_elf_module_load("/nonexistent/program", &mod, err, sizeof err) == -1 && err[0]);
  CHECK(st_elf_module_load(__FILE__, &mod, err, sizeof err) == -1); /* not ELF */

  /* Sequence search: whole sequences only. */
  seq = rr_softticks_sequence_bytes(arch, &size);
  memset(buf, 0x90, sizeof buf);
  CHECK(!st_code_has_tick(arch, buf, sizeof buf, 0));
  memcpy(buf + 40, seq, size - 1);
  CHECK(!st_code_has_tick(arch, buf, 40 + size - 1, 0));
  memcpy(buf + 30, seq, size);
  CHECK(st_code_has_tick(arch, buf, 30 + size, 0));
  CHECK(!st_code_has_tick(arch, buf, 30 + size - 1, 0));

  return check_report("tracelib elf_module");
}
