/*
 * Reading a module manifest (see manifest.h for what it is): for the tools
 * that inspect notes.  Built as its own library, softticks_manifest_decode,
 * so that the plugins link only the encoder.
 */
#ifndef SOFTTICKS_COMMON_MANIFEST_DECODE_H
#define SOFTTICKS_COMMON_MANIFEST_DECODE_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Decoded form, strings copied and NUL-terminated (truncated to fit).
 * A field the message's struct is too small to hold reads as 0 or "". */
struct st_manifest_decoded {
  unsigned abi_version;
  unsigned arch; /* the Arch enum as stored: enum rr_softticks_arch values,
                    0 = unknown; values above 3 come from a newer schema */
  char compiler[64];
  char compiler_version[64];
  char plugin_version[64];
  unsigned placement_rules_version;
};

/* Decodes one ModuleManifest message (the note's descriptor).  Safe on any
 * input, however malformed (bounds-checked, no recursion, no allocation):
 * returns 0, or -1 (and *out zeroed) if the bytes are not a well-formed
 * message of this schema.  Accepted: any struct data/pointer section sizes
 * (Cap'n Proto's evolution rules), null pointers (defaults), several
 * segments (only the first is read).  Rejected: a segment table that does
 * not describe exactly len bytes, far and capability pointers, a text that
 * is not a byte list ending in NUL, anything out of bounds. */
int st_manifest_decode(const unsigned char *msg, size_t len, struct st_manifest_decoded *out);

#ifdef __cplusplus
}
#endif

#endif
