/*
 * x86 string operations (memcpy, memset, strlen, block moves of
 * aggregates) that RTL expansion writes as loops without a tick:
 * -mstringop-strategy=loop, unrolled_loop, vector_loop or byte_loop,
 * -mmemcpy-strategy= / -mmemset-strategy= tables naming a loop, and
 * -minline-all-stringops / -minline-stringops-dynamically (strlen's
 * unrolled loop), and GCC's default tuning for a size it only bounds.
 * The plugin replaces them, per function and just before
 * expansion, with library calls (a forced -mstringop-strategy takes
 * precedence over the tables), and says so once per unit.
 */
#include "gcc_includes.h"

#include "softticks_gcc.h"

#if defined(ST_GCC_TARGET_X86)
static bool names_a_loop(const char *strategy) {
  return strategy && strstr(strategy, "loop");
}

void st_avoid_stringop_loops(void) {
  static bool warned;
  const char *what = NULL;
  /* Even GCC's default tuning picks a loop for a memset or memcpy whose
   * size it only bounds (a zeroing loop over at most a few dozen bytes),
   * and a rep-prefix strategy may finish with an epilogue loop: so every
   * inline expansion that is not straight-line code becomes a library
   * call.  Only a strategy the user chose is worth a warning. */
  if (ix86_stringop_alg != no_stringop && ix86_stringop_alg != libcall)
    what = "-mstringop-strategy";
  else if (names_a_loop(ix86_tune_memcpy_strategy) || names_a_loop(ix86_tune_memset_strategy))
    what = "-mmemcpy-strategy/-mmemset-strategy";
  ix86_stringop_alg = libcall;
  const unsigned inline_masks = MASK_INLINE_ALL_STRINGOPS | MASK_INLINE_STRINGOPS_DYNAMICALLY;
  if (target_flags & inline_masks) {
    what = what ? "-mstringop-strategy and -minline-*-stringops" : "-minline-*-stringops";
    target_flags &= ~inline_masks;
  }
  if (what && !warned) {
    warned = true;
    warning(0,
            "softticks: %s would expand string operations into loops without ticks; "
            "using library calls instead",
            what);
  }
}
#else
void st_avoid_stringop_loops(void) {}
#endif
