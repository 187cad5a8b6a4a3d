#!/bin/sh
# Lua's test suite (lua-5.4.4-tests, a separate download from lua.org) is
# not in Debian's source, and debian/rules' test target only runs
# `lua -v`.  In its place, lua5.4-checks.lua (written for the image):
# the language and its libraries checked with assertions, run by the
# interpreter debian/rules has just built against the new library.
# Run by rebuild-package.sh as the build user in the built source tree.
set -eu
lua=src/lua5.4
[ -x "$lua" ] || { echo "lua5.4.sh: no $lua in $(pwd)" >&2; exit 1; }
"$lua" "$(dirname "$0")/lua5.4-checks.lua"
