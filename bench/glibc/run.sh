#!/usr/bin/env bash
# What an instrumented glibc costs against Debian's, on this machine, in
# executed instructions (callgrind; exact and repeatable), the same
# uninstrumented programs run with each C library and loader:
#  - start-up: a program whose main returns at once (nearly all of it the
#    loader's relocation and libc's initialization),
#  - memcpy, strlen, strchr from 1 B to 1 MiB: instructions per byte,
#  - Debian's sqlite3 shell on bench/sqlite/workload.sql.
# GLIBC_BUILD: the instrumented glibc build tree (docker/glibc/build-and-test.sh
# WORKDIR --build-only leaves it in WORKDIR/build-instrumented).
#   GLIBC_BUILD=DIR bench/glibc/run.sh
set -euo pipefail
bench_name=bench/glibc
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$here/../lib.sh"
[ -n "${GLIBC_BUILD:-}" ] || die 2 "GLIBC_BUILD= the instrumented glibc build tree"
g=$(cd "$GLIBC_BUILD" && pwd)
if [ ! -x "$g/elf/ld.so" ] || [ ! -e "$g/libc.so.6" ]; then die 2 "$g has no elf/ld.so and libc.so.6"; fi
command -v valgrind > /dev/null || die 3 "valgrind missing"
command -v sqlite3 > /dev/null || die 3 "sqlite3 missing (apt-get install sqlite3)"
debian_loader=/lib64/ld-linux-x86-64.so.2
libpath="$g:$g/math:$g/elf:$g/dlfcn:$g/nptl:$g/rt:$g/resolv:$g/login"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

gcc -O2 -o "$work/strings" "$here/strings.c"
printf 'int main(void) { return 0; }\n' > "$work/true.c"
gcc -O2 -o "$work/true" "$work/true.c"

# ir LIBC CMD...: instructions of CMD run with Debian's or the instrumented
# loader and libc; extra valgrind options in $VG (an array).
ir() {
  local libc=$1; shift
  if [ "$libc" = debian ]; then
    callgrind_ir "${VG[@]}" "$debian_loader" "$@"
  else
    callgrind_ir "${VG[@]}" "$g/elf/ld.so" --library-path "$libpath" "$@"
  fi
}

table=$work/table.md
{
  echo "| measurement | Debian's glibc | instrumented glibc | ratio |"
  echo "|---|---|---|---|"
  VG=()
  d=$(ir debian "$work/true"); i=$(ir instrumented "$work/true")
  echo "| start-up of a program that returns at once: instructions | $d | $i | $(ratio "$i" "$d") |"
  d=$(ir debian /usr/bin/sqlite3 :memory: < "$here/../sqlite/workload.sql")
  i=$(ir instrumented /usr/bin/sqlite3 :memory: < "$here/../sqlite/workload.sql")
  echo "| Debian's sqlite3 on bench/sqlite/workload.sql: instructions | $d | $i | $(ratio "$i" "$d") |"
  VG=(--toggle-collect=measure)
  for fn in memcpy strlen strchr; do
    for size in 1 16 64 256 1024 4096 65536 1048576; do
      reps=$("$work/strings" "$fn" "$size")
      d=$(ir debian "$work/strings" "$fn" "$size"); i=$(ir instrumented "$work/strings" "$fn" "$size")
      per() { awk -v n="$1" -v r="$reps" -v s="$size" 'BEGIN { printf "%.3f", n / (r * s) }'; }
      echo "| $fn, $size B: instructions per byte | $(per "$d") | $(per "$i") | $(ratio "$i" "$d") |"
    done
  done
} > "$table"
cat "$table"
{
  echo "# bench/glibc: $(date -u +%Y-%m-%d), $(nproc) cores, $(uname -m)"
  echo
  echo "Debian's glibc $(dpkg-query -W -f '${Version}' libc6) against the instrumented build in"
  echo "\`$g\` (same source and version, docker/glibc/patches). Uninstrumented programs;"
  echo "valgrind --tool=callgrind instruction counts; for the string functions only"
  echo "\`measure()\` is counted (about 16 MiB per run, per byte = count / (repetitions x size))."
  echo
  cat "$table"
} > "$here/RESULTS.md"
