/* A fake tracee memory for the tracelib unit tests: a few regions of
 * bytes at chosen addresses; anything else is unmapped. */
#ifndef SOFTTICKS_TEST_FAKE_MEMORY_H
#define SOFTTICKS_TEST_FAKE_MEMORY_H

#include <stdint.h>
#include <string.h>

#include "tick_sequence.h"

#define FAKE_REGIONS 4

struct fake_memory {
  struct {
    uint64_t addr;
    unsigned char bytes[256];
    int writable;
  } region[FAKE_REGIONS];
  int count;
  int reads, writes;
};

static inline unsigned char *fake_at(struct fake_memory *m, uint64_t addr, size_t len, int write) {
  int i;
  for (i = 0; i < m->count; i++)
    if (addr >= m->region[i].addr && addr + len <= m->region[i].addr + 256 &&
        (!write || m->region[i].writable))
      return m->region[i].bytes + (addr - m->region[i].addr);
  return NULL;
}

static inline int fake_read(void *ctx, uint64_t addr, void *buf, size_t len) {
  struct fake_memory *m = ctx;
  unsigned char *p = fake_at(m, addr, len, 0);
  m->reads++;
  if (!p) return -1;
  memcpy(buf, p, len);
  return 0;
}

static inline int fake_write(void *ctx, uint64_t addr, const void *buf, size_t len) {
  struct fake_memory *m = ctx;
  unsigned char *p = fake_at(m, addr, len, 1);
  m->writes++;
  if (!p) return -1;
  memcpy(p, buf, len);
  return 0;
}

/* Adds a zero-filled region; returns its bytes. */
static inline unsigned char *fake_region(struct fake_memory *m, uint64_t addr, int writable) {
  m->region[m->count].addr = addr;
  m->region[m->count].writable = writable;
  memset(m->region[m->count].bytes, 0, 256);
  return m->region[m->count++].bytes;
}

static inline struct st_memory fake_view(struct fake_memory *m) {
  struct st_memory v;
  v.read = fake_read;
  v.write = fake_write;
  v.ctx = m;
  return v;
}

#endif
