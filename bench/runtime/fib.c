/* Recursion: one tick per call (the function entry) against a small body.
 * Usage: fib N */
#include <stdio.h>
#include <stdlib.h>

/* noinline: -O2 keeps real calls (it may still turn one of the two into a loop). */
__attribute__((noinline)) static unsigned long fib(unsigned n)
{
	return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: %s N\n", argv[0]);
		return 2;
	}
	printf("%lu\n", fib((unsigned)strtoul(argv[1], NULL, 10)));
	return 0;
}
