// Ticks in the module's own assembly: inline asm statements and file-scope
// (module) asm, through softticks-as's instrumenter (asm/fragment.h), so
// that assembly gets the same placement and flag rules whether clang or
// softticks-as assembles it.
#ifndef SOFTTICKS_LLVM_INLINE_ASM_TICKS_H
#define SOFTTICKS_LLVM_INLINE_ASM_TICKS_H

#include <rr/softticks.h>

#include <string>

namespace llvm {
class Function;
class InlineAsm;
class Module;
} // namespace llvm

namespace softticks {

struct AsmTickStats {
  unsigned Ticks = 0;      // inserted in inline and module asm
  unsigned Statements = 0; // inline asm statements that got ticks
  unsigned ModuleAsm = 0;  // ticks in the module asm
  unsigned Left = 0;       // statements (or the module asm) left alone, with a reason
  std::string FirstLeft;   // the first of them: where and why
};

// Replaces every inline asm statement of F (an instrumented function) that
// holds a cycle by one with ticks in its cycles (not at its start: F's own
// entry tick is there).  Own is the pass's tick, left alone.
void tickInlineAsm(llvm::Function &F, enum rr_softticks_arch Arch, const llvm::InlineAsm *Own,
                   AsmTickStats &S);

// The module asm as softticks-as would tick it as a file (entries and
// cycles).  Call before the pass appends its own parts.  IntelSyntax: the
// module asm is Intel syntax (clang -masm=intel): left alone.
void tickModuleAsm(llvm::Module &M, enum rr_softticks_arch Arch, bool IntelSyntax,
                   AsmTickStats &S);

} // namespace softticks

#endif
