# marker_label_compiled.s for clang's pass (its inline-asm ticks go
# through the same analysis as softticks-as): the global label in the
# middle of the asm statement keeps its instruction.
# REQUIRES: clang-plugin
# RUN: %clang_plugin -O2 -c %S/Inputs/marker_label.c -o %t.o
# RUN: objdump -d --no-show-raw-insn %t.o | FileCheck %s
# CHECK: <fault_here>:
# CHECK-NEXT: mov (%rsi),%rsi
