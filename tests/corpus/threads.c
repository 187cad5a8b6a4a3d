/* Several threads ticking at once (outside a tracer every tick only reads
 * the shared countdown); the result must not depend on instrumentation. */
#include <pthread.h>
#include <stdio.h>

#include "corpus.h"

#define THREADS 4

static long results[THREADS];

ST_NOINLINE long collatz_steps(long n) {
  long steps = 0;
  while (n != 1) {
    n = n % 2 ? 3 * n + 1 : n / 2;
    steps++;
  }
  return steps;
}

static void *worker(void *arg) {
  long id = (long)arg, total = 0;
  for (long n = 1 + id; n < 20000; n += THREADS) total += collatz_steps(n);
  results[id] = total;
  return NULL;
}

int main(void) {
  pthread_t t[THREADS];
  for (long i = 0; i < THREADS; i++)
    if (pthread_create(&t[i], NULL, worker, (void *)i) != 0) return 1;
  for (int i = 0; i < THREADS; i++) pthread_join(t[i], NULL);
  for (int i = 0; i < THREADS; i++) printf("%ld\n", results[i]);
  return 0;
}
