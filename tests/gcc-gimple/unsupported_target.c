// Targets and code the sequences do not fit (x32, 16-bit code by -m16 or
// by file-scope .code16gcc, kernel code): one warning naming the reason,
// and the pass leaves every function as it is (no note, no tick).  A
// later .code32 returns to 32-bit code, which is instrumented.
// RUN: %gimple -O0 -mx32 %s 2>%t.x32.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=X32 < %t.x32.err
// RUN: %gimple -O0 -m16 %s 2>%t.m16.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=M16 < %t.m16.err
// RUN: %gimple -O0 -mcmodel=kernel -fno-pie %s 2>%t.kernel.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=KERNEL < %t.kernel.err
// RUN: %gimple-i386 -O0 -DCODE16 %s 2>%t.code16.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=CODE16 < %t.code16.err
// RUN: %gimple-i386 -O0 -DCODE16 -DCODE32 %s 2>%t.code32.err | FileCheck %s --check-prefix=TICKS
// RUN: ! grep softticks %t.code32.err
#ifdef CODE16
__asm__(".code16gcc");
#endif
#ifdef CODE32
__asm__(".code32");
#endif

// CHECK-LABEL: ;; Function f (
// CHECK-NOT: softticks
// CHECK-NOT: __asm__
// CHECK: return _{{[0-9]+}};
// TICKS-LABEL: ;; Function f (
// TICKS: ;; softticks: 1 ticks
// TICKS: SOFTTICKS_TICK;
int f(int x) {
  return x;
}

// X32: warning: softticks: no software-tick sequence for this target or ABI (an ABI with pointers narrower than words (x32, ILP32)
// X32-NOT: warning
// M16: warning: softticks: no software-tick sequence for this target or ABI (16-bit code
// M16-NOT: warning
// KERNEL: warning: softticks: no software-tick sequence for this target or ABI (kernel code (-mcmodel=kernel)
// KERNEL-NOT: warning
// CODE16: warning: softticks: no software-tick sequence for this target or ABI (16-bit code (.code16 in file-scope asm)
// CODE16-NOT: warning
