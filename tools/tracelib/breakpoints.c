/* int3 breakpoints and the masked view of code; see breakpoints.h. */
#include "breakpoints.h"

#include <stdlib.h>
#include <string.h>

static size_t lower_bound(const struct st_breakpoints *bps, uint64_t addr) {
  size_t lo = 0, hi = bps->count;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (bps->items[mid].addr < addr)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

struct st_breakpoint *st_breakpoints_find(struct st_breakpoints *bps, uint64_t addr) {
  size_t i = lower_bound(bps, addr);
  return i < bps->count && bps->items[i].addr == addr ? &bps->items[i] : NULL;
}

int st_breakpoints_add(struct st_breakpoints *bps, const struct st_memory *raw, uint64_t addr) {
  static const unsigned char int3 = ST_INT3;
  unsigned char original;
  size_t i = lower_bound(bps, addr);
  if (i < bps->count && bps->items[i].addr == addr) return 0;
  if (raw->read(raw->ctx, addr, &original, 1) != 0) return -1;
  if (bps->count == bps->capacity) {
    size_t cap = bps->capacity ? 2 * bps->capacity : 64;
    struct st_breakpoint *grown = realloc(bps->items, cap * sizeof *grown);
    if (!grown) return -1;
    bps->items = grown;
    bps->capacity = cap;
  }
  if (raw->write(raw->ctx, addr, &int3, 1) != 0) return -1;
  memmove(&bps->items[i + 1], &bps->items[i], (bps->count - i) * sizeof *bps->items);
  bps->items[i].addr = addr;
  bps->items[i].original = original;
  bps->count++;
  return 0;
}

int st_breakpoints_remove(struct st_breakpoints *bps, const struct st_memory *raw, uint64_t addr) {
  size_t i = lower_bound(bps, addr);
  int rc;
  if (i >= bps->count || bps->items[i].addr != addr) return 0;
  rc = raw->write(raw->ctx, addr, &bps->items[i].original, 1);
  memmove(&bps->items[i], &bps->items[i + 1], (bps->count - i - 1) * sizeof *bps->items);
  bps->count--;
  return rc;
}

void st_breakpoints_mask(const struct st_breakpoints *bps, uint64_t addr, void *buf, size_t len) {
  size_t i = lower_bound(bps, addr);
  for (; i < bps->count && bps->items[i].addr - addr < len; i++)
    ((unsigned char *)buf)[bps->items[i].addr - addr] = bps->items[i].original;
}

void st_breakpoints_clear(struct st_breakpoints *bps) { bps->count = 0; }

void st_breakpoints_free(struct st_breakpoints *bps) {
  free(bps->items);
  memset(bps, 0, sizeof *bps);
}

static int masked_read(void *vctx, uint64_t addr, void *buf, size_t len) {
  struct st_masked_memory *ctx = vctx;
  if (ctx->raw->read(ctx->raw->ctx, addr, buf, len) != 0) return -1;
  st_breakpoints_mask(ctx->bps, addr, buf, len);
  return 0;
}

static int masked_write(void *vctx, uint64_t addr, const void *buf, size_t len) {
  struct st_masked_memory *ctx = vctx;
  return ctx->raw->write(ctx->raw->ctx, addr, buf, len);
}

struct st_memory st_masked_memory(struct st_masked_memory *ctx, const struct st_memory *raw,
                                  const struct st_breakpoints *bps) {
  struct st_memory m;
  ctx->raw = raw;
  ctx->bps = bps;
  m.read = masked_read;
  m.write = masked_write;
  m.ctx = ctx;
  return m;
}
