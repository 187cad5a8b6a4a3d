// A tick right after every returns_twice call (setjmp, vfork, getcontext,
// __builtin_setjmp's receiver path; swapcontext by name): on the call's
// fall-through edge when it ends its block (GCC ends it when the function
// has an abnormal dispatcher), else at the start of a block split off after
// it.  A block that begins with such a call needs no other tick.
// RUN: %gimple -O0 %s | FileCheck %s
// RUN: %gimple -O2 %s | FileCheck %s --check-prefix=O2
#include <setjmp.h>
#include <ucontext.h>
#include <unistd.h>
void g(int);
jmp_buf buf;
static void *builtin_buf[5];
ucontext_t uc1, uc2;

// The entry begins with the call: the tick after it is on every path, so
// the entry needs none.
// CHECK-LABEL: ;; Function leading (
// CHECK-NEXT: {{^$}}
// CHECK-NEXT: ;; softticks: returns_twice call in bb 2: tick on its fall-through edge
// CHECK-NEXT: ;; softticks: 1 ticks
// CHECK: <bb 2> :
// CHECK-NEXT: _{{[0-9]+}} = _setjmp (&buf);
// CHECK: .ABNORMAL_DISPATCHER (0);
// CHECK: <bb 4> :
// CHECK-NEXT: SOFTTICKS_TICK;
// CHECK-NOT: SOFTTICKS_TICK;
// CHECK: return
int leading(void) {
  return setjmp(buf);
}

// A call before it keeps the entry tick.
// CHECK-LABEL: ;; Function after_call (
// CHECK-NEXT: {{^$}}
// CHECK-NEXT: ;; softticks: tick at the start of bb 2: entry
// CHECK-NEXT: ;; softticks: returns_twice call in bb 3: tick on its fall-through edge
// CHECK-NEXT: ;; softticks: 2 ticks
// CHECK: <bb 2> :
// CHECK-NEXT: SOFTTICKS_TICK;
// CHECK-NEXT: g (1);
// CHECK: <bb 3> :
// CHECK-NEXT: _{{[0-9]+}} = _setjmp (&buf);
// CHECK: <bb 5> :
// CHECK-NEXT: SOFTTICKS_TICK;
// CHECK-NEXT: r_{{[0-9]+}} = _{{[0-9]+}};
// CHECK-NEXT: g (r_
// O2-LABEL: ;; Function after_call (
// O2: ;; softticks: 2 ticks
// O2: SOFTTICKS_TICK;
// O2-NEXT: g (1);
// O2: _setjmp (&buf);
// O2: SOFTTICKS_TICK;
// O2-NEXT: g (
int after_call(void) {
  g(1);
  int r = setjmp(buf);
  g(r);
  return r;
}

// Retry loop: the loop head and the return of setjmp both tick.
// CHECK-LABEL: ;; Function retry_loop (
// CHECK-NEXT: {{^$}}
// CHECK-NEXT: ;; softticks: tick at the start of bb 2: entry
// CHECK-NEXT: ;; softticks: tick at the start of bb 7: cycle-head
// CHECK-NEXT: ;; softticks: returns_twice call in bb 4: tick on its fall-through edge
// CHECK-NEXT: ;; softticks: 3 ticks
// CHECK: <bb 4> :
// CHECK-NEXT: _setjmp (&buf);
// CHECK: <bb 6> :
// CHECK-NEXT: SOFTTICKS_TICK;
// CHECK-NEXT: i_{{[0-9]+}} = i_{{[0-9]+}} + 1;
// CHECK: <bb 7> :
// CHECK-NEXT: # i_{{[0-9]+}} = PHI <
// CHECK-NEXT: SOFTTICKS_TICK;
void retry_loop(int n) {
  for (int i = 0; i < n; i++) {
    g(i);
    setjmp(buf);
  }
}

// vfork does not end its block (no abnormal dispatcher): the block is
// split after it.
// CHECK-LABEL: ;; Function forked (
// CHECK-NEXT: {{^$}}
// CHECK-NEXT: ;; softticks: returns_twice call in bb 2: tick at the start of the block split off after it
// CHECK-NEXT: ;; softticks: 1 ticks
// CHECK: <bb 2> :
// CHECK-NEXT: p_{{[0-9]+}} = vfork ();
// CHECK-EMPTY:
// CHECK-NEXT: <bb 4> :
// CHECK-NEXT: SOFTTICKS_TICK;
int forked(void) {
  pid_t p = vfork();
  return p;
}

// swapcontext: GCC does not mark it returns_twice; the plugin knows it by
// name.
// CHECK-LABEL: ;; Function swapped (
// CHECK-NEXT: {{^$}}
// CHECK-NEXT: ;; softticks: tick at the start of bb 2: entry
// CHECK-NEXT: ;; softticks: returns_twice call in bb 2: tick at the start of the block split off after it
// CHECK-NEXT: ;; softticks: 2 ticks
// CHECK: <bb 2> :
// CHECK-NEXT: SOFTTICKS_TICK;
// CHECK-NEXT: g (0);
// CHECK-NEXT: _{{[0-9]+}} = swapcontext (&uc1, &uc2);
// CHECK-EMPTY:
// CHECK-NEXT: <bb 4> :
// CHECK-NEXT: SOFTTICKS_TICK;
// O2-LABEL: ;; Function swapped (
// O2: ;; softticks: 2 ticks
// O2: swapcontext (&uc1, &uc2);
// O2-EMPTY:
// O2-NEXT: <bb {{[0-9]+}}> [{{.*}}]:
// O2-NEXT: SOFTTICKS_TICK;
int swapped(void) {
  g(0);
  return swapcontext(&uc1, &uc2);
}

// CHECK-LABEL: ;; Function context (
// CHECK: ;; softticks: returns_twice call in bb 3: tick on its fall-through edge
// CHECK-NEXT: ;; softticks: 2 ticks
// CHECK: <bb 3> :
// CHECK-NEXT: _{{[0-9]+}} = getcontext (&uc1);
// CHECK: <bb 5> :
// CHECK-NEXT: SOFTTICKS_TICK;
int context(void) {
  g(0);
  return getcontext(&uc1);
}

// __builtin_setjmp: the receiver is a nonlocal label behind GCC's
// abnormal dispatcher, which never ticks (it expands to no code); the
// cycle through it ticks where the receiver's path joins the normal one.
// CHECK-LABEL: ;; Function builtin (
// CHECK-NEXT: {{^$}}
// CHECK-NEXT: ;; softticks: tick at the start of bb 2: entry
// CHECK-NEXT: ;; softticks: tick at the start of bb 7: cycle-head
// CHECK-NEXT: ;; softticks: 2 ticks
// CHECK: __builtin_setjmp_setup (&builtin_buf, &<L0>);
// CHECK: <L0>:
// CHECK-NEXT: __builtin_setjmp_receiver (&<L0>);
// CHECK: <bb 6> :
// CHECK-NEXT: .ABNORMAL_DISPATCHER (0);
// CHECK-EMPTY:
// CHECK-NEXT: <bb 7> :
// CHECK-NEXT: # _{{[0-9]+}} = PHI <
// CHECK-NEXT: SOFTTICKS_TICK;
int builtin(void) {
  g(0);
  if (__builtin_setjmp(builtin_buf) == 0) g(1);
  return 2;
}
