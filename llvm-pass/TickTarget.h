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
  // The assembly is written in Intel syntax (x86, clang -masm=intel): the
  // template then switches the assembler to AT&T and back around the
  // sequence, and so does the module asm (ST_PARTS_INTEL_SYNTAX).
  bool IntelSyntax = false;
};

// The target for an ELF Linux x86-64, i386 or aarch64 (LP64) triple;
// nothing for any other (x32, aarch64_32/ILP32, other OSes and formats).
// IntelSyntax is false: see withOutputSyntax.
std::optional<TickTarget> tickTargetFor(const llvm::Triple &T);

// The target with IntelSyntax and the template for the dialect code
// generation will write: the assembler dialect of the MCAsmInfo that the
// registered target builds for T, as code generation's own does (clang
// -masm=intel sets it through -x86-asm-syntax=intel).  AT&T when the
// target is not registered in this process.
TickTarget withOutputSyntax(TickTarget Target, const llvm::Triple &T);

} // namespace softticks

#endif
