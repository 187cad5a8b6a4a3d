// Module-parts test: a C++ unit with a template container (COMDAT code)
// and an exception caught in a loop.
#include <stdexcept>
#include <vector>

extern "C" int cxx_product(int n) {
  std::vector<int> v;
  for (int i = 1; i <= n; i++) v.push_back(i);
  int p = 1;
  for (int x : v) p *= x;
  return p;
}

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
