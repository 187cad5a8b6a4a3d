#!/usr/bin/env bash
# Measures, inside a root filesystem, the share of executed instructions
# that run in ELF modules without ticks (no softticks note), for five
# workloads: SQLite (bench/sqlite/workload.sql through the sqlite3 shell),
# xz (compress and decompress), jq (a regex filter over JSON, oniguruma),
# cxx (bench/image/cxx-workload.cc, compiled in the root by its g++:
# iostreams and a locale facet, std::regex, exceptions: the C++ runtime),
# omp (bench/image/omp-workload.c, compiled by its gcc -fopenmp: OpenMP
# loops and tasks on 2 threads and 16-byte atomics: libgomp, libatomic).
#   bench/image/measure-untracked.sh [--debian-glibc] [--debian-cxx] ROOTFS [sqlite] [xz] [jq] [cxx] [omp]
# (default: all five).  ROOTFS needs valgrind, softticks-inspect and the
# workloads' programs (g++ for cxx, gcc for omp).  --debian-glibc: the same programs run
# with Debian's C library and loader instead of the root's (its
# instrumented glibc): this host's libc6 files (the same Debian 12 version
# as the root's, checked), copied into the root and named by the loader's
# --library-path: the "before" of an image that rebuilds glibc, measured in
# the same run.  --debian-cxx: the same for GCC's runtime (this host's
# libstdc++6, libgcc-s1, libgomp1 and libatomic1), the "before" of an
# image that rebuilds them.
# --libstdcxx DIR: with DIR's libstdc++.so.6 in place of the root's (the
# instrumented build of docker/cxx-runtime/build-and-test.sh, DIR =
# WORKDIR/build-instrumented/x86_64-linux-gnu/libstdc++-v3/src/.libs): the
# "after" of libstdc++ alone, in a root that does not install it (the
# pseudo-package gcc-12-runtime installs all four libraries).
# Counts are callgrind's self instruction counts (Ir) summed per object.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
# shellcheck source=SCRIPTDIR/../../docker/lib/in-root.sh
. "$repo/docker/lib/in-root.sh"
debian_glibc=
debian_cxx=
libstdcxx=
while [ $# -gt 0 ]; do
  case $1 in
    --debian-glibc) debian_glibc=1; shift ;;
    --debian-cxx) debian_cxx=1; shift ;;
    --libstdcxx) [ $# -ge 2 ] || { echo "measure-untracked: --libstdcxx needs a directory" >&2; exit 2; }; libstdcxx=$2; shift 2 ;;
    *) break ;;
  esac
done
[ $# -ge 1 ] || { echo "usage: $0 [--debian-glibc] [--debian-cxx] [--libstdcxx DIR] ROOTFS [sqlite] [xz] [jq] [cxx] [omp]" >&2; exit 2; }
root=$1
shift
workloads=${*:-sqlite xz jq cxx omp}
tools="valgrind softticks-inspect"
for w in $workloads; do
  case $w in
    sqlite) tools="$tools sqlite3" ;;
    xz|jq) tools="$tools $w" ;;
    cxx) tools="$tools g++" ;;
    omp) tools="$tools gcc" ;;
    *) echo "measure-untracked: unknown workload $w" >&2; exit 2 ;;
  esac
done
for tool in $tools; do
  [ -x "$root/usr/bin/$tool" ] || { echo "measure-untracked: $root has no /usr/bin/$tool" >&2; exit 1; }
done

work=$root/tmp/softticks-measure
rm -rf "$work"
mkdir -p "$work"
trap 'rm -rf "$work"' EXIT
cp "$repo/bench/sqlite/workload.sql" "$work/workload.sql"
# copy_debian PACKAGE DIR: this host's shared objects of PACKAGE into
# $work/DIR, after checking that the root has the same version of it.
copy_debian() {
  local want have
  want=$(dpkg-query -W -f '${Version}' "$1")
  have=$(in_root "$root" dpkg-query -W -f "\${Version}" "$1")
  [ "$want" = "$have" ] || { echo "measure-untracked: this host's $1 is $want, the root's $have" >&2; exit 1; }
  mkdir -p "$work/$2"
  dpkg -L "$1" | grep -E '^/(usr/)?lib(64)?/(x86_64-linux-gnu/)?[^/]*\.so[.0-9]*$' | while read -r f; do
    [ -f "$f" ] && cp -L "$f" "$work/$2/"
  done
  [ -n "$(ls "$work/$2")" ] || { echo "measure-untracked: no shared object of $1 copied" >&2; exit 1; }
}
# With --debian-glibc or --debian-cxx every workload's program starts as
# "LOADER --library-path DIRS PROGRAM": Debian's loader, libc, libm, ...
# (or the root's loader) and Debian's libstdc++ and libgcc_s.
loader=
libdirs=
if [ -n "$debian_glibc" ]; then
  copy_debian libc6 debian-glibc
  [ -f "$work/debian-glibc/ld-linux-x86-64.so.2" ] || { echo "measure-untracked: no Debian loader copied" >&2; exit 1; }
  loader=/tmp/softticks-measure/debian-glibc/ld-linux-x86-64.so.2
  libdirs=/tmp/softticks-measure/debian-glibc
