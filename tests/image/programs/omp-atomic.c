/* libgomp and libatomic of the image (pseudo-package gcc-12-runtime): an
 * OpenMP loop with a reduction and a critical section, and 16-byte atomics,
 * which GCC turns into calls of libatomic.  Run with OMP_NUM_THREADS=1:
 * softticks-trace follows one thread, and libgomp then runs the team in
 * the calling thread.  Prints its results; exit 1 on a wrong one. */
#include <omp.h>
#include <stdio.h>

struct wide {
    long count, sum;
};

int main(void)
{
    long total = 0, squares = 0;
#pragma omp parallel for reduction(+ : total)
    for (long i = 1; i <= 20000; i++) {
        total += i;
        if (i % 1000 == 0) {
#pragma omp critical
            squares += i / 1000 * (i / 1000);
        }
    }
    _Atomic struct wide pair = {0, 0};
    for (long i = 0; i < 500; i++) {
        struct wide old = pair, next;
        do
            next = (struct wide){old.count + 1, old.sum + i};
        while (!__atomic_compare_exchange(&pair, &old, &next, 0, __ATOMIC_SEQ_CST,
                                          __ATOMIC_SEQ_CST));
    }
    struct wide last = pair;
    printf("threads %d, sum %ld, squares %ld, atomic count %ld sum %ld\n", omp_get_max_threads(),
           total, squares, last.count, last.sum);
    return total == 200010000L && squares == 2870 && last.count == 500 && last.sum == 124750 ? 0 : 1;
}
