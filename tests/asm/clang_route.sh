#!/usr/bin/env bash
# softticks-clang (llvm-pass/clang_route.c), the image's plain clang: it
# adds -fno-integrated-as exactly when the command line may hold assembler
# input, so that clang's -B finds softticks-as for .s/.S files while C and
# C++ keep the integrated assembler, and it runs the real clang with argv[0]
# kept (clang++ stays C++).  The decision is read from clang's own job list
# (-###): an assembler job runs a program named "as".
#   clang_route.sh ROUTE CONFIG   (this major's softticks-clang and softticks.cfg)
# Environment (CTest): ST_HERE ST_SAS_BIN ST_WORK
route=${1:?} config=${2:?}
source "$ST_HERE/../support/scratch.sh"
ln -s "$route" clang
ln -s "$route" clang++
printf '\t.text\n\t.globl f\nf:\n1:\tdecl %%edi\n\tjnz 1b\n\tret\n' > loop.s
cp loop.s loop.S
printf 'int main(void) { return 0; }\n' > main.c
cp loop.s loop.txt
printf 'int main() { return __cplusplus > 0 ? 0 : 1; }\n' > main.cc
printf 'loop.S\n' > args.rsp

# runs_as ARGS...: whether clang's plan for ARGS has a GNU as job.
# (The plan is read whole first: grep -q would stop reading at the first
# match, and clang's SIGPIPE then failed the pipeline under pipefail.)
runs_as() {
  local plan
  plan=$(./clang -### "$@" 2>&1)
  grep -q '^ *"[^"]*/as" ' <<< "$plan"
}
expect_as() { runs_as "$@" || fail "clang $*: no assembler job (the integrated assembler would skip softticks-as)"; }
expect_no_as() { ! runs_as "$@" || fail "clang $*: an assembler job where the integrated assembler should run"; }

expect_as -c loop.s
expect_as -c loop.S
expect_as -c -x assembler loop.txt
expect_as -c -xassembler-with-cpp loop.txt
expect_as -c @args.rsp
expect_as -c main.c loop.S
expect_no_as -c main.c
expect_no_as -O2 -g -c main.c -o main.o
expect_no_as -c loop.S -fintegrated-as
expect_no_as --no-default-config -c loop.S
CLANG_NO_DEFAULT_CONFIG=1 expect_no_as -c loop.S
# No assembler job comes of these: no warning that -fno-integrated-as went
# unused (-Werror would make it an error).
./clang -Werror -E loop.S -o /dev/null || fail "clang -Werror -E loop.S failed"
./clang -Werror -S main.c -o main.s || fail "clang -Werror -S main.c failed"
said=$(./clang -Werror -S main.c -o main.s 2>&1)
[ -z "$said" ] || fail "clang -S: the routing printed: $said"
echo "ok: the assembler job exactly for assembler input"

# Through the config's -B: the .S object ticks (the entry and the loop).
./clang --config "$config" -B"$ST_SAS_BIN/" -c loop.S -o loop.o
ticks=$(objdump -d loop.o | grep -c "decq *0x70001800" || true)
[ "$ticks" -ge 2 ] || fail "clang -c loop.S through softticks-clang: $ticks ticks (entry and loop head expected)"
./clang++ --config "$config" -c main.cc -o main.o || fail "clang++ through softticks-clang does not compile C++"
./clang++ main.o -o main && ./main || fail "clang++ through softticks-clang: the C++ program failed"
status=0
./clang -c missing.c 2>/dev/null || status=$?
[ "$status" -ne 0 ] || fail "clang's failure was not passed on"
echo "PASS: softticks-clang routes assembler input ($ticks ticks in loop.o), keeps C/C++ on the integrated assembler and clang++'s mode"
