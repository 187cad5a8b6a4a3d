# shellcheck shell=sh
# Sourced by the shell packages' substitute tests (bash.sh, dash.sh), which
# compare the rebuilt shell with Debian's: the reference must give
# independent expectations.
# check_reference TOOL BUILT REF: exits 1 with a message when REF is the
# shell under test (the same file) or is itself instrumented (once the
# rebuilt shell is installed, /usr/bin/SHELL is the code under test).
check_reference() {
  [ "$2" != "$3" ] || { echo "$1: the reference is the shell under test ($3)" >&2; exit 1; }
  if command -v softticks-inspect >/dev/null &&
     softticks-inspect "$3" | sed -n 1p | grep ': instrumented' >/dev/null; then
    echo "$1: the reference $3 is instrumented (a rebuilt shell is installed): no independent expectations" >&2
    exit 1
  fi
}
