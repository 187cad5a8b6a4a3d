#!/usr/bin/env bash
# tests/rust: Rust programs built with softticks-cargo (the plugin for
# rustc's LLVM and the standard library rebuilt with it) against the same
# programs built by plain cargo.  One step per call:
#
#   run.sh sysroot        softticks-cargo builds (or finds) the instrumented std
#   run.sh build          the test crate, plain and with ticks, into $ST_OUT
#   run.sh program NAME   one binary of the crate: same output as plain, two
#                         equal counts under softticks-trace, 0 violations
#                         under softticks-trace check (threads: no tracer,
#                         it does not follow threads; output and std's ticks)
#   run.sh std-ticks      the std functions the programs run carry ticks with
#                         the rebuilt std, and none with the precompiled one
#   run.sh lto            the programs with lto = "fat" and "thin"
#   run.sh wrong-plugin   rustc refuses the plugins built for other LLVMs
#   run.sh c-links-rust   a C program (GCC plugin) linking the Rust library
#                         statically and as a shared object: one note and one
#                         initializer per module, counts, check
#
# Environment (tests/rust/CMakeLists.txt): ST_RUSTC ST_CARGO (the toolchain),
# ST_SOFTTICKS_CARGO, ST_PLUGINS ("major=plugin" ...), ST_TRACE, ST_INSPECT, ST_GCC, ST_GCC_PLUGIN,
# ST_OUT (shared between the steps of one toolchain), ST_WORK (this step's),
# SOFTTICKS_CACHE_DIR (where softticks-cargo keeps the sysroot);
# ST_RUST_STD=precompiled: a rustc whose std cannot be rebuilt offline here
# (1.85: rust/README.md), built with softticks-cargo --precompiled-std.
# shellcheck source-path=SCRIPTDIR source=../support/scratch.sh
source "$(dirname "$0")/../support/scratch.sh"
here=$(cd "$(dirname "$0")" && pwd)

skip() { echo "SKIP: $*"; exit 77; }
[ -x "$ST_RUSTC" ] || skip "no rustc at $ST_RUSTC"
[ -x "$ST_CARGO" ] || skip "no cargo at $ST_CARGO"
export RUSTC=$ST_RUSTC CARGO=$ST_CARGO
mkdir -p "$ST_OUT"
# Nothing from the user's ~/.cargo (rustup's config, registries): offline.
export CARGO_HOME=$ST_OUT/cargo-home
export CARGO_NET_OFFLINE=true
host=$("$ST_RUSTC" -vV | sed -n 's/^host: //p')
softticks_cargo=("$ST_SOFTTICKS_CARGO")
[ "${ST_RUST_STD:-rebuilt}" != precompiled ] || softticks_cargo+=(--precompiled-std)

# build_crate DIR MODE TARGETDIR [TOML_LINE [CARGO_ARGS...]]: cargo build
# --release of a copy of DIR (cargo writes Cargo.lock beside Cargo.toml)
# into TARGETDIR; MODE plain (cargo), ticks (softticks-cargo) or precompiled
# (softticks-cargo --precompiled-std).  TOML_LINE, if not empty, is appended
# to the copy's Cargo.toml (its last table is [profile.release]).
build_crate() {
  local src=$1 mode=$2 target=$3 toml=${4:-} copy
  shift $(($# < 4 ? $# : 4))
  copy=$target.src
  rm -rf "$copy"
  cp -r "$here/$src" "$copy"
  [ -z "$toml" ] || printf '%s\n' "$toml" >>"$copy/Cargo.toml"
  local cmd cc="$ST_GCC -fplugin=$ST_GCC_PLUGIN"
  case $mode in
    ticks) cmd=("${softticks_cargo[@]}" build --release) ;;
    precompiled) cmd=("$ST_SOFTTICKS_CARGO" --precompiled-std build --release) ;;
    plain) cmd=("$ST_CARGO" build --release --target "$host") cc=$ST_GCC ;;
    *) fail "build_crate: unknown mode $mode" ;;
  esac
  (cd "$copy" && SOFTTICKS_TEST_CC="$cc" CARGO_TARGET_DIR=$target "${cmd[@]}" "$@") ||
    fail "$mode build of $src${toml:+ ($toml)} failed"
}

bin_dir() { echo "$ST_OUT/target-$1/$host/release"; }

