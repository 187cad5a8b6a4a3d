/*
 * Unit test of tools/base, what softticks-trace and softticks-inspect
 * share: JSON strings (valid JSON whatever the bytes), the one spelling of
 * the arch names, the e_machine map, words in file byte order, and the
 * tick scanner's answer for one function's code, and the rule for
 * functions without a tick (tick_coverage).
 */
#define _GNU_SOURCE /* open_memstream */
#include <elf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch.h"
#include "elf_access.h"
#include "json.h"
#include "tick_coverage.h"
#include "tick_scan.h"

#include "check.h"


/* st_json_string(in) equals want. */
static int json_is(const char *in, const char *want) {
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  if (!f) return 0;
  st_json_string(f, in);
  fclose(f);
  int ok = len == strlen(want) && memcmp(buf, want, len) == 0;
  if (!ok) fprintf(stderr, "json of %s: got %s, want %s\n", in ? in : "NULL", buf, want);
  free(buf);
  return ok;
}

static void test_json(void) {
  CHECK(json_is("plain", "\"plain\""));
  CHECK(json_is(NULL, "\"\""));
  CHECK(json_is("a\"b\\c", "\"a\\\"b\\\\c\""));
  CHECK(json_is("l1\nl2\tx", "\"l1\\nl2\\tx\""));
  CHECK(json_is("\x01\x1f\x7f", "\"\\u0001\\u001f\\u007f\""));
  /* Well-formed UTF-8 stays as it is: 2, 3 and 4 bytes. */
  CHECK(json_is("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80", "\"caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80\""));
  /* Bytes that are not UTF-8: a stray continuation byte, 0xff, a cut
   * sequence, an overlong '/', a surrogate; each byte alone. */
  CHECK(json_is("\x80", "\"\\u0080\""));
  CHECK(json_is("a\xff" "b", "\"a\\u00ffb\""));
  CHECK(json_is("\xe2\x82", "\"\\u00e2\\u0082\""));
  CHECK(json_is("\xc0\xaf", "\"\\u00c0\\u00af\""));
  CHECK(json_is("\xed\xa0\x80", "\"\\u00ed\\u00a0\\u0080\""));
}

static void test_arch(void) {
  CHECK(!strcmp(st_arch_name(RR_SOFTTICKS_ARCH_X86_64), "x86-64"));
  CHECK(!strcmp(st_arch_name(RR_SOFTTICKS_ARCH_I386), "i386"));
  CHECK(!strcmp(st_arch_name(RR_SOFTTICKS_ARCH_AARCH64), "aarch64"));
  CHECK(!strcmp(st_arch_name((enum rr_softticks_arch)0), "unknown"));
  CHECK(st_arch_of_elf(EM_X86_64, ELFCLASS64) == RR_SOFTTICKS_ARCH_X86_64);
  CHECK(st_arch_of_elf(EM_386, ELFCLASS32) == RR_SOFTTICKS_ARCH_I386);
  CHECK(st_arch_of_elf(EM_AARCH64, ELFCLASS64) == RR_SOFTTICKS_ARCH_AARCH64);
  CHECK(st_arch_of_elf(EM_X86_64, ELFCLASS32) == 0); /* x32 */
  CHECK(st_arch_of_elf(EM_AARCH64, ELFCLASS32) == 0); /* ILP32 */
  CHECK(st_arch_of_elf(EM_ARM, ELFCLASS32) == 0);
  /* The machine names of our arches are the arch names. */
  CHECK(!strcmp(st_machine_name(EM_X86_64), st_arch_name(RR_SOFTTICKS_ARCH_X86_64)));
  CHECK(!strcmp(st_machine_name(EM_386), "i386"));
  CHECK(!strcmp(st_machine_name(EM_RISCV), "riscv"));
  CHECK(!strcmp(st_machine_name(0xfffe), "other"));
}

static void test_words(void) {
  const unsigned char b[4] = {1, 2, 3, 4};
  CHECK(st_read_word(b, 4, 0) == 0x04030201);
  CHECK(st_read_word(b, 4, 1) == 0x01020304);
  CHECK(st_read_word(b, 2, 0) == 0x0201);
}

