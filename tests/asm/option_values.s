# gas takes the value of a long option as the next argument too
# (getopt_long_only): gcc -g -fdebug-prefix-map=A=B passes
# "--debug-prefix-map A=B", as glibc's Debian build does for its .S files.
# The value is passed on, not read as an input file, and the input is
# still instrumented.
# RUN: %gcc -B %asbin/ -g -fdebug-prefix-map=%S=/softticks-src -c -x assembler %s -o %t.o
# RUN: %tickfree %t.o
# RUN: objdump -d %t.o | FileCheck %s --check-prefix=TICK
# RUN: readelf --debug-dump=line %t.o | FileCheck %s --check-prefix=MAP
# The same for every such option of gas, in both spellings.
# RUN: %asbin/as --64 --debug-prefix-map %S=/x -march generic64 --march generic64 \
# RUN:   -mtune generic64 -msyntax att -mmnemonic att -mrelax-relocations no \
# RUN:   -mx86-used-note no --listing-lhs-width 2 --listing-rhs-width 60 \
# RUN:   --listing-cont-lines 3 --hash-size 4051 --gdwarf-cie-version 4 \
# RUN:   --elf-stt-common no --generate-missing-build-notes no --size-check error \
# RUN:   --multibyte-handling allow -malign-branch-boundary 32 -malign-branch jcc \
# RUN:   --MD %t.d --defsym SOME=1 -I %S %s -o %t2.o
# RUN: %tickfree %t2.o
# RUN: objdump -d %t2.o | FileCheck %s --check-prefix=TICK
# TICK: <option_values>:
# TICK: decq 0x70001800
# MAP: /softticks-src
	.text
	.globl	option_values
	.type	option_values, @function
option_values:
1:	decq	%rdi
	jnz	1b
	ret
	.size	option_values, .-option_values
