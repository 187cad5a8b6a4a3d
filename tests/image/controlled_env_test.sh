#!/bin/sh
# docker/toolchain/package-tests/controlled_env.sh on the host, quick and
# not gated (test image_controlled_env): the package tests that compare two
# builds (bash.sh, dash.sh, sqlite3.sh) run each build through
# run_controlled, which must hide what started the build.  Run from a
# parent that leaks descriptors 10 and 251, exports a variable, has a high
# open-file limit and (with script(1)) a controlling terminal:
#  - a probe run through run_controlled sees descriptors 0-2 only, stdin
#    /dev/null, no /dev/tty, none of the parent's variables, no core files
#    and at most 1024 open files;
#  - Debian's bash allocates {v} as 10 there (11 outside: the "11 12" of
#    issue 29's bash.sh);
#  - dash.sh passes with a "built" dash that gives other answers when it
#    sees any of the parent's environment (a descriptor above 2, a
#    terminal, the variable): it fails without the controlled environment;
#  - bash.sh and sqlite3.sh run their two builds through run_controlled.
#   controlled_env_test.sh PACKAGE_TESTS_DIR WORKDIR
set -eu
dir=$(realpath "$1")
work=$2
fail() { echo "FAIL: $*" >&2; exit 1; }
for tool in setsid perl; do
  command -v "$tool" >/dev/null || { echo "SKIP: needs $tool"; exit 77; }
done
rm -rf "$work"
mkdir -p "$work"
cd "$work"

# The probe: what a run meets, seen by the process run_controlled starts
# (perl: a shell has descriptors of its own, dash its script on fd 10).
cat > probe.pl <<'EOF'
opendir(my $d, "/proc/self/fd") or die "/proc/self/fd: $!\n";
# Not the directory being read.
my @fds = grep { (readlink("/proc/self/fd/$_") // "") !~ m{^/proc/[0-9]+/fd$} }
  sort { $a <=> $b } grep { /^[0-9]+$/ } readdir($d);
closedir($d);
print "fds: @fds\n";
print "stdin: ", readlink("/proc/self/fd/0"), "\n";
print "tty: ", (open(my $t, "<", "/dev/tty") ? "yes" : "no"), "\n";
print "leak: ", $ENV{SOFTTICKS_LEAK} // "unset", "\n";
print "given: ", $ENV{GIVEN} // "unset", "\n";
open(my $l, "<", "/proc/self/limits") or die "/proc/self/limits: $!\n";
while (<$l>) {
  print "core: $1\n" if /^Max core file size +([0-9a-z]+)/;
  print "files: $1\n" if /^Max open files +([0-9a-z]+)/;
}
EOF

# parent CMD...: CMD from a parent with fds 10 and 251 open, a variable
# exported, 4096 open files and, where script(1) runs, a terminal.  bash
# (not dash) names descriptors above 9.
cat > parent.sh <<EOF
ulimit -S -n 4096 2>/dev/null || true
export SOFTTICKS_LEAK=1
exec 10</dev/null 251</dev/null
. "$dir/controlled_env.sh"
"\$@"
EOF
tty=
if command -v script >/dev/null && script -qec 'test -t 0 && : </dev/tty' /dev/null </dev/null >/dev/null 2>&1; then
  tty=1
fi
parent() {
  if [ -n "$tty" ]; then
    # script's command is one string: the words quoted for sh.
    cmd="bash $work/parent.sh"
    for arg in "$@"; do cmd="$cmd '$(printf '%s' "$arg" | sed "s/'/'\\\\''/g")'"; done
    script -qec "$cmd" /dev/null </dev/null | tr -d '\r'
  else
    echo "NOTE: no terminal (script(1) missing or not working): the terminal check is not made" >&2
    bash "$work/parent.sh" "$@"
  fi
}

# The parent really leaks all that (else the checks below prove nothing).
parent perl probe.pl > outside.txt
grep -q '^fds: 0 1 2 .*10 .*251$' outside.txt || fail "the parent does not leak fds 10 and 251: $(cat outside.txt)"
grep -qx 'leak: 1' outside.txt || fail "the parent does not export SOFTTICKS_LEAK: $(cat outside.txt)"
[ -z "$tty" ] || grep -qx 'tty: yes' outside.txt || fail "script(1) gives no terminal: $(cat outside.txt)"

parent run_controlled GIVEN=yes perl probe.pl > inside.txt
for want in 'fds: 0 1 2' 'stdin: /dev/null' 'tty: no' 'leak: unset' 'given: yes' 'core: 0' 'files: 1024'; do
  grep -qxF "$want" inside.txt || fail "run_controlled: want '$want', got: $(tr '\n' ';' < inside.txt)"
done
echo "ok: run_controlled hides the parent's descriptors, terminal, variables and limits: $(tr '\n' ';' < inside.txt)"

# Debian's bash, as bash's tests/vredir.tests allocates: {v} is the lowest
# free descriptor from 10.
if [ -x /usr/bin/bash ]; then
  # shellcheck disable=SC2016 # bash's code
  outside=$(parent /usr/bin/bash -c 'exec {v}>/dev/null; echo $v')
  # shellcheck disable=SC2016 # bash's code
  inside=$(parent run_controlled /usr/bin/bash -c 'exec {v}>/dev/null; echo $v')
  [ "$outside" = 11 ] || fail "bash's {v} outside run_controlled is '$outside', want 11 (fd 10 leaked)"
  [ "$inside" = 10 ] || fail "bash's {v} through run_controlled is '$inside', want 10"
  echo "ok: Debian's bash allocates {v} = 11 with the leaked descriptor, 10 through run_controlled"
fi

# dash.sh with a "built" dash that answers otherwise when it sees the
# parent's environment; the reference is Debian's dash itself.
if [ -x /usr/bin/dash ]; then
  cat > sensitive-dash <<'EOF'
#!/bin/sh
# Debian's dash, with a line of its own on stdout when it meets an
# environment that run_controlled would have hidden.
# (Not fd 10: dash keeps this script there.)
if [ -e /proc/$$/fd/251 ] || [ -n "${SOFTTICKS_LEAK:-}" ] || (: < /dev/tty) 2>/dev/null; then
  echo "environment leaked into the run"
fi
exec /usr/bin/dash "$@"
EOF
  chmod +x sensitive-dash
  parent sh "$dir/dash.sh" ./sensitive-dash /usr/bin/dash > dash.log 2>&1 ||
    fail "dash.sh from a leaking parent fails with a dash that only differs in a leaked environment: $(tail -n 20 dash.log)"
  grep -q 'cases, the same output' dash.log || fail "dash.sh did not say it passed: $(tail -n 5 dash.log)"
  echo "ok: dash.sh from a leaking parent: $(grep 'cases, the same output' dash.log | tr -d '\r')"
fi

# bash.sh and sqlite3.sh need a built tree; their runs must go through
# run_controlled (the comparison runs: make test, make quicktest).
grep -q '^ *run_controlled LOCPATH=.* make -C build-bash test ' "$dir/bash.sh" || fail "bash.sh's protocol runs make test outside run_controlled"
grep -q '^ *run_controlled PATH=.* make quicktest ' "$dir/sqlite3.sh" || fail "sqlite3.sh's quicktest runs outside run_controlled"
for f in bash.sh dash.sh sqlite3.sh; do
  # shellcheck disable=SC2016 # the line as the scripts have it
  grep -q '^\. "$(dirname "$0")/controlled_env.sh"$' "$dir/$f" || fail "$f does not source controlled_env.sh"
done
echo "ok: bash.sh, dash.sh and sqlite3.sh run both builds through run_controlled"
