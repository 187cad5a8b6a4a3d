/* A program of several units, one of them C++, linked with a shared
 * library of two units: each linked module must carry exactly one
 * initializer and one ABI note. */
#include <stdio.h>

int util_sum(int n);
int cxx_product(int n);
int lib_first(int n);
int lib_second(int n);
extern const int table[4];

int main(void) {
  printf("%d %d %d %d %d\n", util_sum(10), cxx_product(5), lib_first(4), lib_second(3),
         table[2]);
  return 0;
}
