/*
 * Unit test of tools/base, what softticks-trace and softticks-inspect
 * share: JSON strings (valid JSON whatever the bytes), the one spelling of
 * the arch names, the e_machine map, words in file byte order, and the
 * tick scanner's answer for one function's code.
 */
#define _GNU_SOURCE /* open_memstream */
#include <elf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch.h"
#include "elf_access.h"
#include "json.h"
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

int main(void) {
  test_json();
  test_arch();
  test_words();
  test_code_has_tick();
  return check_report("tools/base");
}
