/*
 * Reads the clock or the kernel's randomness the way real programs seed
 * themselves (fixed_inputs_test.sh).  `input_seeded NAME` prints two reads
 * of that input; `input_seeded all` mixes every input into a seed, prints
 * it and loops seed % 4096 times through a function, so that its tick
 * count follows its inputs as Lua's does.
 */
#define _GNU_SOURCE
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

static void show_ts(const struct timespec *ts)
{
    printf(" %lld.%09ld", (long long)ts->tv_sec, ts->tv_nsec);
}

static void show_bytes(const unsigned char *b, size_t n)
{
    putchar(' ');
    for (size_t i = 0; i < n; i++)
        printf("%02x", b[i]);
}

static void show(const char *name)
{
    struct timespec ts;
    struct timeval tv;
    unsigned char b[4];
    printf("%s:", name);
    for (int read = 0; read < 2; read++) {
        if (!strcmp(name, "time")) {
            printf(" %lld", (long long)time(NULL));
        } else if (!strcmp(name, "gettimeofday")) {
            gettimeofday(&tv, NULL);
            printf(" %lld.%06ld", (long long)tv.tv_sec, (long)tv.tv_usec);
        } else if (!strcmp(name, "clock_gettime")) {
            clock_gettime(read ? CLOCK_MONOTONIC : CLOCK_REALTIME, &ts);
            show_ts(&ts);
        } else if (!strcmp(name, "timespec_get")) {
            timespec_get(&ts, TIME_UTC);
            show_ts(&ts);
        } else if (!strcmp(name, "clock")) {
            printf(" %ld", (long)clock());
        } else if (!strcmp(name, "getrandom")) {
            if (getrandom(b, sizeof b, 0) != (ssize_t)sizeof b)
                exit(2);
            show_bytes(b, sizeof b);
        } else if (!strcmp(name, "getentropy")) {
            if (getentropy(b, sizeof b))
                exit(2);
            show_bytes(b, sizeof b);
        } else if (!strcmp(name, "arc4random")) {
            printf(" %08" PRIx32, arc4random());
        } else if (!strcmp(name, "arc4random_buf")) {
            arc4random_buf(b, sizeof b);
            show_bytes(b, sizeof b);
        } else {
            fprintf(stderr, "input_seeded: unknown input '%s'\n", name);
            exit(2);
        }
    }
    putchar('\n');
}

static uint64_t mix(uint64_t h, uint64_t v)
{
    return (h ^ v) * 0x100000001b3ull;
}

__attribute__((noinline)) static uint64_t step(uint64_t h)
{
    return mix(h, h >> 17);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: input_seeded all|INPUT\n");
        return 2;
    }
    if (strcmp(argv[1], "all")) {
        show(argv[1]);
        return 0;
    }
    struct timespec ts;
    struct timeval tv;
    uint64_t seed = 0xcbf29ce484222325ull, r = 0;
    seed = mix(seed, (uint64_t)time(NULL));
    gettimeofday(&tv, NULL);
    seed = mix(seed, (uint64_t)tv.tv_usec);
    clock_gettime(CLOCK_MONOTONIC, &ts);
    seed = mix(seed, (uint64_t)ts.tv_nsec);
    seed = mix(seed, (uint64_t)clock());
    if (getrandom(&r, sizeof r, 0) != (ssize_t)sizeof r)
        return 2;
    seed = mix(seed, r ^ arc4random());
    uint64_t h = seed;
    for (uint64_t i = 0; i < seed % 4096; i++)
        h = step(h);
    printf("seed %016" PRIx64 " loops %" PRIu64 " hash %016" PRIx64 "\n", seed, seed % 4096, h);
    return 0;
}
