#!/usr/bin/env bash
# The image tests (tests/image/CMakeLists.txt): image_test.sh STEP, where
# STEP is build | compilers | audit | trace | export | cleanup.
# Environment: SOFTTICKS_IMAGE_WORK (where the root filesystem goes),
# SOFTTICKS_BUILD_DIR (the softticks build installed into it),
# SOFTTICKS_IMAGE_TESTS=1 (else every step skips: they are long).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
# shellcheck source=SCRIPTDIR/../../docker/lib/in-root.sh
. "$repo/docker/lib/in-root.sh"
step=${1:?usage: image_test.sh STEP}
work=${SOFTTICKS_IMAGE_WORK:?}
root=$work/root

fail() { echo "FAIL: $*" >&2; exit 1; }
skip() { echo "SKIP: $*"; exit 77; }

if [ "$step" = cleanup ]; then
  rm -rf "$work"
  exit 0
fi
[ "${SOFTTICKS_IMAGE_TESTS:-}" = 1 ] || skip "long (a Debian root filesystem and package rebuilds): set SOFTTICKS_IMAGE_TESTS=1 (ctest -L image)"
[ "$(id -u)" = 0 ] || skip "needs root (mmdebstrap, chroot)"
for tool in mmdebstrap umoci skopeo unshare python3; do
  command -v $tool >/dev/null || skip "$tool missing: bash docker/install-deps.sh"
done

# Runs a shell script inside the image.
in_image() { in_root "$root" /bin/sh -euc "$1"; }

# The verdict softticks-inspect gives FILE inside the image.
verdict() { in_root "$root" softticks-inspect "$1" | head -n 1 | sed 's/^[^:]*: \([a-z ]*[a-z]\).*/\1/'; }

case $step in
build)
  getent hosts deb.debian.org >/dev/null || skip "the Debian mirror is unreachable (no network)"
  rm -rf "$root" "$root.tmp"
  mkdir -p "$work"
  start=$(date +%s)
  bash "$repo/docker/build-rootfs.sh" "$root" --packages "$here/packages.txt"
  echo "image_rootfs: built in $(( $(date +%s) - start )) s"
  ;;

compilers)
  [ -d "$root" ] || fail "no root filesystem: image_rootfs failed"
  mkdir -p "$root/tmp/cc"
  cat > "$root/tmp/cc/prog.c" <<'C'
