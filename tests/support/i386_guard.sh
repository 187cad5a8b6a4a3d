#!/usr/bin/env bash
# i386_guard.sh NEED ANSWER [--exec] COMMAND [ARG...]: runs a check of i386
# programs as this machine can (i386.sh, README.md "i386"):
#   NEED    ptrace: the check traces i386 processes (softticks-trace, gdb),
#                   which only a kernel that runs i386 programs allows;
#           run:    it runs i386 programs for their output or tick counts
#                   (in process): natively or under qemu-i386.
#   ANSWER  the build's probe (SOFTTICKS_I386_RUN): native, qemu or none;
#           SOFTTICKS_I386_RUN in the environment overrides it.
#   --exec  COMMAND is itself an i386 program: run under qemu-i386 if so.
# A check this machine cannot do exits 77 (CTest's skip) with one line
# naming the probe and its answer; otherwise COMMAND runs with ST_I386_RUN
# (the answer) and ST_I386_RUNNER (qemu-i386, or empty) in its environment.
set -euo pipefail
need=$1
export ST_I386_RUN=$2
shift 2
# shellcheck source=i386.sh
source "$(dirname "${BASH_SOURCE[0]}")/i386.sh"
ST_I386_RUN=$(st_i386_answer)
if ! st_i386_can "$need"; then
  echo "SKIP: $(st_i386_reason "$need")"
  exit 77
fi
ST_I386_RUNNER=$(st_i386_runner)
export ST_I386_RUNNER
if [ "${1:-}" = --exec ]; then
  shift
  exec ${ST_I386_RUNNER:+"$ST_I386_RUNNER"} "$@"
fi
exec "$@"
