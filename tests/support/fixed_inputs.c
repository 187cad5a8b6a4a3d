/*
 * LD_PRELOAD shim for the tracer runs of programs that read the clock or
 * the kernel's randomness: Lua 5.4 mixes time() into its string-hash and
 * random seeds, Debian's jq seeds its hash with arc4random, expat salts its
 * hash tables with arc4random_buf.  Two runs then hash, loop and tick
 * differently.  rr records such inputs and replays them; softticks-trace
 * does not, so its determinism checks (the realworld suite, the image's
 * programs) fix them here.  Built without ticks: it only fixes inputs.
 *
 * The clock starts at FIXED_NS and every read advances it by 1 µs: a run
 * sees the same times as any other run, and a program that waits for the
 * clock to move still sees it move.
 */
#define _GNU_SOURCE
#include <stddef.h>
#include <stdint.h>
#include <sys/time.h>
#include <sys/types.h>
#include <time.h>

#define FIXED_NS (1767225600ull * 1000000000ull) /* 2026-01-01 00:00:00 UTC */
#define NS_PER_READ 1000ull

static uint64_t clock_reads;

static uint64_t next_ns(void)
{
    return FIXED_NS + NS_PER_READ * __atomic_fetch_add(&clock_reads, 1, __ATOMIC_RELAXED);
}

time_t time(time_t *t)
{
    time_t now = (time_t)(next_ns() / 1000000000ull);
    if (t)
        *t = now;
    return now;
}

int gettimeofday(struct timeval *restrict tv, void *restrict tz)
{
    uint64_t ns = next_ns();
    (void)tz;
    tv->tv_sec = (time_t)(ns / 1000000000ull);
    tv->tv_usec = (suseconds_t)(ns % 1000000000ull / 1000);
    return 0;
}

/* Every clock, CPU-time clocks included, reads the one counter. */
int clock_gettime(clockid_t id, struct timespec *ts)
{
    uint64_t ns = next_ns();
    (void)id;
    ts->tv_sec = (time_t)(ns / 1000000000ull);
    ts->tv_nsec = (long)(ns % 1000000000ull);
    return 0;
}

int timespec_get(struct timespec *ts, int base)
{
    if (base != TIME_UTC)
        return 0;
    clock_gettime(CLOCK_REALTIME, ts);
    return base;
}

clock_t clock(void)
{
    return (clock_t)((next_ns() - FIXED_NS) / (1000000000ull / CLOCKS_PER_SEC));
}

static void fill(void *buf, size_t len)
{
    unsigned char *p = buf;
    for (size_t i = 0; i < len; i++)
        p[i] = (unsigned char)(0x9e + 31 * i);
}

uint32_t arc4random(void) { return 0x9e3779b9u; }
uint32_t arc4random_uniform(uint32_t bound) { return bound ? 0x9e3779b9u % bound : 0; }
void arc4random_buf(void *buf, size_t len) { fill(buf, len); }
int getentropy(void *buf, size_t len) { fill(buf, len); return 0; }

ssize_t getrandom(void *buf, size_t len, unsigned int flags)
{
    (void)flags;
    fill(buf, len);
    return (ssize_t)len;
}
