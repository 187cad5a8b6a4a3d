/* Module-parts test: a unit with ticks (a loop). */
int sum_to(int n) {
  int s = 0;
  for (int i = 0; i < n; i++) s += i;
  return s;
}
