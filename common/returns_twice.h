/*
 * Functions whose calls can return more than once although the call may
 * carry no returns_twice mark, shared by both plugins so that they tick
 * after the same calls (abi/ABI.md, "Calls that return twice").
 */
#ifndef SOFTTICKS_COMMON_RETURNS_TWICE_H
#define SOFTTICKS_COMMON_RETURNS_TWICE_H

#ifdef __cplusplus
extern "C" {
#endif

/* Nonzero when a direct call to the C function NAME returns twice for the
 * purpose of tick placement:
 *   - the names GCC and clang mark returns_twice on their own (setjmp and
 *     sigsetjmp with or without one or two leading '_', savectx, vfork,
 *     getcontext), for IR or declarations that lost the mark;
 *   - swapcontext, which no compiler marks: a context it saved returns
 *     from it each time a scheduler resumes that context. */
int st_returns_twice_name(const char *name);

#ifdef __cplusplus
}
#endif

#endif
