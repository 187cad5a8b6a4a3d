// Maps a target triple to the ABI's tick sequence for it.
#include "TickTarget.h"

#include <llvm/Config/llvm-config.h>
#if LLVM_VERSION_MAJOR >= 17
#include <llvm/TargetParser/Triple.h>
#else
#include <llvm/ADT/Triple.h>
#endif
#include <llvm/IR/InlineAsm.h>
#include <llvm/MC/MCAsmInfo.h>
#include <llvm/MC/MCRegisterInfo.h>
#include <llvm/MC/MCTargetOptions.h>
#include <llvm/MC/TargetRegistry.h>

#include <memory>

using namespace llvm;

namespace softticks {

// LLVM IR inline asm reads "$N" as an operand reference: a literal '$'
// is written "$$".
static std::string escapeDollars(const char *Asm) {
  std::string Out;
  for (const char *P = Asm; *P; ++P) {
    if (*P == '$')
      Out += '$';
    Out += *P;
  }
  return Out;
}

std::optional<TickTarget> tickTargetFor(const Triple &T) {
  if (!T.isOSBinFormatELF() || !T.isOSLinux())
    return std::nullopt;
  switch (T.getArch()) {
  case Triple::x86_64:
    if (T.isX32())
      return std::nullopt;
    return TickTarget{RR_SOFTTICKS_ARCH_X86_64, escapeDollars(RR_SOFTTICKS_X86_64_TICK_ASM),
                      RR_SOFTTICKS_X86_LLVM_CONSTRAINTS, "x86_64"};
  case Triple::x86:
    // -m16: the assembler would cut the sequence's 32-bit absolute
    // addresses to 16 bits (0x70001807 -> 0x1807).
    if (T.getEnvironment() == Triple::CODE16)
      return std::nullopt;
    return TickTarget{RR_SOFTTICKS_ARCH_I386, escapeDollars(RR_SOFTTICKS_I386_TICK_ASM),
                      RR_SOFTTICKS_X86_LLVM_CONSTRAINTS, "i386"};
  case Triple::aarch64:
    if (T.getEnvironment() == Triple::GNUILP32)
      return std::nullopt;
    return TickTarget{RR_SOFTTICKS_ARCH_AARCH64, escapeDollars(RR_SOFTTICKS_AARCH64_TICK_ASM),
                      RR_SOFTTICKS_AARCH64_LLVM_CONSTRAINTS, "aarch64"};
  default:
    return std::nullopt;
  }
}

// Whether code generation for T writes Intel syntax.  Inline asm whose
// dialect is AT&T (the pass's) is parsed as AT&T by the integrated
// assembler in either case, but module asm is parsed in the output's
// dialect, and with -fno-integrated-as both go into the .s file as they
// are, after its ".intel_syntax noprefix".
static bool writesIntelSyntax(const Triple &T) {
  if (!T.isX86())
    return false;
#if LLVM_VERSION_MAJOR >= 21 // the registry takes the Triple itself
  const Triple &Name = T;
#else
  const std::string &Name = T.getTriple();
#endif
  std::string Error;
  const Target *Registered = TargetRegistry::lookupTarget(Name, Error);
  if (!Registered)
    return false;
  std::unique_ptr<MCRegisterInfo> MRI(Registered->createMCRegInfo(Name));
  if (!MRI)
    return false;
  MCTargetOptions Options;
  std::unique_ptr<MCAsmInfo> MAI(Registered->createMCAsmInfo(*MRI, Name, Options));
  // The AsmPrinter reads the same number as an InlineAsm::AsmDialect.
  return MAI && MAI->getAssemblerDialect() == InlineAsm::AD_Intel;
}

TickTarget withOutputSyntax(TickTarget Target, const Triple &T) {
  if (Target.Arch == RR_SOFTTICKS_ARCH_AARCH64 || !writesIntelSyntax(T))
    return Target;
  Target.IntelSyntax = true;
  Target.AsmTemplate = RR_SOFTTICKS_X86_TO_ATT_SYNTAX + Target.AsmTemplate +
                       RR_SOFTTICKS_X86_BACK_TO_INTEL_SYNTAX;
  return Target;
}

} // namespace softticks
