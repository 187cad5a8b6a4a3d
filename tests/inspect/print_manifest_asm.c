/*
 * st-inspect-manifest-asm ARCH: prints the manifest note that a plugin
 * would emit for ARCH (common/manifest.c's st_manifest_asm) with fixed,
 * known contents, for the inspector's fixtures:
 *   gcc 12.2.0, plugin ST_PLUGIN_VERSION, placement rules 1.
 * Exit status: 0, 1 unknown ARCH or encoding failure, 2 usage.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "manifest.h"

int main(int argc, char **argv) {
  static const struct {
    const char *name;
    enum rr_softticks_arch arch;
  } arches[] = {{"x86_64", RR_SOFTTICKS_ARCH_X86_64},
                {"i386", RR_SOFTTICKS_ARCH_I386},
                {"aarch64", RR_SOFTTICKS_ARCH_AARCH64}};
  if (argc != 2) {
    fputs("usage: st-inspect-manifest-asm x86_64|i386|aarch64\n", stderr);
    return 2;
  }
  for (size_t i = 0; i < sizeof arches / sizeof arches[0]; i++) {
    if (strcmp(argv[1], arches[i].name) != 0) continue;
    struct st_manifest m = {arches[i].arch, "gcc", "12.2.0", ST_PLUGIN_VERSION, 1};
    char *text = st_manifest_asm(&m);
    if (!text) {
      fputs("st-inspect-manifest-asm: encoding failed\n", stderr);
      return 1;
    }
    fputs(text, stdout);
    free(text);
    return fflush(stdout) == 0 ? 0 : 1;
  }
  fprintf(stderr, "st-inspect-manifest-asm: unknown arch %s\n", argv[1]);
  return 1;
}
