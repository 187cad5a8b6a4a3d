// Registration with the new pass manager: clang -fpass-plugin=,
// opt -load-pass-plugin= -passes=softticks, lld --load-pass-plugin=.
#include "HostCheck.h"
#include "SoftTicksPass.h"

#include "manifest.h"

#include <llvm/Config/llvm-config.h>
#include <llvm/Passes/PassBuilder.h>
#if LLVM_VERSION_MAJOR >= 22 // moved out of Passes/ in LLVM 22
#include <llvm/Plugins/PassPlugin.h>
#else
#include <llvm/Passes/PassPlugin.h>
#endif
#include <llvm/Support/raw_ostream.h>

#include <cctype>
#include <string>

using namespace llvm;
using namespace softticks;

// Adds P to MPM unless MPM already holds a pass of its type: a plugin
// loaded twice into one compile (two config files, -fpass-plugin= given
// twice) registers its callbacks twice, and a second SoftTicksPass at the
// end of an LTO pre-link pipeline would instrument the module the first
// one left for the link.
template <typename PassT> static void addOnce(ModulePassManager &MPM, PassT P) {
  std::string Pipeline;
  raw_string_ostream OS(Pipeline);
  MPM.printPipeline(OS, [](StringRef ClassName) { return ClassName; });
  StringRef Printed(OS.str());
  StringRef Name = PassT::name();
  for (size_t At = Printed.find(Name); At != StringRef::npos; At = Printed.find(Name, At + 1)) {
    size_t End = At + Name.size();
    if (End == Printed.size() || !isalnum(static_cast<unsigned char>(Printed[End])))
      return;
  }
  MPM.addPass(std::move(P));
}

static void registerCallbacks(PassBuilder &PB) {
  // Normal and pre-link compiles, every level including -O0.  Not run by
  // link-time pipelines, so it tells a pre-link compile from a link.
  PB.registerPipelineStartEPCallback(
      [](ModulePassManager &MPM, OptimizationLevel) { addOnce(MPM, SoftTicksPipelineStartPass()); });
  // Normal compiles, ThinLTO post-link backends (and pre-link, which the
  // pass recognizes and skips).
  PB.registerOptimizerLastEPCallback(
#if LLVM_VERSION_MAJOR >= 20 // LLVM 20 passes the LTO phase too
      [](ModulePassManager &MPM, OptimizationLevel, ThinOrFullLTOPhase Phase) {
        addOnce(MPM, SoftTicksPass(Phase == ThinOrFullLTOPhase::ThinLTOPreLink ||
                                   Phase == ThinOrFullLTOPhase::FullLTOPreLink));
      });
#else
      [](ModulePassManager &MPM, OptimizationLevel) { addOnce(MPM, SoftTicksPass()); });
#endif
#if LLVM_VERSION_MAJOR >= 17
  // Full LTO: after the link-time optimizations.
  PB.registerFullLinkTimeOptimizationLastEPCallback(
      [](ModulePassManager &MPM, OptimizationLevel) { addOnce(MPM, SoftTicksPass()); });
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
