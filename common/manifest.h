/*
 * The module manifest (abi/softticks.capnp, struct ModuleManifest): which
 * compiler, plugin and placement rules instrumented a unit, encoded as a
 * Cap'n Proto message in the note section RR_SOFTTICKS_MANIFEST_SECTION.
 * Identical manifests share a COMDAT group named after their contents, so
 * a linked module keeps one copy of each distinct manifest.
 */
#ifndef SOFTTICKS_COMMON_MANIFEST_H
#define SOFTTICKS_COMMON_MANIFEST_H

#include <stddef.h>
#include <rr/softticks.h>

#ifdef __cplusplus
extern "C" {
#endif

#define ST_PLUGIN_VERSION "0.1.0"

struct st_manifest {
  enum rr_softticks_arch arch;
  const char *compiler;         /* "gcc", "clang" */
  const char *compiler_version; /* "12.2.0", "19.1.7" */
  const char *plugin_version;   /* ST_PLUGIN_VERSION */
  unsigned placement_rules_version; /* ST_PLACEMENT_RULES_VERSION */
};

/* The Cap'n Proto message (single segment, unpacked, with its segment
 * table) into out[0 .. cap).  Returns its length, or 0 if cap is too small
 * or a field is invalid. */
size_t st_manifest_encode(const struct st_manifest *m, unsigned char *out, size_t cap);

/* Decoded form, strings copied and NUL-terminated (truncated to fit). */
struct st_manifest_decoded {
  unsigned abi_version;
  unsigned arch; /* enum rr_softticks_arch value, 0 = unknown */
  char compiler[64];
  char compiler_version[64];
  char plugin_version[64];
  unsigned placement_rules_version;
};

/* Decodes one ModuleManifest message (the note's descriptor).  Safe on any
 * input, however malformed (bounds-checked, no recursion): returns 0, or
 * -1 if the bytes are not a well-formed message of this schema. */
int st_manifest_decode(const unsigned char *msg, size_t len, struct st_manifest_decoded *out);

/* Top-level assembly for the manifest note in its COMDAT group: a malloc'd
 * string the caller frees, or NULL on failure. */
char *st_manifest_asm(const struct st_manifest *m);

#ifdef __cplusplus
}
#endif

#endif
