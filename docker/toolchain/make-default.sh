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
# Assembly: GCC looks for `as` in its own directory before PATH, so a link
# there to softticks-as (asm/) makes every driver name assemble through
# it: .s and .S files tick.  The compiler's own output is marked
# --softticks-compiled in invoke_as (the pass placed its ticks; only inline
# asm loops may tick, even in a unit whose functions all opted out and so
# carries no manifest).  softticks-off.specs gives the named spec
# softticks_as, empty here, --softticks-disable: the wrapper then runs the
# real assembler on the input as it is.
#
# clang: clang-19 reads clang.cfg / clang++.cfg next to its binary unless
# --no-default-config or CLANG_NO_DEFAULT_CONFIG=1.  They include the
# installed softticks-lto.cfg: plugin, macro, and lld with the pass at link
# time, so -flto works too; and -B to softticks-as's directory, used only
# with -fno-integrated-as, which plain clang adds for assembler input.
set -eu

gccdir=$(dirname "$(gcc -print-libgcc-file-name)")
plugin=$(gcc -print-file-name=plugin)/softticks.so
test -f "$plugin" || { echo "make-default: $plugin is missing" >&2; exit 1; }
test ! -e "$gccdir/specs" || { echo "make-default: $gccdir/specs already exists" >&2; exit 1; }
sas=$(command -v softticks-as) || { echo "make-default: softticks-as is missing" >&2; exit 1; }
test ! -e "$gccdir/as" || { echo "make-default: $gccdir/as already exists" >&2; exit 1; }

# The file holds all of the driver's specs, as -dumpspecs prints them
# before it exists: when GCC finds a "specs" file in its directory it reads
# that file in place of initializing its built-in specs, and that
# initialization is what adds --build-id and --eh-frame-hdr to the link
# and -lgcc_s to C++ links (a file with only the changed specs linked
# programs without a build ID or .eh_frame_hdr, and C++ ones failed on
# _Unwind_Resume: tinyxml2's xmltest).
{
  printf '*softticks_plugin:\n-fplugin=%s\n\n*softticks_define:\n-D__RR_SOFTTICKS__=1\n\n' "$plugin"
  printf '*softticks_as:\n\n\n'
  gcc -dumpspecs | awk '
    /^\*/ { spec = $0 }
    previous == "*cc1_options:" { $0 = $0 " %(softticks_plugin)"; changed++ }
    previous == "*cpp_unique_options:" { $0 = "%(softticks_define) " $0; changed++ }
    previous == "*asm_options:" { $0 = "%(softticks_as) " $0; changed++ }
    spec == "*invoke_as:" && sub(/ as %\(asm_options\)/, " as --softticks-compiled %(asm_options)") { changed++ }
    { print; previous = $0 }
    END { if (changed != 4) exit 1 }'
} > "$gccdir/specs.tmp" || { rm -f "$gccdir/specs.tmp"; echo "make-default: gcc -dumpspecs lacks cc1_options, cpp_unique_options, asm_options or invoke_as" >&2; exit 1; }
mv "$gccdir/specs.tmp" "$gccdir/specs"
ln -s "$sas" "$gccdir/as"
test "$(gcc -print-prog-name=as)" = "$gccdir/as" ||
  { echo "make-default: gcc runs $(gcc -print-prog-name=as), not $gccdir/as" >&2; exit 1; }

cat > "$gccdir/softticks-off.specs" <<'SPECS'
*softticks_plugin:


*softticks_define:


*softticks_as:
--softticks-disable

SPECS

llvm_bindir=/usr/lib/llvm-19/bin
# Where the softticks-llvm-plugin package or `cmake --install` put it.
cfg=
for candidate in /usr/lib/softticks/llvm-19/softticks-lto.cfg /usr/lib/*/softticks/llvm-19/softticks-lto.cfg; do
  if [ -f "$candidate" ]; then cfg=$candidate; break; fi
done
test -n "$cfg" || { echo "make-default: softticks-lto.cfg for LLVM 19 is missing" >&2; exit 1; }
# clang keeps its integrated assembler (it never runs an external `as`);
# -B makes `clang -fno-integrated-as` run softticks-as (docker/README.md).
asdir=
for candidate in /usr/lib/softticks/as /usr/lib/*/softticks/as; do
  if [ -x "$candidate/as" ]; then asdir=$candidate; break; fi
done
test -n "$asdir" || { echo "make-default: softticks-as's directory (lib/softticks/as) is missing" >&2; exit 1; }
for driver in clang clang++; do
  printf '# softticks: instrument by default (opt out: --no-default-config)\n@%s\n-B%s/\n' "$cfg" "$asdir" \
    > "$llvm_bindir/$driver.cfg"
done
printf '# softticks: the macro of instrumented builds\n-D__RR_SOFTTICKS__=1\n' \
  > "$llvm_bindir/clang-cpp.cfg"

# Plain clang / clang++ are clang 19 (Debian's "clang" package would be
# 14), through softticks-clang (llvm-pass/clang_route.c), which adds
# -fno-integrated-as to a command with assembler input (.s, .S, -x
# assembler): clang's -B above then runs softticks-as on it, while C and
# C++ keep the integrated assembler.  clang-19 and clang++-19 stay
# Debian's: the same config, the integrated assembler for everything.
route=$(dirname "$cfg")/softticks-clang
test -x "$route" || { echo "make-default: $route is missing" >&2; exit 1; }
for driver in clang clang++; do
  [ -e "/usr/bin/$driver" ] || ln -s "$route" "/usr/bin/$driver"
done
[ -e /usr/bin/clang-cpp ] || ln -s clang-cpp-19 /usr/bin/clang-cpp
echo "make-default: gcc ($gccdir/specs, $gccdir/as) and clang 19 ($llvm_bindir/clang.cfg) instrument by default"
