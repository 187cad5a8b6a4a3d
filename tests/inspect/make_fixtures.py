#!/usr/bin/env python3
"""Builds the inspector's fixtures (run by the build, tests/inspect/
CMakeLists.txt): OUT/ARCH-NAME from fixtures/ with the compilers given, for
check_inspection.py (their expectations: expectations.txt) and the other
inspect tests.  A fixture this machine cannot build (no lld, no plugin...)
is listed in OUT/not-built.txt with the reason; check_inspection.py skips
those and only those.  By hand, from a build tree:

    python3 ../tests/inspect/make_fixtures.py --out /tmp/fx --include ../include \\
        --cc x86_64='gcc-12 -m64' --manifest-asm tests/inspect/st-inspect-manifest-asm \\
        --module-asm common/st-module-asm --ar ar
"""
import argparse
import os
import shlex
import subprocess
import sys

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures")
TICKS, PLAIN, LOOPS = (os.path.join(HERE, f) for f in ("ticks.c", "plain.c", "loops.c"))
BY_HAND = os.path.join(HERE, "module_by_hand.S")  # note and initializer written by hand


def run(cmd, stdout=None):
    print(" ".join(cmd))
    subprocess.run(cmd, check=True, stdout=stdout)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--include", required=True, help="the directory of rr/softticks.h")
    ap.add_argument("--cc", action="append", default=[], metavar="ARCH=COMMAND",
                    help="the compiler command for an arch (x86_64, i386, aarch64)")
    ap.add_argument("--manifest-asm", required=True, help="st-inspect-manifest-asm")
    ap.add_argument("--module-asm", help="st-module-asm (else the hand-made module)")
    ap.add_argument("--ar", required=True)
    ap.add_argument("--objcopy", help="llvm-objcopy, for a fixture without section headers")
    ap.add_argument("--lld", action="store_true", help="gcc -fuse-ld=lld works")
    ap.add_argument("--gcc-plugin", help="the GCC plugin of this build")
    ap.add_argument("--gcc-plugin-aarch64", help="its aarch64 cross build")
    ap.add_argument("--clang", action="append", default=[], metavar="MAJOR=CLANG:CONFIG",
                    help="a clang with the LLVM plugin's config file")
    ap.add_argument("--librrsoftticks", help="librrsoftticks.a")
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    cc = {k: shlex.split(v) for k, v in (x.split("=", 1) for x in a.cc)}
    cflags = ["-O1", "-Wa,--noexecstack", "-I" + a.include]
    not_built = []

    def out(arch, name):
        return os.path.join(a.out, "%s-%s" % (arch, name))

    def fixture(arch, name, *args, compiler=None):
        run((compiler or cc[arch]) + cflags + list(args) + ["-o", out(arch, name)])

    for arch in cc:  # every manifest first: foreign-manifest takes aarch64's
        with open(out(arch, "manifest.s"), "w") as f:
            run([a.manifest_asm, arch], stdout=f)
    for arch in cc:
        # The module parts a plugin appends (initializer, .init_array entry,
        # ABI note), from common/'s st-module-asm; else a hand-made stand-in.
        if a.module_asm:
            run([a.module_asm, "--asm", arch, out(arch, "module.s")])
            module = [out(arch, "module.s")]
        else:
            module = ["-DWITH_NOTE", "-DWITH_INIT", BY_HAND]
        fixture(arch, "inst-exe", TICKS, *module, out(arch, "manifest.s"))
        fixture(arch, "inst-so", "-shared", "-fPIC", "-DNO_MAIN", TICKS, *module)
        fixture(arch, "inst-o", "-r", "-nostdlib", "-DNO_MAIN", TICKS, *module)
        fixture(arch, "plain-exe", PLAIN)
        fixture(arch, "plain-o", "-c", PLAIN)
        fixture(arch, "ticks-no-note-o", "-c", TICKS)
        fixture(arch, "ticks-no-note-exe", TICKS)
        fixture(arch, "note-no-init", "-DWITH_NOTE", TICKS, BY_HAND)
        fixture(arch, "init-no-note", "-DWITH_INIT", TICKS, BY_HAND)
        fixture(arch, "two-notes", "-DWITH_NOTE", TICKS, *module, BY_HAND)
        fixture(arch, "two-inits", "-DWITH_INIT", TICKS, *module, BY_HAND)
        fixture(arch, "note-v2", "-DWITH_NOTE", "-DWITH_INIT", "-DNOTE_VERSION=2", TICKS, BY_HAND)
        fixture(arch, "module-only-o", "-c", *module)
        # Static library: members inspected one by one, reported as LIB(MEMBER).
        if os.path.exists(out(arch, "lib.a")):
            os.remove(out(arch, "lib.a"))
        run([a.ar, "rc", out(arch, "lib.a")] +
            [out(arch, m) for m in ("inst-o", "ticks-no-note-o", "plain-o")])
        # Stripped: the initializer is recognized by its code, st-module-asm's.
        if a.module_asm:
            fixture(arch, "inst-stripped", "-s", TICKS, *module)
            fixture(arch, "inst-so-stripped", "-s", "-shared", "-fPIC", "-DNO_MAIN", TICKS, *module)
        else:
            not_built += [(arch, n, "no st-module-asm") for n in ("inst-stripped", "inst-so-stripped")]
        fixture(arch, "note-no-init-stripped", "-s", "-DWITH_NOTE", TICKS, BY_HAND)
        if arch != "x86_64":
            continue
        fixture(arch, "inst-nopie", "-no-pie", "-fno-pie", TICKS, *module)
        fixture(arch, "inst-relr", "-Wl,-z,pack-relative-relocs", TICKS, *module)
        if "aarch64" in cc:
            fixture(arch, "foreign-manifest", TICKS, *module, out("aarch64", "manifest.s"))
        else:
            not_built.append((arch, "foreign-manifest", "no aarch64 compiler"))
        # No section headers at all: the inspector reads the segments.
        if a.objcopy:
            run([a.objcopy, "--strip-sections", out(arch, "inst-exe"), out(arch, "inst-nosections")])
        else:
            not_built.append((arch, "inst-nosections", "no llvm-objcopy"))
        # lld leaves .init_array slots 0 and puts the address in .rela.dyn.
        if a.lld:
            fixture(arch, "inst-lld", "-fuse-ld=lld", TICKS, *module)
            fixture(arch, "hand-module-lld", "-fuse-ld=lld", "-DWITH_NOTE", "-DWITH_INIT", TICKS,
                    BY_HAND)
        else:
            not_built += [(arch, n, "no lld") for n in ("inst-lld", "hand-module-lld")]
        # Hand ticks linked with librrsoftticks, which brings the
        # initializer and the note.
        if a.librrsoftticks:
            fixture(arch, "with-librrsoftticks", TICKS, a.librrsoftticks,
                    "-Wl,-u,rr_softticks_ensure_page")
        else:
            not_built.append((arch, "with-librrsoftticks", "no librrsoftticks"))

    # Programs the compiler plugins of this build instrument (end to end).
    for arch in ("x86_64", "i386"):
        if arch not in cc:
            continue
        if not a.gcc_plugin:
            not_built += [(arch, "gcc-plugin-" + k, "no GCC plugin") for k in ("exe", "so", "o")]
            continue
        plug = "-fplugin=" + a.gcc_plugin
        fixture(arch, "gcc-plugin-exe", plug, LOOPS)
        fixture(arch, "gcc-plugin-so", plug, "-shared", "-fPIC", LOOPS)
        fixture(arch, "gcc-plugin-o", plug, "-c", LOOPS)
        if arch == "x86_64":  # with DWARF, to be split as Debian's -dbg packages are
            fixture(arch, "gcc-plugin-exe-g", plug, "-g", LOOPS)
            fixture(arch, "gcc-plugin-so-g", plug, "-g", "-shared", "-fPIC", LOOPS)
    if "aarch64" in cc:
        if a.gcc_plugin_aarch64:
            fixture("aarch64", "gcc-plugin-exe", "-fplugin=" + a.gcc_plugin_aarch64, LOOPS)
        else:
            not_built.append(("aarch64", "gcc-plugin-exe", "no aarch64 GCC plugin"))
    for spec in a.clang:
        major, rest = spec.split("=", 1)
        clang, config = rest.split(":", 1)
        driver = [clang, "--config", config]  # clang 14: no --config=
        if "x86_64" in cc:
            fixture("x86_64", "clang%s-plugin-exe" % major, LOOPS, compiler=driver + ["-m64"])
        if "aarch64" in cc:
            fixture("aarch64", "clang%s-plugin-o" % major, "-c", LOOPS,
                    compiler=driver + ["--target=aarch64-linux-gnu"])

    with open(os.path.join(a.out, "not-built.txt"), "w") as f:
        f.write("".join("%s-%s %s\n" % x for x in not_built))
    return 0


if __name__ == "__main__":
    sys.exit(main())
