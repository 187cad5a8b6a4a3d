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
 * and for x86 in Intel-syntax output (what -masm=intel makes of it: the
 * assembly starts with ".intel_syntax noprefix"):
 *   emit_tick_asm --intel ARCH    the Intel spelling (_TICK_ASM_INTEL)
 *   emit_tick_asm --switch ARCH   the AT&T string between the switches to
 *                                 AT&T and back (_TO_ATT_SYNTAX,
 *                                 _BACK_TO_INTEL_SYNTAX)
 *   emit_tick_asm --llvm-ir-switch ARCH
 *                                 the LLVM IR function with the switches
 *                                 around the AT&T string (what the LLVM
 *                                 pass emits under -masm=intel)
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

/* After the switch back, code that only assembles in Intel syntax (in a
 * section of its own): the switch back must have put Intel mode back. */
#define INTEL_AFTER_ASM "\t.section .text.softticks_after,\"ax\",@progbits\n\tlea eax, [eax + ecx]\n"
#define INTEL_AFTER_IR                                                          \
  "define i32 @softticks_after(i32 %a, i32 %b) section \".text.softticks_after\" {\n" \
  "  %s = add i32 %a, %b\n  %t = mul i32 %s, %b\n  ret i32 %t\n}\n"

int main(int argc, char **argv) {
  const char *arch = argc == 2 ? argv[1] : argc == 3 ? argv[2] : "";
  const char *option = argc == 3 ? argv[1] : "";
  const char *text = NULL, *intel = NULL, *constraints = NULL;
  int ir = strcmp(option, "--llvm-ir") == 0 || strcmp(option, "--llvm-ir-switch") == 0;
  int in_intel = strcmp(option, "--intel") == 0 || strcmp(option, "--switch") == 0;
  int switched = strcmp(option, "--switch") == 0 || strcmp(option, "--llvm-ir-switch") == 0;
  if (strcmp(arch, "x86_64") == 0) {
    text = RR_SOFTTICKS_X86_64_TICK_ASM;
    intel = RR_SOFTTICKS_X86_64_TICK_ASM_INTEL;
    constraints = RR_SOFTTICKS_X86_LLVM_CONSTRAINTS;
  } else if (strcmp(arch, "i386") == 0) {
    text = RR_SOFTTICKS_I386_TICK_ASM;
    intel = RR_SOFTTICKS_I386_TICK_ASM_INTEL;
    constraints = RR_SOFTTICKS_X86_LLVM_CONSTRAINTS;
  } else if (strcmp(arch, "aarch64") == 0) {
    text = RR_SOFTTICKS_AARCH64_TICK_ASM;
    constraints = RR_SOFTTICKS_AARCH64_LLVM_CONSTRAINTS;
  }
  if (!text || (argc == 3 && !ir && !in_intel) || ((in_intel || switched) && !intel)) {
    fprintf(stderr, "usage: emit_tick_asm [--llvm-ir] x86_64|i386|aarch64\n"
                    "       emit_tick_asm --intel|--switch|--llvm-ir-switch x86_64|i386\n");
    return 2;
  }
  if (ir) {
    printf("define void @softticks_test_fn() section \".text.softticks_test_fn\" {\n"
           "  call void asm sideeffect ");
    if (switched) {
      char wrapped[512];
      snprintf(wrapped, sizeof wrapped, "%s%s%s", RR_SOFTTICKS_X86_TO_ATT_SYNTAX, text,
               RR_SOFTTICKS_X86_BACK_TO_INTEL_SYNTAX);
      print_ir_asm_string(wrapped);
    } else {
      print_ir_asm_string(text);
    }
    printf(", \"%s\"()\n  ret void\n}\n", constraints);
    if (switched) printf("%s", INTEL_AFTER_IR);
  } else if (strcmp(option, "--intel") == 0) {
    printf("\t.intel_syntax noprefix\n\t.text\n%s", intel);
  } else if (switched) {
    printf("\t.intel_syntax noprefix\n\t.text\n%s%s%s%s", RR_SOFTTICKS_X86_TO_ATT_SYNTAX, text,
           RR_SOFTTICKS_X86_BACK_TO_INTEL_SYNTAX, INTEL_AFTER_ASM);
  } else {
    /* As a compiler emits an asm statement: in the text section. */
    printf("\t.text\n%s", text);
  }
  return fflush(stdout) == 0 ? 0 : 1;
}
