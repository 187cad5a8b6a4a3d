/*
 * LD_PRELOAD shim for the tracer runs of programs that seed themselves from
 * the kernel's randomness (Debian's jq seeds its string hash with
 * arc4random).  rr records such values and replays them; softticks-trace
 * does not, so two runs would hash differently and tick differently.  Built
 * without instrumentation: it only makes the program's input fixed.
 */
#define _GNU_SOURCE
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/types.h>

static void fill(void *buf, size_t len) {
  unsigned char *p = buf;
  for (size_t i = 0; i < len; i++) p[i] = (unsigned char)(0x5a + i * 37);
}

uint32_t arc4random(void) { return 0x2545f491u; }

void arc4random_buf(void *buf, size_t len) { fill(buf, len); }

uint32_t arc4random_uniform(uint32_t bound) { return bound ? 0x2545f491u % bound : 0; }

int getentropy(void *buf, size_t len) {
  fill(buf, len);
  return 0;
}

ssize_t getrandom(void *buf, size_t len, unsigned int flags) {
  (void)flags;
  fill(buf, len);
  return (ssize_t)len;
}
