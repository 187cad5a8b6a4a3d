#!/usr/bin/env bash
# Builds the .deb packages of this build tree with packaging/build-debs.sh,
# checks their metadata and contents with dpkg-deb, extracts them into a
# scratch root and uses them from there: gcc -fplugin=softticks resolved
# through the root's plugin directory, clang with the packaged config file,
# the runtime through pkg-config and CMake, the packaged tools.
# Usage: check_debs.sh SRC BUILD   (ST_WORK: scratch directory; exit 77: skip)
src=$1
build=$2
# shellcheck source-path=SCRIPTDIR source=../support/scratch.sh
. "$src/tests/support/scratch.sh"

for tool in dpkg-deb dpkg-shlibdeps dpkg-query pkg-config; do
  command -v "$tool" >/dev/null || { echo "SKIP: $tool not installed (dpkg-dev, pkg-config)"; exit 77; }
done
# shellcheck source=/dev/null
. "$build/packaging/build-info.sh"
if [ -z "$SOFTTICKS_GCC_PLUGIN_DIR" ] || [ -z "$SOFTTICKS_LLVM_MAJOR" ]; then
  echo "SKIP: this build has no GCC plugin or no LLVM plugin, so not all packages can be built"
  exit 77
fi
gcc=$SOFTTICKS_GCC
m=$SOFTTICKS_LLVM_MAJOR
clang=/usr/lib/llvm-$m/bin/clang
inspect=$build/tools/softticks-inspect
gcc_major=$("$gcc" -dumpversion | cut -d. -f1)
gcc_pkg_version=$(dpkg-query -W -f='${Version}' "gcc-$gcc_major")
arch=$(dpkg --print-architecture)
version=$(sed -n 's/^project(softticks VERSION \([0-9.]*\).*/\1/p' "$src/CMakeLists.txt")
[ -n "$version" ] || fail "no project version in $src/CMakeLists.txt"
libdir=usr/$SOFTTICKS_INSTALL_LIBDIR
plugin_dir=${SOFTTICKS_GCC_PLUGIN_DIR#/}

"$src/packaging/build-debs.sh" "$build" debs >build-debs.log 2>&1 ||
  fail "build-debs.sh failed: $(cat build-debs.log)"

deb() { echo "debs/${1}_${version}_${arch}.deb"; }
# One plugin package per LLVM major: the main one's and the others'.
extra_llvm=()
for e in ${SOFTTICKS_LLVM_EXTRA_MAJORS:-}; do extra_llvm+=("softticks-llvm-plugin-$e"); done
packages=(softticks-gcc-plugin softticks-llvm-plugin "${extra_llvm[@]}" librrsoftticks-dev softticks-tools)
for p in "${packages[@]}"; do
  [ -f "$(deb "$p")" ] || fail "$(deb "$p") not built; built: $(ls debs)"
done
[ "$(find debs -type f | wc -l)" -eq ${#packages[@]} ] ||
  fail "expected ${#packages[@]} files in debs/, got: $(ls debs)"

# --- metadata --------------------------------------------------------------
field() { dpkg-deb -f "$(deb "$1")" "$2"; }
# has_depend PKG DEP: DEP is one of PKG's comma-separated Depends.
has_depend() {
  field "$1" Depends | tr ',' '\n' | sed 's/^ *//; s/ *$//' | grep -xF -- "$2" >/dev/null ||
    fail "$1: Depends '$(field "$1" Depends)' lacks '$2'"
}
for p in "${packages[@]}"; do
  [ "$(field "$p" Package)" = "$p" ] || fail "$p: Package is '$(field "$p" Package)'"
  [ "$(field "$p" Version)" = "$version" ] || fail "$p: Version is '$(field "$p" Version)'"
  [ "$(field "$p" Architecture)" = "$arch" ] || fail "$p: Architecture is '$(field "$p" Architecture)'"
  [ -n "$(field "$p" Description)" ] || fail "$p: no Description"
  # Every regular file in the package is listed in md5sums.
  dpkg-deb --ctrl-tarfile "$(deb "$p")" | tar -xO ./md5sums >"$p.md5sums"
  dpkg-deb -c "$(deb "$p")" | awk '$1 ~ /^-/ {print $6}' | sed 's|^\./||' | sort >"$p.files"
  awk '{print $2}' "$p.md5sums" | sort | cmp -s - "$p.files" || fail "$p: md5sums does not list its files"
  ! grep -v '^usr/' "$p.files" || fail "$p: files outside /usr"
done
has_depend softticks-gcc-plugin "gcc-$gcc_major (= $gcc_pkg_version)"
has_depend softticks-llvm-plugin "clang-$m"
has_depend softticks-llvm-plugin "libllvm$m"
# The shared libraries, as dpkg-shlibdeps words them ("libelf1 (>= 0.142)").
has_library_depend() {
  field "$1" Depends | grep -E "(^|, )$2( \(|,|$)" >/dev/null || fail "$1: Depends '$(field "$1" Depends)' lacks $2"
}
has_library_depend softticks-tools libelf1
has_library_depend softticks-tools libc6
has_library_depend softticks-gcc-plugin 'libstdc\+\+6'
has_library_depend softticks-llvm-plugin 'libstdc\+\+6'
has_library_depend librrsoftticks-dev libc6
grep -qx 'activate-noawait ldconfig' <<<"$(dpkg-deb --ctrl-tarfile "$(deb librrsoftticks-dev)" | tar -xO ./triggers)" ||
  fail "librrsoftticks-dev: no ldconfig trigger"

# --- contents ----------------------------------------------------------------
# expect_files PKG PATH...: each PATH is in PKG.
expect_files() {
  local p=$1 f
  shift
  for f in "$@"; do
    grep -qxF "$f" "$p.files" || fail "$p: $f missing; it has: $(tr '\n' ' ' <"$p.files")"
  done
}
expect_files softticks-gcc-plugin "$plugin_dir/softticks.so"
# softticks-lto.cfg only from LLVM 15 on (lld loads pass plugins since 15).
configs=(softticks.cfg)
[ "$m" -lt 15 ] || configs+=(softticks-lto.cfg)
# softticks-clang: the image's plain clang (llvm-pass/clang_route.c).
expect_files softticks-llvm-plugin "$libdir/softticks/llvm-$m/softticks.so" \
  "$libdir/softticks/llvm-$m/softticks-clang" "${configs[@]/#/$libdir/softticks/llvm-$m/}"
for e in ${SOFTTICKS_LLVM_EXTRA_MAJORS:-}; do
  extra_configs=(softticks.cfg)
  [ "$e" -lt 15 ] || extra_configs+=(softticks-lto.cfg)
  expect_files "softticks-llvm-plugin-$e" "$libdir/softticks/llvm-$e/softticks.so" \
    "$libdir/softticks/llvm-$e/softticks-clang" "${extra_configs[@]/#/$libdir/softticks/llvm-$e/}"
  has_depend "softticks-llvm-plugin-$e" "libllvm$e"
done
expect_files librrsoftticks-dev usr/include/rr/softticks.h usr/include/rr/librrsoftticks.h \
  "$libdir/librrsoftticks.a" "$libdir/librrsoftticks.so.$version" "$libdir/pkgconfig/rrsoftticks.pc" \
  "$libdir/cmake/rrsoftticks/rrsoftticksConfig.cmake" "$libdir/cmake/rrsoftticks/rrsoftticksTargets.cmake"
# (Listings go to files first: grep -q would stop reading early, and
# pipefail would report dpkg-deb's SIGPIPE.)
dpkg-deb -c "$(deb librrsoftticks-dev)" >librrsoftticks-dev.list
grep -q "\./$libdir/librrsoftticks\.so\.0 -> " librrsoftticks-dev.list ||
  fail "librrsoftticks-dev: no librrsoftticks.so.0 symlink"
expect_files softticks-tools usr/bin/softticks-trace usr/bin/softticks-inspect usr/bin/softticks-as \
  usr/bin/softticks-cargo usr/bin/softticks-rust-sysroot
# softticks-cargo names, for each LLVM major, a plugin some package carries.
dpkg-deb -x "$(deb softticks-tools)" tools-only
table=$(sed -n "s/^plugin_table='\(.*\)'$/\1/p" tools-only/usr/bin/softticks-cargo)
[ -n "$table" ] || fail "softticks-cargo has no plugin table"
for entry in $table; do
  f=${entry#*=}
  grep -qxF "${f#/}" ./*.files || fail "softticks-cargo names $f (LLVM ${entry%%=*}), which no package carries"
done
# gcc -B /usr/lib/softticks/as finds softticks-as as `as`.
dpkg-deb -c "$(deb softticks-tools)" >softticks-tools.list
grep -qF "./$libdir/softticks/as/as -> ../../../bin/softticks-as" softticks-tools.list ||
  fail "softticks-tools: no link $libdir/softticks/as/as -> ../../../bin/softticks-as"
# No file is in two packages.
dups=$(sort ./*.files | uniq -d)
[ -z "$dups" ] || fail "files in more than one package: $dups"

# clang finds the config files by name next to its executable.
dpkg-deb -c "$(deb softticks-llvm-plugin)" >softticks-llvm-plugin.list
for cfg in "${configs[@]}"; do
  grep -qF "./usr/lib/llvm-$m/bin/$cfg -> ../../softticks/llvm-$m/$cfg" softticks-llvm-plugin.list ||
    fail "softticks-llvm-plugin: no link /usr/lib/llvm-$m/bin/$cfg -> ../../softticks/llvm-$m/$cfg"
done
# The clang config file names the installed plugin.
dpkg-deb -x "$(deb softticks-llvm-plugin)" llvm-only
grep -qxF -- "-fpass-plugin=/$libdir/softticks/llvm-$m/softticks.so" \
  "llvm-only/$libdir/softticks/llvm-$m/softticks.cfg" ||
  fail "softticks.cfg does not load /$libdir/softticks/llvm-$m/softticks.so: $(cat "llvm-only/$libdir/softticks/llvm-$m/softticks.cfg")"

# --- use them from a scratch root ----------------------------------------------
for p in "${packages[@]}"; do
  dpkg-deb -x "$(deb "$p")" root
done
root=$PWD/root
prog=$src/tests/packaging/programs/loops.c
want="softticks predefined; total 59542"

# expect_instrumented EXE VERDICT: softticks-inspect's verdict line.
expect_verdict() {
  "$inspect" "$1" >"$1.inspect" || fail "softticks-inspect $1 failed"
  grep -q "^$1: $2 (" "$1.inspect" || fail "$1: want '$2', inspect says: $(cat "$1.inspect")"
}
expect_run() {
  local out
  out=$("$1") || fail "$1 exited with $?"
  [ "$out" = "$2" ] || fail "$1 printed '$out', want '$2'"
}

# gcc -fplugin=softticks looks in the plugin directory; -B makes gcc look
# in the root's copy of that directory first.
gcc_prefix=$root/${plugin_dir%/plugin}/
found=$("$gcc" -B"$gcc_prefix" -print-file-name=plugin)
[ "$(realpath "$found")" = "$(realpath "$root/$plugin_dir")" ] ||
  fail "gcc -B$gcc_prefix finds the plugin directory $found, not the root's"
"$gcc" -B"$gcc_prefix" -fplugin=softticks -O2 "$prog" -o gcc_prog || fail "gcc -fplugin=softticks failed"
expect_run ./gcc_prog "$want"
expect_verdict gcc_prog instrumented
# The control: the same compile without the plugin is not instrumented.
"$gcc" -O2 "$prog" -o gcc_plain || fail "gcc without plugin failed"
expect_verdict gcc_plain "not instrumented"

# clang with the packaged config file, its paths moved into the root.
sed "s|/$libdir/|$root/$libdir/|" "$root/$libdir/softticks/llvm-$m/softticks.cfg" >root.cfg
"$clang" --config "$PWD/root.cfg" -O2 "$prog" -o clang_prog || fail "clang --config failed"
expect_run ./clang_prog "$want"
expect_verdict clang_prog instrumented

# clang --config NAME finds the linked config next to its executable: a
# copy of clang (a small driver; the libraries stay where they are) put in
# the root's /usr/lib/llvm-N/bin says which file it read.
cp -L "$clang" "$root/usr/lib/llvm-$m/bin/clang"
"$root/usr/lib/llvm-$m/bin/clang" --config softticks.cfg -### -c "$prog" >by_name.log 2>&1 ||
  fail "clang --config softticks.cfg: $(cat by_name.log)"
grep -qxF "Configuration file: $root/usr/lib/llvm-$m/bin/softticks.cfg" by_name.log ||
  fail "clang --config softticks.cfg did not read the packaged file: $(cat by_name.log)"
rm "$root/usr/lib/llvm-$m/bin/clang"

# The runtime through the packaged pkg-config file (relocatable) and CMake package.
flags=$(PKG_CONFIG_PATH=$root/$libdir/pkgconfig pkg-config --cflags --libs rrsoftticks) ||
  fail "pkg-config rrsoftticks failed"
# shellcheck disable=SC2086 # flags are words
"$gcc" "$src/tests/runtime/consumer/consumer_nothing.c" $flags -o pc_nothing || fail "pkg-config link failed"
grep -q "page mapped" <<<"$(./pc_nothing)" || fail "pc_nothing: $(./pc_nothing)"
expect_verdict pc_nothing instrumented
if ! cmake -S "$src/tests/runtime/consumer" -B consumer -DCMAKE_PREFIX_PATH="$root/usr" \
  -DCMAKE_C_COMPILER="$gcc" -DCMAKE_BUILD_RPATH="$root/$libdir" >consumer.log 2>&1 ||
  ! cmake --build consumer >>consumer.log 2>&1; then
  fail "CMake consumer: $(cat consumer.log)"
fi
grep -q "consumer ok" <(consumer/consumer_static) || fail "consumer_static did not run"
grep -q "consumer ok" <(consumer/consumer_shared) || fail "consumer_shared did not run"

# The packaged tools run and agree with the build's.
grep -q "^gcc_prog: instrumented (" <<<"$("$root/usr/bin/softticks-inspect" gcc_prog)" ||
  fail "packaged softticks-inspect does not see gcc_prog instrumented"
"$root/usr/bin/softticks-trace" count -- ./gcc_prog >trace.out || fail "packaged softticks-trace count failed"
ticks=$(sed -n 's/^ticks[:= ]*\([0-9]*\).*/\1/p' trace.out | sed -n 1p)
[ "${ticks:-0}" -gt 1000 ] || fail "softticks-trace counted '$ticks' ticks: $(cat trace.out)"
echo "PASS: 4 packages built, checked and used from $root"
