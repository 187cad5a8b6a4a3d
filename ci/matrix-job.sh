#!/usr/bin/env bash
# One entry of the compiler matrix (ci/github/softticks-matrix.yml): installs
# gcc-GCC with its plugin headers and LLVM-LLVM with clang and lld (Debian 12
# or Ubuntu 24.04 package names), builds softticks for exactly those two
# compilers and runs the whole test suite.  Parts a distribution lacks
# (aarch64 cross gcc, -m32 runtime, csmith, ...) skip themselves.
#   ci/matrix-job.sh GCC_MAJOR LLVM_MAJOR [BUILD_DIR]
# BUILD_DIR (default build-gcc<G>-llvm<L>) gets the build tree, ctest.log
# and junit.xml.
set -euo pipefail
if [ $# -lt 2 ] || [ $# -gt 3 ]; then echo "usage: $0 GCC_MAJOR LLVM_MAJOR [BUILD_DIR]" >&2; exit 2; fi
gcc=$1
llvm=$2
if ! [[ $gcc =~ ^[0-9]+$ && $llvm =~ ^[0-9]+$ ]]; then echo "$0: majors are numbers: '$gcc' '$llvm'" >&2; exit 2; fi
cd "$(dirname "$0")/.."
build=${3:-build-gcc$gcc-llvm$llvm}

packages=(
  cmake ninja-build pkg-config make binutils file python3 python3-yaml
  "gcc-$gcc" "g++-$gcc" "gcc-$gcc-plugin-dev"
  "llvm-$llvm-dev" "clang-$llvm" "lld-$llvm" "llvm-$llvm-tools" "libclang-rt-$llvm-dev"
  libelf-dev zlib1g-dev capnproto valgrind tcl dpkg-dev time shellcheck
)
# shellcheck source-path=SCRIPTDIR source=../scripts/lib/packages.sh
. scripts/lib/packages.sh
install_packages "${packages[@]}"

# Only these two compilers: no extra LLVM, the project built by the same gcc.
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_C_COMPILER="gcc-$gcc" -DCMAKE_CXX_COMPILER="g++-$gcc" \
  -DSOFTTICKS_GCC="/usr/bin/gcc-$gcc" -DSOFTTICKS_GXX="/usr/bin/g++-$gcc" \
  -DSOFTTICKS_LLVM_CONFIG="/usr/lib/llvm-$llvm/bin/llvm-config" -DSOFTTICKS_LLVM_EXTRA_CONFIGS=
cmake --build "$build" -j"$(nproc)"
cd "$build"
ctest --output-on-failure -j"$(nproc)" --timeout 900 --output-junit junit.xml 2>&1 | tee ctest.log
