int lib_first(int n) {
  int s = 1;
  while (n-- > 0) s *= 2;
  return s;
}
