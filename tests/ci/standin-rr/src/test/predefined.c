/* Passes only when the default compiler instruments: the softticks plugins
   predefine __RR_SOFTTICKS__. */
#include <stdio.h>
int main(void) {
#ifdef __RR_SOFTTICKS__
  puts("EXIT-SUCCESS");
#else
  puts("__RR_SOFTTICKS__ is not defined: the compiler does not instrument");
#endif
  return 0;
}
