#!/usr/bin/env bash
# Rust with softticks, against plain cargo, in one run (callgrind
# instructions; CPU seconds of the builds):
#  - the workload (workload/) built four ways: plain; softticks-cargo
#    --precompiled-std (the plugin, Debian's precompiled std); softticks-cargo
#    (std rebuilt with the plugin); and, to tell the ticks' cost from the
#    rebuild's, plain with std rebuilt the same way without the plugin
#    (cargo -Z build-std, as softticks-rust-sysroot runs it);
#  - instructions with no tracer against plain;
#  - the share of instructions in code without ticks (untracked.py): the
#    program's functions without a tick site, and other objects (libc,
#    the loader, libgcc_s: Debian's, uninstrumented here);
#  - compile time: the workload's build, and rebuilding std once.
# RUSTC/CARGO: the toolchain (default /usr/bin/rustc, /usr/bin/cargo);
# BUILD: the softticks build directory (default build/); ROUNDS (20).
set -euo pipefail
bench_name=bench/rust
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$here/../lib.sh"
export RUSTC=${RUSTC:-/usr/bin/rustc} CARGO=${CARGO:-/usr/bin/cargo}
if [ ! -x "$RUSTC" ] || [ ! -x "$CARGO" ]; then die 3 "no rustc/cargo ($RUSTC, $CARGO): apt-get install rustc-web cargo-web rust-web-src"; fi
command -v valgrind >/dev/null || die 3 "valgrind missing"
BUILD=$(build_dir)
sc=$BUILD/rust/softticks-cargo
[ -x "$sc" ] || die 3 "$sc missing (build softticks with an LLVM plugin)"
host=$("$RUSTC" -vV | sed -n 's/^host: //p')
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export CARGO_HOME=$work/cargo-home SOFTTICKS_CACHE_DIR=$work/cache
rounds=${ROUNDS:-20}

std_cpu=$(cpu_seconds "$work/sysroot.log" "$sc" --print-sysroot)
declare -A cpu bin
modes=(plain rebuilt-plain precompiled rebuilt)
for mode in "${modes[@]}"; do
  cp -r "$here/workload" "$work/$mode"
  case $mode in
    plain) cmd=("$CARGO" build --release --target "$host") ;;
    rebuilt-plain)
      vendor=$("$RUSTC" --print sysroot)/lib/rustlib/src/rust/library/vendor
      [ -d "$vendor" ] || die 3 "no $vendor (rust-web-src 1.96)"
      mkdir -p "$work/$mode/.cargo"
      printf '[source.crates-io]\nreplace-with = "v"\n[source.v]\ndirectory = "%s"\n[profile.release]\ndebug = "line-tables-only"\n' \
        "$vendor" >"$work/$mode/.cargo/config.toml"
      cmd=(env RUSTC_BOOTSTRAP=1 "$CARGO" build --release --offline --target "$host"
           -Z "build-std=std,panic_unwind,panic_abort") ;;
    precompiled) cmd=("$sc" --precompiled-std build --release) ;;
    rebuilt) cmd=("$sc" build --release) ;;
  esac
  cpu[$mode]=$(cd "$work/$mode" && cpu_seconds "$work/$mode.log" "${cmd[@]}")
  bin[$mode]=$work/$mode/target/$host/release/softticks-rust-bench
  [ "$("${bin[$mode]}" "$rounds" 2>/dev/null)" = "$("${bin[plain]}" "$rounds" 2>/dev/null)" ] ||
    die 1 "$mode: output differs from plain"
done

declare -A ir
for mode in "${modes[@]}"; do
  valgrind --tool=callgrind --demangle=no --callgrind-out-file="$work/$mode.cg" \
    "${bin[$mode]}" "$rounds" >/dev/null 2>&1
  ir[$mode]=$(awk '/^totals:|^summary:/ { print $2; exit }' "$work/$mode.cg")
  if [ "${mode%plain}" = "$mode" ]; then
    "$BUILD/tools/softticks-inspect" --functions --json "${bin[$mode]}" >"$work/$mode.json" 2>/dev/null
    python3 "$here/untracked.py" "$work/$mode.cg" "$work/$mode.json" "${bin[$mode]}" >"$work/$mode.share"
  fi
done

{
  echo "# bench/rust: $(date -u +%Y-%m-%d), $(nproc) CPUs, $("$RUSTC" --version), ROUNDS=$rounds"
  echo
  echo "| build | instructions | vs plain | build CPU s |"
  echo "|---|---|---|---|"
  for mode in "${modes[@]}"; do
    echo "| $mode | ${ir[$mode]} | $(ratio "${ir[$mode]}" "${ir[plain]}") | ${cpu[$mode]} |"
  done
  echo
  echo "The ticks alone, rebuilt against rebuilt-plain: $(ratio "${ir[rebuilt]}" "${ir[rebuilt-plain]}")."
  echo
  echo "Rebuilding std with the plugin (once per rustc and plugin): ${std_cpu} CPU s."
  for mode in precompiled rebuilt; do
    echo
    echo "Where the instructions go, $mode std:"
    echo
    echo '```'
    cat "$work/$mode.share"
    echo '```'
  done
} | tee "$here/RESULTS.md"
