/*
 * Test driver for common/manifest.c, so that shell tests can put its output
 * next to the capnp tool's.
 *
 *   manifest_tool encode ARCH COMPILER COMPILER_VERSION PLUGIN_VERSION RULES
 *       st_manifest_encode's message on stdout (binary)
 *   manifest_tool asm ARCH COMPILER COMPILER_VERSION PLUGIN_VERSION RULES
 *       st_manifest_asm's text on stdout
 *   manifest_tool decode < MESSAGE
 *       st_manifest_decode's fields on stdout, in the one-line text form of
 *       `capnp decode --short` (every field, as our encoder sets them all)
 *
 * ARCH: unknown, x86_64, i386, aarch64.  Exit status: 0 done, 1 the
 * library refused (encode/asm failed, decode rejected the message), 2 usage.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "manifest.h"
#include "manifest_decode.h"

static const char *const capnp_arch_names[] = {"unknown", "x8664", "i386", "aarch64"};

static int usage(void) {
  fprintf(stderr,
          "usage: manifest_tool encode|asm ARCH COMPILER COMPILER_VERSION PLUGIN_VERSION RULES\n"
          "       manifest_tool decode < MESSAGE\n");
  return 2;
}

static int parse_manifest(char **argv, struct st_manifest *m) {
  static const char *const names[] = {"unknown", "x86_64", "i386", "aarch64"};
  unsigned i;
  char *end;
  for (i = 0; i < 4; i++)
    if (strcmp(argv[0], names[i]) == 0) break;
  if (i == 4) return -1;
  m->arch = (enum rr_softticks_arch)i;
  m->compiler = argv[1];
  m->compiler_version = argv[2];
  m->plugin_version = argv[3];
  m->placement_rules_version = (unsigned)strtoul(argv[4], &end, 10);
  return *end ? -1 : 0;
}

/* A string in Cap'n Proto's text format. */
static void print_text(const char *field, const char *s) {
  printf(", %s = \"", field);
  for (; *s; s++) {
    unsigned char ch = (unsigned char)*s;
    if (ch == '"' || ch == '\\') printf("\\%c", ch);
    else if (ch < 0x20 || ch == 0x7f) printf("\\x%02x", ch);
    else putchar(ch);
  }
  putchar('"');
}

int main(int argc, char **argv) {
  if (argc == 7 && (strcmp(argv[1], "encode") == 0 || strcmp(argv[1], "asm") == 0)) {
    struct st_manifest m;
    if (parse_manifest(argv + 2, &m) != 0) return usage();
    if (strcmp(argv[1], "encode") == 0) {
      unsigned char buf[65536];
      size_t n = st_manifest_encode(&m, buf, sizeof buf);
      if (n == 0) {
        fprintf(stderr, "manifest_tool: st_manifest_encode failed\n");
        return 1;
      }
      fwrite(buf, 1, n, stdout);
    } else {
      char *text = st_manifest_asm(&m);
      if (!text) {
        fprintf(stderr, "manifest_tool: st_manifest_asm failed\n");
        return 1;
      }
      fputs(text, stdout);
      free(text);
    }
    return fflush(stdout) == 0 ? 0 : 1;
  }
  if (argc == 2 && strcmp(argv[1], "decode") == 0) {
    static unsigned char buf[1 << 20];
    size_t n = fread(buf, 1, sizeof buf, stdin);
    struct st_manifest_decoded d;
    if (st_manifest_decode(buf, n, &d) != 0) {
      fprintf(stderr, "manifest_tool: st_manifest_decode rejected %zu bytes\n", n);
      return 1;
    }
    printf("(abiVersion = %u, arch = ", d.abi_version);
    if (d.arch < 4) printf("%s", capnp_arch_names[d.arch]);
    else printf("%u", d.arch);
    print_text("compiler", d.compiler);
    print_text("compilerVersion", d.compiler_version);
    print_text("pluginVersion", d.plugin_version);
    printf(", placementRulesVersion = %u)\n", d.placement_rules_version);
    return fflush(stdout) == 0 ? 0 : 1;
  }
  return usage();
}
