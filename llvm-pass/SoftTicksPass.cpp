// The instrumentation: LLVM CFG -> st_cfg -> st_place() -> inline asm.
#include "SoftTicksPass.h"
#include "FunctionFilter.h"
#include "InlineAsmTicks.h"
#include "LateLoops.h"
#include "TickTarget.h"

#include "asm_definition.h"
#include "manifest.h"
#include "module_asm.h"
#include "lto_link_check.h"
#include "placement.h"
#include "returns_twice.h"

#include <llvm/Config/llvm-config.h>
#if LLVM_VERSION_MAJOR >= 17
#include <llvm/TargetParser/Triple.h>
#else
#include <llvm/ADT/Triple.h>
#endif
#include <llvm/IR/CFG.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/DebugInfoMetadata.h>
#include <llvm/IR/DiagnosticInfo.h>
#include <llvm/IR/DiagnosticPrinter.h>
#include <llvm/IR/GlobalVariable.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/InlineAsm.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Module.h>
#include <llvm/Support/CommandLine.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/Transforms/Utils/ModuleUtils.h>

#include <cstdlib>
#include <cstring>
#include <vector>

using namespace llvm;

// Created by registerSoftTicksOptions() once the plugin knows it runs in
// the LLVM it was built for (a static cl::opt would call into the host's
// LLVM as soon as the library is loaded).
static cl::opt<bool> *PrintStats;

void softticks::registerSoftTicksOptions() {
  PrintStats = new cl::opt<bool>("softticks-stats",
                                 cl::desc("softticks: print ticks and instrumented "
                                          "functions per module on stderr"),
                                 cl::init(false));
}

namespace softticks {
namespace {

// -softticks-stats, or SOFTTICKS_STATS=1 in the environment where options
// cannot reach the plugin (lld parses -mllvm before it loads pass plugins).
bool statsRequested() {
  if (PrintStats && *PrintStats)
    return true;
  const char *Env = std::getenv("SOFTTICKS_STATS");
  return Env && *Env && std::strcmp(Env, "0") != 0;
}

struct Stats {
  unsigned Ticks = 0;
  unsigned Functions = 0;
};

// Whether I is clang -O0's spill of a parameter into its stack slot:
// code that GCC's GIMPLE does not have, and that runs once per pass.
bool isParameterSpill(const Instruction &I) {
  const auto *SI = dyn_cast<StoreInst>(&I);
  return SI && !SI->isVolatile() && isa<Argument>(SI->getValueOperand()) &&
         isa<AllocaInst>(SI->getPointerOperand());
}

// The block's first statement (after its PHIs and EH pad), passing over
// static allocas, debug and lifetime markers and parameter spills, or null.
Instruction *firstStatement(BasicBlock &BB) {
  for (auto It = BB.getFirstInsertionPt(); It != BB.end(); ++It) {
    const auto *AI = dyn_cast<AllocaInst>(&*It);
    if ((AI && AI->isStaticAlloca()) || It->isDebugOrPseudoInst() ||
        It->isLifetimeStartOrEnd() || isParameterSpill(*It))
      continue;
    return &*It;
  }
  return nullptr;
}

// A call that can return more than once: marked returns_twice, clang's
// __builtin_setjmp (llvm.eh.sjlj.setjmp, which carries no mark: the
// backend gives it a second landing of its own), or a direct call to a
// function common/returns_twice.c names (swapcontext; setjmp and the
// like declared without the mark).
bool isReturnsTwiceCall(const Instruction *I) {
  const auto *CB = dyn_cast_or_null<CallBase>(I);
  if (!CB)
    return false;
  if (CB->hasFnAttr(Attribute::ReturnsTwice))
    return true;
  const Function *Callee = CB->getCalledFunction();
  if (!Callee)
    return false;
  if (Callee->getIntrinsicID() == Intrinsic::eh_sjlj_setjmp)
    return true;
  return !Callee->isIntrinsic() && st_returns_twice_name(Callee->getName().str().c_str());
}

// A returns_twice call that gets a tick right after it (a musttail call
// returns straight to the caller: nothing may follow it).
bool ticksAfter(const Instruction *I) {
  const auto *CI = dyn_cast_or_null<CallInst>(I);
  return CI && isReturnsTwiceCall(CI) && !CI->isMustTailCall();
}

class FunctionInstrumenter {
public:
  FunctionInstrumenter(Function &F, InlineAsm *Tick) : F(F), Tick(Tick) {}

