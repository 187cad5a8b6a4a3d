// A C++ exception thrown in a callee and caught inside a loop.
#include <cstdio>

#include "corpus.h"

ST_NOINLINE int may_throw(int i) {
  if (i % 3 == 0) throw i;
  return i;
}

ST_NOINLINE int catch_in_loop(int n) {
  int s = 0;
  for (int i = 0; i < n; i++) {
    try {
      s += may_throw(i);
    } catch (int e) {
      s -= e;
    }
  }
  return s;
}

int main() {
  std::printf("%d\n", catch_in_loop(7));
  return 0;
}
