/*
 * The members of an ar archive (static libraries), for inspecting each
 * object file in it, read with libelf.  Thin archives (members outside
 * the file) are not read.
 */
#ifndef SOFTTICKS_ARCHIVE_H
#define SOFTTICKS_ARCHIVE_H

#include <stddef.h>

/* Whether the image starts with the ar magic "!<arch>\n". */
int st_is_archive(const unsigned char *image, size_t size);

/* Called for each member (the symbol and name tables excluded), with its
 * name and its bytes inside the archive image. */
typedef void (*st_member_fn)(void *ctx, const char *name, unsigned char *bytes, size_t size);

/* Walks the archive in image (writable, like st_inspect_image's).
 * Returns 0, or -1 with a message in error[0 .. error_size) when the
 * archive is malformed (the members before the damage have been seen). */
int st_for_each_member(unsigned char *image, size_t size, st_member_fn fn, void *ctx, char *error,
                       size_t error_size);

#endif
