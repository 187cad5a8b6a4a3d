// The entry tick is the first statement of the function's first block,
// before anything else, a variable-length array's stack save and alloca
// included (GIMPLE has no fixed-frame allocas to keep in front of it).
// RUN: %gimple -O0 %s | FileCheck %s
// RUN: %gimple -O2 %s | FileCheck %s --check-prefix=O2
void use(void *);

// CHECK-LABEL: ;; Function vla (
// CHECK-NEXT: {{^$}}
// CHECK-NEXT: ;; softticks: tick at the start of bb 2: entry
// CHECK-NEXT: ;; softticks: 1 ticks
// CHECK: <bb 2> :
// CHECK-NEXT: SOFTTICKS_TICK;
// CHECK-NEXT: saved_stack.{{[0-9_]+}} = __builtin_stack_save ();
// CHECK-NOT: SOFTTICKS_TICK;
// CHECK: __builtin_alloca_with_align (
// CHECK-NOT: SOFTTICKS_TICK;
// CHECK: return;
void vla(int n) {
  char buf[n];
  use(buf);
}

// CHECK-LABEL: ;; Function add_one (
// CHECK: <bb 2> :
// CHECK-NEXT: SOFTTICKS_TICK;
// CHECK-NEXT: _2 = x_1(D) + 1;
// O2-LABEL: ;; Function add_one (
// O2: ;; softticks: tick at the start of bb 2: entry
// O2: <bb 2> [{{.*}}]:
// O2-NEXT: SOFTTICKS_TICK;
// O2-NEXT: _2 = x_1(D) + 1;
// O2-NEXT: return _2;
int add_one(int x) {
  return x + 1;
}

// A function without a statement still ticks once.
// CHECK-LABEL: ;; Function empty (
// CHECK: ;; softticks: 1 ticks
// CHECK: SOFTTICKS_TICK;
// CHECK-NEXT: return;
void empty(void) {
}
