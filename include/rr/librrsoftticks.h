/*
 * rr/librrsoftticks.h -- librrsoftticks, for programs and JITs that tick
 * by hand (RR_SOFTTICK() from rr/softticks.h) instead of, or besides,
 * being built with a softticks compiler plugin.
 *
 * Linking the library makes the program an instrumented module in the
 * ABI's sense: it carries the same per-module initializer (which maps the
 * countdown's page before any user constructor runs) and the
 * .note.rrsoftticks note that tells rr to record with software ticks.
 *
 * Linking:
 *   pkg-config --cflags --libs rrsoftticks
 *       links the static library and passes -Wl,-u,rr_softticks_static_link_anchor
 *       so that its one member (initializer + note) is pulled in even if
 *       the program calls none of the functions below.  The note must be in
 *       the program rr starts, which a static link guarantees.
 *   CMake: find_package(rrsoftticks); target_link_libraries(app
 *       rrsoftticks::rrsoftticks) (static, same -u), or
 *       rrsoftticks::rrsoftticks_shared.
 *   -lrrsoftticks (the shared library): the library's own initializer maps
 *       the page when it is loaded, but the note is then only in the
 *       library, so rr does not pick software ticks for the program unless
 *       the executable carries the note too (static link, or a plugin).
 *
 * The library's own code never ticks.
 */
#ifndef RR_LIBRRSOFTTICKS_H
#define RR_LIBRRSOFTTICKS_H

#include <rr/softticks.h>

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Maps the countdown's page now if it is not there, exactly as the
 * per-module initializer does, for code that runs before initializers
 * (e.g. another module's early constructor, or after something unmapped
 * it).  Returns 0 when the countdown is readable afterwards (the page was
 * created here, or already there: a tracer's, or the initializer's), -1
 * otherwise (e.g. something else is mapped there without read access).
 * Async-signal-safe; errno is preserved. */
int rr_softticks_ensure_page(void);

/* 1 if the countdown is armed right now (top bit clear: a tracer set a
 * period, or the zero-filled page of x86-64/aarch64 before its first
 * tick), 0 if it is disarmed or cannot be read (no page).
 * Async-signal-safe; errno is preserved. */
int rr_softticks_countdown_armed(void);

/* The native tick sequence's bytes, for code generators that emit ticks
 * into generated code; *len receives its length (if len is not NULL).
 * The same bytes as rr_softticks_sequence_bytes(RR_SOFTTICKS_NATIVE_ARCH).
 * The memory is static. */
const unsigned char *rr_softticks_tick_bytes(size_t *len);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* RR_LIBRRSOFTTICKS_H */
