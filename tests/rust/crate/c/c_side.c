/* The C half of src/bin/ffi.rs: a loop in C that calls back into Rust. */
#include <stdint.h>

typedef uint64_t (*step_fn)(uint64_t);

uint64_t c_fold(uint64_t n, step_fn step) {
  uint64_t acc = 0;
  for (uint64_t i = 0; i < n; i++)
    acc = acc * 31 + step(i);
  return acc;
}
