# Compiler output of the GCC plugin, with no inline asm: left exactly as
# it is.  With an inline asm loop: that loop ticks, once, and nothing else
# changes (the plugin already ticked the rest and wrote the module parts).
# REQUIRES: gcc-plugin
# RUN: %gcc -fplugin=%plugin -O2 -S %S/Inputs/plain_c.c -o %t.plain.s
# RUN: %sas --softticks-emit=%t.plain.out.s %t.plain.s
# RUN: cmp %t.plain.s %t.plain.out.s
# RUN: %gcc -fplugin=%plugin -O2 -S %S/Inputs/inline_loop.c -o %t.app.s
# RUN: %sas --softticks-emit=%t.app.out.s %t.app.s
# RUN: test $(grep -c 'testb' %t.app.out.s) -eq $(( $(grep -c 'testb' %t.app.s) + 1 ))
# RUN: FileCheck %s < %t.app.out.s
# RUN: %as --64 %t.app.out.s -o %t.app.o && %tickfree %t.app.o
# RUN: %as --64 %t.app.s -o %t.app.plain.o && not %tickfree %t.app.plain.o
# The plugin's own ticks are inline asm too (line 4); the asm loop is line 5.
# CHECK: # 5 "{{.*}}inline_loop.c" 1
# CHECK-NEXT: 1:;testb
# CHECK-NEXT: jnz 1b
