# The plain half of a Debian autotools package's test (asm.gmp.mpn,
# asm.libffi), sourced: plain_build_and_check CC configures the source in
# ../src into build/ (entered, and left as the current directory) as a
# static library for generic x86-64 (--build: as Debian's amd64 build,
# the same code on every CI machine; static, so the test programs hold
# the library's code), builds it, runs its own `make check` and writes
# the caller's `results` into ../plain.results.  Needs fail().
plain_build_and_check() {
  mkdir build
  cd build
  ../src/configure --build=x86_64-pc-linux-gnu --disable-shared CC="$1" > ../configure.log 2>&1 ||
    { tail -20 ../configure.log; fail "configure"; }
  nice make -j2 > ../make.plain.log 2>&1 || { tail -20 ../make.plain.log; fail "plain build"; }
  nice make -j2 check > ../check.plain.log 2>&1 || { tail -40 ../check.plain.log; fail "plain make check"; }
  results > ../plain.results
}