  // Returns the number of ticks inserted.
  unsigned run() {
    collectReturnsTwiceSites();
    std::vector<unsigned> Where = placeBlockTicks();
    unsigned Count = 0;
    unsigned Index = 0;
    for (BasicBlock *BB : Blocks) {
      if (Where[Index++] == 0)
        continue;
      insertTick(BB == &F.getEntryBlock() ? pastStaticAllocas(*BB) : BB->getFirstInsertionPt());
      ++Count;
    }
    for (Instruction *Before : AfterReturnsTwice) {
      insertTick(Before->getIterator());
      ++Count;
    }
    return Count;
  }

private:
  // Every returns_twice call gets a tick right after it returns: for a
  // call, before the next instruction; for an invoke or callbr, at the
  // start of its normal destination, on an edge of its own.  A musttail
  // call returns straight to the caller: nothing may follow it.
  void collectReturnsTwiceSites() {
    std::vector<CallBase *> Sites;
    for (BasicBlock &BB : F)
      for (Instruction &I : BB)
        if (isReturnsTwiceCall(&I))
          Sites.push_back(cast<CallBase>(&I));
    for (CallBase *CB : Sites) {
      if (auto *CI = dyn_cast<CallInst>(CB)) {
        if (!CI->isMustTailCall())
          AfterReturnsTwice.push_back(CI->getNextNode());
        continue;
      }
      BasicBlock *Normal = normalDestination(CB);
      if (!Normal)
        continue;
      if (Normal->getSinglePredecessor() != CB->getParent())
        Normal = splitNormalEdge(CB, Normal);
      LeadingReturnsTwice.insert(Normal);
      AfterReturnsTwice.push_back(&*Normal->getFirstInsertionPt());
    }
  }

  static BasicBlock *normalDestination(CallBase *CB) {
    if (auto *II = dyn_cast<InvokeInst>(CB))
      return II->getNormalDest();
    if (auto *CBr = dyn_cast<CallBrInst>(CB))
      return CBr->getDefaultDest();
    return nullptr;
  }

  // A block of its own on the edge CB -> Dest, so that the tick after CB
  // runs only when CB returns.
  BasicBlock *splitNormalEdge(CallBase *CB, BasicBlock *Dest) {
    BasicBlock *From = CB->getParent();
    BasicBlock *Mid = BasicBlock::Create(F.getContext(), Dest->getName() + ".softticks",
                                         &F, Dest);
    BranchInst *Br = BranchInst::Create(Dest, Mid);
    Br->setDebugLoc(CB->getDebugLoc());
    if (auto *II = dyn_cast<InvokeInst>(CB))
      II->setNormalDest(Mid);
    else
      cast<CallBrInst>(CB)->setDefaultDest(Mid);
    Dest->replacePhiUsesWith(From, Mid);
    return Mid;
  }

  // Translates the CFG (all successor edges of every terminator: branches,
  // switch, indirectbr, invoke normal and unwind, callbr, EH pads) and asks
  // the placement core which blocks tick at their start.
  std::vector<unsigned> placeBlockTicks() {
    DenseMap<const BasicBlock *, unsigned> Number;
    for (BasicBlock &BB : F) {
      Number[&BB] = Blocks.size();
      Blocks.push_back(&BB);
    }
    std::vector<unsigned> Flags(Blocks.size(), 0);
    std::vector<st_edge> Edges;
    for (BasicBlock *BB : Blocks) {
      unsigned From = Number[BB];
      // catchswitch blocks cannot hold code: their tick goes to their
      // successors.  A block that begins with a returns_twice call needs
      // no tick at its start: the tick after the call follows on every
      // path (parameter spills before it do not count: they cannot leave
      // the frame, and so clang -O0 ticks where GCC does).
      if (BB->getFirstInsertionPt() == BB->end())
        Flags[From] |= ST_BLOCK_NO_CODE;
      else if (LeadingReturnsTwice.count(BB) || ticksAfter(firstStatement(*BB)))
        Flags[From] |= ST_BLOCK_LEADING_RETURNS_TWICE;
      for (BasicBlock *Succ : successors(BB))
        Edges.push_back(st_edge{From, Number[Succ]});
    }
    std::vector<unsigned> Where(Blocks.size(), 0);
    st_cfg Cfg{static_cast<unsigned>(Blocks.size()), Flags.data(),
               static_cast<unsigned>(Edges.size()), Edges.data()};
    if (st_place(&Cfg, Where.data()) != 0)
      report_fatal_error("softticks: out of memory placing ticks in " + F.getName());
    return Where;
  }

