#!/bin/sh
# Runs inside the image (after softticks is installed): makes every GCC
# driver (gcc, cc, g++, c++, gcc-12, x86_64-linux-gnu-gcc-12, ...) and
# clang-19 instrument by default.
#
# GCC: a "specs" file in GCC's own library directory is read by every
# driver name before the command line.  It adds the plugin to cc1_options,
# the options of every compiler proper (cc1, cc1plus, and lto1, so an LTO
# link runs the pass too), and -D__RR_SOFTTICKS__=1 at the front of
# cpp_unique_options, so that preprocessing-only runs and .S files see it
# and a -U on the command line still wins.  Both are named specs, so that
# -specs=softticks-off.specs (found in the same directory) can empty them.
#
# clang: clang-19 reads clang.cfg / clang++.cfg next to its binary unless
# --no-default-config or CLANG_NO_DEFAULT_CONFIG=1.  They include the
# installed softticks-lto.cfg: plugin, macro, and lld with the pass at link
# time, so -flto works too.
set -eu

gccdir=$(dirname "$(gcc -print-libgcc-file-name)")
plugin=$(gcc -print-file-name=plugin)/softticks.so
test -f "$plugin" || { echo "make-default: $plugin is missing" >&2; exit 1; }
test ! -e "$gccdir/specs" || { echo "make-default: $gccdir/specs already exists" >&2; exit 1; }

# The file holds all of the driver's specs, as -dumpspecs prints them
# before it exists: when GCC finds a "specs" file in its directory it reads
# that file in place of initializing its built-in specs, and that
# initialization is what adds --build-id and --eh-frame-hdr to the link
# and -lgcc_s to C++ links (a file with only the changed specs linked
# programs without a build ID or .eh_frame_hdr, and C++ ones failed on
# _Unwind_Resume: tinyxml2's xmltest).
{
  printf '*softticks_plugin:\n-fplugin=%s\n\n*softticks_define:\n-D__RR_SOFTTICKS__=1\n\n' "$plugin"
  gcc -dumpspecs | awk '
    previous == "*cc1_options:" { $0 = $0 " %(softticks_plugin)"; changed++ }
    previous == "*cpp_unique_options:" { $0 = "%(softticks_define) " $0; changed++ }
    { print; previous = $0 }
    END { if (changed != 2) exit 1 }'
} > "$gccdir/specs.tmp" || { rm -f "$gccdir/specs.tmp"; echo "make-default: gcc -dumpspecs has no cc1_options or cpp_unique_options" >&2; exit 1; }
mv "$gccdir/specs.tmp" "$gccdir/specs"

cat > "$gccdir/softticks-off.specs" <<'SPECS'
*softticks_plugin:


*softticks_define:


SPECS

llvm_bindir=/usr/lib/llvm-19/bin
# Where the softticks-llvm-plugin package or `cmake --install` put it.
cfg=
for candidate in /usr/lib/softticks/llvm-19/softticks-lto.cfg /usr/lib/*/softticks/llvm-19/softticks-lto.cfg; do
  if [ -f "$candidate" ]; then cfg=$candidate; break; fi
done
test -n "$cfg" || { echo "make-default: softticks-lto.cfg for LLVM 19 is missing" >&2; exit 1; }
for driver in clang clang++; do
  printf '# softticks: instrument by default (opt out: --no-default-config)\n@%s\n' "$cfg" \
    > "$llvm_bindir/$driver.cfg"
done
printf '# softticks: the macro of instrumented builds\n-D__RR_SOFTTICKS__=1\n' \
  > "$llvm_bindir/clang-cpp.cfg"

# Plain clang / clang++ are clang 19 (Debian's "clang" package would be 14).
for driver in clang clang++ clang-cpp; do
  [ -e "/usr/bin/$driver" ] || ln -s "$driver-19" "/usr/bin/$driver"
done
echo "make-default: gcc ($gccdir/specs) and clang 19 ($llvm_bindir/clang.cfg) instrument by default"
