#!/usr/bin/env bash
# usage: compare.sh [--opening-stops-may-vanish] [--skip NAME] LEVEL CC [CC_ARGS...] -- TICK_ARGS...
# Builds every program here with CC -g LEVEL, without and with the ticks
# (CC_ARGS, then TICK_ARGS added), and drives gdb over both (steps.py):
# "break FUNCTION" for each function the program names on its "// break:"
# line, then "break main", run, and "step" (then "next") until the program
# exits.  The (function, file:line, depth) of every stop and the line of
# every breakpoint must be the same with and without ticks.
# --opening-stops-may-vanish (clang): the build with ticks may lack stops
# at a function's opening line that the plain one has, never add one
# (README.md: clang emits that row only when its scheduler puts a line-0
# instruction first, which the entry tick changes).
# --skip NAME: leave program NAME out (README.md says where and why).
here=$(dirname "$(readlink -f "$0")")
source "$here/../support/scratch.sh"
tolerate=no
skip=
while true; do
  case "${1:-}" in
    --opening-stops-may-vanish) tolerate=yes && shift ;;
    --skip) skip=$2 && shift 2 ;;
    *) break ;;
  esac
done
level=$1
shift
plain=()
while [ $# -gt 0 ] && [ "$1" != -- ]; do
  plain+=("$1")
  shift
done
[ $# -gt 0 ] || fail "usage: compare.sh LEVEL CC [CC_ARGS...] -- TICK_ARGS..."
shift
ticks=("${plain[@]}" "$@")

# session BINARY FUNCTIONS COMMAND: what gdb shows (see steps.py).
session() {
  ST_BREAKS=$2 ST_STEP=$3 ST_MAX_STEPS=2000 \
    gdb -batch -nx -iex 'set debug-file-directory /nonexistent' -x "$here/steps.py" "./$1" 2>&1 |
    grep -E '^(break|stop|exited)' || true
}

# only_opening_stops_vanish PLAIN TICKS: TICKS is PLAIN less some stops
# at opening lines (diff reports nothing but such deletions).
only_opening_stops_vanish() {
  diff "$1" "$2" | grep -E '^[<>]' | grep -vE '^< stop .* opening$' >/dev/null && return 1
  return 0
}

status=0
for src in "$here"/*.c "$here"/*.cc; do
  name=$(basename "${src%.*}")
  if [ "$name" = "$skip" ]; then
    echo "note: $name left out (README.md)"
    continue
  fi
  libs=()
  if [[ $src == *.cc ]]; then libs=(-lstdc++); fi
  functions=$(sed -n 's|^// break: ||p' "$src")
  [ -n "$functions" ] || fail "$(basename "$src") has no '// break:' line"
  "${plain[@]}" -g "$level" "$src" "${libs[@]}" -o "$name.plain" || fail "$name: plain build"
  "${ticks[@]}" -g "$level" "$src" "${libs[@]}" -o "$name.ticks" || fail "$name: build with ticks"
  [ "$(readelf -S --wide "$name.ticks" | grep -c '\.note\.rrsoftticks')" = 1 ] ||
    fail "$name: the build with ticks has no .note.rrsoftticks (plugin not loaded?)"
  for command in step next; do
    session "$name.plain" "$functions" $command > "$name.$command.plain"
    session "$name.ticks" "$functions" $command > "$name.$command.ticks"
    # gdb must have worked: every breakpoint resolved, main stepped to the end.
    [ "$(grep -c '^break ' "$name.$command.plain")" = "$(wc -w <<< "$functions")" ] &&
      [ "$(grep -c "^stop " "$name.$command.plain")" -ge 2 ] &&
      [ "$(tail -1 "$name.$command.plain")" = exited ] ||
      fail "$name $level $command: gdb did not resolve every function or step main to its end: $(cat "$name.$command.plain")"
    if ! diff -u "$name.$command.plain" "$name.$command.ticks" > "$name.$command.diff" &&
      ! { [ $tolerate = yes ] && only_opening_stops_vanish "$name.$command.plain" "$name.$command.ticks"; }; then
      echo "FAIL: $name $level: '$command' sees a different program with ticks:" >&2
      cat "$name.$command.diff" >&2
      status=1
    fi
  done
done
exit $status
