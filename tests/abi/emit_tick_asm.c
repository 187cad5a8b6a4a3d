/*
 * Test helper: prints the header's tick sequence string for an
 * architecture, exactly as a compiler would paste it into its assembly
 * output, so that the tests can assemble it with each assembler.
 *
 *   emit_tick_asm x86_64|i386|aarch64
 *
 * Exit status: 0 done, 2 unknown architecture.
 */
#include <rr/softticks.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
  const char *text = NULL;
  if (argc == 2 && strcmp(argv[1], "x86_64") == 0) text = RR_SOFTTICKS_X86_64_TICK_ASM;
  if (argc == 2 && strcmp(argv[1], "i386") == 0) text = RR_SOFTTICKS_I386_TICK_ASM;
  if (argc == 2 && strcmp(argv[1], "aarch64") == 0) text = RR_SOFTTICKS_AARCH64_TICK_ASM;
  if (!text) {
    fprintf(stderr, "usage: emit_tick_asm x86_64|i386|aarch64\n");
    return 2;
  }
  /* As a compiler emits an asm statement: in the text section. */
  printf("\t.text\n%s", text);
  return fflush(stdout) == 0 ? 0 : 1;
}
