/* normal_main.c's shared object: a module with ticks of its own. */
__attribute__((noinline)) static int step(int i) { return i + 1; }

int lib_sum(int n) {
  int s = 0;
  for (int i = 0; i < n; i++) s += step(i);
  return s;
}
