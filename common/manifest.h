/*
 * The module manifest (abi/softticks.capnp, struct ModuleManifest): which
 * compiler, plugin and placement rules instrumented a unit, encoded as a
 * Cap'n Proto message in the note section RR_SOFTTICKS_MANIFEST_SECTION.
 * Identical manifests share a COMDAT group named after their contents, so
 * a linked module keeps one copy of each distinct manifest.  The decoder,
 * which only the tools need, is manifest_decode.h (its own library).
 */
#ifndef SOFTTICKS_COMMON_MANIFEST_H
#define SOFTTICKS_COMMON_MANIFEST_H

#include <stddef.h>
#include <rr/softticks.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ST_PLUGIN_VERSION, the softticks version: project(VERSION) of the
 * top-level CMakeLists.txt, defined by the target softticks_version. */

struct st_manifest {
  enum rr_softticks_arch arch;
  const char *compiler;         /* "gcc", "clang" */
  const char *compiler_version; /* "12.2.0", "19.1.7" */
  const char *plugin_version;   /* ST_PLUGIN_VERSION */
  unsigned placement_rules_version; /* ST_PLACEMENT_RULES_VERSION */
};

/* Longest text field the encoder accepts, its NUL included. */
#define ST_MANIFEST_MAX_TEXT 4096

/* The Cap'n Proto message (single segment, unpacked, with its segment
 * table) into out[0 .. cap).  Returns its length (a multiple of 8), or 0
 * if cap is too small or a field is invalid: m NULL, arch not 0..3, a NULL
 * text or one longer than ST_MANIFEST_MAX_TEXT - 1.  abiVersion is always
 * RR_SOFTTICKS_ABI_VERSION.  The bytes are those `capnp encode` writes for
 * the same fields (struct first, then the texts in field order). */
size_t st_manifest_encode(const struct st_manifest *m, unsigned char *out, size_t cap);

/* Top-level assembly for the manifest note: section
 * RR_SOFTTICKS_MANIFEST_SECTION ("aG", note type, 4-byte aligned) in the
 * COMDAT group "__rr_softticks_manifest_<16 hex digits of the message's
 * 64-bit FNV-1a hash>", one note named RR_SOFTTICKS_MANIFEST_NOTE_NAME of
 * type RR_SOFTTICKS_MANIFEST_NOTE_TYPE whose descriptor is the encoded
 * message (asm_text.h's note emitter).  m->arch selects the section type
 * syntax.  A malloc'd string the caller frees (asm_text.h), or NULL if m
 * cannot be encoded, m->arch is not one of the three, or memory ran out. */
char *st_manifest_asm(const struct st_manifest *m);

#ifdef __cplusplus
}
#endif

#endif