fi
if [ -n "$debian_cxx" ]; then
  copy_debian libstdc++6 debian-cxx
  copy_debian libgcc-s1 debian-cxx
  copy_debian libgomp1 debian-cxx
  copy_debian libatomic1 debian-cxx
  loader=${loader:-/lib64/ld-linux-x86-64.so.2}
  libdirs=${libdirs:+$libdirs:}/tmp/softticks-measure/debian-cxx
fi
if [ -n "$libstdcxx" ]; then
  [ -f "$libstdcxx/libstdc++.so.6" ] || { echo "measure-untracked: $libstdcxx has no libstdc++.so.6" >&2; exit 1; }
  mkdir -p "$work/libstdcxx"
  cp -L "$libstdcxx/libstdc++.so.6" "$work/libstdcxx/"
  loader=${loader:-/lib64/ld-linux-x86-64.so.2}
  libdirs=/tmp/softticks-measure/libstdcxx${libdirs:+:$libdirs}
fi
[ -z "$loader" ] || loader="$loader --library-path $libdirs"
cp "$here/cxx-workload.cc" "$here/omp-workload.c" "$work/"
seq 1 40000 | sed 's/$/ the quick brown fox/' > "$work/text"
awk 'BEGIN { printf "["; for (i = 0; i < 40000; i++) printf "%s{\"id\":%d,\"name\":\"row-%d\",\"v\":%d}", (i ? "," : ""), i, (i * 7919) % 100000, i % 97; print "]" }' > "$work/data.json"

# Self cost per object of a callgrind output file: "Ir object" lines.
per_object() {
  awk '
    # Object names are compressed: "(id) name" the first time, in ob= or
    # cob= lines alike, then "(id)".
    function object(s,   id) {
      if (!match(s, /^\([0-9]+\)/)) return s
      id = substr(s, 1, RLENGTH)
      if (length(s) > RLENGTH + 1) name[id] = substr(s, RLENGTH + 2)
      return name[id]
    }
    /^ob=/ { ob = object(substr($0, 4)); next }
    /^cob=/ { object(substr($0, 5)); next }
    /^calls=/ { skip = 1; next }   # the next cost line is the call'"'"'s inclusive cost
    /^[0-9+*-]/ { if (skip) { skip = 0; next } cost[ob] += $2; next }
    END { for (o in cost) printf "%.0f %s\n", cost[o], o }' "$1"
}

# run_workload NAME 'PROGRAM ARGS <IN >OUT' [VAR=VALUE...]: PROGRAM runs
# under callgrind (the redirections are the shell's, outside the count),
# with the VARs in its environment.
run_workload() {
  local name=$1 cmd=$2
  shift 2
  in_root "$root" "$@" sh -c "cd /tmp/softticks-measure && valgrind --quiet --tool=callgrind --dump-instr=no --callgrind-out-file=$name.cg $cmd"
  per_object "$work/$name.cg" > "$work/$name.objects"
  local total=0 untracked=0 ir object
  : > "$work/$name.untracked"
  while read -r ir object; do
    total=$((total + ir))
    if [ "$object" = "???" ] || ! in_root "$root" softticks-inspect "$object" 2>/dev/null | sed -n 1p | grep ': instrumented' >/dev/null; then
      untracked=$((untracked + ir))
      echo "$ir $object" >> "$work/$name.untracked"
    fi
  done < "$work/$name.objects"
  awk -v n="$name" -v t="$total" -v u="$untracked" 'BEGIN { printf "%-7s %12.0f instructions, %5.1f%% in modules without ticks\n", n, t, 100 * u / t }'
  sort -rn "$work/$name.untracked" | sed -n 1,4p | awk -v t="$total" '{ printf "          %5.1f%%  %s\n", 100 * $1 / t, $2 }'
}

printf '%s\n' '[.[] | select(.name | test("^row-(1|7)[0-9]*5$")) | .v] | add' > "$work/filter.jq"
for w in $workloads; do
  case $w in
    sqlite) run_workload sqlite "$loader /usr/bin/sqlite3 :memory: < workload.sql > /dev/null" ;;
    xz) run_workload xz "$loader /usr/bin/xz -6 -c text > text.xz" ;;
    jq) run_workload jq "$loader /usr/bin/jq -f filter.jq data.json > /dev/null" ;;
    cxx)
      # Built by the root's g++ (instrumenting by default in the image).
      in_root "$root" sh -c "cd /tmp/softticks-measure && g++ -O2 -o cxx-workload cxx-workload.cc"
      run_workload cxx "$loader /tmp/softticks-measure/cxx-workload > /dev/null"
      ;;
    omp)
      in_root "$root" sh -c "cd /tmp/softticks-measure && gcc -O2 -fopenmp -o omp-workload omp-workload.c -latomic"
      run_workload omp "$loader /tmp/softticks-measure/omp-workload > /dev/null" \
        OMP_NUM_THREADS=2 OMP_WAIT_POLICY=passive
      ;;
  esac
done
