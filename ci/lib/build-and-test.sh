#!/bin/sh
# Runs inside the image's root filesystem, started by ci/rr-in-image.sh:
# first asks whether this machine can replay at all (/mnt/tsc-probe.c,
# compiled and run here: does rdtsc trap after prctl(PR_SET_TSC,
# PR_TSC_SIGSEGV)?), then configures /mnt/src into /mnt/build (from
# /mnt/build) with the image's default compilers, builds it, runs ctest,
# and writes the logs and summary.txt to /mnt/results.  On a machine that
# cannot replay, failed tests give result=cannot-replay, not fail: rr's
# replays diverge there whatever the project does.  POSIX sh: the image
# need not have bash.  SOFTTICKS_TSC_PROBE_ARGS: arguments for the probe
# (--without-prctl: its control, which answers no; for tests).
# Usage: build-and-test.sh JOBS N_CMAKE_ARGS CMAKE_ARGS... CTEST_ARGS...
set -u
jobs=$1
n_cmake=$2
shift 2

results=/mnt/results
build=/mnt/build
summary=$results/summary.txt
mkdir -p "$HOME"

# The configure arguments are the first N_CMAKE_ARGS of the rest, kept
# single-quoted in one string for eval (sh has no arrays); the remaining
# ones are for ctest.
cmake_args=
i=0
while [ "$i" -lt "$n_cmake" ]; do
  cmake_args="$cmake_args $(printf "'%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")")"
  shift
  i=$((i + 1))
done

# finish RESULT STAGE [KEY=VALUE...]: writes summary.txt (with the lines
# of $summary.tests, the failed tests' programs, last) and exits.
finish() {
  {
    echo "result=$1"
    echo "stage=$2"
    echo "tsc_trap=$tsc_trap"
    shift 2
    for kv in "$@"; do echo "$kv"; done
    cat "$summary.tests" 2>/dev/null
  } >"$summary.tmp"
  rm -f "$summary.tests"
  mv "$summary.tmp" "$summary"
  [ "$(sed -n 's/^result=//p' "$summary")" = pass ]
  exit $?
}

# Can this machine replay?  The probe's answer: yes, no (the prctl is
# accepted but rdtsc runs untrapped), prctl-refused, not-x86, or unknown
# (it did not compile or run).
tsc_trap=unknown
probe_cc=
for cc in cc gcc clang; do
  if command -v "$cc" >/dev/null; then probe_cc=$cc; break; fi
done
# shellcheck disable=SC2086 # the probe's arguments are words
if [ -n "$probe_cc" ] && "$probe_cc" -O1 -o /tmp/tsc-probe /mnt/tsc-probe.c >"$results/tsc-probe.log" 2>&1; then
  /tmp/tsc-probe ${SOFTTICKS_TSC_PROBE_ARGS:-} >>"$results/tsc-probe.log" 2>&1
  tsc_trap=$(sed -n 's/^tsc_trap=\([a-z0-9-]*\):.*/\1/p' "$results/tsc-probe.log" | tail -n 1)
  [ -n "$tsc_trap" ] || tsc_trap=unknown
else
  echo "tsc-probe: no compiler, or it failed (above)" >>"$results/tsc-probe.log"
fi
case $tsc_trap in
  no | prctl-refused)
    echo "rr-in-image: THIS MACHINE CANNOT REPLAY: $(grep '^tsc_trap=' "$results/tsc-probe.log" | tail -n 1)" >&2
    echo "rr-in-image: rr's tests still run, but their failures are not counted (result=cannot-replay, exit 3)" >&2
    ;;
  yes) echo "rr-in-image: $(grep '^tsc_trap=' "$results/tsc-probe.log" | tail -n 1)" >&2 ;;
  *) echo "rr-in-image: could not tell whether this machine can replay (tsc_trap=$tsc_trap; $results/tsc-probe.log)" >&2 ;;
esac

