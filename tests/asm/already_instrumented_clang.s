# clang's output with the LLVM pass (manifest note; inline asm between
# #APP and #NO_APP, indented): only the inline asm loop ticks, once.
# REQUIRES: clang-plugin
# RUN: %clang_plugin -fno-integrated-as -O2 -S %S/Inputs/inline_loop.c -o %t.app.s
# RUN: %sas --softticks-emit=%t.app.out.s %t.app.s
# RUN: test $(grep -c 'testb' %t.app.out.s) -eq $(( $(grep -c 'testb' %t.app.s) + 1 ))
# RUN: grep -c __rr_softticks_init: %t.app.out.s | FileCheck --check-prefix=ONE %s
# RUN: FileCheck %s < %t.app.out.s
# RUN: %as --64 %t.app.out.s -o %t.app.o && %tickfree %t.app.o
# ONE: 1
# (-fno-integrated-as prints the asm as written: 1:; clang's own printer
# would rename it .Ltmp<N>:)
# CHECK: {{(1|\.Ltmp[0-9]+)}}:;testb
# CHECK: {{jnz|jne}}
# CHECK-NEXT: #NO_APP