# trace_counts PROG: two counts equal and > 0, then check with 0 violations.
trace_counts() {
  local prog=$1 name
  name=$(basename "$prog")
  "$ST_TRACE" count --json -o count1.json "$prog" >/dev/null || fail "$name: count failed"
  "$ST_TRACE" count --json -o count2.json "$prog" >/dev/null || fail "$name: second count failed"
  python3 - count1.json count2.json "$name" <<'EOF' || fail "$name: counts"
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
assert a["exit_status"] == 0 and b["exit_status"] == 0, (a, b)
assert a["ticks"] > 0, a
assert a["ticks"] == b["ticks"], (a["ticks"], b["ticks"])
print(f"{sys.argv[3]}: {a['ticks']} ticks twice")
EOF
  "$ST_TRACE" check --json -o check.json "$prog" >/dev/null || fail "$name: check failed"
  python3 - check.json "$name" <<'EOF' || fail "$name: check found violations"
import json, sys
r = json.load(open(sys.argv[1]))
assert r["steps"] > 0, r
for v in r["violations"][:20]:
    print("violation", v)
assert not r["violations"], len(r["violations"])
print(f"{sys.argv[2]}: check: {r['steps']} steps, 0 violations")
EOF
}

case ${1:?step} in
  sysroot)
    sysroot=$("${softticks_cargo[@]}" --print-sysroot) || fail "softticks-cargo could not make the sysroot"
    ls "$sysroot/lib/rustlib/$host/lib"/libstd-*.rlib >/dev/null || fail "no libstd in $sysroot"
    echo "sysroot: $sysroot" ;;

  build)
    rm -rf "$ST_OUT/target-plain" "$ST_OUT/target-ticks"
    build_crate crate plain "$ST_OUT/target-plain"
    build_crate crate ticks "$ST_OUT/target-ticks" ;;

  program)
    name=${2:?program name}
    plain=$(bin_dir plain)/$name ticked=$(bin_dir ticks)/$name
    if [ ! -x "$plain" ] || [ ! -x "$ticked" ]; then fail "$name not built (run.sh build)"; fi
    "$plain" >plain.out 2>&1 || fail "$name (plain) exited $?"
    "$ticked" >ticks.out 2>&1 || fail "$name (ticks) exited $?"
    diff plain.out ticks.out || fail "$name: output differs with ticks"
    [ -s plain.out ] || fail "$name printed nothing"
    [ "$(readelf -n "$ticked" | grep -c 'NT_VERSION')" = 1 ] || fail "$name: not exactly one ABI note"
    if [ "$name" = threads ]; then
      echo "threads: same output; softticks-trace does not follow threads (its README), so no count"
    else
      trace_counts "$ticked"
    fi ;;

  std-ticks)
    # Functions of std each program runs, by symbol; their tick sites with
    # the rebuilt std and with --precompiled-std.
    build_crate crate ticks "$ST_OUT/target-ticks-check"
    build_crate crate precompiled "$ST_OUT/target-pre"
    for mode in ticks-check pre; do
      "$ST_INSPECT" --functions --json "$ST_OUT/target-$mode/$host/release/panics" >"$mode.json" ||
        fail "softticks-inspect failed on the $mode build"
    done
    python3 - ticks-check.json pre.json <<'EOF' || fail "std's ticks"
import json, re, sys
def sites(path):
    mods = json.load(open(path))
    m = mods[0] if isinstance(mods, list) else mods
    out = {}
    for f in m["functions"]:
        out[f["name"]] = f["tick_sites"]
    return out
rebuilt, pre = sites(sys.argv[1]), sites(sys.argv[2])
# The unwinder's personality and formatting's core: precompiled in std.
wanted = ["rust_eh_personality", r"core\.\.fmt\.\.write|4core3fmt5write"]
for pat in wanted:
    names = [n for n in rebuilt if re.search(pat, n)]
    assert names, f"no function matching {pat} in the program"
    r = sum(rebuilt[n] for n in names)
    p = sum(pre.get(n, 0) for n in names)
    print(f"{pat}: {r} tick sites with the rebuilt std, {p} with the precompiled one")
    assert r > 0, f"{pat}: no tick with the rebuilt std"
    assert p == 0, f"{pat}: ticks with the precompiled std?"
total_r, total_p = sum(rebuilt.values()), sum(pre.values())
print(f"whole program: {total_r} tick sites (rebuilt std), {total_p} (precompiled std)")
assert total_r > 2 * total_p
# softticks-inspect's report of functions without a tick: the precompiled
# std is most of the code; with the rebuilt std there is none (rustc's
# allocator shim, a jump each, counts as a compiler thunk).
def untracked(path):
    mods = json.load(open(path))
    return mods[0]["untracked"]
u_r, u_p = untracked(sys.argv[1]), untracked(sys.argv[2])
for what, u in (("rebuilt", u_r), ("precompiled", u_p)):
    print(f"{what} std: {u['functions']} of {u['all_functions']} functions without a tick, "
          f"{u['share_permille'] / 10:.1f} % of code bytes; largest {[l['name'] for l in u['largest'][:3]]}")