# Everything runs in the build directory, as rr's instructions do it
# ("mkdir obj && cd obj && cmake ../rr"): rr's CMakeLists makes the
# symlinks source_dir and bin_dir in the working directory of cmake, and its
# tests name their scripts as source_dir/src/test/... from there.  From /
# they would land in the image's root and every test would fail.
cd "$build" || finish fail configure "note=cannot enter $build"
if command -v ninja >/dev/null; then generator=Ninja; else generator="Unix Makefiles"; fi
{
  echo "compilers in the image:"
  for cc in cc gcc c++ g++ clang; do
    if command -v "$cc" >/dev/null; then echo "  $cc: $(command -v "$cc") ($("$cc" --version | sed -n 1p))"; fi
  done
} >"$results/configure.log"
if ! eval "cmake -S /mnt/src -B . -G \"$generator\" -DCMAKE_BUILD_TYPE=Release $cmake_args" \
  >>"$results/configure.log" 2>&1; then
  finish fail configure
fi
if ! cmake --build . -j "$jobs" >"$results/build.log" 2>&1; then
  finish fail build
fi

junit=
version=$(ctest --version | sed -n 's/^ctest version \([0-9][0-9.]*\).*/\1/p')
major=${version%%.*}
minor=${version#*.}
minor=${minor%%.*}
if [ "$major" -gt 3 ] || { [ "$major" -eq 3 ] && [ "$minor" -ge 21 ]; }; then
  junit="--output-junit $results/junit.xml"
fi
# The ctest arguments, for the summary: which part of the suite ran
# (-R, -E, -I START,END,STRIDE).
ctest_args=$*
# shellcheck disable=SC2086 # junit is two words or none
ctest -j "$jobs" --output-on-failure $junit "$@" >"$results/ctest.log" 2>&1
ctest_exit=$?
cp Testing/Temporary/LastTest.log "$results/LastTest.log" 2>/dev/null || true

# Are the programs the build made instrumented?  (softticks-tools in the image)
inspected=
if command -v softticks-inspect >/dev/null; then
  softticks-inspect --json "$build" >"$results/inspect.json" 2>"$results/inspect-summary.json" || true
  count() { sed -n "s/.*\"$1\": \([0-9]*\).*/\1/p" "$results/inspect-summary.json"; }
  inspected="build_elf_files=$(count elf_files) build_elf_instrumented=$(count instrumented) build_elf_inconsistent=$(count inconsistent)"
fi

total=$(sed -n 's/.* tests passed, [0-9]* tests\{0,1\} failed out of \([0-9]*\).*/\1/p' "$results/ctest.log" | tail -n 1)
failed=$(sed -n 's/.* tests passed, \([0-9]*\) tests\{0,1\} failed out of .*/\1/p' "$results/ctest.log" | tail -n 1)
# The names under "The following tests FAILED:" ("  3 - name (Failed)").
failed_tests=$(sed -n '/^The following tests FAILED:/,/^[^[:space:]]/s/^[[:space:]]*[0-9]* - \([^ ]*\) .*/\1/p' "$results/ctest.log" |
  tr '\n' ' ' | sed 's/ $//')
if [ -z "$total" ]; then
  finish fail test "ctest_args=$ctest_args" "ctest_exit=$ctest_exit" "note=ctest printed no result line (see ctest.log)"
fi

# What each failed test recorded without ticks, so that a reader sees at
# once whether a failure can be the project's.  rr's test harness
# (src/test/util.sh) leaves a failed test's work directory behind, saying
# "Test NAME failed, leaving behind DIR [and DIR2]" in the test's output
# (LastTest.log has each test's output whole, under "N/M Test: NAME"); its
# traces are there (_RR_TRACE_DIR=DIR), each a directory with a file
# "mmaps"; "rr dump -p TRACE" lists every mapping recorded, and the
# executable file mappings are the programs and libraries the test ran.
# softticks-inspect says which of them have ticks.  rr's own libraries
# (/mnt/build/lib/rr/: its page and preload library) are left out.
# A test without that message (a timeout) is looked up as
# /tmp/rr-test-NAME-* (NAME without a variant suffix such as
# -no-syscallbuf, and without the directory of rr's x86/ tests).  A name
# with a slash (x86/rdtsc_loop2) is matched as a string: it was a sed
# pattern, and every x86/ test came out "no trace found".  Per test: no_ticks.NAME=FILES in summary.txt ("none",
# or "unknown (...)"), and failed-tests.txt with every module and verdict.
report_failed_tests() {
  rr=$build/bin/rr
  details=$results/failed-tests.txt
  : >"$details"
  : >"$summary.tests"
  awk '/^[0-9]+\/[0-9]+ Test: / { name = $3 }
    / failed, leaving behind / { sub(/.* leaving behind /, ""); gsub(/ and /, " "); print name, $0 }' \
    "$results/LastTest.log" >/tmp/workdirs 2>/dev/null
  for name in $failed_tests; do
    # rr names tests of src/test/x86/ "x86/NAME"; its harness says NAME.
    base=${name##*/}
    dirs=$(awk -v n="$name" '$1 == n { $1 = ""; print }' /tmp/workdirs | tr '\n' ' ' | sed 's/^ *//')
    if [ -z "$dirs" ]; then
      for dir in /tmp/rr-test-"$base"-* /tmp/rr-test-"${base%%-*}"-*; do
        [ ! -d "$dir" ] || case " $dirs " in *" $dir "*) ;; *) dirs="$dirs$dir " ;; esac
      done
    fi
    traces=
    # shellcheck disable=SC2086 # a list of directories
    [ -z "$dirs" ] || traces=$(find $dirs -name mmaps -type f 2>/dev/null | sed 's,/mmaps$,,' | sort)
    echo "$name: work directories: ${dirs:-none found }" | sed "s/ $//" >>"$details"
    if [ -z "$traces" ]; then
      echo "  no trace found" >>"$details"
      echo "no_ticks.$name=unknown (no trace found: failed-tests.txt)" >>"$summary.tests"
      continue
    fi
    : >/tmp/modules
    for trace in $traces; do
      echo "  trace $trace" >>"$details"
      "$rr" dump -p "$trace" 2>/dev/null |
        sed -n 's/.*map_file:"\(\/[^"]*\)".*prot_flags:"..x.".*/\1/p' >>/tmp/modules
    done
    sort -u /tmp/modules | grep -v "^$build/lib/rr/" >/tmp/modules.sorted
    if [ ! -s /tmp/modules.sorted ]; then
      echo "  no executable file mapping recorded" >>"$details"
      echo "no_ticks.$name=unknown (the traces map no file: failed-tests.txt)" >>"$summary.tests"
      continue
    fi
    if ! command -v softticks-inspect >/dev/null; then
      sed 's/^/  not inspected (no softticks-inspect): /' /tmp/modules.sorted >>"$details"
      echo "no_ticks.$name=unknown (no softticks-inspect in the image: failed-tests.txt)" >>"$summary.tests"
      continue
    fi
    # "FILE: VERDICT (...)", one line a file (details indented); a file
    # that is gone or not ELF gets no such line: "unreadable".
    tr '\n' '\0' </tmp/modules.sorted | xargs -0 softticks-inspect 2>/dev/null |
      sed -n 's/^\(\/.*\): \([a-z][a-z ]*[a-z]\)\( (.*)\)\{0,1\}$/\2:\1/p' >/tmp/verdicts
    awk 'NR == FNR { i = index($0, ":"); verdict[substr($0, i + 1)] = substr($0, 1, i - 1); next }
      { v = ($0 in verdict) ? verdict[$0] : "unreadable"; print v ": " $0 }' \
      /tmp/verdicts /tmp/modules.sorted >/tmp/test-verdicts
    sed 's/^/  /' /tmp/test-verdicts >>"$details"
    no_ticks=$(grep -v '^instrumented: ' /tmp/test-verdicts | sed 's/^[^:]*: //' | tr '\n' ' ' | sed 's/ $//')
    echo "no_ticks.$name=${no_ticks:-none}" >>"$summary.tests"
  done
}
[ -z "$failed_tests" ] || report_failed_tests
result=fail
note=
if [ "$ctest_exit" -eq 0 ] && [ "$failed" -eq 0 ] && [ "$total" -gt 0 ]; then
  result=pass
else
  case $tsc_trap in
    no | prctl-refused)
      result=cannot-replay
      note="note=this machine cannot replay (tsc_trap=$tsc_trap: tsc-probe.log): rr's test failures are not counted"
      ;;
  esac
fi
# shellcheck disable=SC2086 # inspected is three key=value words or none
finish "$result" test "ctest_args=$ctest_args" "tests_total=$total" "tests_passed=$((total - failed))" "tests_failed=$failed" \
  "failed_tests=$failed_tests" "ctest_exit=$ctest_exit" $inspected ${note:+"$note"}
