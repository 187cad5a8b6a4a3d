#!/usr/bin/env bash
# Differential testing with csmith: see differential.py (or run.sh --help).
#   tests/differential/run.sh --seed S           rerun one seed, every configuration
#   tests/differential/run.sh --seeds 200 -j2    a larger sweep by hand
exec python3 "$(dirname "$0")/differential.py" "$@"
