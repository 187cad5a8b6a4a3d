/*
 * st_manifest_encode / st_manifest_decode: round trips, Cap'n Proto's
 * evolution rules, and hostile input (every truncation, random mutations,
 * hand-made malformed pointers).  Each decode gets a heap copy of exactly
 * the bytes under test, so that a sanitizer or valgrind sees any overread.
 * The real fuzzing lives with the inspector; this is a deterministic smoke
 * loop.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "manifest.h"
#include "manifest_decode.h"

static int decode_copy(const unsigned char *msg, size_t len, struct st_manifest_decoded *d) {
  unsigned char *copy = malloc(len ? len : 1);
  int r;
  if (!copy) abort();
  if (len) memcpy(copy, msg, len);
  r = st_manifest_decode(copy, len, d);
  free(copy);
  return r;
}

/* Every string of a decoded manifest is terminated inside its array. */
static int well_terminated(const struct st_manifest_decoded *d) {
  return memchr(d->compiler, 0, sizeof d->compiler) &&
         memchr(d->compiler_version, 0, sizeof d->compiler_version) &&
         memchr(d->plugin_version, 0, sizeof d->plugin_version);
}

static uint64_t rng_state = UINT64_C(0x9e3779b97f4a7c15);
static uint64_t rng(void) { /* xorshift64*: deterministic */
  rng_state ^= rng_state >> 12;
  rng_state ^= rng_state << 25;
  rng_state ^= rng_state >> 27;
  return rng_state * UINT64_C(0x2545f4914f6cdd1d);
}

/* ---------------------------------------------------------------------- */

static void test_round_trips(void) {
  static const char *const texts[] = {"", "g", "gcc", "1234567", "12345678", "123456789",
                                      "19.1.7 (Debian)", "0.1.0",
                                      "a string of exactly sixty-three characters, to fill the field.",
                                      "a string of sixty-four characters, one more than the field holds"};
  enum { NT = sizeof texts / sizeof texts[0] };
  unsigned i, arch;
  for (arch = 0; arch <= 3; arch++)
    for (i = 0; i < NT; i++) {
      struct st_manifest m = {(enum rr_softticks_arch)arch, texts[i], texts[(i + 1) % NT],
                              texts[(i + 2) % NT], 7 * i + arch};
      unsigned char buf[512];
      size_t n = st_manifest_encode(&m, buf, sizeof buf), k;
      struct st_manifest_decoded d;
      CHECK(n > 0 && n % 8 == 0, "encode %u/%u: %zu bytes", arch, i, n);
      CHECK(st_manifest_encode(&m, buf, n - 1) == 0, "encode into too small a buffer");
      CHECK(decode_copy(buf, n, &d) == 0, "decode %u/%u", arch, i);
      CHECK(d.abi_version == RR_SOFTTICKS_ABI_VERSION && d.arch == arch &&
                d.placement_rules_version == 7 * i + arch,
            "numbers %u/%u", arch, i);
      CHECK(strncmp(d.compiler, m.compiler, sizeof d.compiler - 1) == 0 &&
                strncmp(d.compiler_version, m.compiler_version, 63) == 0 &&
                strncmp(d.plugin_version, m.plugin_version, 63) == 0,
            "texts %u/%u", arch, i);
      CHECK(well_terminated(&d), "terminated");
      /* Every proper prefix, and one word too many, is rejected. */
      for (k = 0; k < n; k++)
        CHECK(decode_copy(buf, k, &d) == -1, "prefix of %zu of %zu bytes accepted", k, n);
      memset(buf + n, 0, 8);
      CHECK(decode_copy(buf, n + 8, &d) == -1, "trailing word accepted");
    }
  {
    struct st_manifest bad = {(enum rr_softticks_arch)4, "gcc", "1", "1", 1};
    unsigned char buf[256];
    CHECK(st_manifest_encode(&bad, buf, sizeof buf) == 0, "unknown arch value 4 encoded");
    CHECK(st_manifest_asm(&bad) == NULL, "asm for arch 4");
    bad.arch = RR_SOFTTICKS_ARCH_X86_64;
    bad.compiler = NULL;
    CHECK(st_manifest_encode(&bad, buf, sizeof buf) == 0, "NULL text encoded");
    CHECK(st_manifest_encode(NULL, buf, sizeof buf) == 0, "NULL manifest encoded");
    CHECK(st_manifest_decode(buf, sizeof buf, NULL) == -1, "NULL output");
  }
  { /* The longest text accepted, and one byte more. */
    static char big[ST_MANIFEST_MAX_TEXT + 1];
    static unsigned char out[ST_MANIFEST_MAX_TEXT + 256];
    struct st_manifest m = {RR_SOFTTICKS_ARCH_I386, big, "v", "p", 1};
    struct st_manifest_decoded d;
    size_t n;
    memset(big, 'x', ST_MANIFEST_MAX_TEXT - 1);
    n = st_manifest_encode(&m, out, sizeof out);
    CHECK(n > ST_MANIFEST_MAX_TEXT, "longest text refused");
    CHECK(decode_copy(out, n, &d) == 0 && strlen(d.compiler) == sizeof d.compiler - 1 &&
              strcmp(d.compiler_version, "v") == 0,
          "longest text: truncated on decode");
    big[ST_MANIFEST_MAX_TEXT - 1] = 'x';
    CHECK(st_manifest_encode(&m, out, sizeof out) == 0, "over-long text accepted");
    CHECK(st_manifest_asm(&m) == NULL, "over-long text: asm");
  }
}

