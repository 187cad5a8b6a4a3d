// Computed goto (labels as values): the edges of a goto through a pointer
// count like any others.  Every op goes back through the dispatch block,
// which alone heads the cycles.
// RUN: %gimple -O0 %s | FileCheck %s
void use(void *);

// CHECK-LABEL: ;; Function interpreter (
// CHECK-NEXT: {{^$}}
// CHECK-NEXT: ;; softticks: tick at the start of bb 2: entry
// CHECK-NEXT: ;; softticks: tick at the start of bb 3: cycle-head
// CHECK-NEXT: ;; softticks: 2 ticks
// CHECK: <bb 2> :
// CHECK-NEXT: SOFTTICKS_TICK;
// CHECK: <bb 3> :
// CHECK-NEXT: # pc_{{[0-9]+}} = PHI <
// CHECK-NEXT: dispatch:
// CHECK-NEXT: SOFTTICKS_TICK;
// CHECK-NEXT: _1 = *pc_
// CHECK: op1:
// CHECK-NEXT: pc_{{[0-9]+}} = pc_{{[0-9]+}} + 8;
// CHECK: goto gotovar
// CHECK: op2:
// CHECK-NEXT: pc_{{[0-9]+}} = pc_{{[0-9]+}} + 16;
// CHECK-NOT: SOFTTICKS_TICK;
// CHECK: return;
void interpreter(void **code) {
  static void *ops[] = {&&op1, &&op2, &&halt};
  void **pc = code;
  use(ops);
dispatch:
  goto **pc;
op1:
  pc += 1;
  goto dispatch;
op2:
  pc += 2;
  goto dispatch;
halt:
  return;
}

// Threaded: each op jumps straight to the next through its own pointer.
// GCC factors every computed goto of a function into one block holding
// the only "goto <pointer>", so the ops still meet there: that block heads
// the cycle, the ops do not tick.
// CHECK-LABEL: ;; Function threaded (
// CHECK-NEXT: {{^$}}
// CHECK-NEXT: ;; softticks: tick at the start of bb 2: entry
// CHECK-NEXT: ;; softticks: tick at the start of bb 4: cycle-head
// CHECK-NEXT: ;; softticks: 2 ticks
// CHECK: a:
// CHECK-NEXT: _2 = p_{{[0-9]+}}(D) + 8;
// CHECK: <bb 4> :
// CHECK-NEXT: # gotovar.{{[0-9_]+}} = PHI <
// CHECK-NEXT: SOFTTICKS_TICK;
// CHECK: b:
// CHECK-NEXT: _4 = p_{{[0-9]+}}(D) + 16;
// CHECK-NOT: SOFTTICKS_TICK;
// CHECK: return;
void threaded(void **p) {
  static void *ops[] = {&&a, &&b, &&out};
  use(ops);
  goto *p[0];
a:
  goto *p[1];
b:
  goto *p[2];
out:
  return;
}
