/* bump_malloc.h as a shared library, preloaded (LD_PRELOAD) into a
 * program built without ticks: other modules' initializers call it before
 * the library's own .init_array has run. */
#include "bump_malloc.h"
