# The LLVM pass marks every unit it compiles, ticks or none, so that
# `clang -fno-integrated-as -B <softticks-as dir>` ticks only its asm
# statements: a unit whose functions all opted out stays without ticks,
# note and initializer.  The pass ticks asm statements itself (asm/fragment.h)
# and says so in a second marker line, so softticks-as then adds nothing:
# the asm loop of an opted-out function stays tick-free too, as the opt-out
# says (the GCC plugin's twin, plugin_output_marker.s, ticks it: GCC's
# output does not say which function opted out).
# REQUIRES: clang-plugin
# RUN: %clang_plugin -O2 -fno-integrated-as -B %asbin/ -c %S/Inputs/all_opted_out.c -o %t.o
# RUN: objdump -d %t.o | FileCheck %s
# RUN: %clang_plugin -O2 -fno-integrated-as -B %asbin/ -DNO_ASM_LOOP -c %S/Inputs/all_opted_out.c -o %t.c_only.o
# RUN: objdump -d %t.c_only.o | FileCheck %s --check-prefix=C-ONLY
# RUN: readelf -SW %t.c_only.o | FileCheck %s --check-prefix=SECTIONS
# RUN: %clang_plugin -O2 -fno-integrated-as -S %S/Inputs/all_opted_out.c -o - | FileCheck %s --check-prefix=MARK
# CHECK: <opted_out>:
# CHECK-NOT: 0x70001800
# CHECK: <spin>:
# CHECK-NOT: 0x70001800
# C-ONLY: <opted_out>:
# C-ONLY-NOT: 0x70001800
# SECTIONS: .text
# SECTIONS-NOT: .note.rrsoftticks
# MARK: {{^}}# softticks: compiled by an instrumenting pass
# MARK-NEXT: {{^}}# softticks: the pass ticked the asm statements too
