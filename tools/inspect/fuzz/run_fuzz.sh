#!/usr/bin/env bash
# Runs the inspector's fuzzing harness for a bounded time (the CTest test
# inspect.fuzz):  run_fuzz.sh HARNESS WORKDIR SECONDS SEED_DIR...
# New inputs go to WORKDIR/corpus, crash reproducers to WORKDIR/.
# Exit status: libFuzzer's (0 when nothing was found).
set -euo pipefail
harness=$1 work=$2 seconds=$3
shift 3
dict=$(dirname "$0")/inspect.dict
mkdir -p "$work/corpus"
exec "$harness" -max_total_time="$seconds" -runs=5000000 -timeout=10 -rss_limit_mb=2048 \
  -max_len=100000 -dict="$dict" -print_final_stats=1 -artifact_prefix="$work/" "$work/corpus" "$@"
