# shellcheck shell=bash
# How i386 programs run on this machine, for the shell drivers (sourced by
# scratch.sh and i386_guard.sh; README.md, "i386"):
#   st_i386_answer   native, qemu or none: SOFTTICKS_I386_RUN from the
#                    environment (an override, for tests of the other
#                    answers), else ST_I386_RUN (the build's probe, from the
#                    toolchain file or the test's environment), else native
#   st_i386_runner   the qemu-i386 to prefix i386 programs with (answer
#                    qemu: SOFTTICKS_QEMU_I386, else ST_QEMU_I386, else
#                    PATH's); nothing natively
#   st_i386_can run|ptrace
#                    whether i386 programs run here (natively or under
#                    qemu) / can be traced (natively only: qemu-user has no
#                    ptrace)
#   st_i386_reason NEED
#                    the one line a skipped check prints
st_i386_answer() { echo "${SOFTTICKS_I386_RUN:-${ST_I386_RUN:-native}}"; }
st_i386_runner() {
  [ "$(st_i386_answer)" = qemu ] || return 0
  local q=${SOFTTICKS_QEMU_I386:-${ST_QEMU_I386:-}}
  [[ $q != *-NOTFOUND ]] || q=
  [ -n "$q" ] || q=$(command -v qemu-i386 || command -v qemu-i386-static || true)
  [ -n "$q" ] || { echo "FAIL: the i386 answer is qemu but there is no qemu-i386" >&2; return 1; }
  echo "$q"
}
st_i386_can() {
  case $1:$(st_i386_answer) in
    run:native | run:qemu | ptrace:native) return 0 ;;
    run:none | ptrace:qemu | ptrace:none) return 1 ;;
    *) echo "FAIL: st_i386_can $1: answer '$(st_i386_answer)' (native, qemu or none)" >&2; exit 1 ;;
  esac
}
# st_arch_run ARCH PROG ARGS...: runs PROG, built for ARCH (i386: under
# st_i386_runner).
st_arch_run() {
  local arch=$1 runner=
  shift
  if [ "$arch" = i386 ]; then runner=$(st_i386_runner) || return 1; fi
  ${runner:+"$runner"} "$@"
}
# st_i386_skips ARCH NEED WHAT: true, after saying so, when ARCH is i386
# and this machine cannot NEED (run or ptrace): the caller skips WHAT.
st_i386_skips() {
  [ "$1" = i386 ] && ! st_i386_can "$2" || return 1
  echo "skipped: $3: $(st_i386_reason "$2")"
}
st_i386_reason() {
  local what="traces i386 processes (ptrace), which needs a kernel that runs i386 programs"
  [ "$1" = run ] && what="runs i386 programs, natively or under qemu-i386"
  echo "this check $what; this machine's i386 probe (SOFTTICKS_I386_RUN) says '$(st_i386_answer)'"
}