assert u_p["share_permille"] > 500, u_p
assert u_r["functions"] == 0, f"untracked with the rebuilt std: {u_r['largest']}"
EOF
    ;;

  c-links-rust)
    build_crate staticlib ticks "$ST_OUT/target-lib-ticks"
    build_crate staticlib plain "$ST_OUT/target-lib-plain"
    libs="-lpthread -ldl -lm"
    for mode in ticks plain; do
      dir=$(bin_dir "lib-$mode")
      plugin=()
      [ "$mode" = plain ] || plugin=(-fplugin="$ST_GCC_PLUGIN")
      # shellcheck disable=SC2086
      "$ST_GCC" "${plugin[@]}" -O2 "$here/c_main.c" "$dir/libsoftticks_rust_lib.a" $libs -o "static-$mode" ||
        fail "linking the static library ($mode) failed"
      "$ST_GCC" "${plugin[@]}" -O2 "$here/c_main.c" -L"$dir" -lsoftticks_rust_lib -Wl,-rpath,"$dir" \
        -o "shared-$mode" || fail "linking the shared object ($mode) failed"
    done
    for link in static shared; do
      ./"$link-plain" >"$link-plain.out" || fail "$link-plain exited $?"
      ./"$link-ticks" >"$link-ticks.out" || fail "$link-ticks exited $?"
      diff "$link-plain.out" "$link-ticks.out" || fail "$link: output differs with ticks"
    done
    # One note and one initializer per module: the C program with the Rust
    # library inside; the program and the shared object apart.
    so=$(bin_dir lib-ticks)/libsoftticks_rust_lib.so
    for f in static-ticks shared-ticks "$so"; do
      "$ST_INSPECT" --json "$f" >inspect.json || fail "softticks-inspect failed on $f"
      python3 - inspect.json "$f" <<'EOF' || fail "$f is not a consistent instrumented module"
import json, sys
mods = json.load(open(sys.argv[1]))
m = mods[0] if isinstance(mods, list) else mods
print(sys.argv[2], m["verdict"], m.get("tick_sites"))
assert m["verdict"] == "instrumented", m.get("reasons")
EOF
    done
    trace_counts ./static-ticks
    trace_counts ./shared-ticks ;;

  lto)
    # lto = "fat" (rustc links every crate's bitcode, std's too, into one
    # module: each carried the module parts) and "thin": same output as
    # plain, one note, counts and check on the programs that do not thread.
    for mode in fat thin; do
      for kind in plain ticks; do
        build_crate crate "$kind" "$ST_OUT/target-lto-$mode-$kind" "lto = \"$mode\"" --bin panics --bin ffi
      done
      for name in panics ffi; do
        plain=$(bin_dir "lto-$mode-plain")/$name
        ticked=$(bin_dir "lto-$mode-ticks")/$name
        [ "$("$plain")" = "$("$ticked")" ] || fail "$name (lto = $mode): output differs with ticks"
        [ "$(readelf -n "$ticked" | grep -c 'NT_VERSION')" = 1 ] || fail "$name (lto = $mode): not one ABI note"
        echo "lto = $mode:"
        trace_counts "$ticked"
      done
    done ;;

  wrong-plugin)
    # Every plugin built for another LLVM than rustc's is refused, with no
    # output file.  One built for an older LLVM says so itself (HostCheck);
    # one built for a newer LLVM cannot run any code: it needs data symbols
    # that only the newer libLLVM has (LLVM 22's AllocMarker members, a
    # vtable), so the dynamic loader refuses it first, with the host's
    # "undefined symbol" message (llvm-pass/README.md).
    major=$("$ST_RUSTC" -vV | sed -n 's/^LLVM version: \([0-9]*\).*/\1/p')
    echo 'fn main() {}' >empty.rs
    tried=0
    for entry in $ST_PLUGINS; do
      [ "${entry%%=*}" != "$major" ] || continue
      tried=$((tried + 1))
      if RUSTC_BOOTSTRAP=1 "$ST_RUSTC" -Z llvm-plugins="${entry#*=}" empty.rs -o empty >out.txt 2>&1; then
        cat out.txt
        fail "rustc (LLVM $major) took the plugin for LLVM ${entry%%=*}"
      fi
      if [ "${entry%%=*}" -lt "$major" ]; then
        expect="built for LLVM ${entry%%=*} but was loaded into LLVM $major"
      else
        expect="undefined symbol"
      fi
      grep -q "$expect" out.txt || { cat out.txt; fail "the LLVM ${entry%%=*} plugin: no '$expect'"; }
      [ ! -e empty ] || fail "an output file despite the refusal"
      echo "LLVM ${entry%%=*} plugin refused by rustc (LLVM $major): $(head -n 1 out.txt)"
    done
    [ "$tried" -gt 0 ] || skip "no plugin for another LLVM than $major" ;;

  *) fail "unknown step $1" ;;
esac
