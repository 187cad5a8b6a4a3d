// What only the start of a compile's own pipeline can still see: whether
// this is an LTO pre-link compile, and clang's trace of
// __attribute__((no_instrument_function)).
#include "SoftTicksPass.h"
#include "TickTarget.h"

#include "lto_link_check.h"

#include <llvm/IR/Function.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/GlobalVariable.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/InlineAsm.h>
#include <llvm/IR/InstrTypes.h>
#include <llvm/IR/Module.h>
#include <llvm/Config/llvm-config.h>
#if LLVM_VERSION_MAJOR >= 17
#include <llvm/TargetParser/Triple.h>
#else
#include <llvm/ADT/Triple.h>
#endif
#include <llvm/Transforms/Utils/ModuleUtils.h>

using namespace llvm;

namespace softticks {

// clang adds these module flags before it runs an LTO pre-link pipeline
// (-flto: "ThinLTO" = 0 with a summary; -flto=thin: "EnableSplitLTOUnit"),
// and a normal compile has neither.  Link-time pipelines have them too but
// never run pipeline-start passes.  A module that already has the LTO
// unit flag went through a pre-link compile before: this is a compile of
// its bitcode to native code (clang -c foo.bc), which is instrumented.
static bool isLtoPrelink(const Module &M) {
  return (M.getModuleFlag("ThinLTO") || M.getModuleFlag("EnableSplitLTOUnit")) &&
         !M.getModuleFlag(LtoUnitFlag);
}

// With -finstrument-functions(-after-inlining) or -pg, clang gives every
// function it instruments one of these attributes and leaves
// no_instrument_function ones without; without those options it keeps no
// trace of the attribute at all.  LLVM >= 15 may already have turned the
// first into a call to the entry hook (at -O0 it does so before this pass
// runs); before any inlining, that call is still in the function itself.
static bool hasEntryInstrumentation(const Function &F) {
  if (F.hasFnAttribute("instrument-function-entry") ||
      F.hasFnAttribute("instrument-function-entry-inlined"))
    return true;
  for (const BasicBlock &BB : F)
    for (const Instruction &I : BB)
      if (const auto *CB = dyn_cast<CallBase>(&I))
        if (const Function *Callee = CB->getCalledFunction())
          if (Callee->getName() == "__cyg_profile_func_enter" ||
              Callee->getName() == "__cyg_profile_func_enter_bare")
            return true;
  return false;
}

// Functions clang emits on its own (global constructors and destructors)
// have no declaration to carry either attribute.
static bool isCompilerGenerated(const Function &F) {
  StringRef N = F.getName();
  return N.substr(0, 9) == "_GLOBAL__" || N.substr(0, 13) == "__cxx_global_" ||
         N.substr(0, 6) == "__dtor" || N.substr(0, 6) == "__tls_";
}

// The LTO claim (LtoClaimAttr): a definition of the initializer's symbol
// that the link's symbol resolution weighs against the other inputs'.  Not
// in a module that defines the initializer itself (that definition is its
// claim) or uses the name for something else; and only for a target that
// gets ticks, with an lld that can run the link's pass (LtoClaims).
static void addLtoClaim(Module &M) {
  if (!LtoClaims)
    return;
  std::optional<TickTarget> Target = tickTargetFor(Triple(M.getTargetTriple()));
  if (!Target || definesInitializer(M, Target->Arch))
    return;
  LLVMContext &C = M.getContext();
  FunctionType *VoidFn = FunctionType::get(Type::getVoidTy(C), false);
  Function *Claim = M.getFunction(RR_SOFTTICKS_INIT_SYMBOL);
  if (Claim && Claim->getFunctionType() != VoidFn)
    return;
  if (!Claim && M.getNamedValue(RR_SOFTTICKS_INIT_SYMBOL)) // a variable or alias
    return;
  if (!Claim)
    Claim = Function::Create(VoidFn, GlobalValue::ExternalLinkage, RR_SOFTTICKS_INIT_SYMBOL, M);
  Claim->setLinkage(GlobalValue::LinkOnceODRLinkage);
  Claim->setVisibility(GlobalValue::HiddenVisibility);
  Claim->addFnAttr(LtoClaimAttr);
  // A call the program makes to its initializer must stay a call: not
  // inlined, not dropped as a call without effects.
  Claim->addFnAttr(Attribute::NoInline);
  Claim->addFnAttr(Attribute::NoUnwind);
  IRBuilder<> B(BasicBlock::Create(C, "", Claim));
  B.CreateCall(InlineAsm::get(VoidFn, "", "", /*hasSideEffects=*/true));
  B.CreateRetVoid();
  appendToCompilerUsed(M, {Claim});
}

// The LTO link check (common/lto_link_check.h): a private pointer to the
// symbol nobody defines, kept by llvm.used.  The pass removes it where it
// instruments (removeLtoLinkCheck).  Only where a link can load the plugin
// (lld, LLVM >= 15) and only for a target that gets ticks: elsewhere the
// compile's own warning says what is missing.
static void addLtoLinkCheck(Module &M) {
#if LLVM_VERSION_MAJOR >= 15
  if (!tickTargetFor(Triple(M.getTargetTriple())))
    return;
  Type *I8 = Type::getInt8Ty(M.getContext());
  auto *Missing = cast<GlobalVariable>(M.getOrInsertGlobal(ST_LTO_LINK_CHECK_SYMBOL, I8));
  auto *Check = new GlobalVariable(M, Missing->getType(), /*isConstant=*/true,
                                   GlobalValue::PrivateLinkage, Missing,
                                   "__rr_softticks_lto_check");
  Check->setSection(ST_LTO_LINK_CHECK_SECTION);
  appendToUsed(M, {Check});
#else
  (void)M;
#endif
}

PreservedAnalyses SoftTicksPipelineStartPass::run(Module &M, ModuleAnalysisManager &) {
  if (isLtoPrelink(M) && !M.getModuleFlag(InstrumentedFlag)) {
    M.getOrInsertNamedMetadata(LtoPrelinkMark);
    M.addModuleFlag(Module::Max, LtoUnitFlag, 1);
    addLtoClaim(M);
    addLtoLinkCheck(M);
  }

  bool Traced = false;
  for (const Function &F : M)
    Traced |= !F.isDeclaration() && hasEntryInstrumentation(F);
  if (Traced)
    for (Function &F : M)
      if (!F.isDeclaration() && !hasEntryInstrumentation(F) && !isCompilerGenerated(F))
        F.addFnAttr(SkipAttr);
  return PreservedAnalyses::all();
}

} // namespace softticks
