/* See returns_twice.h. */
#include "returns_twice.h"

#include <string.h>

int st_returns_twice_name(const char *name) {
  static const char *const exact[] = {"savectx", "vfork", "getcontext", "swapcontext"};
  const char *bare = name;
  size_t i;
  if (!name) return 0;
  for (i = 0; i < sizeof exact / sizeof *exact; i++)
    if (strcmp(name, exact[i]) == 0) return 1;
  /* setjmp, _setjmp, __setjmp, sigsetjmp, _sigsetjmp, __sigsetjmp */
  if (bare[0] == '_') bare += bare[1] == '_' ? 2 : 1;
  return strcmp(bare, "setjmp") == 0 || strcmp(bare, "sigsetjmp") == 0;
}
