/* Loops in an asm statement and in file-scope asm, built with -flto: lld
 * assembles the LTO output itself (no softticks-as, whatever
 * -fno-integrated-as -B say), so the pass at the LTO link must tick
 * them.  Prints 120 (80 from the file-scope loop, 40 from the statement). */
#include <stdio.h>

__asm__(".text\n"
        ".globl spin_to_80\n"
        ".type spin_to_80, @function\n"
        "spin_to_80:\n"
        "\txor %eax, %eax\n"
        "\tmov $40, %ecx\n"
        "1:\tadd $2, %eax\n"
        "\tdec %ecx\n"
        "\tjnz 1b\n"
        "\tret\n"
        ".size spin_to_80, .-spin_to_80\n");
int spin_to_80(void);

int main(int argc, char **argv) {
  int s = 0, n = 39 + argc;
  (void)argv;
  __asm__ volatile("1: addl $1, %0; decl %1; jnz 1b" : "+r"(s), "+r"(n) : : "cc");
  printf("%d\n", s + spin_to_80());
  return 0;
}
