#!/usr/bin/env bash
# A small lit: runs the "; RUN:" lines of an LLVM IR test under bash with
# pipefail, after substituting
#   %opt        opt of the LLVM under test, with the plugin loaded
#               (on LLVM 14 also with -load=, as its opt only loads pass
#               plugins after parsing the options, and -opaque-pointers,
#               as its default is typed pointers)
#   %FileCheck  that LLVM's FileCheck
#   %s          the test file        %t  a scratch path prefix
# A line ending in '\' continues on the next one.  "; REQUIRES-LLVM: N"
# skips the test (exit 77) on LLVM majors below N, "; MAX-LLVM: N" above N.
# Usage: run_ir_test.sh LLVM_BINDIR LLVM_MAJOR PLUGIN WORKDIR FILE.ll
# Exit status: 0 pass, 1 a RUN line failed, 2 usage, 77 skipped.
set -uo pipefail
if [ $# -ne 5 ]; then
  echo "usage: $0 LLVM_BINDIR LLVM_MAJOR PLUGIN WORKDIR FILE.ll" >&2
  exit 2
fi
bindir=$1 major=$2 plugin=$3 work=$4 file=$5
mkdir -p "$work" || exit 2

min=$(sed -n 's/^; REQUIRES-LLVM: *\([0-9]*\).*/\1/p' "$file" | head -1)
max=$(sed -n 's/^; MAX-LLVM: *\([0-9]*\).*/\1/p' "$file" | head -1)
if [ -n "$min" ] && [ "$major" -lt "$min" ]; then
  echo "skipped: needs LLVM >= $min"
  exit 77
fi
if [ -n "$max" ] && [ "$major" -gt "$max" ]; then
  echo "skipped: needs LLVM <= $max"
  exit 77
fi

opt="$bindir/opt -load-pass-plugin=$plugin"
[ "$major" -lt 15 ] && opt="$bindir/opt -load=$plugin -load-pass-plugin=$plugin -opaque-pointers"
tmp="$work/$(basename "$file" .ll)"

runs=()
current=""
while IFS= read -r line; do
  case "$line" in
    "; RUN: "*) current+="${line#; RUN: }" ;;
    *) continue ;;
  esac
  if [ "${current: -1}" = "\\" ]; then
    current="${current%\\} "
  else
    runs+=("$current")
    current=""
  fi
done < "$file"
if [ ${#runs[@]} -eq 0 ]; then
  echo "$file: no RUN lines" >&2
  exit 2
fi

for run in "${runs[@]}"; do
  cmd=${run//%opt/$opt}
  cmd=${cmd//%FileCheck/$bindir/FileCheck}
  cmd=${cmd//%s/$file}
  cmd=${cmd//%t/$tmp}
  echo "RUN: $cmd"
  if ! bash -o pipefail -c "$cmd"; then
    echo "FAILED: $cmd" >&2
    exit 1
  fi
done
exit 0
