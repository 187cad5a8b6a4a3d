/*
 * glibc's string, memory and bignum functions, assembled through
 * softticks-as (or plainly), checked against simple C references over
 * random sizes, alignments, overlaps and page ends.  variants.h (written
 * by glibc_strings.sh from the objects' symbols) lists V(KIND, NAME,
 * FEATURES); a variant runs when /proc/cpuinfo has every feature.
 * Usage: strings ITERATIONS SEED.  Prints one line per variant (its
 * checks), exit 1 at the first wrong result.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* What the objects read from glibc's start-up (cpu_features.c). */
long int __x86_shared_non_temporal_threshold = 64 * 1024;
long int __x86_rep_movsb_threshold = 512;
long int __x86_rep_stosb_threshold = 512;
long int __x86_rep_movsb_stop_threshold = 64 * 1024;
int __x86_string_control;
long int __x86_shared_cache_size = 1024 * 1024, __x86_shared_cache_size_half = 512 * 1024;
long int __x86_data_cache_size = 32 * 1024, __x86_data_cache_size_half = 16 * 1024;
void __GI___chk_fail(void) { abort(); }

typedef size_t (*strlen_fn)(const char *);
typedef size_t (*strnlen_fn)(const char *, size_t);
typedef char *(*strchr_fn)(const char *, int);
typedef void *(*memchr_fn)(const void *, int, size_t);
typedef void *(*rawmemchr_fn)(const void *, int);
typedef int (*strcmp_fn)(const char *, const char *);
typedef int (*memcmp_fn)(const void *, const void *, size_t);
typedef char *(*strcpy_fn)(char *, const char *);
typedef void *(*memmove_fn)(void *, const void *, size_t);
typedef void *(*memset_fn)(void *, int, size_t);
/* A limb is a machine word (i386: 32 bits); dlimb holds a product. */
#if UINTPTR_MAX == 0xffffffffu
typedef uint32_t limb;
typedef uint64_t dlimb;
#else
typedef uint64_t limb;
typedef unsigned __int128 dlimb;
#endif
#define LIMB_BITS (8 * (int)sizeof(limb))
typedef limb (*addn_fn)(limb *, const limb *, const limb *, long);
typedef limb (*mul1_fn)(limb *, const limb *, long, limb);

#define V(kind, name, features) extern char name[];
#include "variants.h"
#undef V

enum kind { strlen_k, strnlen_k, strchr_k, strrchr_k, memchr_k, rawmemchr_k, strcmp_k, memcmp_k,
            strcpy_k, stpcpy_k, memmove_k, mempcpy_k, memset_k, add_n_k, sub_n_k, mul_1_k };
static const struct variant {
  enum kind kind;
  const char *name, *features;
  void *fn;
} variants[] = {
#define V(kind, name, features) {kind##_k, #name, features, (void *)name},
#include "variants.h"
#undef V
};

static char cpu_flags[8192];
static int has(const char *features) {
  char f[64];
  const char *p = features;
  while (sscanf(p, "%63s", f) == 1) {
    char pat[80];
    snprintf(pat, sizeof pat, " %s ", f);
    if (!strstr(cpu_flags, pat)) return 0;
    p = strstr(p, f) + strlen(f);
  }
  return 1;
}

static uint64_t rng = 88172645463325252ULL;
static uint64_t next(void) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return rng;
}

/* Two buffers of 16 pages, each followed by a page that faults: strings
 * placed at the end test the page-crossing paths. */
#define AREA (16 * 4096)
static unsigned char *area(void) {
  unsigned char *p = mmap(NULL, AREA + 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED || mprotect(p + AREA, 4096, PROT_NONE)) abort();
  return p;
}
static unsigned char *A, *B;

static int sign(int x) { return (x > 0) - (x < 0); }

#define FAIL(...)                                                   \
  do {                                                              \
    printf("%s: wrong result: ", v->name);                          \
    printf(__VA_ARGS__);                                            \
    printf("\n");                                                   \
    exit(1);                                                        \
  } while (0)

/* A string of n non-zero bytes (from a small alphabet) at the end of A or
 * at a random alignment. */
