// The softticks module pass: places ticks (common/placement.h) in every
// function it may instrument and appends the per-module initializer, note
// and manifest as module inline asm.
#ifndef SOFTTICKS_LLVM_SOFTTICKS_PASS_H
#define SOFTTICKS_LLVM_SOFTTICKS_PASS_H

#include <llvm/Config/llvm-config.h>
#include <llvm/IR/PassManager.h>

#include <rr/softticks.h>

namespace softticks {

// Module flag on every module the pass has processed: such a module is
// never instrumented again.
inline constexpr const char *InstrumentedFlag = "softticks.instrumented";
// Function attribute: leave this function alone (set by the pipeline-start
// pass where clang left a trace of no_instrument_function; usable in
// hand-written IR too).
inline constexpr const char *SkipAttr = "softticks-skip";
// Named metadata the pipeline-start pass puts on an LTO pre-link module:
// the instrumentation pass at the end of that pipeline removes it and
// leaves the module alone (the link-time pipeline instruments it).
inline constexpr const char *LtoPrelinkMark = "softticks.lto_prelink";

// Module flag on an LTO pre-link module: a later compile of it (an LTO
// link's backend, or clang -c foo.bc) is no pre-link, and instruments.
inline constexpr const char *LtoUnitFlag = "softticks.lto_unit";
// Function attribute of the LTO claim that the pre-link compile adds: a
// hidden linkonce_odr definition of __rr_softticks_init (noinline, an
// empty asm statement for a body), kept by llvm.compiler.used, so that
// the linker's symbol resolution sees it beside every other input's
// initializer.  An ordinary instrumented object's initializer (a strong
// symbol in its COMDAT group) wins over every claim; else exactly one
// claim prevails.  Only the module that holds the prevailing claim emits
// the initializer and notes: lld ignores COMDAT groups in the objects its
// LTO backends produce, so parts from two places would be duplicate
// symbols.  The instrumentation pass turns every claim into a declaration.
inline constexpr const char *LtoClaimAttr = "softticks-lto-claim";
// lld loads pass plugins from LLVM 15 on.  Before, no LTO link instruments,
// so no module gets a claim (it would stay in the output), and an LTO unit
// instrumented by a later compile (clang -c foo.bc) owns the parts.
inline constexpr bool LtoClaims = LLVM_VERSION_MAJOR >= 15;

class SoftTicksPass : public llvm::PassInfoMixin<SoftTicksPass> {
public:
  // PreLink: the pipeline is an LTO pre-link one (LLVM >= 20 says so to
  // its optimizer-last callbacks), whose output a post-link pipeline
  // optimizes again, with cross-module inlining: ticks come there, or a
  // tick's inline asm would count against inlining every function it is in
  // (rustc's ThinLTO between a crate's codegen units does this).
  explicit SoftTicksPass(bool PreLink = false) : PreLink(PreLink) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &AM);
  static bool isRequired() { return true; }

private:
  bool PreLink;
};

// Runs at the start of per-module and pre-link pipelines (never in
// link-time ones): marks LTO pre-link modules and records
// no_instrument_function where clang's instrument-function attributes
// still show it.
class SoftTicksPipelineStartPass : public llvm::PassInfoMixin<SoftTicksPipelineStartPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &AM);
  static bool isRequired() { return true; }
};

// Whether the module defines __rr_softticks_init itself (hand-instrumented
// code: its module asm, from RR_SOFTTICKS_INIT_ASM or rr's header, or a
// function of that name other than the LTO claim).  Read before the pass
// adds anything.
bool definesInitializer(const llvm::Module &M, enum rr_softticks_arch Arch);

// Registers -softticks-stats.  Call once, only in the LLVM the plugin
// was built for.
void registerSoftTicksOptions();

} // namespace softticks

#endif
