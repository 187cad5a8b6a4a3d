// Which LLVM the plugin was loaded into.  A pass plugin only works in the
// LLVM major it was built for, but LLVM_PLUGIN_API_VERSION has been 1 since
// LLVM 9, so the host's own check lets a plugin for another major load --
// and then crash in its first call into LLVM.
#ifndef SOFTTICKS_LLVM_HOST_CHECK_H
#define SOFTTICKS_LLVM_HOST_CHECK_H

namespace softticks {

// The host's LLVM major version, or 0 when it cannot be told (an LLVM
// older than 16 linked statically).  Makes no call into LLVM.
unsigned hostLlvmMajor();

// Whether the host is an LLVM this plugin can run in: prints a message on
// stderr, once, when it is not.
bool hostMatchesBuild();

} // namespace softticks

#endif
