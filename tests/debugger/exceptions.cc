// C++: methods, a loop that throws, and the handler that catches.
// break: main Counter::add risky
#include <cstdio>
#include <stdexcept>

struct Counter {
  int total = 0;
  __attribute__((noinline)) void add(int x) {
    total += x;
  }
};

__attribute__((noinline)) int risky(int i) {
  if (i == 2)
    throw std::runtime_error("two");
  return i * 3;
}

int main() {
  Counter c;
  for (int i = 0; i < 4; i++) {
    try {
      c.add(risky(i));
    } catch (const std::exception &e) {
      c.add(100);
    }
  }
  std::printf("%d\n", c.total);
  return 0;
}
