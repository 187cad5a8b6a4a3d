// The facts of each function the skip policy decides on, read from LLVM IR
// (attributes, section, ifuncs, .preinit_array, llvm.global_ctors/dtors,
// direct calls).
#include "FunctionFilter.h"
#include "SoftTicksPass.h"

#include <rr/softticks.h>

#include <llvm/IR/Constants.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/GlobalIFunc.h>
#include <llvm/IR/InstrTypes.h>
#include <llvm/IR/Module.h>

#include <string>

using namespace llvm;

namespace softticks {
namespace {

// Functions a constant refers to (a .preinit_array entry, a
// llvm.global_ctors element), through casts and aggregates.
template <typename Fn> void forReferencedFunctions(const Constant *C, Fn Visit) {
  if (const auto *F = dyn_cast<Function>(C->stripPointerCasts())) {
    Visit(F);
    return;
  }
  if (isa<ConstantAggregate>(C))
    for (const Use &Op : C->operands())
      forReferencedFunctions(cast<Constant>(Op.get()), Visit);
}

// For each (priority, function) of llvm.global_ctors or llvm.global_dtors.
template <typename Fn> void forStructors(const Module &M, StringRef Name, Fn Visit) {
  const GlobalVariable *List = M.getGlobalVariable(Name, true);
  if (!List || !List->hasInitializer())
    return;
  const auto *Array = dyn_cast<ConstantArray>(List->getInitializer());
  if (!Array)
    return;
  for (const Use &Op : Array->operands()) {
    const auto *Entry = dyn_cast<ConstantStruct>(Op.get());
    if (!Entry || Entry->getNumOperands() < 2)
      continue;
    const auto *Priority = dyn_cast<ConstantInt>(Entry->getOperand(0));
    if (!Priority)
      continue;
    int P = static_cast<int>(Priority->getZExtValue());
    forReferencedFunctions(Entry->getOperand(1), [&](const Function *F) { Visit(P, F); });
  }
}

// Whether every use of F is a direct call (so the module sees all callers).
bool onlyCalledDirectly(const Function &F) {
  for (const Use &U : F.uses()) {
    const auto *CB = dyn_cast<CallBase>(U.getUser());
    if (!CB || !CB->isCallee(&U))
      return false;
  }
  return true;
}

} // namespace

FunctionFilter::FunctionFilter(Module &M) {
  std::vector<st_fn_facts> Facts;
  std::vector<std::string> Sections; // the facts point into these
  for (const Function &F : M) {
    if (F.isDeclaration())
      continue;
    Index[&F] = Facts.size();
    unsigned Flags = 0;
    if (F.hasFnAttribute(Attribute::Naked))
      Flags |= ST_FN_NAKED;
    if (F.hasFnAttribute(SkipAttr))
      Flags |= ST_FN_NO_INSTRUMENT;
    if (F.hasFnAttribute(Attribute::DisableSanitizerInstrumentation))
      Flags |= ST_FN_NO_SANITIZE;
    if (F.hasLocalLinkage() && onlyCalledDirectly(F))
      Flags |= ST_FN_CALLED_ONLY_IN_UNIT;
    if (F.getName() == RR_SOFTTICKS_INIT_SYMBOL)
      Flags |= ST_FN_INITIALIZER;
    Facts.push_back(st_fn_facts{nullptr, nullptr, Flags, ST_NOT_CDTOR, ST_NOT_CDTOR});
    Sections.push_back(F.hasSection() ? F.getSection().str() : std::string());
  }
  auto FactsOf = [&](const Function *F) -> st_fn_facts * {
    auto It = Index.find(F);
    return It == Index.end() ? nullptr : &Facts[It->second];
  };
  for (GlobalIFunc &GI : M.ifuncs())
    if (st_fn_facts *R = FactsOf(GI.getResolverFunction()))
      R->flags |= ST_FN_IFUNC_RESOLVER;
  // A function listed twice keeps its earliest priority.
  auto Earliest = [](int &Slot, int P) {
    if (Slot == ST_NOT_CDTOR || P < Slot)
      Slot = P;
  };
  // Function pointers placed by hand in .preinit_array or .init_array.NNNNN.
  for (const GlobalVariable &GV : M.globals()) {
    if (!GV.hasInitializer() || !GV.hasSection())
      continue;
    std::string Section = GV.getSection().str();
    bool Preinit = st_is_preinit_section(Section.c_str());
    int Priority = st_init_array_section_priority(Section.c_str());
    if (Preinit || Priority != ST_NOT_CDTOR)
      forReferencedFunctions(GV.getInitializer(), [&](const Function *F) {
        if (st_fn_facts *P = FactsOf(F)) {
          if (Preinit)
            P->flags |= ST_FN_PREINIT;
          else
            Earliest(P->ctor_priority, Priority);
        }
      });
  }
  forStructors(M, "llvm.global_ctors", [&](int P, const Function *F) {
    if (st_fn_facts *C = FactsOf(F))
      Earliest(C->ctor_priority, P);
  });
  forStructors(M, "llvm.global_dtors", [&](int P, const Function *F) {
    if (st_fn_facts *D = FactsOf(F))
      Earliest(D->dtor_priority, P);
  });

  std::vector<st_call> Calls;
  for (const Function &F : M) {
    auto Caller = Index.find(&F);
    if (Caller == Index.end())
      continue;
    for (const BasicBlock &BB : F)
      for (const Instruction &I : BB)
        if (const auto *CB = dyn_cast<CallBase>(&I)) {
          auto Callee = Index.find(CB->getCalledFunction());
          if (CB->getCalledFunction() && Callee != Index.end())
            Calls.push_back(st_call{Caller->second, Callee->second});
        }
  }
  for (size_t I = 0; I < Facts.size(); ++I)
    Facts[I].section = Sections[I].empty() ? nullptr : Sections[I].c_str();
  Decisions.resize(Facts.size());
  if (st_skip_policy_decide(Facts.data(), Facts.size(), Calls.data(), Calls.size(),
                            Decisions.data()) != 0)
    report_fatal_error("softticks: out of memory deciding which functions tick");
}

const st_skip_decision *FunctionFilter::decision(const Function &F) const {
  auto It = Index.find(&F);
  return It == Index.end() ? nullptr : &Decisions[It->second];
}

const char *FunctionFilter::skipReason(const Function &F) const {
  if (F.isDeclaration())
    return "declaration";
  if (F.hasAvailableExternallyLinkage())
    return "available_externally";
  const st_skip_decision *D = decision(F);
  return D && D->reason != ST_TICKS ? st_skip_reason_text(D->reason) : nullptr;
}

bool FunctionFilter::mapsPageFirst(const Function &F) const {
  const st_skip_decision *D = decision(F);
  return D && D->maps_page_first && !F.hasAvailableExternallyLinkage();
}

} // namespace softticks
