// With debug info a tick takes the location of the first statement of its
// block (-fdump-tree-all-lineno prints it in brackets), so that gdb steps
// and breaks on the same lines as without ticks; a tick after a
// returns_twice call takes the call's location.
// RUN: %gimple -O0 -g -fdump-tree-all-lineno %s | FileCheck %s
#include <setjmp.h>
void g(int);
jmp_buf buf;

// CHECK-LABEL: ;; Function loop (
// CHECK: <bb 2> :
// CHECK-NEXT: [{{.*}}debug_info.c:[[@LINE+9]]:12] SOFTTICKS_TICK;
// CHECK-NEXT: [{{.*}}debug_info.c:[[@LINE+8]]:12] i_{{[0-9]+}} = 0;
// CHECK: <bb 3> :
// CHECK-NEXT: [{{.*}}debug_info.c:[[@LINE+7]]:5] g (i_
// CHECK: <bb 4> :
// CHECK-NEXT: # i_{{[0-9]+}} = PHI <
// CHECK-NEXT: [{{.*}}debug_info.c:[[@LINE+3]]:21] SOFTTICKS_TICK;
// CHECK-NEXT: [{{.*}}debug_info.c:[[@LINE+2]]:21] if (i_
void loop(int n) {
  for (int i = 0; i < n; i++)
    g(i);
}

// CHECK-LABEL: ;; Function after_setjmp (
// CHECK: [{{.*}}debug_info.c:[[@LINE+6]]:11] _{{[0-9]+}} = _setjmp ([{{.*}}debug_info.c:[[@LINE+6]]:11] &buf);
// CHECK: <bb 4> :
// CHECK-NEXT: [{{.*}}debug_info.c:[[@LINE+4]]:11] SOFTTICKS_TICK;
// CHECK-NOT: SOFTTICKS_TICK;
// CHECK: return
int after_setjmp(void) {
  int r = setjmp(buf);
  return r;
}
