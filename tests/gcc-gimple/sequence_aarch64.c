// The aarch64 tick (the cross compiler's plugin), exactly: 32 bytes,
// clobbering x16 and x17 only (not the flags, not memory).  Read raw.
// REQUIRES: aarch64
// RUN: %gimple-aarch64-raw -O2 %s | FileCheck %s --strict-whitespace

// CHECK-LABEL: ;; Function f (f, {{.*}})
// CHECK:      {{^}}  <bb 2> [{{.*}}]:
// CHECK-NEXT: {{^}}  __asm__ __volatile__("movz x16, #0x7001, lsl #16{{$}}
// CHECK-NEXT: {{^}}	ldr x17, [x16, #0x800]{{$}}
// CHECK-NEXT: {{^}}	tbnz x17, #63, 1f{{$}}
// CHECK-NEXT: {{^}}	sub x17, x17, #1{{$}}
// CHECK-NEXT: {{^}}	str x17, [x16, #0x800]{{$}}
// CHECK-NEXT: {{^}}	cbnz x17, 1f{{$}}
// CHECK-NEXT: {{^}}	brk #0x5354{{$}}
// CHECK-NEXT: {{^}}1: mov x17, xzr{{$}}
// CHECK-NEXT: {{^}}" :  :  : "x16", "x17");{{$}}
// CHECK-NEXT: {{^}}  return;{{$}}
void f(void) {
}
