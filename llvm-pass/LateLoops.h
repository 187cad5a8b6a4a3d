// Loops the backend would write after the pass (and so without a tick),
// written by the pass as IR loops before placement, which then ticks them.
// abi/ABI.md "Loops made after the pass" lists each source and its fate.
#ifndef SOFTTICKS_LLVM_LATE_LOOPS_H
#define SOFTTICKS_LLVM_LATE_LOOPS_H

#include <rr/softticks.h>

namespace llvm {
class Function;
}

namespace softticks {

// Rewrites in F, for a target of architecture Arch:
// - atomicrmw the target would expand into a compare-and-swap or
//   load-exclusive/store-exclusive retry loop, as a loop of weak cmpxchg;
// - strong cmpxchg that aarch64 without LSE retries in a loop, the same;
// - division and remainder wider than the target's library routines
//   (clang's ExpandLargeDivRem), as LLVM's shift-subtract loop.
// Returns whether it changed F.
bool expandLateLoops(llvm::Function &F, enum rr_softticks_arch Arch);

} // namespace softticks

#endif
