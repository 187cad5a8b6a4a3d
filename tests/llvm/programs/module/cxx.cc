// Module-parts test: a C++ unit with an exception caught in a loop.
#include <stdexcept>

static int thrower(int i) {
  if (i % 3 == 0) throw std::runtime_error("three");
  return i;
}

extern "C" int caught_count(int n) {
  int caught = 0;
  for (int i = 0; i < n; i++) {
    try {
      thrower(i);
    } catch (const std::exception &) {
      caught++;
    }
  }
  return caught;
}
