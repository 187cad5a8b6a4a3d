# The GCC plugin marks every unit it compiles, ticks or none, so that
# softticks-as found through -B alone (no --softticks-compiled, as a
# build that sets CC="gcc -fplugin=softticks.so -B<dir>" does) ticks only
# its asm statements: a unit whose functions all opted out stays without
# ticks, note and initializer, and an asm statement's loop still ticks
# (and brings them).
# REQUIRES: gcc-plugin
# RUN: %gcc -O2 -fplugin=%plugin -B %asbin/ -c %S/Inputs/all_opted_out.c -o %t.o
# RUN: objdump -d %t.o | FileCheck %s
# RUN: %gcc -O2 -fplugin=%plugin -B %asbin/ -DNO_ASM_LOOP -c %S/Inputs/all_opted_out.c -o %t.c_only.o
# RUN: objdump -d %t.c_only.o | FileCheck %s --check-prefix=C-ONLY
# RUN: readelf -SW %t.c_only.o | FileCheck %s --check-prefix=SECTIONS
# RUN: %gcc -O2 -fplugin=%plugin -S %S/Inputs/all_opted_out.c -o - | FileCheck %s --check-prefix=MARK
# CHECK: <opted_out>:
# CHECK-NOT: 0x70001800
# CHECK: <spin>:
# CHECK: decq {{.*}}0x70001800
# C-ONLY: <opted_out>:
# C-ONLY-NOT: 0x70001800
# SECTIONS: .text
# SECTIONS-NOT: .note.rrsoftticks
# MARK: # softticks: compiled by an instrumenting pass
