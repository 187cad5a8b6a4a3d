// Tells the host LLVM's major version without calling into LLVM's C++ API.
#include "HostCheck.h"

#include <llvm/Config/llvm-config.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <link.h>

namespace softticks {

// LLVM <= 15 has no LLVMGetVersion; its shared library's name carries the
// major: libLLVM-14.so.1 (Debian, LLVM's own builds), libLLVM.so.19.1.
static int majorFromLibraryName(struct dl_phdr_info *Info, size_t, void *Out) {
  const char *Name = Info->dlpi_name ? std::strrchr(Info->dlpi_name, '/') : nullptr;
  Name = Name ? Name + 1 : Info->dlpi_name;
  if (!Name)
    return 0;
  const char *Digits = nullptr;
  if (std::strncmp(Name, "libLLVM-", 8) == 0)
    Digits = Name + 8;
  else if (std::strncmp(Name, "libLLVM.so.", 11) == 0)
    Digits = Name + 11;
  if (!Digits || *Digits < '0' || *Digits > '9')
    return 0;
  *static_cast<unsigned *>(Out) = static_cast<unsigned>(std::strtoul(Digits, nullptr, 10));
  return 1;
}

unsigned hostLlvmMajor() {
  using GetVersionFn = void (*)(unsigned *, unsigned *, unsigned *);
  if (void *Sym = dlsym(RTLD_DEFAULT, "LLVMGetVersion")) { // LLVM >= 16
    unsigned Major = 0, Minor = 0, Patch = 0;
    reinterpret_cast<GetVersionFn>(Sym)(&Major, &Minor, &Patch);
    return Major;
  }
  unsigned Major = 0;
  dl_iterate_phdr(majorFromLibraryName, &Major);
  if (Major == 0 && LLVM_VERSION_MAJOR >= 16)
    return 15; // no LLVMGetVersion: older than 16, whichever it is
  return Major;
}

bool hostMatchesBuild() {
  static const unsigned Host = hostLlvmMajor();
  if (Host == 0 || Host == LLVM_VERSION_MAJOR)
    return true;
  static bool Told = false;
  if (!Told) {
    Told = true;
    std::fprintf(stderr,
                 "softticks: this plugin was built for LLVM %d but was loaded into LLVM %s%u; "
                 "load the softticks plugin built for LLVM %u (lib/softticks/llvm-%u/softticks.so "
                 "when installed)\n",
                 LLVM_VERSION_MAJOR, Host == 15 && LLVM_VERSION_MAJOR >= 16 ? "<= " : "", Host,
                 Host, Host);
  }
  return false;
}

} // namespace softticks
