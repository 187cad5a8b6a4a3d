#!/usr/bin/env bash
# The image tests (tests/image/CMakeLists.txt): image_test.sh STEP, where
# STEP is build | compilers | assembler | audit | base | trace | export | cleanup.
# Environment: SOFTTICKS_IMAGE_WORK (where the root filesystem goes),
# SOFTTICKS_BUILD_DIR (the softticks build installed into it),
# SOFTTICKS_IMAGE_TESTS=1 (else every step skips: they are long);
# SOFTTICKS_IMAGE_ROOT and SOFTTICKS_IMAGE_PACKAGES (below).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
# shellcheck source=SCRIPTDIR/../../docker/lib/in-root.sh
. "$repo/docker/lib/in-root.sh"
step=${1:?usage: image_test.sh STEP}
work=${SOFTTICKS_IMAGE_WORK:?}
# SOFTTICKS_IMAGE_ROOT: check an existing root filesystem (built by
# docker/build-rootfs.sh) instead of building one in the work directory.
root=${SOFTTICKS_IMAGE_ROOT:-$work/root}
# The source packages rebuilt (build) and then checked (audit, trace):
# SOFTTICKS_IMAGE_PACKAGES=docker/packages.txt is the full list (hours).
packages=${SOFTTICKS_IMAGE_PACKAGES:-$here/packages.txt}

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
verdict() { in_root "$root" softticks-inspect "$1" | sed -n 1p | sed 's/^[^:]*: \([a-z ]*[a-z]\).*/\1/'; }

case $step in
build)
  [ -z "${SOFTTICKS_IMAGE_ROOT:-}" ] || fail "SOFTTICKS_IMAGE_ROOT names a root to check; the build step builds in SOFTTICKS_IMAGE_WORK"
  getent hosts deb.debian.org >/dev/null || skip "the Debian mirror is unreachable (no network)"
  rm -rf "$root" "$root.tmp"
  mkdir -p "$work"
  start=$(date +%s)
  bash "$repo/docker/build-rootfs.sh" "$root" --packages "$packages"
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
  # An LTO link that also takes an instrumented static library built by the
  # other compiler (ordinary objects: their initializer, not the LTO
  # module's, is the program's).
  printf 'unsigned long steps(unsigned long n) { unsigned long s = 0; while (n != 1) { n = n %% 2 ? 3 * n + 1 : n / 2; s++; } return s; }\n' \
    > "$root/tmp/cc/steps.c"
  printf '#include <stdio.h>\nunsigned long steps(unsigned long);\nint main(void) { unsigned long t = 0; for (unsigned long i = 1; i < 20000; i++) t += steps(i); printf("%%lu\\n", t); return 0; }\n' \
    > "$root/tmp/cc/steps_main.c"
  for case in "gcc clang -flto=thin" "gcc clang -flto=full" "clang gcc -flto"; do
    read -r lib_cc cc lto <<< "$case"
    what="$cc $lto with $lib_cc's static library"
    out=$(in_image "cd /tmp/cc && rm -f libsteps.a && $lib_cc -O2 -c steps.c -o steps.o && ar rcs libsteps.a steps.o &&
                    $cc -O2 $lto -c steps_main.c -o m.o && $cc -O2 $lto -o p m.o libsteps.a && ./p") ||
      fail "$what: the link or the run failed"
    [ "$out" = "$expected_sum" ] || fail "$what printed '$out', expected '$expected_sum'"
    [ "$(verdict /tmp/cc/p)" = instrumented ] || fail "$what: not instrumented"
    [ "$(readelf -sW "$root/tmp/cc/p" | awk '$8 == "__rr_softticks_init"' | wc -l)" = 1 ] ||
      fail "$what: not one initializer"
    echo "ok: $cc $lto links $lib_cc's instrumented static library"
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
  # The specs file keeps the driver's own link specs (make-default.sh): a
  # build ID and .eh_frame_hdr in every program, libgcc_s in C++ links
  # (cleanups call _Unwind_Resume); with and without the opt-out.
  cp "$here/programs/unwind.cc" "$root/tmp/cc/"
  for cxx in g++ "g++ -specs=softticks-off.specs" clang++; do
    out=$(in_image "cd /tmp/cc && $cxx -O2 -o u unwind.cc && ./u") || fail "$cxx: the C++ program with a cleanup does not build or run"
    [ "$out" = "guard released
caught: thrown" ] || fail "$cxx: the C++ program printed '$out'"
    case $cxx in clang++) c=clang ;; *) c=gcc${cxx#g++} ;; esac
    for cc in "$cxx" "$c"; do
      case $cc in *++*) src=unwind.cc ;; *) src=prog.c ;; esac
      in_image "cd /tmp/cc && $cc -O2 -o l $src"
      readelf -nW "$root/tmp/cc/l" | grep 'Build ID' >/dev/null || fail "$cc: no build ID in the program"
      readelf -lW "$root/tmp/cc/l" | grep GNU_EH_FRAME >/dev/null || fail "$cc: no .eh_frame_hdr segment in the program"
    done
    echo "ok: $cxx links C++ cleanups; build ID and .eh_frame_hdr"
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

