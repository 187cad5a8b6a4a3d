/* LD_PRELOAD shim for the programs that seed themselves from the clock or
 * the kernel's randomness: Lua 5.4 mixes time() into its string-hash seed,
 * Debian's jq seeds its hash with arc4random.  Two runs would then hash,
 * loop and tick differently; rr records such inputs and replays them,
 * softticks-trace does not.  Compiled without ticks (the opt-out): it only
 * fixes the programs' inputs. */
#define _GNU_SOURCE
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <time.h>

#define FIXED_TIME 1767225600 /* 2026-01-01 00:00:00 UTC */

static void fill(void *buf, size_t len)
{
    unsigned char *p = buf;
    for (size_t i = 0; i < len; i++)
        p[i] = (unsigned char)(0x9e + 31 * i);
}

time_t time(time_t *t)
{
    if (t)
        *t = FIXED_TIME;
    return FIXED_TIME;
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