  // The entry tick goes after the entry block's leading static allocas, so
  // that they stay static (part of the fixed frame).
  static BasicBlock::iterator pastStaticAllocas(BasicBlock &Entry) {
    auto It = Entry.getFirstInsertionPt();
    while (It != Entry.end()) {
      if (auto *AI = dyn_cast<AllocaInst>(&*It)) {
        if (!AI->isStaticAlloca())
          break;
      } else if (!It->isDebugOrPseudoInst()) {
        break;
      }
      ++It;
    }
    return It;
  }

  // The tick takes the location of the instruction it precedes (a loop
  // head's first instruction, the entry block's first statement), so that
  // gdb's line stepping and "break FUNCTION" (prologue_end) see the same
  // lines as without ticks.  Line 0 for the entry tick would make
  // DwarfDebug emit a scope-line row at every function start (it does when
  // the first instruction has line 0): an extra stop at the opening line.
  // The one difference left: when the scheduler puts a line-0 instruction
  // first, clang alone emits that row, and gdb stops at the opening line
  // once without ticks and not with them (tests/debugger/README.md).
  void insertTick(BasicBlock::iterator Pos) {
    BasicBlock *BB = Pos->getParent();
    IRBuilder<> B(BB, Pos);
    DebugLoc Loc = Pos->getDebugLoc();
    if (!Loc)
      if (DISubprogram *SP = F.getSubprogram())
        Loc = DILocation::get(F.getContext(), 0, 0, SP);
    B.SetCurrentDebugLocation(Loc);
    CallInst *CI = B.CreateCall(Tick->getFunctionType(), Tick);
    CI->addFnAttr(Attribute::NoUnwind);
  }