/* A function's code: the sequence of arch at `at`, in code at `address`. */
static int has_tick_at(enum rr_softticks_arch arch, size_t at, uint64_t address) {
  unsigned char code[96];
  size_t len;
  const unsigned char *seq = rr_softticks_sequence_bytes(arch, &len);
  memset(code, 0, sizeof code);
  memcpy(code + at, seq, len);
  return st_code_has_tick(arch, code, at + len, address);
}

static void test_code_has_tick(void) {
  CHECK(has_tick_at(RR_SOFTTICKS_ARCH_X86_64, 3, 0x1000));
  CHECK(has_tick_at(RR_SOFTTICKS_ARCH_I386, 5, 0x1001));
  CHECK(has_tick_at(RR_SOFTTICKS_ARCH_AARCH64, 8, 0x1000));
  /* aarch64 instructions are 4-byte aligned: elsewhere it is data. */
  CHECK(!has_tick_at(RR_SOFTTICKS_ARCH_AARCH64, 6, 0x1000));
  CHECK(!has_tick_at(RR_SOFTTICKS_ARCH_AARCH64, 8, 0x1002));
  /* Another arch's sequence is not this arch's tick. */
  unsigned char code[64];
  size_t len;
  const unsigned char *aarch64 = rr_softticks_sequence_bytes(RR_SOFTTICKS_ARCH_AARCH64, &len);
  memset(code, 0, sizeof code);
  memcpy(code, aarch64, len);
  CHECK(!st_code_has_tick(RR_SOFTTICKS_ARCH_X86_64, code, sizeof code, 0));
}