assembler)
  # softticks-as is the `as` of every GCC driver (make-default.sh): a .S
  # loop built by plain `gcc -c` ticks, and not with the opt-outs; the
  # compiler's own output ticks only inside asm statements.
  [ -d "$root" ] || fail "no root filesystem: image_rootfs failed"
  rm -rf "$root/tmp/as"
  cp -r "$here/assembler" "$root/tmp/as"
  trap 'rm -rf "${root:?}/tmp/as"' EXIT
  # ticks_in OBJ: the tick sequences in an object (their first instruction).
  ticks_in() { objdump -d "$root/tmp/as/$1" | grep -c 'testb *\$0x80,0x70001807' || true; }
  gccdir=$(in_image 'dirname "$(gcc -print-libgcc-file-name)"')
  for cc in gcc cc gcc-12 x86_64-linux-gnu-gcc-12 g++ c++; do
    as=$(in_image "$cc -print-prog-name=as")
    [ "$as" = "$gccdir/as" ] || fail "$cc runs the assembler $as, not $gccdir/as"
    in_image "cd /tmp/as && $cc -c count_down.S -o cd.o"
    n=$(ticks_in cd.o)
    [ "$n" -ge 2 ] || fail "$cc -c count_down.S: $n ticks (entry and loop head expected)"
    echo "ok: $cc assembles through $as: count_down.S has $n ticks"
  done
  in_image 'cd /tmp/as && gcc -O2 -c count_down_main.c && gcc count_down_main.o cd.o -o cd'
  [ "$(in_image 'cd /tmp/as && ./cd')" = 100000 ] || fail "the program with count_down.S printed another result"
  in_image 'cd /tmp/as && softticks-trace count --json -o count.json -- ./cd > /dev/null'
  ticks=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["ticks"])' "$root/tmp/as/count.json")
  [ "$ticks" -ge 100000 ] || fail "count_down(100000) ran $ticks ticks: its loop does not tick"
  echo "ok: count_down(100000) runs $ticks ticks"
  for cmd in "gcc -specs=softticks-off.specs" "SOFTTICKS_AS_DISABLE=1 gcc"; do
    in_image "cd /tmp/as && $cmd -c count_down.S -o off.o"
    [ "$(ticks_in off.o)" = 0 ] || fail "$cmd -c count_down.S: ticks despite the opt-out"
    echo "ok: $cmd assembles without ticks"
  done
  # Compiler output: the pass's opt-outs hold (no manifest in this unit),
  # and a loop inside an asm statement ticks.
  in_image 'cd /tmp/as && gcc -O2 -c opted_out.c'
  [ "$(ticks_in opted_out.o)" = 0 ] || fail "gcc -c opted_out.c: the assembler ticked a function the pass left out"
  in_image 'cd /tmp/as && gcc -O2 -c inline_loop.c && gcc -specs=softticks-off.specs -O2 -c inline_loop.c -o inline_off.o'
  n=$(ticks_in inline_loop.o)
  [ "$n" -ge 2 ] || fail "gcc -c inline_loop.c: $n ticks (the pass's entry tick and the asm loop's expected)"
  [ "$(ticks_in inline_off.o)" = 0 ] || fail "gcc -specs=softticks-off.specs -c inline_loop.c: ticks"
  echo "ok: compiler output: opted-out functions stay tick-free, asm loops tick ($n ticks)"
  # clang: plain clang and clang++ assemble .S through softticks-as
  # (softticks-clang adds -fno-integrated-as for assembler input); clang-19
  # is Debian's driver, whose integrated assembler never ticks; and a C
  # compile keeps the integrated assembler (no "as" job).
  in_image 'cd /tmp/as && clang -c count_down.S -o clang.o && clang++ -c count_down.S -o clangxx.o && clang-19 -c count_down.S -o clang19.o'
  for o in clang.o clangxx.o; do
    n=$(ticks_in $o)
    [ "$n" -ge 2 ] || fail "clang/clang++ -c count_down.S ($o): $n ticks"
  done
  [ "$(ticks_in clang19.o)" = 0 ] || fail "clang-19's integrated assembler ticked"
  plan=$(in_image 'cd /tmp/as && clang -### -c count_down_main.c 2>&1')
  # An assembler job is a line naming the program "as" (the working
  # directory, /tmp/as, is in the compile's own arguments too).
  ! grep -q '^ *"[^"]*/as" ' <<< "$plan" || fail "clang -c count_down_main.c runs an external assembler"
  in_image 'cd /tmp/as && clang -O2 -c count_down_main.c && clang count_down_main.o clang.o -o cd_clang'
  [ "$(in_image 'cd /tmp/as && ./cd_clang')" = 100000 ] || fail "clang's program with count_down.S printed another result"
  echo "ok: plain clang assembles .S through softticks-as ($n ticks), C with its integrated assembler; clang-19's .S has none"
  # Issue 26's program: loops in C, in an asm statement and in AT&T and
  # Intel .S files, by the image's plain gcc and clang with -masm=att and
  # -masm=intel (the .S files without it): it prints what its plain build
  # prints and `softticks-trace check --untracked` steps every function
  # without finding a repeat.
  for cc in gcc clang; do
    case $cc in gcc) off=-specs=softticks-off.specs ;; clang) off=--no-default-config ;; esac
    for syntax in att intel; do
      in_image "cd /tmp/as && for k in plain ticks; do f=; [ \$k = plain ] && f=$off;
        $cc \$f -masm=$syntax -O2 -c mixed_main.c -o m.\$k.o && $cc \$f -c loops_att.S -o a.\$k.o &&
        $cc \$f -c loops_intel.S -o i.\$k.o && $cc \$f m.\$k.o a.\$k.o i.\$k.o -o mixed.\$k; done"
      want=$(in_image 'cd /tmp/as && ./mixed.plain')
      got=$(in_image 'cd /tmp/as && ./mixed.ticks')
      [ "$got" = "$want" ] || fail "$cc -masm=$syntax: the mixed program printed '$got', its plain build '$want'"
      check=$(in_image 'cd /tmp/as && softticks-trace check --untracked --json -- ./mixed.ticks 2>/dev/null | tail -n 1')
      violations=$(python3 -c 'import json, sys; print(json.loads(sys.argv[1])["violation_count"])' "$check")
      [ "$violations" = 0 ] || fail "$cc -masm=$syntax: softticks-trace check --untracked: $check"
      echo "ok: $cc -masm=$syntax: C, asm statement, AT&T and Intel .S loops tick (0 violations)"
    done
  done
  ;;

