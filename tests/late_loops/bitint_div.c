/* Division and remainder of integers wider than the target's division
 * routines (__udivti3 on 64-bit targets, __udivdi3 on i386): clang expands
 * them into a shift-subtract loop after the optimizer (ExpandLargeDivRem). */
#include <stdio.h>

#if defined(__clang__) && __clang_major__ >= 16 && __BITINT_MAXWIDTH__ >= 128
typedef unsigned _BitInt(128) u128;
__attribute__((noinline)) u128 udiv128(u128 a, u128 b) { return a / b; }
#define WIDE128 1
#endif
#if defined(__clang__) && defined(__BITINT_MAXWIDTH__) && __BITINT_MAXWIDTH__ >= 256
typedef unsigned _BitInt(256) u256;
typedef signed _BitInt(256) s256;
__attribute__((noinline)) u256 udiv(u256 a, u256 b) { return a / b; }
__attribute__((noinline)) s256 srem(s256 a, s256 b) { return a % b; }
#define WIDE256 1
#endif

int main(int argc, char **argv) {
  (void)argv;
#ifdef WIDE128
  u128 x = ((u128)0xfedcba9876543210ull << 60) + (u128)argc;
  printf("%llu\n", (unsigned long long)udiv128(x, (u128)1000003 + (u128)argc));
#endif
#ifdef WIDE256
  u256 a = ((u256)0x123456789abcdefull << 180) + (u256)argc;
  u256 q = udiv(a, (u256)12345 + (u256)argc);
  s256 r = srem(-(s256)a, (s256)977);
  printf("%llu %lld\n", (unsigned long long)q, (long long)r);
#endif
  printf("done\n");
  return 0;
}
