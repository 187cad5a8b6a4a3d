#include <stdio.h>
int main(void) {
  puts("EXIT-SUCCESS");
  return 0;
}
