/* Fails on purpose (-DSTANDIN_FAILING_TEST=ON): failures must be collected. */
#include <stdio.h>
int main(void) {
  puts("failing on purpose");
  return 3;
}
