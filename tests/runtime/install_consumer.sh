#!/usr/bin/env bash
# Installs the rrsoftticks component to a scratch prefix and builds
# consumers against it: with pkg-config (static, as its Libs line says, and
# the shared library by hand) and with the CMake package (static and
# shared).  Each must run, and the statically linked ones must carry the
# .note.rrsoftticks note and map the page even when they call nothing.
# By hand, from the source tree:
#   ST_WORK=/tmp/w bash tests/runtime/install_consumer.sh build cc Ninja [pkg-config]
# (no pkg-config argument: the pkg-config consumers are not built).
src=$(cd "$(dirname "$0")" && pwd)
build=$(cd "$1" && pwd)
cc=$2 generator=$3 pkg_config=${4:-}
source "$(dirname "$0")/../support/scratch.sh"
prefix=$ST_WORK/prefix

expect_run() { # EXE WANT: runs, prints WANT
  local out
  out=$("$1") || fail "$1 failed"
  [[ $out == *"$2"* ]] || fail "$1: printed '$out', want '$2'"
}
expect_note() { # EXE: the rr note of 4 bytes
  readelf -W -n "$1" | grep -A2 'notes found in: \.note\.rrsoftticks$' \
    | grep -E '^ +rr +0x00000004' >/dev/null || fail "$1: no rr note of 4 bytes: $(readelf -W -n "$1")"
}

cmake --install "$build" --prefix "$prefix" --component rrsoftticks
pcfile=$(find "$prefix" -name rrsoftticks.pc | sed -n 1p)
[[ -n $pcfile ]] || fail "rrsoftticks.pc not installed"
pcdir=$(dirname "$pcfile")
libdir=$(dirname "$pcdir")

if [[ -n $pkg_config ]]; then
  export PKG_CONFIG_PATH=$pcdir
  read -ra flags <<<"$("$pkg_config" --cflags --libs rrsoftticks)"
  "$cc" "$src/consumer/consumer_nothing.c" "${flags[@]}" -o pc_nothing
  expect_run ./pc_nothing "page mapped"
  expect_note pc_nothing
  "$cc" "$src/consumer/consumer.c" "${flags[@]}" -o pc_api
  expect_run ./pc_api "consumer ok"
  expect_note pc_api
  read -ra cflags <<<"$("$pkg_config" --cflags rrsoftticks)"
  "$cc" "$src/consumer/consumer.c" "${cflags[@]}" -L"$libdir" -lrrsoftticks \
    -Wl,-rpath,"$libdir" -o pc_shared
  expect_run ./pc_shared "consumer ok"
  readelf -d pc_shared | grep 'librrsoftticks\.so' >/dev/null \
    || fail "pc_shared does not use the shared library"
else
  echo "pkg-config not found: pkg-config consumers not built"
fi

# The CMake package.
cmake -S "$src/consumer" -B cmake -G "$generator" -DCMAKE_PREFIX_PATH="$prefix" \
  -DCMAKE_C_COMPILER="$cc" -DCMAKE_BUILD_RPATH="$libdir"
cmake --build cmake
expect_run cmake/consumer_static "consumer ok"
expect_note cmake/consumer_static
expect_run cmake/consumer_nothing_static "page mapped"
expect_note cmake/consumer_nothing_static
expect_run cmake/consumer_shared "consumer ok"
echo "install_consumer: ok"
