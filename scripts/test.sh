#!/usr/bin/env bash
# Installs the dependencies, builds everything and runs the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
build=${SOFTTICKS_BUILD_DIR:-build}
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo
cmake --build "$build" -j"$(nproc)"
bash docker/install-deps.sh
cd "$build"
# Which i386 checks run (README.md, "i386"): the configure probe's answer.
echo "softticks: i386 programs run: $(sed -n 's/^SOFTTICKS_I386_RUN:STRING=//p' CMakeCache.txt)"
ctest --output-on-failure -j"$(nproc)" --timeout 900
# The image tests (label image, docker/): a Debian 12 root filesystem with
# three packages rebuilt with their test suites, checked and exported;
# about 27 minutes on 2 busy cores, network access to the Debian mirror.
# The label also holds ci.rr_in_image*: rr-in-image.sh on the stand-in for
# rr's suite, in a root of their own (about 2 minutes).
SOFTTICKS_IMAGE_TESTS=1 ctest --output-on-failure -L image --timeout 3600
# The realworld step (tests/realworld/ci.sh): every run of the realworld
# suite (Debian packages' own test suites built with gcc-12, gcc-11,
# clang-19 and clang-22, with and without the plugins, LTO), in order of
# priority within a budget of 60 minutes, the runs that do not fit skipped
# and named.  Last,
# because the projects' build-deps install packages.  The CTest label stays
# out of the default ctest run (tests/realworld/README.md).
build_dir=$PWD
cd "$(sed -n 's/^CMAKE_HOME_DIRECTORY:INTERNAL=//p' CMakeCache.txt)"
bash tests/realworld/ci.sh "$build_dir" "$SECONDS"
