# shellcheck shell=sh
# Sourced (POSIX sh) by build-runtime.sh, build-and-test.sh (outside the
# image) and image-runtime.sh (inside it, with /bin/sh): the facts about
# GCC's runtime libraries that all three need, written once.

# The libraries build-runtime.sh makes, one a line: the file's name (its
# SONAME), the Debian binary package that installs it, and where it lies
# in build-runtime.sh's tree OUT.
runtime_libraries="libgcc_s.so.1 libgcc-s1 x86_64-linux-gnu/libgcc/libgcc_s.so.1
libstdc++.so.6 libstdc++6 x86_64-linux-gnu/libstdc++-v3/src/.libs/libstdc++.so.6
libatomic.so.1 libatomic1 x86_64-linux-gnu/libatomic/.libs/libatomic.so.1
libgomp.so.1 libgomp1 x86_64-linux-gnu/libgomp/.libs/libgomp.so.1"

# built_path SONAME: where build-runtime.sh's tree has that library.
built_path() {
  echo "$runtime_libraries" | awk -v soname="$1" '$1 == soname { print $3 }'
}

# exported FILE: "name@version" of each symbol FILE defines (.dynsym).
exported() {
  readelf --dyn-syms -W "$1" | awk '$7 != "UND" && NF >= 8 && $5 != "LOCAL" { print $8 }' | sort -u
}

# build_runtime_check SOURCE PROGRAM: runtime-check.cc compiled with the
# plain g++-12, linked against whatever libgcc_s, libstdc++, libatomic and
# libgomp the dynamic loader then finds (LD_LIBRARY_PATH picks a set).
build_runtime_check() {
  g++-12 -O2 -fopenmp -o "$2" "$1" -latomic
}
