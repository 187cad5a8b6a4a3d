#!/usr/bin/env bash
# The other answers of the i386 probe (README.md, "i386"), on a machine that
# may well run i386 programs natively: everything runs under no_i386, where
# any i386 program that runs natively dies (SIGSYS), as on a kernel without
# IA32 emulation.  Usage: i386_answers.sh ANSWER NO_I386 TRACE PROGS
#   probe   cmake/I386Run.cmake answers qemu there, none without a working
#           qemu-i386 (and native outside no_i386 when this kernel runs them);
#   qemu    i386 checks that need output or in-process tick counts pass
#           under qemu-i386 (which a logging wrapper shows ran them), and
#           fail when "qemu" runs nothing or the answer wrongly says native;
#           checks that trace i386 processes skip (77) naming the answer;
#           trace.x86_64.count_processes passes, its exec-prog case into
#           an x86-64 program;
#   none    both kinds skip (77) naming the answer.
# Environment: ST_TOOLCHAIN (the host GCC's file), ST_WORK.
source "$(dirname "$0")/scratch.sh"
answer=$1 no_i386=$2 trace=$3 progs=$4
here=$(cd "$(dirname "$0")" && pwd)
tests=$(dirname "$here")
guard=$here/i386_guard.sh
qemu=${ST_QEMU_I386:-}
[[ $qemu != *-NOTFOUND ]] || qemu=

# check WANT NAME COMMAND...: COMMAND (its output in NAME.log) exits WANT:
# pass (0), skip (77, with the reason) or fail (anything else).
check() {
  local want=$1 name=$2 rc=0
  shift 2
  "$@" > "$name.log" 2>&1 || rc=$?
  case $want:$rc in
    pass:0) ;;
    skip:77)
      grep -q "i386 probe (SOFTTICKS_I386_RUN) says '$answer'" "$name.log" ||
        fail "$name: skipped without naming the answer: $(tail -3 "$name.log")" ;;
    fail:0 | fail:77) fail "$name: exit $rc, a failure expected: $(tail -5 "$name.log")" ;;
    fail:*) ;;
    *) fail "$name: exit $rc, $want expected: $(tail -20 "$name.log")" ;;
  esac
  echo "ok: $name: $want (exit $rc)"
}
# mc CHECK NEED [ENV...]: a machine-code check on i386, through the guard,
# with its own scratch directory, where i386 programs cannot run natively.
mc() {
  local check=$1 need=$2
  shift 2
  env ST_WORK="$ST_WORK/$check.work" "$@" "$no_i386" \
    bash "$guard" "$need" native bash "$tests/machine_code/$check.sh" i386
}
cli() { # cli ARCH CASE: one of trace_cli.py's cases, through the guard on i386
  local g=()
  [ "$1" = i386 ] && g=(bash "$guard" ptrace native)
  "$no_i386" "${g[@]}" python3 "$tests/trace/trace_cli.py" --trace "$trace" --progs "$progs/$1" --arch "$1" \
    --seq-file "$(dirname "$tests")/abi/tick-sequences.txt" --work "$ST_WORK/cli.$1.$2" "$2"
}

# The sandbox itself: an i386 program dies there natively.
echo 'int main(void) { return 0; }' > t.c
"$ST_GCC" -m32 t.c -o t32 || fail "gcc -m32"
if ("$no_i386" ./t32) 2> /dev/null; then fail "no_i386 let an i386 program run"; fi

export SOFTTICKS_I386_RUN=$answer
case $answer in
  probe)
    unset SOFTTICKS_I386_RUN
    # probe QEMU [PREFIX...]: cmake/I386Run.cmake's answer, run after PREFIX.
    probe() {
      local q=$1
      shift
      "$@" cmake -DGCC="$ST_GCC" -DQEMU="$q" -DSTEM="$PWD/p" -P "$(dirname "$tests")/cmake/I386Run.cmake" 2>&1
    }
    [ -n "$qemu" ] || { echo "SKIP: no qemu-i386 (qemu-user)"; exit 77; }
    out=$(probe "$qemu" "$no_i386")
    [[ $out == "answer: qemu ("* ]] || fail "probe without IA32, with qemu-i386: $out"
    echo "ok: $out"
    out=$(probe /bin/false "$no_i386")
    [[ $out == "answer: none ("* ]] || fail "probe without IA32, a qemu-i386 that fails: $out"
    echo "ok: $out"
    out=$(probe "" "$no_i386")
    [[ $out == "answer: none ("* ]] || fail "probe without IA32 or qemu-i386: $out"
    echo "ok: $out"
    if ./t32; then
      out=$(probe "$qemu")
      [[ $out == "answer: native ("* ]] || fail "probe here, where i386 programs run: $out"
      echo "ok: $out"
    fi
    ;;
  qemu)
    [ -n "$qemu" ] || { echo "SKIP: no qemu-i386 (qemu-user)"; exit 77; }
    # qemu-i386 behind a wrapper that logs what it runs.
    printf '#!/bin/sh\necho "$@" >> %s/qemu.runs\nexec %s "$@"\n' "$PWD" "$qemu" > logging-qemu
    printf '#!/bin/sh\nexit 0\n' > idle-qemu
    chmod +x logging-qemu idle-qemu
    check pass inproc_count mc inproc_count run SOFTTICKS_QEMU_I386="$PWD/logging-qemu"
    grep -q '/inproc_count ' qemu.runs || fail "inproc_count did not run under qemu-i386: $(cat qemu.runs)"
    grep -o '^ok: .*' inproc_count.log
    check fail inproc_count_idle_qemu mc inproc_count run SOFTTICKS_QEMU_I386="$PWD/idle-qemu"
    check fail inproc_count_wrongly_native mc inproc_count run SOFTTICKS_I386_RUN=native
    check skip trace_count mc trace_count ptrace
    check skip cli_count_loops cli i386 count_loops
    check pass cli_x86_64_count_processes cli x86_64 count_processes
    grep -q "exec-prog: into x86-64's ticks_loops" cli_x86_64_count_processes.log ||
      fail "count_processes: the exec-prog case did not say what it ran" ;;
  none)
    check skip inproc_count mc inproc_count run
    check skip trace_count mc trace_count ptrace
    check skip cli_count_loops cli i386 count_loops
    check pass cli_x86_64_count_processes cli x86_64 count_processes ;;
  *) fail "answer $answer: probe, qemu or none" ;;
esac
