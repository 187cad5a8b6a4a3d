// The skip rules of the ABI ("Opting out") for LLVM functions.
#include "FunctionFilter.h"
#include "SoftTicksPass.h"

#include <rr/softticks.h>

#include <llvm/IR/Function.h>
#include <llvm/IR/GlobalIFunc.h>
#include <llvm/IR/InstrTypes.h>
#include <llvm/IR/Module.h>

#include <cstring>

using namespace llvm;

namespace softticks {

// Whether every use of F is a direct call from a function in Set.
static bool onlyCalledFrom(const Function &F,
                           const SmallPtrSetImpl<const Function *> &Set) {
  if (F.use_empty())
    return false;
  for (const Use &U : F.uses()) {
    const auto *CB = dyn_cast<CallBase>(U.getUser());
    if (!CB || !CB->isCallee(&U) || !Set.count(CB->getFunction()))
      return false;
  }
  return true;
}

FunctionFilter::FunctionFilter(Module &M) {
  for (GlobalIFunc &GI : M.ifuncs())
    if (const Function *R = GI.getResolverFunction())
      BeforeInit.insert(R);
  // Local helpers called only from resolvers (directly or through other
  // such helpers) run before the initializer too; anything reachable from
  // elsewhere keeps its ticks.
  for (bool Changed = !BeforeInit.empty(); Changed;) {
    Changed = false;
    for (const Function &F : M)
      if (F.hasLocalLinkage() && !F.isDeclaration() && !BeforeInit.count(&F) &&
          onlyCalledFrom(F, BeforeInit)) {
        BeforeInit.insert(&F);
        Changed = true;
      }
  }
}

const char *FunctionFilter::skipReason(const Function &F) const {
  if (F.isDeclaration())
    return "declaration";
  if (F.hasAvailableExternallyLinkage())
    return "available_externally";
  if (F.hasFnAttribute(Attribute::Naked))
    return "naked";
  if (F.hasFnAttribute(Attribute::DisableSanitizerInstrumentation))
    return "disable_sanitizer_instrumentation";
  if (F.hasFnAttribute(SkipAttr))
    return "no_instrument_function";
  if (BeforeInit.count(&F))
    return "ifunc resolver";
  StringRef Section = F.getSection();
  size_t PrefixLen = std::strlen(RR_SOFTTICKS_SKIP_SECTION_PREFIX);
  if (Section.size() >= PrefixLen &&
      Section.substr(0, PrefixLen) == RR_SOFTTICKS_SKIP_SECTION_PREFIX)
    return "softticks section";
  return nullptr;
}

} // namespace softticks
