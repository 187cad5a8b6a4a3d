# marker_label.s through the compilers: rr's case, a global label in the
# middle of an asm statement whose address the C code takes
# (Inputs/marker_label.c).  The compiled code's `lea fault_here(%rip)` does
# not make it an entry: compiled code never jumps into an asm statement.
# The symbol must name the `mov (%rsi),%rsi` in every build: the GCC plugin
# with softticks-as (with --softticks-compiled, as the image's gcc runs it,
# and without), and clang's pass (its inline-asm ticks: the same analysis).
# REQUIRES: gcc-plugin
# RUN: %gcc -fplugin=%plugin -O2 -S %S/Inputs/marker_label.c -o %t.gcc.s
# RUN: %sas --softticks-compiled --softticks-emit=%t.compiled.s %t.gcc.s
# RUN: %as --64 %t.compiled.s -o %t.compiled.o
# RUN: objdump -d --no-show-raw-insn %t.compiled.o | FileCheck %s
# RUN: %sas --softticks-emit=%t.all.s %t.gcc.s
# RUN: %as --64 %t.all.s -o %t.all.o
# RUN: objdump -d --no-show-raw-insn %t.all.o | FileCheck %s
# The asm statement ticks nowhere else either: it has no loop, and the
# function's entry tick is the plugin's.
# RUN: test $(grep -c 'testb' %t.compiled.s) -eq $(grep -c 'testb' %t.gcc.s)
# CHECK: <fault_here>:
# CHECK-NEXT: mov (%rsi),%rsi