  Function &F;
  InlineAsm *Tick;
  std::vector<BasicBlock *> Blocks;
  SmallPtrSet<const BasicBlock *, 4> LeadingReturnsTwice;
  std::vector<Instruction *> AfterReturnsTwice;
};

// A warning through the host's diagnostic handler (clang prints it as a
// compiler warning, opt and lld on stderr).
class Warning : public DiagnosticInfo {
public:
  explicit Warning(const Twine &Msg)
      : DiagnosticInfo(kind(), DS_Warning), Msg(Msg.str()) {}
  void print(DiagnosticPrinter &DP) const override { DP << "softticks: " << Msg; }

private:
  static int kind() {
    static const int Kind = getNextAvailablePluginDiagnosticKind();
    return Kind;
  }
  std::string Msg;
};

void warn(Module &M, const Twine &Msg) { M.getContext().diagnose(Warning(Msg)); }

// The module parts (common/module_asm.h); a module with its own
// initializer gets no second one (its group is the one the linker keeps),
// and a module for musl (the triple's environment) no early mapping: its
// ifunc's IRELATIVE relocation stops a musl program at start-up.  Module
// asm is parsed in the output's dialect: under -masm=intel the parts
// switch to AT&T and back.
void appendModuleAsm(Module &M, const TickTarget &Target, bool OwnInitializer) {
  st_manifest Manifest{Target.Arch, "clang", LLVM_VERSION_STRING, ST_PLUGIN_VERSION,
                       ST_PLACEMENT_RULES_VERSION};
  unsigned Options = 0;
  if (OwnInitializer)
    Options |= ST_PARTS_OWN_INITIALIZER;
  if (Triple(M.getTargetTriple()).isMusl())
    Options |= ST_PARTS_NO_EARLY_MAPPING;
  if (Target.IntelSyntax)
    Options |= ST_PARTS_INTEL_SYNTAX;
  char *Parts = st_module_parts_asm(&Manifest, Options);
  if (!Parts)
    report_fatal_error("softticks: cannot build the initializer and notes of the module");
  M.appendModuleInlineAsm(Parts);
  std::free(Parts);
}

// Removes V from the array @Name (llvm.used, llvm.compiler.used).
void removeFromUsedList(Module &M, StringRef Name, GlobalValue *V) {
  GlobalVariable *Used = M.getGlobalVariable(Name, true);
  if (!Used || !Used->hasInitializer())
    return;
  auto *Init = dyn_cast<ConstantArray>(Used->getInitializer());
  if (!Init)
    return;
  SmallVector<GlobalValue *, 8> Keep;
  for (Value *Op : Init->operands())
    if (auto *GV = dyn_cast<GlobalValue>(Op->stripPointerCasts()))
      if (GV != V)
        Keep.push_back(GV);
  Used->eraseFromParent();
  if (Keep.empty())
    return;
  if (Name == "llvm.used")
    appendToUsed(M, Keep);
  else
    appendToCompilerUsed(M, Keep);
}

// Drops the LTO link check (common/lto_link_check.h) from a module this
// pass handles: every global that points to the missing symbol (one per
// pre-link module merged into it), then the symbol's declaration.
bool removeLtoLinkCheck(Module &M) {
  GlobalVariable *Missing = M.getGlobalVariable(ST_LTO_LINK_CHECK_SYMBOL, true);
  if (!Missing)
    return false;
  SmallVector<GlobalVariable *, 4> Checks;
  for (User *U : Missing->users())
    if (auto *GV = dyn_cast<GlobalVariable>(U))
      Checks.push_back(GV);
  for (GlobalVariable *GV : Checks) {
    removeFromUsedList(M, "llvm.used", GV);
    GV->eraseFromParent();
  }
  Missing->removeDeadConstantUsers();
  if (Missing->use_empty())
    Missing->eraseFromParent();
  return true;
}

// A module that went through a ThinLTO pre-link compile (its flag; full
// LTO sets "ThinLTO" to 0).
bool isThinLtoModule(const Module &M) {
  if (!M.getModuleFlag("EnableSplitLTOUnit"))
    return false;
  const auto *Thin = mdconst::extract_or_null<ConstantInt>(M.getModuleFlag("ThinLTO"));
  return !Thin || !Thin->isZero();
}

// Whether this module emits the initializer and notes: always, except in
// an LTO unit (LtoUnitFlag), where only the module that holds the
// prevailing LTO claim does, or one that defines the initializer itself
// (or any, where there are no claims: LtoClaims).
// Turns the claim into a declaration either way (before anything
// instruments or calls it).
bool takeLtoOwnership(Module &M, bool OwnInitializer, bool &IsLtoUnit) {
  IsLtoUnit = M.getModuleFlag(LtoUnitFlag) != nullptr;
  Function *Claim = M.getFunction(RR_SOFTTICKS_INIT_SYMBOL);
  if (!Claim || !Claim->hasFnAttribute(LtoClaimAttr))
    return !IsLtoUnit || OwnInitializer || !LtoClaims;
  bool Owns = !Claim->isDeclaration() && !Claim->hasAvailableExternallyLinkage();
  removeFromUsedList(M, "llvm.compiler.used", Claim);
  Claim->removeDeadConstantUsers();
  if (Claim->use_empty()) {
    Claim->eraseFromParent();
  } else {
    // Calls to the initializer (mapsPageFirst, or the program's own) now
    // reach the one the module parts define.
    Claim->deleteBody();
    Claim->setComdat(nullptr);
    Claim->removeFnAttr(LtoClaimAttr);
    Claim->setVisibility(GlobalValue::HiddenVisibility);
    Claim->setDSOLocal(true);
  }
  return Owns;
}

// Whether file-scope asm leaves the assembler in 16-bit mode: its last
// .code16 / .code16gcc (the way to 16-bit code before -m16) comes after
// its last .code32 / .code64.
bool moduleAsmSwitchesTo16Bit(const Module &M) {
  StringRef Asm = M.getModuleInlineAsm();
  size_t To16 = Asm.rfind(".code16");
  if (To16 == StringRef::npos)
    return false;
  size_t To32 = Asm.rfind(".code32"), To64 = Asm.rfind(".code64");
  return (To32 == StringRef::npos || To32 < To16) && (To64 == StringRef::npos || To64 < To16);
}

// Code the triple does not tell apart that the sequences do not fit:
// kernel code cannot reach a user page; 16-bit code would get the
// sequence's addresses cut to 16 bits.
const char *unsupportedCode(const Module &M) {
  if (M.getCodeModel() == CodeModel::Kernel)
    return "kernel code (-mcmodel=kernel)";
  if (moduleAsmSwitchesTo16Bit(M))
    return "16-bit code (.code16 in file-scope asm)";
  return nullptr;
}

// Code that may run before the module's initializer (an ifunc resolver, a
// .preinit_array entry, an early constructor) calls it first: whatever it
// calls may then tick.  The initializer is idempotent (EEXIST).
void callInitializerFirst(Function &F) {
  Module &M = *F.getParent();
  FunctionType *VoidFn = FunctionType::get(Type::getVoidTy(M.getContext()), false);
  FunctionCallee Init = M.getOrInsertFunction(RR_SOFTTICKS_INIT_SYMBOL, VoidFn);
  if (auto *Decl = dyn_cast<Function>(Init.getCallee())) {
    Decl->setVisibility(GlobalValue::HiddenVisibility);
    Decl->setDSOLocal(true);
    Decl->addFnAttr(Attribute::NoUnwind);
  }
  BasicBlock &Entry = F.getEntryBlock();
  IRBuilder<> B(&Entry, Entry.getFirstInsertionPt());
  if (DISubprogram *SP = F.getSubprogram())
    B.SetCurrentDebugLocation(DILocation::get(F.getContext(), 0, 0, SP));
  B.CreateCall(Init)->setDoesNotThrow();
}

} // namespace

bool definesInitializer(const Module &M, enum rr_softticks_arch Arch) {
  const Function *F = M.getFunction(RR_SOFTTICKS_INIT_SYMBOL);
  if (F && !F->isDeclaration() && !F->hasFnAttribute(LtoClaimAttr))
    return true;
  const std::string &Asm = M.getModuleInlineAsm();
  return st_asm_defines_symbol(Asm.c_str(), RR_SOFTTICKS_INIT_SYMBOL, Arch) != 0;
}

// A module linked at the IR level from instrumented ones (rustc's fat LTO,
// llvm-link) has the flag and every part's module asm once per input: one
// copy of each stays (common/module_asm.h).
static bool dropRepeatedModuleParts(Module &M) {
  unsigned Dropped = 0;
  char *Text = st_module_parts_drop_repeats(M.getModuleInlineAsm().c_str(), &Dropped);
  if (!Text)
    report_fatal_error("softticks: out of memory reading the module's assembly");
  if (Dropped)
    M.setModuleInlineAsm(Text);
  std::free(Text);
  return Dropped != 0;
}

PreservedAnalyses SoftTicksPass::run(Module &M, ModuleAnalysisManager &) {
  if (M.getModuleFlag(InstrumentedFlag))
    return dropRepeatedModuleParts(M) ? PreservedAnalyses::none() : PreservedAnalyses::all();
  if (NamedMDNode *Mark = M.getNamedMetadata(LtoPrelinkMark)) {
    // LTO pre-link: the link-time pipeline instruments this module.
    M.eraseNamedMetadata(Mark);
#if LLVM_VERSION_MAJOR < 15
    warn(M, "LTO pre-link module " + M.getModuleIdentifier() +
                " is left for the link to instrument, but lld before LLVM 15 cannot load "
                "pass plugins: build without -flto to get ticks");
#endif
    return PreservedAnalyses::all();
  }
  if (PreLink) // a pre-link pipeline without clang's mark (rustc): the post-link instruments
    return PreservedAnalyses::all();
  // From here on the pass handles the module (instruments it, or warns
  // why not): the check has done its job.
  PreservedAnalyses Unchanged =
      removeLtoLinkCheck(M) ? PreservedAnalyses::none() : PreservedAnalyses::all();

  std::optional<TickTarget> Target = tickTargetFor(Triple(M.getTargetTriple()));
  if (!Target) {
    warn(M, "target '" + Triple(M.getTargetTriple()).str() +
                "' is not supported (x86_64, i386 or aarch64 ELF Linux, not x32, ILP32, "
                "16-bit or big-endian); module " +
                M.getModuleIdentifier() + " left uninstrumented");
    return Unchanged;
  }
  if (const char *Why = unsupportedCode(M)) {
    warn(M, Twine("no software-tick sequence for ") + Why + "; module " +
                M.getModuleIdentifier() + " left uninstrumented");
    return Unchanged;
  }
  Target = withOutputSyntax(*Target, Triple(M.getTargetTriple()));
  FunctionType *VoidFn = FunctionType::get(Type::getVoidTy(M.getContext()), false);
  InlineAsm *Tick = InlineAsm::get(VoidFn, Target->AsmTemplate, Target->Constraints,
                                   /*hasSideEffects=*/true);
  bool OwnInitializer = definesInitializer(M, Target->Arch);
  // In an LTO link the claim's owner speaks for all the link's modules,
  // some of which may tick when it does not.
  bool IsLtoUnit = false;
  bool Owns = takeLtoOwnership(M, OwnInitializer, IsLtoUnit);
  FunctionFilter Filter(M);
  Stats S;
  AsmTickStats AsmS;
  bool MapsEarly = false;
  // The user's file-scope asm, before the pass appends anything to it.
  tickModuleAsm(M, Target->Arch, Target->IntelSyntax, AsmS);
  for (Function &F : M) {
    if (Filter.mapsPageFirst(F)) {
      callInitializerFirst(F);
      MapsEarly = true;
    }
    if (Filter.skipReason(F))
      continue;
    expandLateLoops(F, Target->Arch);
    tickInlineAsm(F, Target->Arch, Tick, AsmS);
    unsigned N = FunctionInstrumenter(F, Tick).run();
    S.Ticks += N;
    S.Functions += N != 0;
  }
  S.Ticks += AsmS.Ticks;
  if (AsmS.Left)
    warn(M, Twine(AsmS.Left) + " assembly " + (AsmS.Left == 1 ? "part" : "parts") +
                " of module " + M.getModuleIdentifier() +
                " left without ticks, its loops tick-free (first: " + AsmS.FirstLeft + ")");

  M.addModuleFlag(Module::Max, InstrumentedFlag, 1);
  // Every unit, ticks or none: an external softticks-as (clang
  // -fno-integrated-as -B) then ticks only its asm statements, also where
  // no function ticks and no manifest comes (common/module_asm.h).
  M.appendModuleInlineAsm(ST_COMPILED_MARKER);
  // Its asm statements tick already (InlineAsmTicks.cpp): none twice.
  M.appendModuleInlineAsm(ST_ASM_TICKED_MARKER);
  if (!IsLtoUnit && isThinLtoModule(M))
    warn(M, "ThinLTO module " + M.getModuleIdentifier() +
                " was compiled without the softticks plugin: if its link has more than one "
                "module, each one's initializer is a duplicate symbol; compile every -flto "
                "unit with the plugin");
  if (Owns && (S.Ticks || IsLtoUnit || MapsEarly))
    appendModuleAsm(M, *Target, OwnInitializer);
  if (statsRequested()) {
    errs() << "softticks: " << M.getModuleIdentifier() << ": " << S.Ticks << " ticks in "
           << S.Functions << " functions";
    if (AsmS.Ticks)
      errs() << "; " << AsmS.Ticks << " of them in assembly (" << AsmS.Statements
             << " inline asm statements, " << AsmS.ModuleAsm << " in module asm)";
    errs() << "\n";
  }
  return PreservedAnalyses::none();
}

} // namespace softticks