/* ---------------------------------------------------------------------- */
/* Hand-made messages: one segment of words.                               */
/* ---------------------------------------------------------------------- */

static unsigned char hand[8 + 8 * 64];
static size_t hand_len;

static void put64(unsigned char *p, uint64_t v) {
  int i;
  for (i = 0; i < 8; i++) p[i] = (unsigned char)(v >> (8 * i));
}

static void hand_message(const uint64_t *words, size_t n) {
  size_t i;
  put64(hand, (uint64_t)n << 32); /* one segment of n words */
  for (i = 0; i < n; i++) put64(hand + 8 + 8 * i, words[i]);
  hand_len = 8 + 8 * n;
}

static uint64_t struct_ptr(int32_t offset, unsigned data, unsigned ptrs) {
  return (uint64_t)((uint32_t)offset << 2) | (uint64_t)data << 32 | (uint64_t)ptrs << 48;
}

static uint64_t list_ptr(int32_t offset, unsigned elem_size, uint32_t count) {
  return (uint64_t)((uint32_t)offset << 2 | 1) | (uint64_t)elem_size << 32 | (uint64_t)count << 35;
}

#define TEXT_WORD(a, b, c, d, e, f, g, h)                                                  \
  ((uint64_t)(a) | (uint64_t)(b) << 8 | (uint64_t)(c) << 16 | (uint64_t)(d) << 24 |        \
   (uint64_t)(e) << 32 | (uint64_t)(f) << 40 | (uint64_t)(g) << 48 | (uint64_t)(h) << 56)

