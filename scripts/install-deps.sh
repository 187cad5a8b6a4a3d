#!/usr/bin/env bash
# Installs what building and testing softticks needs on Debian 12.
# Run as root (or with sudo available). Safe to run again: when every
# package is installed it does not call apt-get.
set -euo pipefail

packages=(
  # build
  cmake ninja-build pkg-config make gcc g++ binutils
  # the GCC plugin: host and aarch64 cross, with plugin headers
  gcc-12-plugin-dev
  # a second GCC: the plugin built for GCC 11 too (tests/machine_code)
  gcc-11 g++-11 gcc-11-plugin-dev
  # Objective-C, to check the plugin's predefined macro there too
  gobjc-12
  gcc-aarch64-linux-gnu g++-aarch64-linux-gnu gcc-12-plugin-dev-aarch64-linux-gnu
  # i386 (not gcc-multilib: it conflicts with the aarch64 cross compiler)
  gcc-12-multilib g++-12-multilib
  # the LLVM pass: newest and oldest supported LLVM, with FileCheck and lld
  llvm-19-dev clang-19 lld-19 llvm-19-tools libclang-rt-19-dev
  llvm-14-dev clang-14 lld-14 llvm-14-tools libclang-rt-14-dev
  # and the newest Debian 12 has (bookworm-security), which rustc-web 1.96 uses
  llvm-22-dev clang-22 lld-22 llvm-22-tools libclang-rt-22-dev
  # Rust (tests/rust): rustc-web 1.96 (LLVM 22) with cargo and std's source,
  # which softticks-cargo rebuilds with the plugin
  rustc-web cargo-web rust-web-src
  # tools, schema, aarch64 tests, measurement
  libelf-dev zlib1g-dev capnproto qemu-user valgrind
  csmith libcsmith-dev
  # bench/sqlite: the amalgamation from the source package, timings
  tcl dpkg-dev time
  # the tools' tests (JSON checks against tools/schema.json, fixture generators)
  python3 python3-jsonschema
  # ci/ and packaging/ tests: script lint, workflow YAML, a Debian root to run in
  shellcheck python3-yaml mmdebstrap umoci
  # tests/debugger: line stepping with and without ticks
  gdb
  # tests/musl: programs built against musl (no IRELATIVE: no early mapping)
  musl-tools
  # tests/asm: glibc's x86-64 assembly through softticks-as (asm.glibc.*);
  # tests/glibc: docker/glibc/patches on it, configured (gawk, bison) and
  # its start-up traced (strace)
  glibc-source gawk bison strace
  # tests/asm: libffi's DejaGnu testsuite (asm.libffi, opt-in: SOFTTICKS_ASM_REALWORLD=1)
  dejagnu
  # tests/asm: GMP's mpn assembly is m4 source (asm.gmp.mpn, from apt-get source gmp)
  m4
)

# shellcheck source-path=SCRIPTDIR source=lib/packages.sh
. "$(dirname "$0")/lib/packages.sh"
install_packages "${packages[@]}"
# apt-get source, for the tests that take Debian's sources (asm.gmp.mpn)
ensure_deb_src

# What gcc-multilib would have provided: <asm/...> for -m32 builds.
[ -e /usr/include/asm ] || as_root ln -s x86_64-linux-gnu/asm /usr/include/asm
echo "install-deps: done"
