/* A tight loop: one tick per iteration (the loop header) against a few
 * arithmetic instructions, the worst case for the relative cost of a tick.
 * Usage: loop ITERATIONS */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: %s ITERATIONS\n", argv[0]);
		return 2;
	}
	unsigned long n = strtoul(argv[1], NULL, 10);
	unsigned long x = 1;
	/* Each step depends on the previous one through a shift, an xor and
	 * a multiply: the compiler can neither vectorize nor fold the loop
	 * (a plain linear congruential step it can unroll algebraically). */
	for (unsigned long i = 0; i < n; i++)
		x = (x ^ (x >> 29)) * 6364136223846793005UL + i;
	printf("%lu\n", x);
	return 0;
}