static void test_evolution(void) {
  struct st_manifest_decoded d;
  /* A newer, larger struct: 3 data words, 4 pointers. */
  {
    uint64_t w[] = {struct_ptr(0, 3, 4),
                    UINT64_C(0x0000000200000001), /* abiVersion 1, arch i386 */
                    9,                            /* placementRulesVersion */
                    UINT64_C(0xdeadbeef),         /* a newer field */
                    list_ptr(3, 2, 4),            /* compiler -> word 8 */
                    list_ptr(3, 2, 2),            /* compilerVersion -> word 9 */
                    list_ptr(3, 2, 1),            /* pluginVersion -> word 10 */
                    list_ptr(0, 2, 1),            /* a newer text */
                    TEXT_WORD('g', 'c', 'c', 0, 0, 0, 0, 0),
                    TEXT_WORD('9', 0, 0, 0, 0, 0, 0, 0),
                    0,
                    TEXT_WORD(0, 0, 0, 0, 0, 0, 0, 0)};
    hand_message(w, sizeof w / sizeof w[0]);
    CHECK(decode_copy(hand, hand_len, &d) == 0, "larger struct rejected");
    CHECK(d.abi_version == 1 && d.arch == 2 && d.placement_rules_version == 9, "larger: numbers");
    CHECK(strcmp(d.compiler, "gcc") == 0 && strcmp(d.compiler_version, "9") == 0 &&
              strcmp(d.plugin_version, "") == 0,
          "larger: texts '%s' '%s' '%s'", d.compiler, d.compiler_version, d.plugin_version);
  }
  /* An older, smaller struct: 1 data word, 1 pointer: the rest defaults. */
  {
    uint64_t w[] = {struct_ptr(0, 1, 1), UINT64_C(0x0000000300000001), list_ptr(0, 2, 6),
                    TEXT_WORD('c', 'l', 'a', 'n', 'g', 0, 0, 0)};
    hand_message(w, 4);
    CHECK(decode_copy(hand, hand_len, &d) == 0, "smaller struct rejected");
    CHECK(d.abi_version == 1 && d.arch == 3 && d.placement_rules_version == 0, "smaller: numbers");
    CHECK(strcmp(d.compiler, "clang") == 0 && d.compiler_version[0] == 0, "smaller: texts");
  }
  /* Empty struct, null root, null text pointers: all defaults. */
  {
    uint64_t w[] = {struct_ptr(0, 0, 0)};
    hand_message(w, 1);
    CHECK(decode_copy(hand, hand_len, &d) == 0 && d.abi_version == 0, "empty struct");
    w[0] = 0;
    hand_message(w, 1);
    CHECK(decode_copy(hand, hand_len, &d) == 0 && d.arch == 0, "null root");
  }
  {
    uint64_t w[] = {struct_ptr(0, 2, 3), 1, 1, 0, 0, 0};
    hand_message(w, 6);
    CHECK(decode_copy(hand, hand_len, &d) == 0 && d.compiler[0] == 0, "null texts");
  }
  /* The struct somewhere else in the segment (offset 2). */
  {
    uint64_t w[] = {struct_ptr(2, 1, 0), 0, 0, UINT64_C(0x0000000100000001)};
    hand_message(w, 4);
    CHECK(decode_copy(hand, hand_len, &d) == 0 && d.arch == 1, "struct at offset 2");
  }
  /* Two segments: segment 0 holds everything; segment 1 is ignored. */
  {
    unsigned char m[8 + 16 + 8];
    memset(m, 0, sizeof m);
    m[0] = 1;         /* two segments */
    m[4] = 1;         /* segment 0: 1 word */
    m[8 + 0] = 1;     /* segment 1: 1 word; then 4 bytes of padding */
    put64(m + 16, struct_ptr(0, 0, 0));
    CHECK(decode_copy(m, sizeof m, &d) == 0, "two segments");
  }
}

