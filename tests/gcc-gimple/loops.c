// Cycle heads: every target of a retreating edge of a depth-first walk of
// GCC's CFG ticks, after its labels and PHIs; nothing else does.  -O0 keeps
// the loops as written; -O2 (rotated loops) still ticks each head once.
// RUN: %gimple -O0 %s | FileCheck %s
// RUN: %gimple -O2 %s | FileCheck %s --check-prefix=O2
int cond(void);
void g(int);

// CHECK-LABEL: ;; Function self_loop (
// CHECK-NEXT: {{^$}}
// CHECK-NEXT: ;; softticks: tick at the start of bb 2: entry
// CHECK-NEXT: ;; softticks: tick at the start of bb 4: cycle-head
// CHECK-NEXT: ;; softticks: 2 ticks
// CHECK: <bb 2> :
// CHECK-NEXT: SOFTTICKS_TICK;
// CHECK-NEXT: i_{{[0-9]+}} = 0;
// CHECK: <bb 3> :
// CHECK-NEXT: g (i_{{[0-9]+}});
// CHECK: <bb 4> :
// CHECK-NEXT: # i_{{[0-9]+}} = PHI <
// CHECK-NEXT: SOFTTICKS_TICK;
// CHECK-NEXT: if (i_
// CHECK: <bb 5> :
// CHECK-NEXT: return;
// O2-LABEL: ;; Function self_loop (
// O2: ;; softticks: 2 ticks
// O2: <bb 2> [{{.*}}]:
// O2-NEXT: SOFTTICKS_TICK;
// O2: <bb 3> [{{.*}}]:
// O2-NEXT: # i_{{[0-9]+}} = PHI <
// O2-NEXT: SOFTTICKS_TICK;
// O2-NEXT: g (i_
void self_loop(int n) {
  for (int i = 0; i < n; i++) g(i);
}

// Nested: the outer and the inner head tick, the latch and exit do not.
// CHECK-LABEL: ;; Function nested (
// CHECK-NEXT: {{^$}}
// CHECK-NEXT: ;; softticks: tick at the start of bb 2: entry
// CHECK-NEXT: ;; softticks: tick at the start of bb 5: cycle-head
// CHECK-NEXT: ;; softticks: tick at the start of bb 7: cycle-head
// CHECK-NEXT: ;; softticks: 3 ticks
// CHECK: <bb 3> :
// CHECK-NEXT: j_{{[0-9]+}} = 0;
// CHECK: <bb 4> :
// CHECK-NEXT: _1 = i_{{[0-9]+}} + j_{{[0-9]+}};
// CHECK: <bb 5> :
// CHECK-NEXT: # j_{{[0-9]+}} = PHI <
// CHECK-NEXT: SOFTTICKS_TICK;
// CHECK: <bb 6> :
// CHECK-NEXT: i_{{[0-9]+}} = i_{{[0-9]+}} + 1;
// CHECK: <bb 7> :
// CHECK-NEXT: # i_{{[0-9]+}} = PHI <
// CHECK-NEXT: SOFTTICKS_TICK;
// CHECK: <bb 8> :
// CHECK-NEXT: return;
// O2-LABEL: ;; Function nested (
// O2: ;; softticks: 3 ticks
// O2-COUNT-3: SOFTTICKS_TICK;
// O2-NOT: SOFTTICKS_TICK;
// O2: return;
void nested(int n) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) g(i + j);
}

// Two back edges to one head, which is also the entry: one tick, for both
// reasons.
// CHECK-LABEL: ;; Function two_latches (
// CHECK-NEXT: {{^$}}
// CHECK-NEXT: ;; softticks: tick at the start of bb 2: entry cycle-head
// CHECK-NEXT: ;; softticks: 1 ticks
// CHECK: <bb 2> :
// CHECK-NEXT: SOFTTICKS_TICK;
// CHECK-NEXT: _1 = cond ();
// CHECK-NOT: SOFTTICKS_TICK;
// CHECK: return;
void two_latches(void) {
  for (;;) {
    if (cond()) {
      if (cond()) continue;
      break;
    } else {
      if (cond()) continue;
      break;
    }
  }
}

// Irreducible: a and b are both entered from outside the cycle.  The walk
// goes entry -> a -> b, so the retreating edge is b -> a: a ticks, b not.
// CHECK-LABEL: ;; Function irreducible_a (
// CHECK: ;; softticks: 2 ticks
// CHECK: a:
// CHECK-NEXT: SOFTTICKS_TICK;
// CHECK-NEXT: _{{[0-9]+}} = cond ();
// CHECK: b:
// CHECK-NEXT: _{{[0-9]+}} = cond ();
void irreducible_a(int p) {
  if (p) goto a;
  goto b;
a:
  if (cond()) goto b;
  return;
b:
  if (cond()) goto a;
}

// The same cycle walked the other way round: b ticks, a not.
// CHECK-LABEL: ;; Function irreducible_b (
// CHECK: ;; softticks: 2 ticks
// CHECK: b:
// CHECK-NEXT: SOFTTICKS_TICK;
// CHECK-NEXT: _{{[0-9]+}} = cond ();
// CHECK: a:
// CHECK-NEXT: _{{[0-9]+}} = cond ();
void irreducible_b(int p) {
  if (p) goto b;
  goto a;
b:
  if (cond()) goto a;
  return;
a:
  if (cond()) goto b;
}

// Straight-line code: the entry only.
// CHECK-LABEL: ;; Function straight (
// CHECK-NEXT: {{^$}}
// CHECK-NEXT: ;; softticks: tick at the start of bb 2: entry
// CHECK-NEXT: ;; softticks: 1 ticks
// CHECK: <bb 2> :
// CHECK-NEXT: SOFTTICKS_TICK;
// CHECK-NOT: SOFTTICKS_TICK;
// CHECK: return;
// O2-LABEL: ;; Function straight (
// O2: ;; softticks: 1 ticks
// O2-COUNT-1: SOFTTICKS_TICK;
// O2-NOT: SOFTTICKS_TICK;
// O2: }
void straight(int p) {
  if (p)
    g(1);
  else
    g(2);
}
