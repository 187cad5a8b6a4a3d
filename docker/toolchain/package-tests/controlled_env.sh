# shellcheck shell=sh
# Sourced by the package tests that run two builds and compare their
# results (bash.sh, dash.sh: the rebuilt shell against Debian's; sqlite3.sh:
# quicktest with and without ticks).  Each run goes through run_controlled,
# so that both meet the same environment, whatever started the build (a
# terminal, a CI runner, a shell that leaks a descriptor) and whatever
# changes around it during an hour-long build; a difference is then the
# builds'.
#
# run_controlled [NAME=VALUE...] CMD [ARGS...]: runs CMD
#  - with no inherited file descriptor but 0, 1 and 2: one more open
#    descriptor shifts every descriptor a shell allocates (bash's
#    {var}>file: Debian's bash printed "11 12" for the "10 11" of
#    tests/vredir.right, run from a parent that had fd 10 open);
#  - with standard input /dev/null and no controlling terminal (a new
#    session, setsid): /dev/tty cannot be opened (ENXIO) in either run,
#    whether the build was started from a terminal or not, or its terminal
#    went away during it (bash's vredir8.sub: "/dev/tty: No such device or
#    address", read2.sub: "1" for "timeout 1: ok");
#  - with the same limits (no core files, at most 1024 open files) and
#    umask 022;
#  - in the environment env -i PATH HOME USER LOGNAME LANG=C.UTF-8
#    TERM=dumb MAKEFLAGS (PATH, HOME, USER, LOGNAME and MAKEFLAGS as the
#    caller has them) and the NAME=VALUE words given.
# tests/image/controlled_env_test.sh checks each point.
run_controlled() {
  (
    # dash, bash and busybox sh have ulimit -c, -n and -S.
    # shellcheck disable=SC3045
    ulimit -c 0
    # The soft limit; a hard limit below 1024 stays.
    # shellcheck disable=SC3045
    ulimit -S -n 1024 2>/dev/null || true
    umask 022
    # perl-base is Essential: it closes every descriptor above 2 (listed in
    # /proc/self/fd, any number, which sh cannot name) and execs env.
    # shellcheck disable=SC2016 # perl's code
    exec setsid -w perl -e '
      use POSIX ();
      opendir(my $d, "/proc/self/fd") or die "run_controlled: /proc/self/fd: $!\n";
      my @fds = grep { /^[0-9]+$/ && $_ > 2 } readdir($d);
      closedir($d);
      POSIX::close($_) for @fds;
      exec { $ARGV[0] } @ARGV or die "run_controlled: cannot run $ARGV[0]: $!\n";
    ' env -i PATH="${PATH:-/usr/local/bin:/usr/bin:/bin}" HOME="${HOME:-/}" USER="${USER:-}" \
      LOGNAME="${LOGNAME:-}" LANG=C.UTF-8 TERM=dumb MAKEFLAGS="${MAKEFLAGS:-}" "$@" </dev/null
  )
}