audit)
  report=$root/var/lib/softticks/audit.txt
  [ -f "$report" ] || fail "no $report"
  cat "$report"
  grep -q '^  inconsistent: *0$' "$report" || fail "inconsistent modules in the image"
  grep -q '^  errors: *0$' "$report" || fail "unreadable modules in the image"
  while read -r src; do
    case $src in ''|\#*) continue ;; esac
    # The pseudo-package gcc-12-runtime installs packages of gcc-12's source.
    [ "$src" = gcc-12-runtime ] && src=gcc-12
    line=$(grep "^  $src " "$report") || fail "$src is not in the audit's rebuilt packages"
    instrumented=$(echo "$line" | awk '{ print $2 }')
    [ "$instrumented" -gt 0 ] || fail "$src: no instrumented module"
  done < "$packages"
  # And the audit fails on an inconsistent module: a copy of an
  # instrumented library without its ABI note (tick sites, no note).
  # The library: libbz2 (bzip2), else libgcc_s (gcc-12-runtime), whichever
  # the list rebuilt.
  lib=
  for candidate in /usr/lib/x86_64-linux-gnu/libbz2.so.1.0 /usr/lib/x86_64-linux-gnu/libgcc_s.so.1; do
    [ -f "$root$candidate" ] && [ "$(verdict "$candidate")" = instrumented ] && { lib=$root$candidate; break; }
  done
  [ -n "$lib" ] || fail "neither libbz2 nor libgcc_s is instrumented (the list rebuilds neither bzip2 nor gcc-12-runtime?)"
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

base)
  # base-programs.txt: the base system's programs that tests exec, for
  # the source packages of the list that rebuild them (dash, bash,
  # coreutils): instrumented, with one ABI note, where exec finds them.
  sources=$(sed -e 's/#.*//' "$packages" | awk 'NF { print $1 }')
  checked=0
  while read -r src path <&3; do
    case $src in ''|\#*) continue ;; esac
    printf '%s\n' "$sources" | grep -xF "$src" >/dev/null || continue
    real=$(in_root "$root" realpath -e "$path") || fail "$src: $path does not exist in the image"
    report=$(in_root "$root" softticks-inspect "$real") || true
    first=$(printf '%s\n' "$report" | sed -n 1p)
    case $first in
      "$real: instrumented "*) ;;
      *) printf '%s\n' "$report" >&2; fail "$src: $path ($real) is not instrumented: exec runs Debian's build, and rr asks for a PMU" ;;
    esac
    printf '%s\n' "$report" | grep '^  abi note: version 1 (1 note)$' >/dev/null ||
      { printf '%s\n' "$report" >&2; fail "$src: $path ($real) does not have exactly one ABI note"; }
    echo "ok: $path -> $real: instrumented, one ABI note"
    checked=$((checked + 1))
  done 3< "$here/base-programs.txt"
  [ "$checked" -gt 0 ] || skip "no package of tests/image/base-programs.txt (glibc, dash, bash, coreutils) in $packages"
  ;;

