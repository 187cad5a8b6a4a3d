# Shared by the shell test libraries (tests/machine_code/lib.sh and others):
# strict mode, fail(), and a fresh scratch directory ST_WORK to work in.
set -euo pipefail

fail() {
  echo "FAIL: $*" >&2
  exit 1
}

: "${ST_WORK:?}"
rm -rf "$ST_WORK"
mkdir -p "$ST_WORK"
cd "$ST_WORK"
