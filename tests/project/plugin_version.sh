#!/usr/bin/env bash
# A plugin writes project(VERSION) of the top-level CMakeLists.txt into the
# manifest of the modules it instruments.
#   plugin_version.sh VERSION INSPECT CC PLUGIN_FLAGS...
src=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source-path=SCRIPTDIR source=../support/scratch.sh
. "$src/tests/support/scratch.sh"
version=${1:?usage: plugin_version.sh VERSION INSPECT CC PLUGIN_FLAGS...}
inspect=$2
shift 2
printf 'int main(void) { return 0; }\n' > p.c
"$@" -O1 p.c -o p || fail "compile: $*"
"$inspect" --json p > p.json 2> /dev/null || fail "softticks-inspect exited $?"
got=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))[0]["manifests"][0]["plugin_version"])' p.json) ||
  fail "no manifest in $(cat p.json)"
[ "$got" = "$version" ] || fail "the manifest says plugin version '$got', project(VERSION) is '$version'"
echo "ok: plugin version $got"
