# clang's output with the LLVM pass (manifest note; inline asm between
# #APP and #NO_APP, indented): the pass ticked the inline asm loop itself
# (ST_ASM_TICKED_MARKER), so softticks-as adds nothing: the loop ticks once.
# REQUIRES: clang-plugin
# RUN: %clang_plugin -fno-integrated-as -O2 -S %S/Inputs/inline_loop.c -o %t.app.s
# RUN: %sas --softticks-emit=%t.app.out.s %t.app.s
# RUN: test $(grep -o 'testb' %t.app.out.s | wc -l) -eq $(grep -o 'testb' %t.app.s | wc -l)
# RUN: cmp %t.app.s %t.app.out.s
# RUN: grep -c __rr_softticks_init: %t.app.out.s | FileCheck --check-prefix=ONE %s
# RUN: FileCheck %s < %t.app.out.s
# RUN: %as --64 %t.app.out.s -o %t.app.o && %tickfree %t.app.o
# ONE: 1
# (-fno-integrated-as prints the asm as written: 1:; clang's own printer
# would rename it .Ltmp<N>:)
# CHECK: {{(1|\.Ltmp[0-9]+)}}:;testb
# CHECK-NOT: int3;;testb
# CHECK: {{jnz|jne}}
# CHECK-NEXT: #NO_APP
