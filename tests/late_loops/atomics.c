/* Atomic read-modify-writes that backends expand into compare-and-swap
 * (x86, i386 64-bit) or load-exclusive/store-exclusive (aarch64 without
 * LSE) retry loops, each with its result used. */
#include <stdint.h>
#include <stdio.h>

#define RMW_OPS(T, name)                                                                 \
  T name##_fetch_and(T *p, T v) { return __atomic_fetch_and(p, v, __ATOMIC_SEQ_CST); }   \
  T name##_fetch_or(T *p, T v) { return __atomic_fetch_or(p, v, __ATOMIC_SEQ_CST); }     \
  T name##_fetch_xor(T *p, T v) { return __atomic_fetch_xor(p, v, __ATOMIC_SEQ_CST); }   \
  T name##_fetch_nand(T *p, T v) { return __atomic_fetch_nand(p, v, __ATOMIC_SEQ_CST); } \
  T name##_nand_fetch(T *p, T v) { return __atomic_nand_fetch(p, v, __ATOMIC_ACQUIRE); } \
  T name##_fetch_add(T *p, T v) { return __atomic_fetch_add(p, v, __ATOMIC_RELAXED); }   \
  T name##_exchange(T *p, T v) { return __atomic_exchange_n(p, v, __ATOMIC_SEQ_CST); }   \
  int name##_cas(T *p, T e, T v) {                                                       \
    return __atomic_compare_exchange_n(p, &e, v, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST); \
  }                                                                                      \
  T name##_cas_seen(T *p, T e, T v) {                                                    \
    __atomic_compare_exchange_n(p, &e, v, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);        \
    return e;                                                                            \
  }                                                                                      \
  T name##_legacy_val_cas(T *p, T e, T v) { return __sync_val_compare_and_swap(p, e, v); } \
  int name##_legacy_bool_cas(T *p, T e, T v) { return __sync_bool_compare_and_swap(p, e, v); } \
  T name##_legacy_or(T *p, T v) { return __sync_fetch_and_or(p, v); }                    \
  T name##_legacy_nand(T *p, T v) { return __sync_nand_and_fetch(p, v); }

RMW_OPS(uint8_t, u8)
RMW_OPS(uint16_t, u16)
RMW_OPS(uint32_t, u32)
/* 8-byte aligned on i386 too (inline, not libatomic calls). */
typedef uint64_t u64 __attribute__((aligned(8)));
RMW_OPS(u64, u64)

/* 64-bit stores and loads: cmpxchg8b loops on some i386 set-ups. */
void u64_store(u64 *p, uint64_t v) { __atomic_store_n(p, v, __ATOMIC_SEQ_CST); }
uint64_t u64_load(u64 *p) { return __atomic_load_n(p, __ATOMIC_SEQ_CST); }

/* C11 floating-point compound assignment. */
void float_add(_Atomic float *p, float v) { *p += v; }
void double_mul(_Atomic double *p, double v) { *p *= v; }

#ifdef __clang__
int32_t i32_fetch_min(int32_t *p, int32_t v) { return __atomic_fetch_min(p, v, __ATOMIC_SEQ_CST); }
uint64_t u64_fetch_max(u64 *p, uint64_t v) { return __atomic_fetch_max(p, v, __ATOMIC_SEQ_CST); }
#endif

int main(void) {
  uint8_t a8 = 0xf0;
  uint16_t a16 = 0xf0f0;
  uint32_t a32 = 0xf0f0f0f0u;
  u64 a64 = 0xf0f0f0f0f0f0f0f0ull;
  unsigned long sum = 0;
  sum += u8_fetch_and(&a8, 0x3c) + u8_fetch_or(&a8, 1) + u8_fetch_xor(&a8, 2) + u8_fetch_nand(&a8, 7);
  sum += u8_nand_fetch(&a8, 9) + u8_fetch_add(&a8, 3) + u8_exchange(&a8, 5) + u8_cas(&a8, 5, 6);
  sum += u8_cas_seen(&a8, 99, 1) + u8_legacy_val_cas(&a8, 98, 2) + u8_legacy_bool_cas(&a8, 97, 3);
  sum += u8_legacy_val_cas(&a8, a8, 4) + u8_legacy_bool_cas(&a8, a8, 5);
  sum += u8_legacy_or(&a8, 0x40) + u8_legacy_nand(&a8, 0x11);
  sum += u16_fetch_and(&a16, 0x3c3c) + u16_fetch_or(&a16, 1) + u16_fetch_xor(&a16, 2);
  sum += u16_fetch_nand(&a16, 7) + u16_nand_fetch(&a16, 9) + u16_fetch_add(&a16, 3);
  sum += u16_exchange(&a16, 5) + u16_cas(&a16, 5, 6) + u16_legacy_or(&a16, 8) + u16_legacy_nand(&a16, 3);
  sum += u32_fetch_and(&a32, 0x3c3c3c3c) + u32_fetch_or(&a32, 1) + u32_fetch_xor(&a32, 2);
  sum += u32_fetch_nand(&a32, 7) + u32_nand_fetch(&a32, 9) + u32_fetch_add(&a32, 3);
  sum += u32_exchange(&a32, 5) + u32_cas(&a32, 5, 6) + u32_legacy_or(&a32, 8) + u32_legacy_nand(&a32, 3);
  sum += u64_fetch_and(&a64, 0x3c3c3c3c3c3c3c3cull) + u64_fetch_or(&a64, 1) + u64_fetch_xor(&a64, 2);
  sum += u64_fetch_nand(&a64, 7) + u64_nand_fetch(&a64, 9) + u64_fetch_add(&a64, 3);
  sum += u64_exchange(&a64, 5) + u64_cas(&a64, 5, 6) + u64_legacy_or(&a64, 8) + u64_legacy_nand(&a64, 3);
  u64_store(&a64, 0x123456789ull);
  sum += u64_load(&a64);
  _Atomic float f = 1.5f;
  _Atomic double d = 2.0;
  float_add(&f, 2.25f);
  double_mul(&d, 3.0);
  sum += (unsigned long)f + (unsigned long)d;
#ifdef __clang__
  int32_t m = 10;
  sum += (unsigned long)i32_fetch_min(&m, -3) + (unsigned long)m;
  sum += u64_fetch_max(&a64, 1ull << 40) + a64;
#else
  sum += 7 + (unsigned long)-3 + (1ull << 40) + (1ull << 40);
#endif
  printf("%lu %u %u %u %llu\n", sum, a8, a16, (unsigned)a32, (unsigned long long)a64);
  return 0;
}
