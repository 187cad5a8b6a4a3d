/* Module-parts test: a program of several units, one of them C++, linked
 * with a shared library of two units: each linked module must carry exactly
 * one initializer and one ABI note.  Prints "45 120 120 16 14 3". */
#include <stdio.h>

int sum_to(int n);
int lib_fact5(void);
int lib_twice_square(int n);
int cxx_product(int n);
int caught_count(int n);
extern const int table[4];

int main(void) {
  int t = 0;
  for (int i = 0; i < 4; i++) t += table[i];
  printf("%d %d %d %d %d %d\n", sum_to(10), lib_fact5(), cxx_product(5),
         lib_twice_square(t > 0 ? 2 : 0) * 2, t - 2, caught_count(9));
  return 0;
}
