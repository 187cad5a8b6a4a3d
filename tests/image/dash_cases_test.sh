#!/bin/sh
# docker/toolchain/package-tests/dash.sh on the host, quick and not gated
# (test image_dash_cases): the substitute for dash's missing test suite
# passes with a copy of Debian's dash as the shell "built", and fails
# with another shell (bash, which differs from dash on some cases) and
# with a shell that gets an answer wrong.
set -eu
script=$(realpath "$1")
work=$2
fail() { echo "FAIL: $*" >&2; exit 1; }
[ -x /usr/bin/dash ] || { echo "SKIP: no /usr/bin/dash"; exit 77; }
rm -rf "$work"
mkdir -p "$work"
cd "$work"
cp /usr/bin/dash ./dash-copy
sh "$script" ./dash-copy /usr/bin/dash > same.log 2>&1 || { cat same.log; fail "dash.sh fails with a copy of the reference"; }
grep -q 'cases, the same output' same.log || { cat same.log; fail "dash.sh did not say it passed"; }
echo "ok: a copy of Debian's dash passes: $(tail -n 1 same.log)"
if [ -x /bin/bash ]; then
  if sh "$script" /bin/bash /usr/bin/dash > bash.log 2>&1; then cat bash.log; fail "dash.sh accepts bash as dash"; fi
  grep -q '^FAIL: ' bash.log || { cat bash.log; fail "dash.sh failed with bash without naming a case"; }
  echo "ok: bash in its place fails: $(tail -n 1 bash.log)"
fi
# A dash whose arithmetic is off by one (a wrapper rewriting every
# script's $((i + 1)) into $((i + 2))).
# shellcheck disable=SC2016 # the wrapper's own $1
printf '#!/bin/sh\nif [ -f "$1" ]; then sed "s/i + 1/i + 2/g" "$1" > "$1.wrong"; f=$1; shift; exec /usr/bin/dash "$f.wrong" "$@"; fi\nexec /usr/bin/dash "$@"\n' > wrong-dash
chmod +x wrong-dash
if sh "$script" ./wrong-dash /usr/bin/dash > wrong.log 2>&1; then cat wrong.log; fail "dash.sh accepts wrong arithmetic"; fi
grep -q '^FAIL: arithmetic' wrong.log || { cat wrong.log; fail "dash.sh did not name the arithmetic case"; }
echo "ok: a shell with wrong answers fails: $(grep -c '^FAIL: ' wrong.log) cases differ"
