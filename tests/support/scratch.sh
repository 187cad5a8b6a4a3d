# Shared by the shell test libraries (tests/machine_code/lib.sh and others):
# strict mode, fail(), the compiler's description ST_TOOLCHAIN (a generated
# build/tests/toolchains/<compiler>.env, when the test has one) and a fresh
# scratch directory ST_WORK to work in; i386.sh's st_i386_* (how i386
# programs run here).
set -euo pipefail
# shellcheck source=i386.sh
source "$(dirname "${BASH_SOURCE[0]}")/i386.sh"

fail() {
  echo "FAIL: $*" >&2
  exit 1
}

if [ -n "${ST_TOOLCHAIN:-}" ]; then
  set -a
  # shellcheck source=/dev/null
  . "$ST_TOOLCHAIN"
  set +a
fi
: "${ST_WORK:?}"
rm -rf "$ST_WORK"
mkdir -p "$ST_WORK"
cd "$ST_WORK"
