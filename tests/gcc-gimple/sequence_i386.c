// The i386 tick (-m32), exactly: 28 bytes, the 64-bit countdown as two
// words, "cc" as the only clobber.  Read raw.
// RUN: %gimple-raw -m32 -O2 %s | FileCheck %s --strict-whitespace

// CHECK-LABEL: ;; Function f (f, {{.*}})
// CHECK:      {{^}}  <bb 2> [{{.*}}]:
// CHECK-NEXT: {{^}}  __asm__ __volatile__("testb $0x80, 0x70001807{{$}}
// CHECK-NEXT: {{^}}	.byte 0x75, 0x13{{$}}
// CHECK-NEXT: {{^}}	subl $1, 0x70001800{{$}}
// CHECK-NEXT: {{^}}	.byte 0x75, 0x0a{{$}}
// CHECK-NEXT: {{^}}	subl $1, 0x70001804{{$}}
// CHECK-NEXT: {{^}}	.byte 0x73, 0x01{{$}}
// CHECK-NEXT: {{^}}	int3{{$}}
// CHECK-NEXT: {{^}}" :  :  : "cc");{{$}}
// CHECK-NEXT: {{^}}  return;{{$}}
void f(void) {
}