#include <stdio.h>
#ifndef __RR_SOFTTICKS__
#define __RR_SOFTTICKS__ 0
#endif
static unsigned long collatz(unsigned long n) { unsigned long s = 0; while (n != 1) { n = n % 2 ? 3 * n + 1 : n / 2; s++; } return s; }
int main(void) { unsigned long t = 0; for (unsigned long i = 1; i < 20000; i++) t += collatz(i); printf("%d %lu\n", __RR_SOFTTICKS__, t); return 0; }
C
  cp "$root/tmp/cc/prog.c" "$root/tmp/cc/prog.cc"
  expected_sum=$(in_image 'cd /tmp/cc && gcc -specs=softticks-off.specs -O2 -o ref prog.c && ./ref' | cut -d' ' -f2)
  # Every driver name, no flag: instrumented, __RR_SOFTTICKS__ = 1.
  for cc in gcc cc gcc-12 x86_64-linux-gnu-gcc x86_64-linux-gnu-gcc-12 clang clang-19 \
            g++ c++ g++-12 x86_64-linux-gnu-g++-12 clang++ clang++-19; do
    case $cc in *++*) src=prog.cc ;; *) src=prog.c ;; esac
    out=$(in_image "cd /tmp/cc && $cc -O2 -o p $src && ./p")
    [ "$out" = "1 $expected_sum" ] || fail "$cc: the program printed '$out', expected '1 $expected_sum'"
    [ "$(verdict /tmp/cc/p)" = instrumented ] || fail "$cc: the program is not instrumented"
    echo "ok: $cc instruments by default"
  done
  # LTO, where the link runs the pass: GCC (lto1 reads the specs) and clang (lld).
  for cc in gcc clang; do
    in_image "cd /tmp/cc && $cc -O2 -flto -c -o p.o prog.c && $cc -O2 -flto -o p p.o"
    [ "$(verdict /tmp/cc/p)" = instrumented ] || fail "$cc -flto: not instrumented"
    echo "ok: $cc -flto instruments"
  done
  # The opt-outs: not instrumented, no macro.
  for cmd in "gcc -specs=softticks-off.specs" "g++ -specs=softticks-off.specs" \
             "clang --no-default-config" "CLANG_NO_DEFAULT_CONFIG=1 clang"; do
    case $cmd in *++*) src=prog.cc ;; *) src=prog.c ;; esac
    out=$(in_image "cd /tmp/cc && $cmd -O2 -o p $src && ./p")
    [ "$out" = "0 $expected_sum" ] || fail "$cmd: printed '$out', expected '0 $expected_sum'"
    [ "$(verdict /tmp/cc/p)" = "not instrumented" ] || fail "$cmd: instrumented despite the opt-out"
    echo "ok: $cmd opts out"
  done
  # An unmodified CMake project.
  mkdir -p "$root/tmp/cc/cmake"
  printf 'cmake_minimum_required(VERSION 3.13)\nproject(p C CXX)\nadd_executable(p ../prog.c)\nadd_executable(q ../prog.cc)\n' \
    > "$root/tmp/cc/cmake/CMakeLists.txt"
  in_image 'cd /tmp/cc/cmake && cmake -S . -B b -G Ninja >/dev/null && cmake --build b >/dev/null'
  for p in p q; do
    [ "$(verdict /tmp/cc/cmake/b/$p)" = instrumented ] || fail "CMake build: $p not instrumented"
  done
  echo "ok: an unmodified CMake build is instrumented"
  # An unmodified Meson project, with LTO (b_lto: the link runs the pass).
  mkdir -p "$root/tmp/cc/meson"
  printf "project('p', 'c', 'cpp')\nexecutable('p', '../prog.c')\nexecutable('q', '../prog.cc')\n" \
    > "$root/tmp/cc/meson/meson.build"
  in_image 'cd /tmp/cc/meson && meson setup -Db_lto=true b >/dev/null && ninja -C b >/dev/null'
  for p in p q; do
    [ "$(verdict /tmp/cc/meson/b/$p)" = instrumented ] || fail "Meson build: $p not instrumented"
  done
  echo "ok: an unmodified Meson build with LTO is instrumented"
  rm -rf "$root/tmp/cc"
  ;;

audit)
  report=$root/var/lib/softticks/audit.txt
  [ -f "$report" ] || fail "no $report"
  cat "$report"
  grep -q '^  inconsistent: *0$' "$report" || fail "inconsistent modules in the image"
  grep -q '^  errors: *0$' "$report" || fail "unreadable modules in the image"
  while read -r src; do
    case $src in ''|\#*) continue ;; esac
    line=$(grep "^  $src " "$report") || fail "$src is not in the audit's rebuilt packages"
    instrumented=$(echo "$line" | awk '{ print $2 }')
    [ "$instrumented" -gt 0 ] || fail "$src: no instrumented module"
  done < "$here/packages.txt"
  # And the audit fails on an inconsistent module: a copy of an
  # instrumented library without its ABI note (tick sites, no note).
  lib=$root/usr/lib/x86_64-linux-gnu/libbz2.so.1.0
  [ "$(verdict /usr/lib/x86_64-linux-gnu/libbz2.so.1.0)" = instrumented ] || fail "libbz2 is not instrumented"
  bad=$(mktemp -d)
  trap 'rm -rf "$bad"' EXIT
  objcopy --remove-section .note.rrsoftticks "$lib" "$root/usr/lib/softticks-audit-probe.so" ||
    fail "objcopy could not make the probe"
  json=$bad/inspect.json
  in_root "$root" softticks-inspect --json /usr/lib/softticks-audit-probe.so > "$json" 2> "$json.summary" || true
  rm -f "$root/usr/lib/softticks-audit-probe.so"
  grep '^{"summary"' "$json.summary" >> "$json"
  if python3 "$repo/docker/audit.py" "$root" "$json" > "$bad/report"; then
    cat "$bad/report"; fail "audit.py accepted a module with ticks and no ABI note"
  fi
  grep -q '^  inconsistent: *1$' "$bad/report" || { cat "$bad/report"; fail "audit.py did not count the inconsistent module"; }
  echo "ok: the audit finds 0 inconsistent modules, and finds a planted one"
  ;;

