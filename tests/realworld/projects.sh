# The projects of the realworld suite: how each Debian source package is
# configured, built and tested with its own build system.  Sourced by run.sh.
#
# Each project P defines:
#   P_source     the Debian source package
#   P_build      configure + build in the unpacked tree (the cwd), install
#                (when another project links against it) into $PREFIX
#   P_check      the project's own test suite; its exit status is the verdict
#   P_trace      one single-threaded run of a built binary: prints the
#                command line (program and arguments), one word per line;
#                run.sh runs it under softticks-trace (cwd: the tree)
# The environment has CC, CXX, CFLAGS, CXXFLAGS, CPPFLAGS, LDFLAGS from
# dpkg-buildflags (with the build's instrumentation flags), JOBS, PREFIX,
# DEPS (install prefixes of the projects this one needs), SAMPLE (a file to
# compress or parse) and RW_DIR (this directory).

# Runs configure with the flags in the environment.
rw_configure() {
  ./configure --prefix="$PREFIX" CC="$CC" CXX="$CXX" CFLAGS="$CFLAGS" \
    CXXFLAGS="$CXXFLAGS" CPPFLAGS="$CPPFLAGS" LDFLAGS="$LDFLAGS" "$@"
}

# --- zlib: its own configure script; `make test` runs example and minigzip,
# static and shared.
zlib_source=zlib
zlib_build() {
  CFLAGS="$CFLAGS $CPPFLAGS" ./configure --prefix="$PREFIX"
  make -j"$JOBS"
}
zlib_check() { make test; }
zlib_trace() { printf '%s\n' ./minigzipsh -c "$SAMPLE"; }
zlib_libpath=.

# --- bzip2: upstream Makefile (static, with its `test` target) and
# Makefile-libbz2_so (the shared library and a bzip2 linked to it).
bzip2_source=bzip2
bzip2_build() {
  local flags="$CFLAGS $CPPFLAGS -D_FILE_OFFSET_BITS=64 -Wall -Winline -fPIC"
  make -j"$JOBS" -f Makefile-libbz2_so CC="$CC" CFLAGS="$flags $LDFLAGS"
  make clean
  make -j"$JOBS" bzip2 bzip2recover CC="$CC" CFLAGS="$CFLAGS $CPPFLAGS -D_FILE_OFFSET_BITS=64" \
    LDFLAGS="$LDFLAGS"
}
bzip2_check() { make test CC="$CC"; }
bzip2_trace() { printf '%s\n' ./bzip2-shared -c "$SAMPLE"; }
bzip2_libpath=.

# --- xz-utils: autotools; `make check` (liblzma's tests and test_files.sh).
xz_utils_source=xz-utils
xz_utils_build() {
  rw_configure --disable-doc --disable-nls
  make -j"$JOBS"
}
xz_utils_check() { make -j"$JOBS" check; }
xz_utils_trace() { printf '%s\n' src/xz/.libs/xz -T1 -6 -c "$SAMPLE"; }
xz_utils_libpath=src/liblzma/.libs

# --- lua5.4: Debian's libtool build (debian/configure.ac, as debian/rules
# does); the source has no test suite, so the check runs `make test`
# (lua -v) and tests/realworld/lua/selfcheck.lua, a script that asserts its
# own results (strings, tables, gc, coroutines, errors, integer/float math).
lua5_4_source=lua5.4
lua5_4_build() {
  mkdir -p debian/libtool
  cp debian/configure.ac debian/libtool/
  (cd debian/libtool && LIBTOOLIZE='libtoolize -i' autoreconf -f -i >/dev/null 2>&1 &&
     ./configure CC="$CC" CXX="$CXX" CFLAGS="$CFLAGS" CXXFLAGS="$CXXFLAGS" LDFLAGS="$LDFLAGS")
  printf '#ifndef _LUA_DEB_MULTIARCH_\n#define _LUA_DEB_MULTIARCH_\n#define DEB_HOST_MULTIARCH "%s"\n#endif\n' \
    "$(dpkg-architecture -qDEB_HOST_MULTIARCH)" >src/lua5.4-deb-multiarch.h
  # src/Makefile reads dpkg-buildflags itself (DEB_*_APPEND carry our flags).
  make linux-readline LIBTOOL="$PWD/debian/libtool/libtool" CC="$CC -std=gnu99" CXX="$CXX"
}
lua5_4_check() {
  make test LIBTOOL="$PWD/debian/libtool/libtool" &&
    src/lua5.4 "$RW_DIR/lua/selfcheck.lua"
}
lua5_4_trace() { printf '%s\n' src/lua5.4 "$RW_DIR/lua/selfcheck.lua"; }
lua5_4_libpath=src/.libs

# --- gzip: autotools (gnulib); `make check`.
gzip_source=gzip
gzip_build() {
  rw_configure
  make -j"$JOBS"
}
gzip_check() { make -j"$JOBS" check; }
gzip_trace() { printf '%s\n' ./gzip -9 -c "$SAMPLE"; }
gzip_libpath=

