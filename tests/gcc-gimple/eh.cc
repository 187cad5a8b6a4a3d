// Exception handling: EH edges are edges like any others.  A loop whose
// body has a handler that rejoins it ticks at its head only; a handler
// that jumps back into the try makes the try's start a cycle head.
// RUN: %gimple -O0 %s | FileCheck %s
void may_throw();
void g(int);

// CHECK-LABEL: ;; Function retry (_Z5retryi,
// CHECK-NEXT: {{^$}}
// CHECK-NEXT: ;; softticks: tick at the start of bb 2: entry
// CHECK-NEXT: ;; softticks: tick at the start of bb 5: cycle-head
// CHECK-NEXT: ;; softticks: 2 ticks
// CHECK: <bb 3> :
// CHECK-NEXT: may_throw ();
// CHECK: <bb 5> :
// CHECK-NEXT: # i_{{[0-9]+}} = PHI <
// CHECK-NEXT: SOFTTICKS_TICK;
// CHECK: <L{{[0-9]+}}>:
// CHECK-NEXT: _1 = __builtin_eh_pointer (1);
// CHECK-NEXT: __cxa_begin_catch (_1);
// CHECK-NOT: SOFTTICKS_TICK;
// CHECK: __builtin_unwind_resume (
void retry(int n) {
  for (int i = 0; i < n; i++) {
    try {
      may_throw();
    } catch (...) {
      g(i);
    }
  }
}

// CHECK-LABEL: ;; Function again (_Z5againv,
// CHECK-NEXT: {{^$}}
// CHECK-NEXT: ;; softticks: tick at the start of bb 2: entry cycle-head
// CHECK-NEXT: ;; softticks: 1 ticks
// CHECK: <bb 2> :
// CHECK-NEXT: again:
// CHECK-NEXT: SOFTTICKS_TICK;
// CHECK-NEXT: may_throw ();
// CHECK-NOT: SOFTTICKS_TICK;
// CHECK: __cxa_end_catch ();
// CHECK-NEXT: goto <bb 2>;
void again() {
again:
  try {
    may_throw();
  } catch (int) {
    goto again;
  }
}
