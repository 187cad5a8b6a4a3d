// Loops RTL expansion would write after the pass are written before
// placement, whose tick then heads them: an atomic read-modify-write with
// no single instruction on x86 becomes "load; loop: weak compare-and-swap"
// (.ATOMIC_COMPARE_EXCHANGE with the weak flag, 256, plus the size); one
// that has an instruction stays a call.  aarch64: late_loops_aarch64.c.
// RUN: %gimple -O2 %s | FileCheck %s

// CHECK-LABEL: ;; Function nand (
// CHECK: ;; softticks: tick at the start of bb 2: entry
// CHECK-NEXT: ;; softticks: tick at the start of bb [[HEAD:[0-9]+]]: cycle-head
// CHECK-NEXT: ;; softticks: 2 ticks
// CHECK: <bb 2> [{{.*}}]:
// CHECK-NEXT: SOFTTICKS_TICK;
// CHECK: [[INIT:_[0-9]+]] ={v} MEM <unsigned int> [(void *)p_{{[0-9]+}}(D)];
// CHECK: <bb [[HEAD]]> [{{.*}}]:
// CHECK-NEXT: # [[OLD:_[0-9]+]] = PHI <[[INIT]](2), [[SEEN:_[0-9]+]]([[HEAD]])>
// CHECK-NEXT: SOFTTICKS_TICK;
// CHECK-NEXT: [[AND:_[0-9]+]] = [[OLD]] & v.
// CHECK-NEXT: [[NEW:_[0-9]+]] = ~[[AND]];
// CHECK-NEXT: [[PAIR:_[0-9]+]] = .ATOMIC_COMPARE_EXCHANGE (p_{{[0-9]+}}(D), [[OLD]], [[NEW]], 260, 5, 0);
// CHECK-NEXT: [[SEEN]] = REALPART_EXPR <[[PAIR]]>;
// CHECK: goto <bb [[HEAD]]>;
int nand(int *p, int v) {
  return __atomic_fetch_nand(p, v, __ATOMIC_SEQ_CST);
}

// The old value used: a loop on x86 (lock or returns nothing).
// CHECK-LABEL: ;; Function or_used (
// CHECK: ;; softticks: 2 ticks
// CHECK: SOFTTICKS_TICK;
// CHECK: SOFTTICKS_TICK;
// CHECK-NEXT: {{_[0-9]+}} = {{_[0-9]+}} | v.
// CHECK-NEXT: .ATOMIC_COMPARE_EXCHANGE (p_{{[0-9]+}}(D), {{_[0-9]+}}, {{_[0-9]+}}, 264, 2, 0);
long or_used(long *p, long v) {
  return __atomic_fetch_or(p, v, __ATOMIC_ACQUIRE);
}

// CHECK-LABEL: ;; Function or_unused (
// CHECK: ;; softticks: 1 ticks
// CHECK-NOT: ATOMIC_COMPARE_EXCHANGE
// CHECK: __atomic_fetch_or_8 (p_{{[0-9]+}}(D), v.{{[0-9_]+}}, 2);
void or_unused(long *p, long v) {
  __atomic_fetch_or(p, v, __ATOMIC_ACQUIRE);
}

// CHECK-LABEL: ;; Function add (
// CHECK: ;; softticks: 1 ticks
// CHECK-NOT: ATOMIC_COMPARE_EXCHANGE
// CHECK: __atomic_fetch_add_8 (p_{{[0-9]+}}(D), v.{{[0-9_]+}}, 5);
long add(long *p, long v) {
  return __atomic_fetch_add(p, v, __ATOMIC_SEQ_CST);
}

// A strong compare-and-swap has an instruction: no loop.
// CHECK-LABEL: ;; Function strong (
// CHECK: ;; softticks: 1 ticks
// CHECK: .ATOMIC_COMPARE_EXCHANGE (p_{{[0-9]+}}(D), {{_[0-9]+}}, n.{{[0-9_]+}}, 4, 5, 5);
// CHECK-NOT: SOFTTICKS_TICK
// CHECK: }
_Bool strong(int *p, int e, int n) {
  return __atomic_compare_exchange_n(p, &e, n, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
}
