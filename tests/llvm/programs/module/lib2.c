/* Module-parts test: second unit of the shared library. */
int lib_factorial(int n);
int lib_twice_square(int n) { return 2 * n * n; }
int lib_fact5(void) { return lib_factorial(5); }