static char *make_string(unsigned char *buf, size_t n, int at_end) {
  size_t off = at_end ? AREA - n - 1 : (size_t)(next() % 64);
  size_t i;
  for (i = 0; i < n; i++) buf[off + i] = (unsigned char)(1 + next() % 7);
  buf[off + n] = 0;
  return (char *)buf + off;
}

static void check(const struct variant *v) {
  size_t n = (next() & 7) == 0 ? next() % 5000 : next() % 300;
  int at_end = (next() & 3) == 0;
  switch (v->kind) {
    case strlen_k: {
      char *s = make_string(A, n, at_end);
      if (((strlen_fn)v->fn)(s) != n) FAIL("length %zu", n);
      break;
    }
    case strnlen_k: {
      char *s = make_string(A, n, at_end);
      size_t max = next() % (n + 50);
      if (((strnlen_fn)v->fn)(s, max) != (n < max ? n : max)) FAIL("strnlen %zu %zu", n, max);
      break;
    }
    case strchr_k:
    case strrchr_k: {
      char *s = make_string(A, n, at_end), *want = NULL, *got;
      int c = (int)(next() % 9); /* 0 finds the terminator, 8 nothing */
      size_t i;
      for (i = 0; i <= n; i++)
        if ((unsigned char)s[i] == (unsigned char)c) {
          want = s + i;
          if (v->kind == strchr_k) break;
        }
      got = ((strchr_fn)v->fn)(s, c);
      if (got != want) FAIL("n %zu c %d", n, c);
      break;
    }
    case memchr_k:
    case rawmemchr_k: {
      char *s = make_string(A, n, at_end);
      int c = (int)(next() % 9);
      void *want = NULL, *got;
      size_t i, len = v->kind == memchr_k ? n : n + 1;
      for (i = 0; i < len; i++)
        if ((unsigned char)s[i] == (unsigned char)c) {
          want = s + i;
          break;
        }
      if (v->kind == rawmemchr_k && !want) { /* it must find one: the terminator */
        c = 0;
        want = s + n;
      }
      got = v->kind == memchr_k ? ((memchr_fn)v->fn)(s, c, n) : ((rawmemchr_fn)v->fn)(s, c);
      if (got != want) FAIL("n %zu c %d", n, c);
      break;
    }
    case strcmp_k:
    case memcmp_k: {
      char *a = make_string(A, n, at_end), *b = make_string(B, n, !at_end && (next() & 1));
      int want, got;
      size_t i;
      memcpy(b, a, n + 1);
      if (n && (next() & 1)) b[next() % n] = (char)(1 + next() % 200); /* maybe a difference */
      if (n && (next() & 3) == 0) b[next() % n] = 0;                    /* maybe shorter */
      if (v->kind == strcmp_k) {
        for (i = 0; a[i] && a[i] == b[i]; i++) {
        }
        want = sign((unsigned char)a[i] - (unsigned char)b[i]);
        got = sign(((strcmp_fn)v->fn)(a, b));
      } else {
        want = 0;
        for (i = 0; i < n && !want; i++) want = sign((unsigned char)a[i] - (unsigned char)b[i]);
        got = sign(((memcmp_fn)v->fn)(a, b, n));
      }
      if (got != want) FAIL("n %zu: %d, not %d", n, got, want);
      break;
    }
    case strcpy_k:
    case stpcpy_k: {
      char *s = make_string(A, n, at_end);
      char *d = (char *)B + next() % 64, *r;
      memset(B, 0x55, n + 200);
      r = ((strcpy_fn)v->fn)(d, s);
      if (memcmp(d, s, n + 1) || r != (v->kind == strcpy_k ? d : d + n) ||
          d[n + 1] != 0x55 || (d > (char *)B && d[-1] != 0x55))
        FAIL("n %zu", n);
      break;
    }
    case memmove_k:
    case mempcpy_k: {
      /* Overlapping (within A) or not (A to B), any alignments. */
      int overlap = v->kind == memmove_k && (next() & 1);
      size_t so = next() % 4096, dofs = overlap ? so + (next() % 512) - 256 : next() % 4096;
      unsigned char *src = A + so, *dst = (overlap ? A : B) + (dofs > 8192 ? 300 : dofs);
      static unsigned char want[AREA];
      unsigned char *base = overlap ? A : B, *tmp;
      size_t i;
      void *r;
      if (n > 8000) n = 8000;
      for (i = 0; i < 16384; i++) A[i] = (unsigned char)next();
      memset(B, 0xaa, 16384);
      /* The expected bytes: a true move, through a temporary. */
      tmp = malloc(n + 1);
      memcpy(tmp, src, n);
      memcpy(want, base, 16384);
      memcpy(want + (dst - base), tmp, n);
      free(tmp);
      r = ((memmove_fn)v->fn)(dst, src, n);
      if (memcmp(base, want, 16384) || r != (v->kind == memmove_k ? dst : dst + n))
        FAIL("n %zu src+%zu dst+%zu overlap %d", n, so, (size_t)(dst - base), overlap);
      break;
    }
    case memset_k: {
      unsigned char *d = B + next() % 4096;
      int c = (int)(next() & 0xff);
      size_t i;
      void *r;
      if (n > 8000) n = 8000;
      memset(B, 0x11, 16384);
      r = ((memset_fn)v->fn)(d, c, n);
      for (i = 0; i < 16384; i++) {
        unsigned char want = (B + i >= d && B + i < d + n) ? (unsigned char)c : 0x11;
        if (B[i] != want) FAIL("n %zu at %zu", n, i);
      }
      if (r != d) FAIL("return value");
      break;
    }
    case add_n_k:
    case sub_n_k:
    case mul_1_k: {
      static limb a[512], b[512], r[512], w[512];
      long k = 1 + (long)(next() % 300), i;
      limb carry = 0, got, m = (limb)next();
      dlimb t;
      for (i = 0; i < k; i++) {
        a[i] = (next() & 1) ? (limb)~0ULL - (limb)(next() & 3) : (limb)next();
        b[i] = (next() & 1) ? (limb)~0ULL : (limb)next();
      }
      for (i = 0; i < k; i++) {
        if (v->kind == add_n_k) {
          t = (dlimb)a[i] + b[i] + carry;
          w[i] = (limb)t;
          carry = (limb)(t >> LIMB_BITS);
        } else if (v->kind == sub_n_k) {
          w[i] = a[i] - b[i] - carry;
          carry = a[i] < b[i] || (a[i] == b[i] && carry);
        } else {
          t = (dlimb)a[i] * m + carry;
          w[i] = (limb)t;
          carry = (limb)(t >> LIMB_BITS);
        }
      }
      got = v->kind == mul_1_k ? ((mul1_fn)v->fn)(r, a, k, m) : ((addn_fn)v->fn)(r, a, b, k);
      if (got != carry || memcmp(r, w, (size_t)k * sizeof(limb))) FAIL("limbs %ld", k);
      break;
    }
  }
}

int main(int argc, char **argv) {
  long iters = argc > 1 ? atol(argv[1]) : 1000, i;
  unsigned k, ran = 0;
  FILE *f = fopen("/proc/cpuinfo", "r");
  if (argc > 2) rng = strtoull(argv[2], NULL, 0) | 1;
  if (f) {
    char line[8192];
    while (fgets(line, sizeof line, f))
      if (!strncmp(line, "flags", 5)) {
        snprintf(cpu_flags, sizeof cpu_flags, " %s", strchr(line, ':') + 1);
        cpu_flags[strcspn(cpu_flags, "\n")] = ' ';
        break;
      }
    fclose(f);
  }
  A = area();
  B = area();
  for (k = 0; k < sizeof variants / sizeof *variants; k++) {
    const struct variant *v = &variants[k];
    if (!has(v->features)) {
      printf("%s: skipped (cpu lacks %s)\n", v->name, v->features);
      continue;
    }
    for (i = 0; i < iters; i++) check(v);
    printf("%s: %ld checks\n", v->name, iters);
    ran++;
  }
  printf("%u variants\n", ran);
  return ran ? 0 : 2;
}
