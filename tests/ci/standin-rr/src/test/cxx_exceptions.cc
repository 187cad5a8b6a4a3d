#include <cstdio>
#include <stdexcept>
static int thrower(int n) {
  if (n > 2) throw std::runtime_error("deep");
  return thrower(n + 1);
}
int main() {
  try {
    thrower(0);
  } catch (const std::runtime_error &) {
    std::puts("EXIT-SUCCESS");
  }
  return 0;
}
