// Which functions the pass leaves alone and which map the page first:
// LLVM's description of a module's functions for the common skip policy
// (common/skip_policy.h).
#ifndef SOFTTICKS_LLVM_FUNCTION_FILTER_H
#define SOFTTICKS_LLVM_FUNCTION_FILTER_H

#include "skip_policy.h"

#include <llvm/ADT/DenseMap.h>

#include <vector>

namespace llvm {
class Function;
class Module;
} // namespace llvm

namespace softticks {

class FunctionFilter {
public:
  // Describes every function defined in M once and asks the policy.
  explicit FunctionFilter(llvm::Module &M);
  // Null if F is instrumented, else a short reason.
  const char *skipReason(const llvm::Function &F) const;
  // Whether F may run before the initializer and calls it first.
  bool mapsPageFirst(const llvm::Function &F) const;

private:
  const st_skip_decision *decision(const llvm::Function &F) const;
  llvm::DenseMap<const llvm::Function *, unsigned> Index;
  std::vector<st_skip_decision> Decisions;
};

} // namespace softticks

#endif
