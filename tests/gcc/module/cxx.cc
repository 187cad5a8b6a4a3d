#include <vector>

extern "C" int cxx_product(int n) {
  std::vector<int> v;
  for (int i = 1; i <= n; i++) v.push_back(i);
  int p = 1;
  for (int x : v) p *= x;
  return p;
}
