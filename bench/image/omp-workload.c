/* measure-untracked.sh's omp workload: what an OpenMP program runs in
 * GCC's runtime.  Parallel loops with static and dynamic schedules,
 * reductions, a critical section, tasks, and 16-byte atomics (libatomic)
 * on 2 threads (OMP_NUM_THREADS and OMP_WAIT_POLICY=passive come from the
 * caller: no spinning, whose length would follow the machine).  Prints a
 * checksum. */
#include <omp.h>
#include <stdio.h>

struct wide {
    long count, sum;
};

static long fib(int n)
{
    if (n < 2)
        return n;
    long a, b;
#pragma omp task shared(a) if (n > 18)
    a = fib(n - 1);
#pragma omp task shared(b) if (n > 18)
    b = fib(n - 2);
#pragma omp taskwait
    return a + b;
}

int main(void)
{
    static double v[200000];
    double dot = 0;
    long hits = 0, tasks = 0;
    _Atomic struct wide pair = {0, 0};
    for (int round = 0; round < 20; round++) {
#pragma omp parallel for schedule(static) reduction(+ : dot)
        for (int i = 0; i < 200000; i++) {
            v[i] = (i % 97) * 0.5 + round;
            dot += v[i] * v[i];
        }
#pragma omp parallel for schedule(dynamic, 64) reduction(+ : hits)
        for (int i = 0; i < 200000; i++) {
            if ((int)v[i] % 7 == 0)
                hits++;
            if (i % 4096 == 0) {
                struct wide old = pair, next;
                do
                    next = (struct wide){old.count + 1, old.sum + i};
                while (!__atomic_compare_exchange(&pair, &old, &next, 0, __ATOMIC_SEQ_CST,
                                                  __ATOMIC_SEQ_CST));
#pragma omp critical
                tasks++;
            }
        }
    }
    long f;
#pragma omp parallel
#pragma omp single
    f = fib(24);
    struct wide last = pair;
    printf("%.0f %ld %ld %ld %ld %ld\n", dot, hits, tasks, last.count, last.sum, f);
    return 0;
}
