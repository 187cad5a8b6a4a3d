// Inline and module asm through softticks-as's instrumenter (InlineAsmTicks.h).
#include "InlineAsmTicks.h"

#include "fragment.h"

#include <llvm/ADT/DenseMap.h>
#include <llvm/IR/InlineAsm.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Module.h>
#include <llvm/Support/ErrorHandling.h>

#include <cstdlib>
#include <optional>
#include <string>

using namespace llvm;

namespace softticks {
namespace {

void noteLeft(AsmTickStats &S, const Twine &Where, const char *Why) {
  if (!S.Left++)
    S.FirstLeft = (Where + ": " + Why).str();
}

// The instrumented text (and its ticks), or nothing (with S noting why,
// when it matters).
std::optional<std::string> instrument(const sas_fragment &Frag, AsmTickStats &S,
                                      const Twine &Where, unsigned &Ticks) {
  sas_fragment_result Res;
  int Rc = sas_fragment_instrument(&Frag, &Res);
  if (Rc < 0)
    report_fatal_error("softticks: out of memory instrumenting assembly");
  if (Rc == 0) {
    if (Res.reason)
      noteLeft(S, Where, Res.reason);
    return std::nullopt;
  }
  std::string Text(Res.text, Res.len);
  std::free(Res.text);
  Ticks = Res.ticks;
  if (Res.cycles_open)
    noteLeft(S, Where, "a cycle is left without a tick (softticks-as --softticks-report says where)");
  return Text;
}

} // namespace

void tickInlineAsm(Function &F, enum rr_softticks_arch Arch, const InlineAsm *Own,
                   AsmTickStats &S) {
  // One InlineAsm is shared by every call with the same text: each is
  // instrumented once (nullptr: left as it is), with that many ticks.
  DenseMap<InlineAsm *, std::pair<InlineAsm *, unsigned>> Done;
  for (Instruction &I : instructions(F)) {
    auto *CB = dyn_cast<CallBase>(&I);
    auto *IA = CB ? dyn_cast<InlineAsm>(CB->getCalledOperand()) : nullptr;
    if (!IA || IA == Own)
      continue;
    auto It = Done.find(IA);
    if (It == Done.end()) {
      // (a std::string before LLVM 21, a StringRef since)
      std::string Tmpl(IA->getAsmString()), Constraints(IA->getConstraintString());
      sas_fragment Frag{SAS_FRAGMENT_INLINE, Arch, Tmpl.c_str(), Tmpl.size(),
                        Constraints.c_str(), IA->getDialect() == InlineAsm::AD_Intel};
      InlineAsm *New = nullptr;
      unsigned Ticks = 0;
      if (std::optional<std::string> Text =
              instrument(Frag, S, "inline asm in " + F.getName(), Ticks))
        New = InlineAsm::get(IA->getFunctionType(), *Text, Constraints, IA->hasSideEffects(),
                             IA->isAlignStack(), IA->getDialect(), IA->canThrow());
      It = Done.insert({IA, {New, Ticks}}).first;
    }
    if (It->second.first) {
      CB->setCalledOperand(It->second.first);
      ++S.Statements;
      S.Ticks += It->second.second;
    }
  }
}

void tickModuleAsm(Module &M, enum rr_softticks_arch Arch, bool IntelSyntax, AsmTickStats &S) {
  std::string Asm(M.getModuleInlineAsm());
  if (Asm.empty())
    return;
  // Under -masm=intel the module asm is read in Intel syntax from its
  // start; its ticks are AT&T between switches (module asm is plain text).
  sas_fragment Frag{SAS_FRAGMENT_MODULE, Arch, Asm.c_str(), Asm.size(), nullptr, IntelSyntax};
  unsigned Ticks = 0;
  if (std::optional<std::string> Text = instrument(Frag, S, "module asm", Ticks)) {
    S.ModuleAsm += Ticks;
    S.Ticks += Ticks;
    M.setModuleInlineAsm(*Text);
  }
}

} // namespace softticks