static void test_malformed(void) {
  struct st_manifest_decoded d;
  const uint64_t text = TEXT_WORD('g', 'c', 'c', 0, 0, 0, 0, 0);
  struct {
    const char *what;
    uint64_t w[8];
    size_t n;
  } cases[] = {
      {"far root", {UINT64_C(0x0000000000000002) | 8 << 3, 0}, 2},
      {"list root", {list_ptr(0, 2, 8), text}, 2},
      {"capability root", {3}, 1},
      {"struct past the end", {struct_ptr(0, 2, 3), 0}, 2},
      {"struct offset far past the end", {struct_ptr(1000000, 1, 0), 0}, 2},
      {"struct before the segment", {struct_ptr(-2, 1, 0), 0}, 2},
      {"huge struct", {struct_ptr(0, 0xffff, 0xffff)}, 1},
      {"far text", {struct_ptr(0, 0, 1), 2 | 1 << 3}, 2},
      {"struct as text", {struct_ptr(0, 0, 1), struct_ptr(0, 1, 0), text}, 3},
      {"bit list as text", {struct_ptr(0, 0, 1), list_ptr(0, 1, 8), text}, 3},
      {"word list as text", {struct_ptr(0, 0, 1), list_ptr(0, 5, 1), text}, 3},
      {"empty text (no NUL)", {struct_ptr(0, 0, 1), list_ptr(0, 2, 0), text}, 3},
      {"text without its NUL", {struct_ptr(0, 0, 1), list_ptr(0, 2, 2), text}, 3},
      {"text past the end", {struct_ptr(0, 0, 1), list_ptr(0, 2, 9), text}, 3},
      {"text count huge", {struct_ptr(0, 0, 1), list_ptr(0, 2, 0x1fffffff), text}, 3},
      {"text before the segment", {struct_ptr(0, 0, 1), list_ptr(-3, 2, 1), text}, 3},
      {"text offset most negative", {struct_ptr(0, 0, 1), list_ptr(-0x20000000, 2, 1), text}, 3},
      {"capability as text", {struct_ptr(0, 0, 1), 3, text}, 3},
  };
  unsigned i;
  for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    hand_message(cases[i].w, cases[i].n);
    CHECK(decode_copy(hand, hand_len, &d) == -1, "accepted: %s", cases[i].what);
  }
  /* Segment tables that lie. */
  {
    unsigned char m[64];
    memset(m, 0, sizeof m);
    CHECK(decode_copy(m, 8, &d) == -1, "empty segment");
    m[0] = m[1] = m[2] = m[3] = 0xff; /* 2^32 segments */
    CHECK(decode_copy(m, sizeof m, &d) == -1, "2^32 segments");
    memset(m, 0, sizeof m);
    m[4] = 0xff;
    m[7] = 0xff; /* segment 0 of ~2^32 words */
    CHECK(decode_copy(m, sizeof m, &d) == -1, "huge segment");
    memset(m, 0, sizeof m);
    m[0] = 1;
    m[4] = 1;
    m[8] = 0xff;
    m[11] = 0xff; /* second segment huge: sums must not wrap */
    CHECK(decode_copy(m, 24, &d) == -1, "huge second segment");
  }
  CHECK(decode_copy(hand, 0, &d) == -1, "zero bytes");
}

/* ---------------------------------------------------------------------- */

static void test_mutations(void) {
  static const struct st_manifest base = {RR_SOFTTICKS_ARCH_AARCH64, "clang", "19.1.7",
                                          ST_PLUGIN_VERSION, 1};
  unsigned char orig[256], msg[512];
  size_t n = st_manifest_encode(&base, orig, sizeof orig);
  unsigned iter, accepted = 0;
  struct st_manifest_decoded d;
  CHECK(n > 0, "encode the base");
  for (iter = 0; iter < 200000; iter++) {
    size_t len = n, k, flips = 1 + rng() % 4;
    memcpy(msg, orig, n);
    for (k = 0; k < flips; k++) {
      size_t at = (size_t)(rng() % n);
      switch (rng() % 3) {
        case 0: msg[at] ^= (unsigned char)(1u << (rng() % 8)); break;
        case 1: msg[at] = (unsigned char)rng(); break;
        default: msg[at] = (unsigned char)(rng() % 2 ? 0xff : 0); break;
      }
    }
    if (iter % 7 == 0) len = (size_t)(rng() % (n + 16)); /* shorter or longer */
    if (decode_copy(msg, len, &d) == 0) {
      accepted++;
      CHECK(well_terminated(&d), "mutation %u: unterminated text", iter);
    }
  }
  /* Pure noise, every length up to 300 bytes. */
  for (iter = 0; iter < 20000; iter++) {
    size_t len = iter % 301, k;
    for (k = 0; k < len; k++) msg[k] = (unsigned char)rng();
    if (iter % 3 == 0 && len >= 8) { /* a plausible table for the noise */
      memset(msg, 0, 4);
      msg[4] = (unsigned char)((len - 8) / 8);
      msg[5] = msg[6] = msg[7] = 0;
    }
    if (decode_copy(msg, len, &d) == 0) CHECK(well_terminated(&d), "noise %u", iter);
  }
  printf("mutations: %u of 200000 decoded (the rest rejected), none crashed\n", accepted);
}

int main(void) {
  test_round_trips();
  test_evolution();
  test_malformed();
  test_mutations();
  return check_report("test_manifest_decode");
}
