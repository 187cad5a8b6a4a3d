/* Module-parts test: first unit of the shared library (a loop). */
int lib_factorial(int n) {
  int f = 1;
  while (n > 1) f *= n--;
  return f;
}
