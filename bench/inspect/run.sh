#!/usr/bin/env bash
# Throughput of softticks-inspect on a real library directory (not a test).
#
#   bench/inspect/run.sh [DIR]
#     DIR    default: /usr/lib/x86_64-linux-gnu (thousands of files)
#     BUILD=dir  softticks build dir (default: <repo>/build): softticks-inspect
#
# Runs the tool three times over DIR (the first run also warms the page
# cache), plus once with --functions, and prints wall time, regular
# files/s, ELF objects/s (ELF files and the ELF members of static
# libraries) and peak RSS for each.
# Exit status: 0 done, 2 bad settings, 3 a tool missing.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bench_name=bench/inspect
# shellcheck source-path=SCRIPTDIR source=../lib.sh
source "$here/../lib.sh"
BUILD=$(build_dir)
tool=$BUILD/tools/softticks-inspect
dir=${1:-/usr/lib/x86_64-linux-gnu}
[ -x "$tool" ] || die 3 "$tool missing (ninja -C $BUILD softticks-inspect)"
[ -d "$dir" ] || die 2 "no directory $dir"
command -v python3 >/dev/null || die 3 "python3 missing"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "tool: $tool"
regular=$(find "$dir" -type f | wc -l)
echo "dir:  $dir ($regular regular files, $(du -sh "$dir" | cut -f1))"
echo "cpu:  $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores"
printf '%-22s %8s %8s %8s %10s %10s %9s %s\n' run seconds files objects files/s objects/s rss_mb verdicts
run() { # label args...
  local label=$1; shift
  local t0 t1
  t0=$(date +%s.%N)
  /usr/bin/time -f '%M' -o "$tmp/rss" "$tool" --json "$@" "$dir" >/dev/null 2>"$tmp/err" || true
  t1=$(date +%s.%N)
  python3 - "$label" "$t0" "$t1" "$tmp/err" "$tmp/rss" "$regular" <<'PY'
import json, sys
label, t0, t1, err, rss, regular = sys.argv[1:]
secs = float(t1) - float(t0)
s = next(json.loads(l)["summary"] for l in open(err, errors="replace") if l.startswith('{"summary"'))
files = int(regular)
objects = s["elf_files"]  # ELF files and ELF members of static libraries
rss_mb = int(open(rss).read().split()[-1]) / 1024
print("%-22s %8.2f %8d %8d %10.0f %10.0f %9.1f %d instrumented, %d not, %d inconsistent,"
      " %d debug only, %d errors, %d archives"
      % (label, secs, files, objects, files / secs, objects / secs, rss_mb, s["instrumented"],
         s["not_instrumented"], s["inconsistent"], s["debug_info_only"], s["errors"],
         s["archives"]))
PY
}
run "json (1st, cold-ish)"
run "json (2nd)"
run "json (3rd)"
run "json --functions" --functions