/* The rule for functions without a tick (tools/inspect/README.md). */
static void test_coverage(void) {
  struct st_coverage_item f[] = {
      {"main", ".text", 100, 1, 0, 0},
      {"main.cold", ".text", 30, 0, 0, 0},          /* part of main, which ticks */
      {"helper.cold.2", ".text", 20, 0, 0, 0},      /* LLVM's: helper ticks too */
      {"helper", ".text", 50, 1, 0, 0},
      {"orphan.cold", ".text", 40, 0, 0, 0},        /* orphan has no tick */
      {"orphan", ".text", 60, 0, 0, 0},
      {"x.coldish", ".text", 7, 0, 0, 0},           /* not a split part */
      {"__rr_softticks_init", ".text", 84, 0, 0, 0},
      {"rr_softticks_ensure_page", ".text", 24, 0, 0, 0},
      {"memcpy", ".text", 16, 0, 1, 0},             /* ifunc resolver */
      {"skipped", ".text.__rr_softticks_mine", 9, 0, 0, 0},
      {"_init", ".init", 27, 0, 0, 0},
      {"_start", ".text", 34, 0, 0, 0},
      {"__x86.get_pc_thunk.bx", ".text", 4, 0, 0, 0},
      {"libfn", ".text", 200, 0, 0, 0},
      {"libfn2", NULL, 200, 0, 0, 0},
  };
  size_t n = sizeof f / sizeof f[0];
  struct st_coverage c;
  char msg[400];
  CHECK(st_coverage_classify(f, n, NULL, 0, &c) == 0);
  CHECK(f[0].cls == ST_TICK_CLASS_TICKS);
  CHECK(f[1].cls == ST_TICK_CLASS_SPLIT_PART);
  CHECK(f[2].cls == ST_TICK_CLASS_SPLIT_PART);
  CHECK(f[4].cls == ST_TICK_CLASS_UNTRACKED);
  CHECK(f[5].cls == ST_TICK_CLASS_UNTRACKED);
  CHECK(f[6].cls == ST_TICK_CLASS_UNTRACKED);
  CHECK(f[7].cls == ST_TICK_CLASS_SOFTTICKS);
  CHECK(f[8].cls == ST_TICK_CLASS_SOFTTICKS);
  CHECK(f[9].cls == ST_TICK_CLASS_IFUNC);
  CHECK(f[10].cls == ST_TICK_CLASS_OPTED_OUT);
  CHECK(f[11].cls == ST_TICK_CLASS_STUB_SECTION);
  CHECK(f[12].cls == ST_TICK_CLASS_START_FILE);
  CHECK(f[13].cls == ST_TICK_CLASS_THUNK);
  CHECK(f[14].cls == ST_TICK_CLASS_UNTRACKED);
  CHECK(c.functions == n && c.with_ticks == 2 && c.untracked == 5 && c.exempt == 9);
  CHECK(c.untracked_bytes == 40 + 60 + 7 + 200 + 200);
  CHECK(c.code_bytes == 905);
  CHECK(st_coverage_permille(&c) == 507000 / 905);
  /* The largest first, ties by name; five at most. */
  CHECK(c.largest_count == 5);
  CHECK(strcmp(c.largest[0].name, "libfn") == 0 && strcmp(c.largest[1].name, "libfn2") == 0);
  CHECK(strcmp(c.largest[2].name, "orphan") == 0 && strcmp(c.largest[4].name, "x.coldish") == 0);
  st_coverage_warning(&c, 2, msg, sizeof msg);
  CHECK(strcmp(msg, "partly instrumented: 5 of 16 functions (56.0% of their code bytes) carry no "
                    "tick (not instrumented or opted out); largest: libfn (200 bytes), libfn2 "
                    "(200 bytes)") == 0);
  /* Names are whole or left out. */
  st_coverage_warning(&c, 2, msg, 140);
  CHECK(strstr(msg, "largest") == NULL && strstr(msg, "56.0%") != NULL);
  /* rustc's allocator shim (v0 and legacy names) is a thunk; a function
   * of a crate merely named like it is not. */
  {
    struct st_coverage_item r[] = {
        {"_RNvCsfgHYwM92fyn_7___rustc12___rust_alloc", ".text", 5, 0, 0, 0},
        {"__rust_dealloc", ".text", 5, 0, 0, 0},
        {"_RNvCs5Sm7ZMM2dG8_4mine12___rust_alloc", ".text", 40, 0, 0, 0},
    };
    struct st_coverage rc;
    CHECK(st_coverage_classify(r, 3, NULL, 0, &rc) == 0);
    CHECK(r[0].cls == ST_TICK_CLASS_THUNK && r[1].cls == ST_TICK_CLASS_THUNK);
    CHECK(r[2].cls == ST_TICK_CLASS_UNTRACKED);
  }
  /* A .cold part named after an alias of a ticking function (C++
   * constructors: the C1 and C2 names are one function). */
  {
    struct st_coverage_item g[] = {
        {"_ZN1AC1Ev", ".text", 50, 1, 0, 0},
        {"_ZN1AC2Ev.cold", ".text", 10, 0, 0, 0},
        {"_ZN1BC2Ev.cold", ".text", 10, 0, 0, 0},
    };
    struct st_coverage_alias alias[] = {{"_ZN1AC2Ev", 0}, {"_ZN1BC2Ev", 7}};
    CHECK(st_coverage_classify(g, 3, NULL, 0, &c) == 0 && c.untracked == 2);
    CHECK(st_coverage_classify(g, 3, alias, 2, &c) == 0 && c.untracked == 1);
    CHECK(g[1].cls == ST_TICK_CLASS_SPLIT_PART && g[2].cls == ST_TICK_CLASS_UNTRACKED);
  }
  /* LLVM's machine outliner's pieces. */
  {
    struct st_coverage_item g[] = {
        {"OUTLINED_FUNCTION_12", ".text", 9, 0, 0, 0},
        {"OUTLINED_FUNCTION_", ".text", 9, 0, 0, 0},
        {"OUTLINED_FUNCTION_1x", ".text", 9, 0, 0, 0},
    };
    CHECK(st_coverage_classify(g, 3, NULL, 0, &c) == 0 && c.untracked == 2);
    CHECK(g[0].cls == ST_TICK_CLASS_SPLIT_PART);
  }
  CHECK(st_coverage_classify(f, 0, NULL, 0, &c) == 0 && c.functions == 0 && st_coverage_permille(&c) == 0);
}

int main(void) {
  test_json();
  test_arch();
  test_words();
  test_code_has_tick();
  test_coverage();
  return check_report("tools/base");
}
