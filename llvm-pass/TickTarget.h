// The tick sequence for a module's target: which architecture of the ABI
// the triple names, and the inline-asm template and clobbers to emit.
#ifndef SOFTTICKS_LLVM_TICK_TARGET_H
#define SOFTTICKS_LLVM_TICK_TARGET_H

#include <rr/softticks.h>

#include <optional>
#include <string>

namespace llvm {
class Triple;
}

namespace softticks {

struct TickTarget {
  enum rr_softticks_arch Arch;
  std::string AsmTemplate; // the header's sequence with '$' escaped as "$$"
  std::string Constraints; // clobbers only: the ABI's, no "memory"
  const char *Name;        // "x86_64", "i386", "aarch64"
};

// The target for an ELF Linux x86-64, i386 or aarch64 (LP64) triple;
// nothing for any other (x32, aarch64_32/ILP32, other OSes and formats).
std::optional<TickTarget> tickTargetFor(const llvm::Triple &T);

} // namespace softticks

#endif
