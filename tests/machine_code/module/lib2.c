/* Module-parts test: second unit of the shared library: only entry ticks,
 * one function calling into the first unit. */
int lib_factorial(int n);
int lib_twice_square(int n) { return 2 * n * n; }
int lib_fact5(void) { return lib_factorial(5); }
