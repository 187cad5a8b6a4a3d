#!/usr/bin/env bash
# tickfree_cycles.py on hand-written x86-64 (and aarch64) functions: a
# loop through a tick passes, a loop without one is reported, a stack
# probe loop (sp lowered each pass, never raised) passes, and a loop that
# lowers and raises sp is reported.
# Usage: ST_WORK=DIR checker_test.sh (ST_OBJDUMP, ST_AARCH64_OBJDUMP:
# as check.sh).
ST_HERE=$(cd "$(dirname "$0")" && pwd)
ST_CHECKER=$ST_HERE/tickfree_cycles.py
ST_OBJDUMP=${ST_OBJDUMP:-$(command -v objdump)}
ST_AARCH64_OBJDUMP=${ST_AARCH64_OBJDUMP:-$(command -v aarch64-linux-gnu-objdump || true)}
source "$ST_HERE/../support/scratch.sh"
status=0
expect() { # EXIT-CODE OBJECT FUNCTION-NAMES...
  local want=$1 obj=$2 rc=0
  shift 2
  python3 "$ST_CHECKER" --objdump "$objdump" "$obj" > out.txt || rc=$?
  local got
  got=$(sed -n 's/^[^:]*: \([^:]*\): tick-free cycle.*/\1/p' out.txt | sort | tr '\n' ' ')
  if [ "$rc" != "$want" ] || [ "$got" != "$*" ]; then
    echo "FAIL: $obj: exit $rc (want $want), reported '$got' (want '$*')" >&2
    cat out.txt >&2
    status=1
  else
    echo "ok: $obj: exit $rc, reported '$got'"
  fi
}

cat > x86.s <<'ASM'
	.text
ticked:	testb $0x80, 0x70001807
	jnz 1f
	decq 0x70001800
	jnz 1f
	int3
1:	addq $1, %rax
	cmpq %rax, %rdi
	jne ticked
	ret
unticked: testb $0x80, 0x70001807
	jnz 1f
	decq 0x70001800
	jnz 1f
	int3
1:	lock cmpxchgq %rsi, (%rdi)
	jne 1b
	ret
probe:	testb $0x80, 0x70001807
	jnz 1f
	decq 0x70001800
	jnz 1f
	int3
1:	subq $4096, %rsp
	orq $0, (%rsp)
	cmpq %r11, %rsp
	jne 1b
	ret
push_pop: testb $0x80, 0x70001807
	jnz 1f
	decq 0x70001800
	jnz 1f
	int3
1:	pushq %rax
	popq %rax
	decq %rdi
	jne 1b
	ret
# A call falls through unless a fact says its callee does not return:
# after_fatal's out-of-line call to fatal (whose code only reaches ud2,
# through a helper that calls it) is followed by a jump back into the
# loop past the tick, a cycle only if the call returned; after_unknown
# calls a function the file knows nothing of, which may return.
fatal:	call fatal_helper
fatal_helper: ud2
after_fatal: testb $0x80, 0x70001807
	jnz 1f
	decq 0x70001800
	jnz 1f
	int3
1:	addq $1, %rax
	cmpq %rax, %rdi
	jae 3f
	jne after_fatal
	ret
3:	call fatal
	jmp 1b
after_unknown: testb $0x80, 0x70001807
	jnz 1f
	decq 0x70001800
	jnz 1f
	int3
1:	addq $1, %rax
	cmpq %rax, %rdi
	jae 3f
	jne after_unknown
	ret
3:	call *%rdx
	jmp 1b
ASM
# Function symbols for objdump: one label per function.
sed -i 's/^\(ticked\|unticked\|probe\|push_pop\|fatal\|fatal_helper\|after_fatal\|after_unknown\):/\t.type \1, @function\n\1:/' x86.s
${CC:-cc} -c x86.s -o x86.o || fail "cannot assemble x86.s"
objdump=$ST_OBJDUMP
expect 1 x86.o "after_unknown push_pop unticked "
got=$(python3 "$ST_CHECKER" --objdump "$objdump" --print-noreturn x86.o | tr '\n' ' ')
[ "$got" = "fatal fatal_helper " ] || { echo "FAIL: x86.o: callees found not to return: '$got'" >&2; status=1; }

# The DWARF fact: a declaration with the noreturn attribute, built with -g.
printf '%s\n' '__attribute__((noreturn)) void die(int);' 'void give_up(void);' \
  'int f(int x) { if (x) die(x); give_up(); return 1; }' > dwarf.c
${CC:-cc} -g -O2 -c dwarf.c -o dwarf.o || fail "cannot compile dwarf.c"
got=$(python3 "$ST_CHECKER" --objdump "$objdump" --print-noreturn dwarf.o | tr '\n' ' ')
[ "$got" = "die " ] || { echo "FAIL: dwarf.o: callees found not to return: '$got' (want 'die ')" >&2; status=1; }

printf '\t.text\nplain: ret\n' > none.s
${CC:-cc} -c none.s -o none.o || fail "cannot assemble none.s"
expect 2 none.o ""

if [ -n "${ST_AARCH64_OBJDUMP:-}" ] && command -v aarch64-linux-gnu-as > /dev/null; then
  cat > a64.s <<'ASM'
	.text
	.type ticked, @function
ticked:	movz x16, #0x7001, lsl #16
	ldr x17, [x16, #0x800]
	tbnz x17, #63, 1f
	sub x17, x17, #1
	str x17, [x16, #0x800]
	cbnz x17, 1f
	brk #0x5354
1:	mov x17, xzr
	ldaxr w1, [x0]
	add w1, w1, #1
	stlxr w2, w1, [x0]
	cbnz w2, ticked
	ret
	.type llsc, @function
llsc:	movz x16, #0x7001, lsl #16
	ldr x17, [x16, #0x800]
	tbnz x17, #63, 1f
	sub x17, x17, #1
	str x17, [x16, #0x800]
	cbnz x17, 1f
	brk #0x5354
1:	mov x17, xzr
2:	ldaxr w1, [x0]
	add w1, w1, #1
	stlxr w2, w1, [x0]
	cbnz w2, 2b
	ret
	.type probe, @function
probe:	movz x16, #0x7001, lsl #16
	ldr x17, [x16, #0x800]
	tbnz x17, #63, 1f
	sub x17, x17, #1
	str x17, [x16, #0x800]
	cbnz x17, 1f
	brk #0x5354
1:	mov x17, xzr
2:	sub sp, sp, #0x10, lsl #12
	str xzr, [sp, #1024]
	cmp sp, x9
	b.ne 2b
	ret
ASM
  aarch64-linux-gnu-as a64.s -o a64.o || fail "cannot assemble a64.s"
  objdump=$ST_AARCH64_OBJDUMP
  expect 1 a64.o "llsc "
fi
exit $status
