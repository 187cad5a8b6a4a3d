#!/bin/sh
# dash has no test suite (upstream ships none; Debian's autopkgtests check
# the installed package: /bin/sh links and the mmdebstrap bootstrap), and
# its debian/rules runs no tests.  In their place, the shell scripts of
# dash-cases.txt (written for the image: arithmetic, expansions, quoting,
# here-documents, control flow, functions, subshells and pipes,
# redirections, builtins, traps and signals, background jobs, errors,
# exec) run with the dash the build made (src/dash) and with Debian's
# dash, which the image still has at this point (/usr/bin/dash, built
# without ticks): output, error output and exit status must be the same.
# The expected results come from Debian's binary, not from the code under
# test; each case runs twice with it, to catch a case that is not
# deterministic.
# Run by rebuild-package.sh as the build user in the built source tree.
#   dash.sh [BUILT [REFERENCE]]   (defaults: src/dash, /usr/bin/dash)
set -eu
built=${1:-src/dash}
ref=${2:-/usr/bin/dash}
cases=$(dirname "$0")/dash-cases.txt
[ -x "$built" ] || { echo "dash.sh: no $built in $(pwd)" >&2; exit 1; }
[ -x "$ref" ] || { echo "dash.sh: no reference shell $ref" >&2; exit 1; }
[ -r "$cases" ] || { echo "dash.sh: cannot read $cases" >&2; exit 1; }
built=$(realpath "$built")
ref=$(realpath "$ref")
# shellcheck source=SCRIPTDIR/reference_shell.sh
. "$(dirname "$0")/reference_shell.sh"
# shellcheck source=SCRIPTDIR/controlled_env.sh
. "$(dirname "$0")/controlled_env.sh"
check_reference dash.sh "$built" "$ref"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# One file per case.
mkdir "$tmp/cases"
awk -v dir="$tmp/cases" '
  /^### / { name = $2; file = dir "/" name; print name > (dir "/list"); next }
  name != "" { print > file }
' "$cases"

# run SHELL NAME RESULT: the case NAME run by SHELL in a fresh directory,
# always through the same path ($tmp/sh, $tmp/work/case.sh), so that
# messages naming the shell or the script are the same for both shells,
# and in one controlled environment (controlled_env.sh: no inherited
# descriptor above 2, no controlling terminal, standard input /dev/null).
run() {
  ln -sfn "$1" "$tmp/sh"
  rm -rf "$tmp/work"
  mkdir "$tmp/work"
  cp "$tmp/cases/$2" "$tmp/work/case.sh"
  status=0
  (cd "$tmp/work" && run_controlled SH="$tmp/sh" timeout 120 "$tmp/sh" ./case.sh > "$tmp/out" 2> "$tmp/err") || status=$?
  { echo "== stdout"; cat "$tmp/out"; echo "== stderr"; cat "$tmp/err"; echo "== status $status"; } > "$3"
}

total=0
failed=0
while read -r name; do
  total=$((total + 1))
  run "$ref" "$name" "$tmp/ref1"
  run "$ref" "$name" "$tmp/ref2"
  if ! cmp -s "$tmp/ref1" "$tmp/ref2"; then
    echo "dash.sh: case $name gives different results in two runs of $ref (the case is not deterministic):" >&2
    diff "$tmp/ref1" "$tmp/ref2" >&2 || true
    exit 1
  fi
  grep -q '^== status 124$' "$tmp/ref1" && { echo "dash.sh: case $name timed out with $ref" >&2; exit 1; }
  run "$built" "$name" "$tmp/built"
  if cmp -s "$tmp/ref1" "$tmp/built"; then
    echo "ok: $name ($(sed -n '/^== stdout$/,/^== stderr$/p' "$tmp/ref1" | grep -vc '^== ') lines of output)"
  else
    echo "FAIL: $name: $built differs from $ref (< reference, > built):"
    diff "$tmp/ref1" "$tmp/built" || true
    failed=$((failed + 1))
  fi
done < "$tmp/cases/list"
[ "$total" -ge 10 ] || { echo "dash.sh: only $total cases in $cases" >&2; exit 1; }
if [ "$failed" != 0 ]; then
  echo "dash.sh: $failed of $total cases differ from Debian's dash" >&2
  exit 1
fi
echo "dash.sh: $total cases, the same output, error output and status as $ref"
