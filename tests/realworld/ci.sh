#!/usr/bin/env bash
# CI's part of the realworld suite: every run of the label (project:build,
# runs.txt) in order of priority, within a time budget, run last by
# scripts/test.sh.  The CTest label stays out of the default ctest run
# (-DSOFTTICKS_REALWORLD=ON registers it, README.md).
#
#   ci.sh SOFTTICKS_BUILD_DIR [SECONDS_ALREADY_USED]
#
# SECONDS_ALREADY_USED is what CI has spent before this step; the budget is
# the smaller of SOFTTICKS_CI_REALWORLD_MIN (default 60 minutes, this step's
# share, install-deps.sh included) and what is left of SOFTTICKS_CI_LIMIT_MIN
# (default 90, the CI job's limit) less 5 minutes of margin.  A run starts
# only if its estimated wall time still fits in what is left: its cost (CPU
# seconds, the table below) times the slowest wall/cost ratio of the runs
# so far, which follows the machine's speed and load.  The first run that
# does not fit ends the step: it and the rest are skipped and named
# (loudly), which does not fail the step.  A run that fails fails the step,
# after the others have run.
#
# The runs and their order: runs.txt (every run of the label, most
# coverage per CPU second first, the references without a plugin last);
# SOFTTICKS_CI_REALWORLD_RUNS="PROJECT:BUILD ..." overrides.
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
[[ $# == 1 || $# == 2 ]] || { echo "usage: ci.sh SOFTTICKS_BUILD_DIR [SECONDS_ALREADY_USED]" >&2; exit 2; }
st=$(cd "$1" && pwd) || exit 2
used=${2:-0}
work=$st/tests/realworld/work

default_runs=$(sed -e 's/#.*//' "$here/runs.txt" | tr -s '[:space:]' ' ')
read -r -a runs <<<"${SOFTTICKS_CI_REALWORLD_RUNS:-$default_runs}"

# A run's cost: about its CPU seconds (user+sys, gcc12 or clang19, measured
# 2026-12-01, README.md; clang22 taken as clang19); gzip's tests sleep, so its wall time is about 7
# times its CPU time under load against 4 to 5 for the others: it counts
# more.  An LTO build costs about twice as much.
cost() {
  local c
  case ${1%%:*} in
    zlib) c=8 ;; bzip2) c=10 ;; libyaml) c=15 ;; libjsoncpp) c=27 ;; expat) c=30 ;;
    libonig) c=34 ;; jq) c=45 ;; xz-utils) c=52 ;; lua5.4) c=59 ;; pcre2) c=133 ;;
    gzip) c=150 ;; *) c=60 ;;
  esac
  [[ ${1#*:} == *lto ]] && c=$((c * 2))
  echo $c
}

share=$(( ${SOFTTICKS_CI_REALWORLD_MIN:-60} * 60 ))
left_in_job=$(( ${SOFTTICKS_CI_LIMIT_MIN:-90} * 60 - 300 - used ))
budget=$(( share < left_in_job ? share : left_in_job ))

banner() { printf '\nrealworld-ci: ==== %s ====\n\n' "$*"; }
banner "budget $((budget / 60)) min for ${#runs[@]} runs (${used} s used before this step)"
if (( budget <= 0 )); then
  banner "SKIPPED ALL ${#runs[@]} realworld runs: no time left in the CI budget"
  exit 0
fi

start=$SECONDS
bash "$here/install-deps.sh" || { echo "realworld-ci: install-deps.sh failed" >&2; exit 1; }

ratio=0 failed=() skipped=() passed=() not_run=()  # ratio: wall/cost, x100
gcc11_plugin=unknown
for i in "${!runs[@]}"; do
  run=${runs[$i]} project=${runs[$i]%%:*} build=${runs[$i]#*:}
  elapsed=$(( SECONDS - start ))
  if (( elapsed + ratio * $(cost "$run") / 100 > budget )); then
    not_run=("${runs[@]:$i}")
    break
  fi
  if [[ $build == gcc11 && $gcc11_plugin == unknown ]]; then
    bash "$here/run.sh" gcc11-plugin "$(cd "$here/../.." && pwd)" "$st" "$work"
    gcc11_plugin=$?
    (( gcc11_plugin == 0 || gcc11_plugin == 77 )) || failed+=("gcc11-plugin")
  fi
  t0=$SECONDS
  bash "$here/run.sh" "$project" "$build" "$st" "$work"
  status=$?
  wall=$(( SECONDS - t0 ))
  (( wall * 100 / $(cost "$run") > ratio )) && ratio=$(( wall * 100 / $(cost "$run") ))
  echo "realworld-ci: $run: status $status, ${wall} s"
  case $status in
    0) passed+=("$run") ;;
    77) skipped+=("$run") ;;
    *) failed+=("$run") ;;
  esac
done

bash "$here/run.sh" summary "$work" || true
times >"$work/ci.times"
banner "$(( SECONDS - start )) s wall; CPU (user sys of the children): $(sed -n 2p "$work/ci.times")"
echo "realworld-ci: passed (${#passed[@]}): ${passed[*]-}"
(( ${#skipped[@]} )) && echo "realworld-ci: SKIPPED, something missing (${#skipped[@]}): ${skipped[*]}"
if (( ${#not_run[@]} )); then
  banner "BUDGET SPENT: ${#not_run[@]} of ${#runs[@]} realworld runs NOT RUN: ${not_run[*]}"
fi
if (( ${#failed[@]} )); then
  banner "FAILED (${#failed[@]}): ${failed[*]} (logs: $work/BUILD/PROJECT/log.*)"
  exit 1
fi
exit 0
