// Late loops written early: see LateLoops.h and abi/ABI.md.
#include "LateLoops.h"

#include <llvm/Config/llvm-config.h>
#include <llvm/IR/BasicBlock.h>
#include <llvm/IR/DataLayout.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Intrinsics.h>
#include <llvm/IR/Module.h>
#include <llvm/Transforms/Utils/IntegerDivision.h>

#include <vector>

using namespace llvm;

namespace softticks {
namespace {

// What the function's target features say about aarch64 atomics.
struct AtomicsIsa {
  bool Lse = false;            // ARMv8.1 single-instruction read-modify-writes
  bool OutlineAtomics = false; // calls to libgcc's __aarch64_* helpers instead
  bool Cx16 = false;           // x86-64 cmpxchg16b
};

AtomicsIsa atomicsIsa(const Function &F) {
  AtomicsIsa Isa;
  StringRef Features = F.getFnAttribute("target-features").getValueAsString();
  SmallVector<StringRef, 32> List;
  Features.split(List, ',');
  for (StringRef Feature : List) {
    bool On = Feature.consume_front("+");
    if (!On && !Feature.consume_front("-"))
      continue;
    if (Feature == "lse")
      Isa.Lse = On;
    else if (Feature == "outline-atomics")
      Isa.OutlineAtomics = On;
    else if (Feature == "cx16")
      Isa.Cx16 = On;
  }
  return Isa;
}

// Whether the backend turns RMW into a retry loop (X86ISelLowering's and
// AArch64ISelLowering's shouldExpandAtomicRMWInIR, and what AArch64's
// outline atomics cover).
bool backendLoops(const AtomicRMWInst &RMW, rr_softticks_arch Arch, const AtomicsIsa &Isa) {
  AtomicRMWInst::BinOp Op = RMW.getOperation();
  if (AtomicRMWInst::isFPOperation(Op))
    return true;
  const DataLayout &DL = RMW.getModule()->getDataLayout();
  uint64_t Bits = DL.getTypeStoreSizeInBits(RMW.getValOperand()->getType());
  bool Simple = Op == AtomicRMWInst::Xchg || Op == AtomicRMWInst::Add ||
                Op == AtomicRMWInst::Sub;
  bool Logic = Op == AtomicRMWInst::And || Op == AtomicRMWInst::Or || Op == AtomicRMWInst::Xor;
  switch (Arch) {
  case RR_SOFTTICKS_ARCH_X86_64:
  case RR_SOFTTICKS_ARCH_I386: {
    unsigned Word = Arch == RR_SOFTTICKS_ARCH_X86_64 ? 64 : 32;
    if (Bits > Word) // cmpxchg8b/16b loops, or library calls without cx16
      return Arch == RR_SOFTTICKS_ARCH_I386 || Isa.Cx16;
    if (Simple)
      return false; // xchg, lock xadd
    if (Logic)
      return !RMW.use_empty(); // lock and/or/xor have no result
    return true;               // nand, min, max, ...
  }
  case RR_SOFTTICKS_ARCH_AARCH64: {
    if (Bits > 64)
      return false; // ldxp/stxp or casp loops either way: a documented limit
    bool MinMax = Op == AtomicRMWInst::Max || Op == AtomicRMWInst::Min ||
                  Op == AtomicRMWInst::UMax || Op == AtomicRMWInst::UMin;
    if (Isa.Lse)
      return !(Simple || Logic || MinMax);
    if (Isa.OutlineAtomics)
      return !(Simple || Logic);
    return true; // ldxr/stxr loops
  }
  }
  return false;
}

// Strong cmpxchg on aarch64 without LSE or outline atomics is an
// ldxr/stxr loop that retries when the store-exclusive fails.
bool backendLoops(const AtomicCmpXchgInst &CX, rr_softticks_arch Arch, const AtomicsIsa &Isa) {
  if (Arch != RR_SOFTTICKS_ARCH_AARCH64 || CX.isWeak() || Isa.Lse || Isa.OutlineAtomics)
    return false;
  const DataLayout &DL = CX.getModule()->getDataLayout();
  return DL.getTypeStoreSizeInBits(CX.getNewValOperand()->getType()) <= 64;
}

// The value RMW stores, from the value Loaded it read; null for an
// operation this LLVM knows and this pass does not.
Value *newValue(IRBuilder<> &B, AtomicRMWInst::BinOp Op, Value *Loaded, Value *Val) {
  switch (Op) {
  case AtomicRMWInst::Xchg:
    return Val;
  case AtomicRMWInst::Add:
    return B.CreateAdd(Loaded, Val);
  case AtomicRMWInst::Sub:
    return B.CreateSub(Loaded, Val);
  case AtomicRMWInst::And:
    return B.CreateAnd(Loaded, Val);
  case AtomicRMWInst::Nand:
    return B.CreateNot(B.CreateAnd(Loaded, Val));
  case AtomicRMWInst::Or:
    return B.CreateOr(Loaded, Val);
  case AtomicRMWInst::Xor:
    return B.CreateXor(Loaded, Val);
  case AtomicRMWInst::Max:
    return B.CreateSelect(B.CreateICmpSGT(Loaded, Val), Loaded, Val);
  case AtomicRMWInst::Min:
    return B.CreateSelect(B.CreateICmpSLE(Loaded, Val), Loaded, Val);
  case AtomicRMWInst::UMax:
    return B.CreateSelect(B.CreateICmpUGT(Loaded, Val), Loaded, Val);
  case AtomicRMWInst::UMin:
    return B.CreateSelect(B.CreateICmpULE(Loaded, Val), Loaded, Val);
  case AtomicRMWInst::FAdd:
    return B.CreateFAdd(Loaded, Val);
  case AtomicRMWInst::FSub:
    return B.CreateFSub(Loaded, Val);
#if LLVM_VERSION_MAJOR >= 15
  case AtomicRMWInst::FMax:
    return B.CreateBinaryIntrinsic(Intrinsic::maxnum, Loaded, Val);
  case AtomicRMWInst::FMin:
    return B.CreateBinaryIntrinsic(Intrinsic::minnum, Loaded, Val);
#endif
#if LLVM_VERSION_MAJOR >= 16
  case AtomicRMWInst::UIncWrap: {
    Value *Inc = B.CreateAdd(Loaded, ConstantInt::get(Loaded->getType(), 1));
    Value *Wrap = B.CreateICmpUGE(Loaded, Val);
    return B.CreateSelect(Wrap, Constant::getNullValue(Loaded->getType()), Inc);
  }
  case AtomicRMWInst::UDecWrap: {
    Value *Dec = B.CreateSub(Loaded, ConstantInt::get(Loaded->getType(), 1));
    Value *Zero = B.CreateICmpEQ(Loaded, Constant::getNullValue(Loaded->getType()));
    Value *Wrap = B.CreateOr(Zero, B.CreateICmpUGT(Loaded, Val));
    return B.CreateSelect(Wrap, Val, Dec);
  }
#endif
  default:
    return nullptr;
  }
}

// Splits I's block before I; returns the new block holding I and the
// rest, whose single predecessor is the old block (branching to it).
BasicBlock *splitBefore(Instruction *I, const Twine &Name) {
  return I->getParent()->splitBasicBlock(I->getIterator(), Name);
}

// RMW as: load; loop { new = op(old); weak cmpxchg } until it stores.
// The loop's head then gets a tick like any other.
bool expandRMW(AtomicRMWInst *RMW) {
  Type *Ty = RMW->getValOperand()->getType();
  const DataLayout &DL = RMW->getModule()->getDataLayout();
  LLVMContext &Ctx = RMW->getContext();
  Type *IntTy = IntegerType::get(Ctx, DL.getTypeStoreSizeInBits(Ty));
  bool Cast = Ty != IntTy && !Ty->isPointerTy();
  Type *CasTy = Cast ? IntTy : Ty;

  BasicBlock *Pre = RMW->getParent();
  BasicBlock *Done = splitBefore(RMW, "atomicrmw.end");
  BasicBlock *Loop = BasicBlock::Create(Ctx, "atomicrmw.loop", Pre->getParent(), Done);
  Pre->getTerminator()->setSuccessor(0, Loop);

  IRBuilder<> B(Pre->getTerminator());
  B.SetCurrentDebugLocation(RMW->getDebugLoc());
  Value *Addr = RMW->getPointerOperand();
  unsigned AddrSpace = Addr->getType()->getPointerAddressSpace();
#if LLVM_VERSION_MAJOR >= 17 // pointers are opaque: no pointee type to cast to
  Value *CasAddr = B.CreatePointerCast(Addr, PointerType::get(Ctx, AddrSpace));
#else
  Value *CasAddr = B.CreatePointerCast(Addr, PointerType::get(CasTy, AddrSpace));
#endif
  LoadInst *Init = B.CreateAlignedLoad(CasTy, CasAddr, RMW->getAlign(), RMW->isVolatile(),
                                       "atomicrmw.init");
  Init->setAtomic(AtomicOrdering::Monotonic, RMW->getSyncScopeID());

  B.SetInsertPoint(Loop);
  PHINode *Old = B.CreatePHI(CasTy, 2, "atomicrmw.old");
  Old->addIncoming(Init, Pre);
  Value *OldTyped = Cast ? B.CreateBitCast(Old, Ty) : static_cast<Value *>(Old);
  Value *New = newValue(B, RMW->getOperation(), OldTyped, RMW->getValOperand());
  if (!New) // unreachable: callers check supported() first
    return false;
  Value *NewCas = Cast ? B.CreateBitCast(New, CasTy) : New;
  AtomicOrdering Success = RMW->getOrdering();
  AtomicCmpXchgInst *CX = B.CreateAtomicCmpXchg(
      CasAddr, Old, NewCas, RMW->getAlign(), Success,
      AtomicCmpXchgInst::getStrongestFailureOrdering(Success), RMW->getSyncScopeID());
  CX->setWeak(true);
  CX->setVolatile(RMW->isVolatile());
  Value *Seen = B.CreateExtractValue(CX, 0, "atomicrmw.seen");
  Value *Stored = B.CreateExtractValue(CX, 1, "atomicrmw.stored");
  Old->addIncoming(Seen, Loop);
  B.CreateCondBr(Stored, Done, Loop);

  RMW->replaceAllUsesWith(OldTyped);
  RMW->eraseFromParent();
  return true;
}

bool supported(const AtomicRMWInst &RMW) {
  switch (RMW.getOperation()) {
  case AtomicRMWInst::Xchg: case AtomicRMWInst::Add: case AtomicRMWInst::Sub:
  case AtomicRMWInst::And: case AtomicRMWInst::Nand: case AtomicRMWInst::Or:
  case AtomicRMWInst::Xor: case AtomicRMWInst::Max: case AtomicRMWInst::Min:
  case AtomicRMWInst::UMax: case AtomicRMWInst::UMin: case AtomicRMWInst::FAdd:
  case AtomicRMWInst::FSub:
#if LLVM_VERSION_MAJOR >= 15
  case AtomicRMWInst::FMax: case AtomicRMWInst::FMin:
#endif
#if LLVM_VERSION_MAJOR >= 16
  case AtomicRMWInst::UIncWrap: case AtomicRMWInst::UDecWrap:
#endif
    return true;
  default:
    return false;
  }
}

// A strong cmpxchg as a loop of weak ones that retries only when the
// exchange failed although the word held the expected value (a failed
// store-exclusive).
void expandStrongCmpXchg(AtomicCmpXchgInst *Strong) {
  LLVMContext &Ctx = Strong->getContext();
  BasicBlock *Pre = Strong->getParent();
  BasicBlock *Done = splitBefore(Strong, "cmpxchg.end");
  BasicBlock *Loop = BasicBlock::Create(Ctx, "cmpxchg.loop", Pre->getParent(), Done);
  Pre->getTerminator()->setSuccessor(0, Loop);

  IRBuilder<> B(Loop);
  B.SetCurrentDebugLocation(Strong->getDebugLoc());
  AtomicCmpXchgInst *Weak = B.CreateAtomicCmpXchg(
      Strong->getPointerOperand(), Strong->getCompareOperand(), Strong->getNewValOperand(),
      Strong->getAlign(), Strong->getSuccessOrdering(), Strong->getFailureOrdering(),
      Strong->getSyncScopeID());
  Weak->setWeak(true);
  Weak->setVolatile(Strong->isVolatile());
  Value *Seen = B.CreateExtractValue(Weak, 0);
  Value *Stored = B.CreateExtractValue(Weak, 1);
  Value *Expected = Strong->getCompareOperand();
  Value *Matched = B.CreateICmpEQ(Seen, Expected);
  Value *Retry = B.CreateAnd(B.CreateNot(Stored), Matched, "cmpxchg.retry");
  B.CreateCondBr(Retry, Loop, Done);

  Strong->replaceAllUsesWith(Weak);
  Strong->eraseFromParent();
}

// The widest division the target's libraries do (__udivti3 on 64-bit
// targets, __udivdi3 on i386): clang expands wider ones into a loop.
unsigned widestLibraryDivision(rr_softticks_arch Arch) {
  return Arch == RR_SOFTTICKS_ARCH_I386 ? 64 : 128;
}

bool isDivRem(const Instruction &I) {
  unsigned Op = I.getOpcode();
  return Op == Instruction::UDiv || Op == Instruction::SDiv || Op == Instruction::URem ||
         Op == Instruction::SRem;
}

} // namespace

bool expandLateLoops(Function &F, rr_softticks_arch Arch) {
  AtomicsIsa Isa = atomicsIsa(F);
  std::vector<AtomicRMWInst *> RMWs;
  std::vector<AtomicCmpXchgInst *> Strong;
  std::vector<BinaryOperator *> WideDivs;
  for (BasicBlock &BB : F)
    for (Instruction &I : BB) {
      if (auto *RMW = dyn_cast<AtomicRMWInst>(&I)) {
        if (supported(*RMW) && backendLoops(*RMW, Arch, Isa))
          RMWs.push_back(RMW);
      } else if (auto *CX = dyn_cast<AtomicCmpXchgInst>(&I)) {
        if (backendLoops(*CX, Arch, Isa))
          Strong.push_back(CX);
      } else if (isDivRem(I) && I.getType()->isIntegerTy() &&
                 I.getType()->getIntegerBitWidth() > widestLibraryDivision(Arch)) {
        WideDivs.push_back(cast<BinaryOperator>(&I));
      }
    }
  for (AtomicRMWInst *RMW : RMWs)
    expandRMW(RMW);
  for (AtomicCmpXchgInst *CX : Strong)
    expandStrongCmpXchg(CX);
#if LLVM_VERSION_MAJOR >= 16
  // IntegerDivision handles any width from LLVM 16 on (ExpandLargeDivRem
  // came with it); earlier clangs reject such divisions.
  for (BinaryOperator *Div : WideDivs) {
    unsigned Op = Div->getOpcode();
    if (Op == Instruction::UDiv || Op == Instruction::SDiv)
      expandDivision(Div);
    else
      expandRemainder(Div);
  }
#endif
  return !RMWs.empty() || !Strong.empty() || !WideDivs.empty();
}

} // namespace softticks
