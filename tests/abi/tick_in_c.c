/*
 * The header's native tick string through a C compiler: once as a
 * top-level asm statement in a section of its own (the section must hold
 * exactly the sequence), once as RR_SOFTTICK() inside a function (the
 * function's section must contain the sequence).  FUNCTION_ONLY leaves
 * the top-level asm out: the -masm=intel builds, where only RR_SOFTTICK()
 * (an extended asm, whose template has both dialects) assembles.
 */
#include <rr/softticks.h>

#ifndef FUNCTION_ONLY
__asm__(".pushsection .text.softticks_test_tick,\"ax\"\n" RR_SOFTTICKS_TICK_ASM ".popsection\n");
#endif

__attribute__((section(".text.softticks_test_fn"))) void softticks_test_fn(void) {
  RR_SOFTTICK();
}
