// Built without ticks; run with malloc_lib preloaded.
#include <iostream>
#include <string>

int main() {
  std::string s = "plain";
  s += std::to_string(42);
  std::cout << s << "\n";
  return 0;
}
