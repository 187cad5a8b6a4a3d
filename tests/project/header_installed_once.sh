#!/usr/bin/env bash
# The header rr/softticks.h is installed by exactly one install component
# (rrsoftticks, packaged as librrsoftticks-dev): installed by two, two
# Debian packages would own the same file.
#   header_installed_once.sh BUILD COMPONENT...
src=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source-path=SCRIPTDIR source=../support/scratch.sh
. "$src/tests/support/scratch.sh"
build=${1:?usage: header_installed_once.sh BUILD COMPONENT...}
shift
[ $# -gt 0 ] || fail "no install components given"
owners=()
for component in "$@"; do
  # DESTDIR: the GCC plugin's destination is absolute (GCC's plugin directory).
  DESTDIR=$ST_WORK/$component cmake --install "$build" --prefix /usr --component "$component" \
    > "$component.log" 2>&1 || fail "cmake --install --component $component: $(cat "$component.log")"
  if [ -f "$ST_WORK/$component/usr/include/rr/softticks.h" ]; then owners+=("$component"); fi
done
[ "${owners[*]}" = rrsoftticks ] ||
  fail "rr/softticks.h installed by: '${owners[*]}' (of components $*), expected rrsoftticks alone"
echo "ok: rr/softticks.h installed by rrsoftticks alone (components: $*)"
