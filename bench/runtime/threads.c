/* Threads ticking at once: THREADS threads each run the tight loop of
 * loop.c. Disarmed ticks only read the shared countdown, so the threads
 * should not slow each other down beyond the loop itself.
 * Usage: threads THREADS ITERATIONS_PER_THREAD */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

enum { MAX_THREADS = 64 };

static unsigned long iterations;

static void *spin(void *arg)
{
	unsigned long x = (unsigned long)(size_t)arg + 1;
	for (unsigned long i = 0; i < iterations; i++)
		x = (x ^ (x >> 29)) * 6364136223846793005UL + i;
	return (void *)(size_t)x;
}

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: %s THREADS ITERATIONS_PER_THREAD\n", argv[0]);
		return 2;
	}
	unsigned long threads = strtoul(argv[1], NULL, 10);
	iterations = strtoul(argv[2], NULL, 10);
	if (threads < 1 || threads > MAX_THREADS) {
		fprintf(stderr, "threads: 1 to %d threads\n", MAX_THREADS);
		return 2;
	}
	pthread_t tid[MAX_THREADS];
	for (unsigned long t = 0; t < threads; t++)
		if (pthread_create(&tid[t], NULL, spin, (void *)(size_t)t) != 0) {
			fprintf(stderr, "threads: pthread_create failed\n");
			return 1;
		}
	unsigned long sum = 0;
	for (unsigned long t = 0; t < threads; t++) {
		void *r;
		pthread_join(tid[t], &r);
		sum += (unsigned long)(size_t)r;
	}
	printf("%lu\n", sum);
	return 0;
}
