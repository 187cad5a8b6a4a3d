/*
 * Shared by the corpus programs: keep each shape in its own function, with
 * the same name at every optimization level.  noipa (GCC) also stops
 * IPA clones (foo.constprop.0) and return-value propagation.
 */
#ifndef SOFTTICKS_CORPUS_H
#define SOFTTICKS_CORPUS_H

#if defined(__clang__)
#define ST_NOINLINE __attribute__((noinline))
#else
#define ST_NOINLINE __attribute__((noipa))
#endif

#endif