trace)
  # programs.txt: the programs of the rebuilt packages (those of the
  # packages file that are in the table; each package needs one).
  dir=/tmp/st-programs
  rm -rf "${root:?}$dir"
  mkdir -p "$root$dir"
  cp "$here"/programs/* "$here/../support/fixed_inputs.c" "$root$dir/"
  trap 'rm -rf "${root:?}$dir"' EXIT
  # Every run of a program, plain and traced, gets the inputs a recorder
  # replays: a fixed clock and fixed random bytes (fixed_inputs.so, as the
  # realworld suite's runs).  Lua seeds its hashes with time(), jq and
  # expat with arc4random: without it two counts of xmlwf differed
  # (59740 and 59494 ticks).  The shim opts out of ticks: it only fixes
  # inputs.
  in_image "cd $dir && gcc -specs=softticks-off.specs -O2 -shared -fPIC -o fixed_inputs.so fixed_inputs.c" ||
    fail "fixed_inputs.so did not build"
  preload="LD_PRELOAD=$dir/fixed_inputs.so"
  field() { python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))[sys.argv[2]])' "$1" "$2"; }
  sources=$(sed -e 's/#.*//' "$packages" | awk 'NF { print $1 }')
  for src in $sources; do
    grep -Eq "^$src +(run|count) " "$here/programs.txt" || fail "$src: no program in tests/image/programs.txt"
  done
  checked=0
  ticks=()
  # The table on fd 3: the programs inherit stdin.
  while read -r src kind cmd <&3; do
    case $src in ''|\#*) continue ;; esac
    printf '%s\n' "$sources" | grep -xF "$src" >/dev/null || continue
    case $kind in
      setup)
        in_image "cd $dir && $cmd" || fail "$src: setup '$cmd' failed"
        # A helper compiled here is instrumented by the default compiler.
        case $cmd in
          gcc*|g++*)
            helper=${cmd##* -o }
            helper=${helper%% *}
            [ "$(verdict "$dir/$helper")" = instrumented ] || fail "$src: helper $helper is not instrumented"
            ;;
        esac
        continue
        ;;
      run|count) ;;
      *) fail "programs.txt: unknown kind '$kind' for $src" ;;
    esac
    plain=$(in_image "cd $dir && $preload $cmd > plain.out && md5sum < plain.out") || fail "$src: '$cmd' failed with no tracer"
    [ -s "$root$dir/plain.out" ] || fail "$src: '$cmd' printed nothing"
    for n in 1 2; do
      rm -f "$root$dir/count.json"
      traced=$(in_image "cd $dir && $preload softticks-trace count --json -o count.json -- $cmd > count.out && md5sum < count.out") ||
        fail "$src: '$cmd' failed under count"
      [ "$traced" = "$plain" ] || fail "$src: '$cmd' wrote another output under count"
      [ "$(field "$root$dir/count.json" exit_status)" = 0 ] || fail "$src: '$cmd' exited non-zero under count"
      ticks[n]=$(field "$root$dir/count.json" ticks)
    done
    { [ "${ticks[1]}" -gt 0 ] && [ "${ticks[1]}" = "${ticks[2]}" ]; } ||
      fail "$src: '$cmd': counts ${ticks[1]} and ${ticks[2]} (must be equal, > 0)"
    if [ "$kind" = count ]; then
      echo "ok: $src: $cmd: ${ticks[1]} ticks twice, output as with no tracer (not checked: programs.txt says why)"
      checked=$((checked + 1))
      continue
    fi
    rm -f "$root$dir/check.json"
    in_image "cd $dir && { $preload softticks-trace check --json -o check.json -- $cmd > /dev/null || true; }"
    [ -f "$root$dir/check.json" ] || fail "$src: check of '$cmd' wrote no report"
    violations=$(field "$root$dir/check.json" violation_count)
    functions=$(field "$root$dir/check.json" instrumented_functions)
    steps=$(field "$root$dir/check.json" steps)
    [ "$functions" -gt 0 ] || fail "$src: check saw no instrumented function in '$cmd'"
    [ "$violations" = 0 ] || { cut -c1-600 "$root$dir/check.json"; fail "$src: check: $violations violations in '$cmd'"; }
    echo "ok: $src: $cmd: ${ticks[1]} ticks twice, output as with no tracer; check: $steps steps in $functions instrumented functions, 0 violations"
    checked=$((checked + 1))
  done 3< "$here/programs.txt"
  [ "$checked" -gt 0 ] || fail "no program checked"
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
