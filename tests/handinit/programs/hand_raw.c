/* Hand-instrumented with an initializer in another header's raw form
 * (raw_init.h), and ticks by hand. */
#include "work.h"

#include "raw_init.h"

int main(int argc, char **argv) {
  (void)argv;
  return work(argc);
}
