#!/usr/bin/env bash
# Every script of scripts/ and bench/ (which no other test runs), rust/ and tests/rust,
# docker/install-deps.sh, docker/build-rootfs.sh (with docker/lib/in-root.sh,
# which it sources) and the scripts of tests/scripts and tests/project
# pass shellcheck, infos included.  The control: a script with a known
# problem must be rejected.
# Usage: check_shellcheck.sh SRC   (exit 77: shellcheck not installed)
set -euo pipefail
src=$1
command -v shellcheck >/dev/null || { echo "SKIP: shellcheck not installed (Debian package shellcheck)"; exit 77; }
cd "$src"
mapfile -d '' scripts < <(find scripts bench tests/scripts tests/project tests/rust docker/install-deps.sh docker/build-rootfs.sh -type f \
  \( -name '*.sh' \) -print0 | sort -z)
# rust/'s installed scripts have no .sh
scripts+=(rust/softticks-rust-sysroot rust/softticks-cargo.in)
[ ${#scripts[@]} -ge 10 ] || { echo "FAIL: found only ${#scripts[@]} scripts: ${scripts[*]}"; exit 1; }
# shellcheck disable=SC2016 # the bad script, not expanded here
if printf '#!/bin/sh\nrm -rf $1/*\n' | shellcheck - >/dev/null 2>&1; then
  echo "FAIL: shellcheck accepted an unquoted \$1"
  exit 1
fi
shellcheck -x "${scripts[@]}" || { echo "FAIL: shellcheck found problems (above)"; exit 1; }
echo "PASS: ${#scripts[@]} scripts: ${scripts[*]}"
