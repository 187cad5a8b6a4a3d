int lib_second(int n) {
  int s = 0;
  do s += n * n; while (--n > 0);
  return s;
}