trace)
  [ "$(verdict /usr/bin/bzip2)" = instrumented ] || fail "bzip2 is not instrumented"
  in_image 'seq 1 20000 > /tmp/words'
  plain=$(in_image 'bzip2 -9 -c /tmp/words | md5sum')
  [ -n "$plain" ] || fail "bzip2 printed nothing"
  count() {
    in_image 'softticks-trace count --json -o /tmp/count.json -- bzip2 -9 -c /tmp/words > /tmp/words.bz2 && cat /tmp/count.json'
  }
  first=$(count)
  second=$(count)
  echo "count: $first"
  ticks1=$(echo "$first" | python3 -c 'import json,sys; print(json.load(sys.stdin)["ticks"])')
  ticks2=$(echo "$second" | python3 -c 'import json,sys; print(json.load(sys.stdin)["ticks"])')
  [ "$ticks1" -gt 0 ] || fail "no ticks counted in bzip2"
  [ "$ticks1" = "$ticks2" ] || fail "two counts differ: $ticks1 and $ticks2"
  traced=$(in_image 'md5sum < /tmp/words.bz2')
  [ "$traced" = "$plain" ] || fail "bzip2 under the tracer wrote another output"
  # check single-steps: small inputs.  Compression covers the loop GCC's
  # loop distribution made into an inline memset (docker/README.md, "Known
  # problems": 40 violations before the plugin turned it into a call).
  in_image 'seq 1 300 > /tmp/tiny && bzip2 -9 -c /tmp/tiny > /tmp/tiny.bz2'
  for what in 'bzip2 -9 -c /tmp/tiny' 'bzip2 -d -c /tmp/tiny.bz2'; do
    check=$(in_image "softticks-trace check --json -o /tmp/check.json -- $what >/dev/null; cat /tmp/check.json")
    echo "check of $what: $check" | cut -c1-300
    violations=$(echo "$check" | python3 -c 'import json,sys; print(json.load(sys.stdin)["violation_count"])')
    functions=$(echo "$check" | python3 -c 'import json,sys; print(json.load(sys.stdin)["instrumented_functions"])')
    [ "$functions" -gt 0 ] || fail "check saw no instrumented function in $what"
    [ "$violations" = 0 ] || fail "check: $violations violations in $what"
  done
  echo "ok: bzip2 runs alike with no tracer and under count ($ticks1 ticks, twice); check of bzip2 -9 and bzip2 -d: 0 violations"
  ;;

export)
  image=$work/image
  rm -rf "$image" "$image.tmp"
  bash "$repo/docker/export-image.sh" "$root" "$image"
  [ -f "$image/oci/index.json" ] || fail "no OCI index"
  skopeo inspect --config "oci:$image/oci:softticks" | python3 -c '
import json, sys
config = json.load(sys.stdin)
assert config["config"]["Cmd"] == ["/bin/bash"], config["config"]
' || fail "the OCI image has the wrong config"
  skopeo inspect "docker-archive:$image/softticks-image.tar" >/dev/null || fail "the docker archive does not read back"
  # The layer holds the instrumented toolchain.
  tar -tf "$image/softticks-image.tar" >/dev/null
  echo "ok: OCI layout and docker archive ($(du -sh "$image/softticks-image.tar" | cut -f1))"
  rm -rf "$image"
  ;;

*)
  fail "unknown step $step"
  ;;
esac
