/*
 * Test helper: prints the header's tick sequence for an architecture, as a
 * compiler would put it into its output, so that the tests can assemble it
 * with each assembler.
 *
 *   emit_tick_asm ARCH            assembly: the string in the text section
 *   emit_tick_asm --llvm-ir ARCH  an LLVM IR function whose body is the
 *                                 sequence as inline asm ('$' doubled) with
 *                                 the header's LLVM constraint string, in
 *                                 section .text.softticks_test_fn
 * ARCH: x86_64, i386, aarch64.  Exit status: 0 done, 2 usage.
 */
#include <rr/softticks.h>
#include <stdio.h>
#include <string.h>

/* An LLVM IR string literal of an inline-asm template. */
static void print_ir_asm_string(const char *s) {
  putchar('"');
  for (; *s; s++) {
    unsigned char ch = (unsigned char)*s;
    if (ch == '$') fputs("$$", stdout);
    else if (ch == '"' || ch == '\\' || ch < 0x20) printf("\\%02X", ch);
    else putchar(ch);
  }
  putchar('"');
}

int main(int argc, char **argv) {
  const char *arch = argc == 2 ? argv[1] : argc == 3 ? argv[2] : "";
  const char *text = NULL, *constraints = NULL;
  int ir = argc == 3 && strcmp(argv[1], "--llvm-ir") == 0;
  if (strcmp(arch, "x86_64") == 0) {
    text = RR_SOFTTICKS_X86_64_TICK_ASM;
    constraints = RR_SOFTTICKS_X86_LLVM_CONSTRAINTS;
  } else if (strcmp(arch, "i386") == 0) {
    text = RR_SOFTTICKS_I386_TICK_ASM;
    constraints = RR_SOFTTICKS_X86_LLVM_CONSTRAINTS;
  } else if (strcmp(arch, "aarch64") == 0) {
    text = RR_SOFTTICKS_AARCH64_TICK_ASM;
    constraints = RR_SOFTTICKS_AARCH64_LLVM_CONSTRAINTS;
  }
  if (!text || (argc == 3 && !ir)) {
    fprintf(stderr, "usage: emit_tick_asm [--llvm-ir] x86_64|i386|aarch64\n");
    return 2;
  }
  if (ir) {
    printf("define void @softticks_test_fn() section \".text.softticks_test_fn\" {\n"
           "  call void asm sideeffect ");
    print_ir_asm_string(text);
    printf(", \"%s\"()\n  ret void\n}\n", constraints);
  } else {
    /* As a compiler emits an asm statement: in the text section. */
    printf("\t.text\n%s", text);
  }
  return fflush(stdout) == 0 ? 0 : 1;
}
