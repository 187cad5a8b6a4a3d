// The softticks module pass: places ticks (common/placement.h) in every
// function it may instrument and appends the per-module initializer, note
// and manifest as module inline asm.
#ifndef SOFTTICKS_LLVM_SOFTTICKS_PASS_H
#define SOFTTICKS_LLVM_SOFTTICKS_PASS_H

#include <llvm/IR/PassManager.h>

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

// In an LTO pre-link module: a hidden linkonce_odr byte in a COMDAT of the
// same name, kept by llvm.compiler.used.  The linker's LTO symbol
// resolution keeps exactly one definition of it, and only the module that
// holds that definition after the link emits the initializer and notes
// (lld does not deduplicate COMDAT groups among the objects its ThinLTO
// backends produce).  The instrumentation pass removes it.
inline constexpr const char *LtoOwnerMarker = "__rr_softticks_lto_owner";

class SoftTicksPass : public llvm::PassInfoMixin<SoftTicksPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &AM);
  static bool isRequired() { return true; }
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

// Registers -softticks-stats.  Call once, only in the LLVM the plugin
// was built for.
void registerSoftTicksOptions();

} // namespace softticks

#endif