# --- expat: autotools in expat/; `make check` (runtests, runtests_cxx).
expat_source=expat
expat_build() {
  cd expat
  ./buildconf.sh >/dev/null 2>&1 || autoreconf -f -i >/dev/null 2>&1
  rw_configure --without-docbook
  make -j"$JOBS"
}
expat_check() { make -j"$JOBS" -C expat check; }
expat_trace() { printf '%s\n' expat/xmlwf/.libs/xmlwf "$RW_DIR/data/sample.xml"; }
expat_libpath=expat/lib/.libs

# --- pcre2: autotools, configured as Debian does (8/16/32-bit, JIT);
# `make check` (RunTest, RunGrepTest, pcre2_jit_test).
pcre2_source=pcre2
pcre2_build() {
  rw_configure --enable-pcre2-16 --enable-pcre2-32 --enable-jit --disable-pcre2grep-callout
  make -j"$JOBS"
}
pcre2_check() { make -j"$JOBS" check; }
pcre2_trace() { printf '%s\n' .libs/pcre2test -q testdata/testinput1 /dev/null; }
pcre2_libpath=.libs

# --- libyaml: autotools; `make check` (test-version, test-reader).
libyaml_source=libyaml
libyaml_build() {
  autoreconf -f -i >/dev/null 2>&1
  rw_configure
  make -j"$JOBS"
}
libyaml_check() { make -j"$JOBS" check; }
libyaml_trace() { printf '%s\n' tests/.libs/run-parser "$RW_DIR/data/sample.yaml"; }
libyaml_libpath=src/.libs

# --- oniguruma (libonig): autotools; `make check`; installed for jq.
libonig_source=libonig
libonig_build() {
  autoreconf -f -i >/dev/null 2>&1
  rw_configure
  make -j"$JOBS"
  make install >/dev/null
}
libonig_check() { make -j"$JOBS" check; }
libonig_trace() { printf '%s\n' sample/.libs/simple; }
libonig_libpath=src/.libs

# --- jq, linked against the oniguruma built the same way; `make check`
# (jq's tests, the manual's examples, onig tests, shtest).
jq_source=jq
jq_needs=libonig
# jq 1.6's configure probes strptime with no declaration in scope: an error
# since clang 16 (a warning in gcc 12), so clang builds came out without
# strptime and failed tests/mantest with or without the plugin.  Kept a
# warning in every build, so all builds configure alike.
jq_build() {
  autoreconf -f -i >/dev/null 2>&1
  local CFLAGS="$CFLAGS -Wno-error=implicit-function-declaration"
  rw_configure --with-oniguruma="$DEPS/libonig" --disable-docs --disable-valgrind \
    --disable-maintainer-mode
  make -j"$JOBS"
}
jq_check() { LD_LIBRARY_PATH=$DEPS/libonig/lib make -j"$JOBS" check; }
jq_trace() {
  printf '%s\n' .libs/jq '[.. | strings | test("[aeiou]{2}")] | map(select(.)) | length' \
    "$RW_DIR/data/sample.json"
}
jq_libpath='.libs:$DEPS/libonig/lib'

# --- jsoncpp (C++): CMake + CTest (unit tests, reader/writer and
# json_checker suites through Python).
libjsoncpp_source=libjsoncpp
libjsoncpp_build() {
  # CMake wants a program here (gcc12lto's CC carries the plugin; CMake
  # puts the flags on every link line anyway).
  cmake -S . -B _build -G Ninja -DCMAKE_BUILD_TYPE=None -DCMAKE_C_COMPILER="${CC%% *}" \
    -DCMAKE_CXX_COMPILER="${CXX%% *}" -DBUILD_SHARED_LIBS=ON -DBUILD_STATIC_LIBS=OFF \
    -DBUILD_OBJECT_LIBS=OFF -DJSONCPP_WITH_TESTS=ON -DJSONCPP_WITH_POST_BUILD_UNITTEST=OFF \
    -DCMAKE_EXE_LINKER_FLAGS="$LDFLAGS" -DCMAKE_SHARED_LINKER_FLAGS="$LDFLAGS" \
    -DCMAKE_CXX_FLAGS="$CXXFLAGS $CPPFLAGS" -DCMAKE_C_FLAGS="$CFLAGS $CPPFLAGS" >/dev/null
  cmake --build _build -j"$JOBS"
}
# One test at a time: jsoncpp_readerwriter and jsoncpp_readerwriter_json_checker
# both have jsontestrunner_exe write test/data/*.actual and read them back,
# so run side by side one reads the other's half-written files ("Actual: ''").
libjsoncpp_check() { (cd _build && ctest -j1 --output-on-failure); }
libjsoncpp_trace() { printf '%s\n' _build/bin/jsontestrunner_exe "$RW_DIR/data/sample.json"; }
libjsoncpp_libpath=_build/lib
