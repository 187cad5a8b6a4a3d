// Registration with the new pass manager: clang -fpass-plugin=,
// opt -load-pass-plugin= -passes=softticks, lld --load-pass-plugin=.
#include "HostCheck.h"
#include "SoftTicksPass.h"

#include "manifest.h"

#include <llvm/Config/llvm-config.h>
#include <llvm/Passes/PassBuilder.h>
#include <llvm/Passes/PassPlugin.h>

using namespace llvm;
using namespace softticks;

static void registerCallbacks(PassBuilder &PB) {
  // Normal and pre-link compiles, every level including -O0.  Not run by
  // link-time pipelines, so it tells a pre-link compile from a link.
  PB.registerPipelineStartEPCallback(
      [](ModulePassManager &MPM, OptimizationLevel) { MPM.addPass(SoftTicksPipelineStartPass()); });
  // Normal compiles, ThinLTO post-link backends (and pre-link, which the
  // pass recognizes and skips).
  PB.registerOptimizerLastEPCallback(
#if LLVM_VERSION_MAJOR >= 20 // not built here: LLVM 20 passes the LTO phase too
      [](ModulePassManager &MPM, OptimizationLevel, ThinOrFullLTOPhase) {
        MPM.addPass(SoftTicksPass());
      });
#else
      [](ModulePassManager &MPM, OptimizationLevel) { MPM.addPass(SoftTicksPass()); });
#endif
#if LLVM_VERSION_MAJOR >= 17
  // Full LTO: after the link-time optimizations.
  PB.registerFullLinkTimeOptimizationLastEPCallback(
      [](ModulePassManager &MPM, OptimizationLevel) { MPM.addPass(SoftTicksPass()); });
#endif
  PB.registerPipelineParsingCallback(
      [](StringRef Name, ModulePassManager &MPM, ArrayRef<PassBuilder::PipelineElement>) {
        if (Name == "softticks") {
          MPM.addPass(SoftTicksPass());
          return true;
        }
        if (Name == "softticks-pipeline-start") {
          MPM.addPass(SoftTicksPipelineStartPass());
          return true;
        }
        return false;
      });
}

// Runs when the library is loaded (clang -fplugin= loads it before it
// parses -mllvm, so -mllvm -softticks-stats works there): options are
// registered only with the LLVM the plugin was built for.
__attribute__((constructor)) static void onLoad() {
  if (hostMatchesBuild())
    registerSoftTicksOptions();
}

// In another LLVM major, an API version no host accepts: the host then
// refuses the plugin with an error ("Wrong API version on plugin") after
// the message hostMatchesBuild() printed, instead of crashing in it.
extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo llvmGetPassPluginInfo() {
  if (!hostMatchesBuild())
    return {0, "softticks", ST_PLUGIN_VERSION, nullptr};
  return {LLVM_PLUGIN_API_VERSION, "softticks", ST_PLUGIN_VERSION, registerCallbacks};
}
