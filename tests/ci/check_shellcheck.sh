#!/usr/bin/env bash
# Every shell script of ci/, packaging/ and their tests passes shellcheck
# (warnings and infos included).  The control: a fixture with a known
# problem must be rejected, so a shellcheck that checks nothing fails here.
# Usage: check_shellcheck.sh SRC   (exit 77: shellcheck not installed)
set -euo pipefail
src=$1
command -v shellcheck >/dev/null || { echo "SKIP: shellcheck not installed (Debian package shellcheck)"; exit 77; }
cd "$src"
mapfile -d '' scripts < <(find ci packaging tests/ci tests/packaging -type f \
  \( -name '*.sh' -o -name '*.run' \) ! -path 'tests/ci/fixtures/*' -print0 | sort -z)
[ ${#scripts[@]} -ge 8 ] || { echo "FAIL: found only ${#scripts[@]} scripts: ${scripts[*]}"; exit 1; }
status=0
for f in "${scripts[@]}"; do
  shell=()
  case $f in *.run) shell=(--shell=sh) ;; esac # rr's harness scripts have no shebang
  shellcheck -x "${shell[@]}" "$f" || status=1
done
if shellcheck tests/ci/fixtures/shellcheck-bad.sh >/dev/null 2>&1; then
  echo "FAIL: shellcheck accepted tests/ci/fixtures/shellcheck-bad.sh"
  exit 1
fi
[ $status -eq 0 ] || { echo "FAIL: shellcheck found problems (above)"; exit 1; }
echo "PASS: ${#scripts[@]} scripts: ${scripts[*]}"
