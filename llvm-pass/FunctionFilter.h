// Which functions the pass leaves alone, and why.
#ifndef SOFTTICKS_LLVM_FUNCTION_FILTER_H
#define SOFTTICKS_LLVM_FUNCTION_FILTER_H

#include <llvm/ADT/SmallPtrSet.h>

namespace llvm {
class Function;
class Module;
} // namespace llvm

namespace softticks {

class FunctionFilter {
public:
  explicit FunctionFilter(llvm::Module &M);
  // Null if F is instrumented, else a short reason.
  const char *skipReason(const llvm::Function &F) const;

private:
  // ifunc resolvers, .preinit_array entries, constructors of priority <= 1
  // and the local functions only they call: they run before the
  // initializer has mapped the page.
  llvm::SmallPtrSet<const llvm::Function *, 8> BeforeInit;
};

} // namespace softticks

#endif
