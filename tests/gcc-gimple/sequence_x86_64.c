// The x86-64 tick, exactly, as the dump shows it: a volatile asm with the
// ABI's 21-byte sequence, no operands, and "cc" as its only clobber (no
// memory).  The dump is read raw here, not through gimple_dump.py's
// SOFTTICKS_TICK.
// RUN: %gimple-raw -O2 %s | FileCheck %s --strict-whitespace

// CHECK-LABEL: ;; Function f (f, {{.*}})
// CHECK:      {{^}}  <bb 2> [{{.*}}]:
// CHECK-NEXT: {{^}}  __asm__ __volatile__("testb $0x80, 0x70001807{{$}}
// CHECK-NEXT: {{^}}	.byte 0x75, 0x0b{{$}}
// CHECK-NEXT: {{^}}	decq 0x70001800{{$}}
// CHECK-NEXT: {{^}}	.byte 0x75, 0x01{{$}}
// CHECK-NEXT: {{^}}	int3{{$}}
// CHECK-NEXT: {{^}}" :  :  : "cc");{{$}}
// CHECK-NEXT: {{^}}  return;{{$}}
void f(void) {
}
