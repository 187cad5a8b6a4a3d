// aarch64 without LSE and without outline atomics: every atomic
// read-modify-write becomes "load; loop: weak compare-and-swap", and a
// strong compare-and-swap a weak one in a loop, whose heads tick.  With LSE
// (+lse) the instruction exists: no loop.
// REQUIRES: aarch64
// RUN: %gimple-aarch64 -O2 -mno-outline-atomics %s | FileCheck %s
// RUN: %gimple-aarch64 -O2 -march=armv8.1-a %s | FileCheck %s --check-prefix=LSE

// CHECK-LABEL: ;; Function add (
// CHECK: ;; softticks: tick at the start of bb 2: entry
// CHECK-NEXT: ;; softticks: tick at the start of bb [[HEAD:[0-9]+]]: cycle-head
// CHECK-NEXT: ;; softticks: 2 ticks
// CHECK: <bb [[HEAD]]> [{{.*}}]:
// CHECK-NEXT: # [[OLD:_[0-9]+]] = PHI <
// CHECK-NEXT: SOFTTICKS_TICK;
// CHECK-NEXT: [[NEW:_[0-9]+]] = [[OLD]] + v.
// CHECK-NEXT: .ATOMIC_COMPARE_EXCHANGE (p_{{[0-9]+}}(D), [[OLD]], [[NEW]], 264, 5, 0);
// CHECK: goto <bb [[HEAD]]>;
// LSE-LABEL: ;; Function add (
// LSE: ;; softticks: 1 ticks
// LSE-NOT: ATOMIC_COMPARE_EXCHANGE
// LSE: __atomic_fetch_add_8 (
long add(long *p, long v) {
  return __atomic_fetch_add(p, v, __ATOMIC_SEQ_CST);
}

// CHECK-LABEL: ;; Function or_unused (
// CHECK: ;; softticks: 2 ticks
// CHECK: SOFTTICKS_TICK;
// CHECK: SOFTTICKS_TICK;
// CHECK-NEXT: {{_[0-9]+}} = {{_[0-9]+}} | v.
// CHECK-NEXT: .ATOMIC_COMPARE_EXCHANGE (p_{{[0-9]+}}(D), {{_[0-9]+}}, {{_[0-9]+}}, 264, 2, 0);
void or_unused(long *p, long v) {
  __atomic_fetch_or(p, v, __ATOMIC_ACQUIRE);
}

// CHECK-LABEL: ;; Function strong (
// CHECK: ;; softticks: tick at the start of bb [[HEAD:[0-9]+]]: cycle-head
// CHECK-NEXT: ;; softticks: 2 ticks
// CHECK: <bb [[HEAD]]> [{{.*}}]:
// CHECK-NEXT: SOFTTICKS_TICK;
// CHECK-NEXT: .ATOMIC_COMPARE_EXCHANGE (p_{{[0-9]+}}(D), {{_[0-9]+}}, n.{{[0-9_]+}}, 260, 5, 5);
// CHECK: goto <bb [[HEAD]]>;
// LSE-LABEL: ;; Function strong (
// LSE: ;; softticks: 1 ticks
// LSE: .ATOMIC_COMPARE_EXCHANGE (p_{{[0-9]+}}(D), {{_[0-9]+}}, n.{{[0-9_]+}}, 4, 5, 5);
_Bool strong(int *p, int e, int n) {
  return __atomic_compare_exchange_n(p, &e, n, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
}
