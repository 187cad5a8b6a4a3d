// The skip rules of the ABI ("Opting out") for LLVM functions.
#include "FunctionFilter.h"
#include "SoftTicksPass.h"

#include <rr/softticks.h>

#include <llvm/IR/Constants.h>
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

// Functions a constant refers to (a .preinit_array entry, a
// llvm.global_ctors element), through casts and aggregates.
static void addReferencedFunctions(const Constant *C,
                                   SmallPtrSetImpl<const Function *> &Out) {
  if (const auto *F = dyn_cast<Function>(C->stripPointerCasts())) {
    Out.insert(F);
    return;
  }
  if (isa<ConstantAggregate>(C))
    for (const Use &Op : C->operands())
      addReferencedFunctions(cast<Constant>(Op.get()), Out);
}

// Code that runs before the initializer has mapped the page: ifunc
// resolvers (during relocation), .preinit_array entries, and constructors
// whose priority does not come after the initializer's.
static void collectBeforeInit(Module &M, SmallPtrSetImpl<const Function *> &Out) {
  for (GlobalIFunc &GI : M.ifuncs())
    if (const Function *R = GI.getResolverFunction())
      Out.insert(R);
  for (const GlobalVariable &GV : M.globals())
    if (GV.hasInitializer() && GV.hasSection() &&
        GV.getSection().substr(0, 14) == ".preinit_array")
      addReferencedFunctions(GV.getInitializer(), Out);
  if (const GlobalVariable *Ctors = M.getGlobalVariable("llvm.global_ctors", true))
    if (Ctors->hasInitializer())
      if (const auto *List = dyn_cast<ConstantArray>(Ctors->getInitializer()))
        for (const Use &Op : List->operands()) {
          const auto *Entry = dyn_cast<ConstantStruct>(Op.get());
          if (!Entry || Entry->getNumOperands() < 2)
            continue;
          const auto *Priority = dyn_cast<ConstantInt>(Entry->getOperand(0));
          if (Priority && Priority->getZExtValue() <= RR_SOFTTICKS_INIT_PRIORITY)
            addReferencedFunctions(Entry->getOperand(1), Out);
        }
}

FunctionFilter::FunctionFilter(Module &M) {
  collectBeforeInit(M, BeforeInit);
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
    return "runs before the initializer";
  StringRef Section = F.getSection();
  size_t PrefixLen = std::strlen(RR_SOFTTICKS_SKIP_SECTION_PREFIX);
  if (Section.size() >= PrefixLen &&
      Section.substr(0, PrefixLen) == RR_SOFTTICKS_SKIP_SECTION_PREFIX)
    return "softticks section";
  return nullptr;
}

} // namespace softticks
