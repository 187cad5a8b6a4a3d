#!/usr/bin/env python3
"""The module asm (common/module_asm.c, with the header's initializer
bytes) through every assembler that consumes it, against a fresh compile
of page_init.c.  For each arch and each assembler, the object must hold a
hidden function __rr_softticks_init whose bytes equal the fresh compile's
(and are the same for every assembler), its .init_array.00001 entry and
the 20-byte note, all in the COMDAT group __rr_softticks_init; and the
early mapping (common/module_asm.c): the ifunc __rr_softticks_early, the
GOT reference to it and the .init_array slot of the no-op that holds that
reference, in the group __rr_softticks_early; and the page check, a
hidden function in the group __rr_softticks_page_check with its message
and its .init_array.00001 slot, whose code refers to nothing but its
message, PC-relatively.  Two units linked into one shared object keep
one of each.  By hand, from a build tree:

    python3 ../tests/runtime/module_asm.py --module-asm common/st-module-asm \\
        --regen ../runtime/regen_init_tables.py --gas-x86_64 gcc-12 \\
        --gas-i386 'gcc-12 -m32' --gas-aarch64 aarch64-linux-gnu-gcc-12 \\
        --clang /usr/lib/llvm-19/bin/clang --lld --work /tmp/w

--regen is optional (its --compile compiles page_init.c with the tables'
compiler; without it, or without that compiler, the assemblers' bytes are
compared with each other only), so are the assemblers (--gas-<arch> a gcc
command line that assembles for <arch>, --clang once per clang)."""
import argparse
import glob
import os
import re
import shlex
import shutil
import subprocess
import sys

ARCHES = ("x86_64", "i386", "aarch64")
# The triples st-module-asm --ll writes (clang warns if --target differs).
TRIPLE = {a: a + "-unknown-linux-gnu" for a in ARCHES}
# The landing pad each initializer must start with: it is called
# indirectly from .init_array (CET IBT: endbr64/endbr32; BTI: bti c).
ENTRY = {"x86_64": "f30f1efa", "i386": "f30f1efb", "aarch64": "5f2403d5"}
POINTER = {"x86_64": 8, "i386": 4, "aarch64": 8}
ELF = {"x86_64": "elf64-little", "i386": "elf32-little", "aarch64": "elf64-little"}
# The ABI's note, spelled out from the specification (namesz 3, descsz 4,
# type 1, "rr\0\0", version 1).
EXPECTED_NOTE = "03000000040000000100000072720000" "01000000"

failures = []


def fail(msg):
    print("FAIL: " + msg, file=sys.stderr)
    failures.append(msg)


def run(cmd):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True)
    return p.returncode, p.stdout, p.stderr


def section_hex(obj, arch, section):
    """Hex of a section's bytes ('' if missing)."""
    out = "%s.%s.bin" % (obj, section)
    if os.path.exists(out):
        os.remove(out)
    rc, _, _ = run(["objcopy", "-I", ELF[arch], "-O", "binary", "--only-section=" + section,
                    obj, out])
    if rc != 0 or not os.path.exists(out):
        return ""
    with open(out, "rb") as f:
        return f.read().hex()


# readelf -W -S -g -s -r of each object: (regex, what is wrong without it).
OBJECT_CHECKS = [
    (r"COMDAT group section \[ *[0-9]+\] `\.group' \[__rr_softticks_init\]",
     "no COMDAT group __rr_softticks_init"),
    # Writable like a compiler's own .init_array (lld rejects the entry's
    # dynamic relocation in a read-only section).
    (r"\.init_array\.00001 +INIT_ARRAY +[0-9a-f]+ +[0-9a-f]+ +[0-9a-f]+ +[0-9a-f]+ +WAG ",
     ".init_array.00001 is not an allocated, writable group member"),
] + [(r"\[ *[0-9]+\]   %s\n" % re.escape(member), "%s is not in the group" % member)
     for member in (".text.__rr_softticks_init", ".init_array.00001", ".note.rrsoftticks")] + [
    (r"Relocation section '\.rela?\.init_array\.00001'[^\n]*\n[^\n]*\n[^\n]*__rr_softticks_init",
     ".init_array.00001 does not point at __rr_softticks_init"),
    (r"`\.group' \[__rr_softticks_early\] contains [0-9]+ sections:\n[^\n]*\n[^\n]*"
     r"   \.text\.__rr_softticks_early\n[^\n]*\n?[^\n]*   \.init_array\n",
     "no COMDAT group __rr_softticks_early of its code and .init_array slot"),
    # STT_GNU_IFUNC (10); readelf names it only when the object says
    # ELFOSABI_GNU, which LLVM 14's assembler does not.
    (r"(IFUNC|<OS specific>: 10) +GLOBAL +HIDDEN +[0-9]+ __rr_softticks_early\n",
     "__rr_softticks_early is not a hidden ifunc"),
    (r"Relocation section '\.rela?\.init_array'[^\n]*\n[^\n]*\n[^\n]*__rr_softticks_early_noop",
     "the early .init_array slot does not point at __rr_softticks_early_noop"),
    # The reference that makes the loader call the resolver: a GOT one.
    (r"_GOT[^\n]* __rr_softticks_early( [-+]|\n)",
     "no GOT relocation against __rr_softticks_early"),
    (r"`\.group' \[__rr_softticks_page_check\] contains [0-9]+ sections:\n[^\n]*\n[^\n]*"
     r"   \.text\.__rr_softticks_page_check\n[^\n]*\n[^\n]*   \.rodata\.__rr_softticks_page_check\n"
     r"[^\n]*   \.init_array\.00001\n",
     "no COMDAT group __rr_softticks_page_check of its code, message and .init_array.00001 slot"),
    (r"FUNC +GLOBAL +HIDDEN +[0-9]+ __rr_softticks_page_check\n",
     "__rr_softticks_page_check is not a hidden function"),
    # Nothing outside the unit (glibc's configure wants an empty nm -u of a
    # one-line unit: runtime.parts_self_contained), no GOT (an i386 GOT
    # reference names _GLOBAL_OFFSET_TABLE_), nothing a loader must
    # relocate: PC-relative references to its own message only.
    (r"Relocation section '\.rela?\.text\.__rr_softticks_page_check'[^\n]*\n[^\n]*\n"
     r"([^\n]*(R_X86_64_PC32|R_386_PC32|R_AARCH64_ADR_PREL_PG_HI21|R_AARCH64_ADD_ABS_LO12_NC) "
     r"[^\n]*\.rodata\.__rr_softticks_page_check[^\n]*\n)+\n",
     "the page check relocates something other than its own message, PC-relatively"),
    (r"Relocation section '\.rela?\.init_array\.00001'[^\n]*\n[^\n]*\n[^\n]*"
     r"__rr_softticks_page_check",
     "no .init_array.00001 slot points at __rr_softticks_page_check"),
]


def fresh_compile(a, arch, d):
    """The initializer's bytes from page_init.c compiled now ('' without)."""
    if not a.regen:
        return ""
    rc, _, err = run([sys.executable, a.regen, "--compile", arch, d + "/fresh.o"])
    if rc == 77:
        print("%s: no compiler for a fresh compile of page_init.c: %s" % (arch, err))
        return ""
    if rc != 0:
        fail("%s: fresh compile of page_init.c failed: %s" % (arch, err))
        return ""
    fresh = section_hex(d + "/fresh.o", arch, ".text.__rr_softticks_init")
    if not fresh:
        fail("%s: no initializer bytes in the fresh compile" % arch)
    return fresh


def assemble_all(a, arch, d):
    """Each form through each assembler; the names of the objects built."""
    for form in ("asm", "c", "ll"):
        rc, _, err = run([a.module_asm, "--" + form, arch, "%s/module.%s" % (d, form)])
        if rc != 0:
            fail("%s: st-module-asm --%s failed: %s" % (arch, form, err))
    os.rename(d + "/module.asm", d + "/module.s")
    jobs = []
    gas = shlex.split(getattr(a, "gas_" + arch) or "")
    if gas:
        jobs += [("gas", gas + ["-c", d + "/module.s"]), ("gcc", gas + ["-c", d + "/module.c"])]
    for n, clang in enumerate(a.clang, 1):
        cmd = [clang, "--target=" + TRIPLE[arch], "-c"]
        jobs += [("clang%d-as" % n, cmd + [d + "/module.s"]),
                 ("clang%d-ll" % n, cmd + [d + "/module.ll"]),
                 ("clang%d-c" % n, cmd + [d + "/module.c"])]
    objects = []
    for tool, cmd in jobs:
        rc, _, err = run(cmd + ["-o", "%s/%s.o" % (d, tool)])
        if rc == 0:
            objects.append(tool)
        else:
            fail("%s/%s: the module asm does not assemble:\n%s" % (arch, tool, err))
    if not objects:
        fail("%s: no assembler to try" % arch)
    return objects


def check_object(arch, tool, obj, reference, reference_name):
    code = section_hex(obj, arch, ".text.__rr_softticks_init")
    if code != reference:
        fail("%s/%s: initializer bytes differ from %s\n  got  %s\n  want %s"
             % (arch, tool, reference_name, code, reference))
    if not code.startswith(ENTRY[arch]):
        fail("%s/%s: the initializer does not start with its landing pad %s: %s"
             % (arch, tool, ENTRY[arch], code))
    note = section_hex(obj, arch, ".note.rrsoftticks")
    if note != EXPECTED_NOTE:
        fail("%s/%s: note is '%s', want '%s'" % (arch, tool, note, EXPECTED_NOTE))
    _, listing, _ = run(["readelf", "-W", "-S", "-g", "-s", "-r", obj])
    checks = OBJECT_CHECKS + [
        (r" %d FUNC +GLOBAL +HIDDEN +[0-9]+ __rr_softticks_init\n" % (len(code) // 2),
         "__rr_softticks_init is not a hidden global function of %d bytes" % (len(code) // 2))]
    for regex, wrong in checks:
        if not re.search(regex, listing):
            fail("%s/%s: %s\n%s" % (arch, tool, wrong, listing))
    return len(code) // 2


def check_two_units(a, arch, d, first, last):
    """COMDAT: two units (from different assemblers) linked into one shared
    object keep one initializer, one page check, their .init_array entries
    and one note."""
    linked = []
    drivers = [("gnu-ld", shlex.split(getattr(a, "gas_" + arch)))]
    if a.lld and a.clang:
        drivers.append(("lld", [a.clang[0], "--target=" + TRIPLE[arch], "-fuse-ld=lld"]))
    for linker, driver in drivers:
        so = "%s/two-units-%s.so" % (d, linker)
        # --gc-sections: the note is referenced by nothing; it must survive
        # as a member of the group the .init_array entry keeps alive.
        rc, _, err = run(driver + ["-nostdlib", "-shared", "-Wl,--gc-sections",
                                   "%s/%s.o" % (d, first), "%s/%s.o" % (d, last), "-o", so])
        if rc != 0:
            fail("%s: linking %s.o and %s.o with %s failed:\n%s" % (arch, first, last, linker, err))
            continue
        _, out, _ = run(["readelf", "-W", "-s", "-d", "-r", so])
        ndefs = len(re.findall(r"FUNC +[A-Z]+ +[A-Z]+ +[0-9]+ __rr_softticks_init\n", out))
        # Three slots: the initializer's, the early mapping's no-op and the
        # page check; and an IRELATIVE relocation, which the loader applies
        # by calling the resolver.
        three_slots = 3 * POINTER[arch]
        nirel = len(re.findall("_IRELATIV", out))
        nchecks = len(re.findall(r"FUNC +[A-Z]+ +[A-Z]+ +[0-9]+ __rr_softticks_page_check\n", out))
        if ndefs != 1 or nchecks != 1 or nirel < 1 or \
           not re.search(r"\(INIT_ARRAYSZ\) +%d \(bytes\)" % three_slots, out):
            fail("%s/%s: %d initializer symbols, %d page checks, %d IRELATIVE relocations, or "
                 "not three .init_array entries:\n%s" % (arch, linker, ndefs, nchecks, nirel, out))
        note = section_hex(so, arch, ".note.rrsoftticks")
        if note != EXPECTED_NOTE:
            fail("%s/%s: linked note is '%s', want one '%s'" % (arch, linker, note, EXPECTED_NOTE))
        linked.append("%s:%s+%s" % (linker, first, last))
    return linked


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--module-asm", required=True, help="st-module-asm")
    ap.add_argument("--regen", help="runtime/regen_init_tables.py")
    for arch in ARCHES:
        ap.add_argument("--gas-" + arch, default="", help="a gcc command that assembles for it")
    ap.add_argument("--clang", action="append", default=[],
                    help="a clang (repeatable; default: every /usr/lib/llvm-N/bin/clang, newest "
                         "first, else the first of clang, clang-19, clang-14 on PATH)")
    ap.add_argument("--lld", action="store_true",
                    help="clang's -fuse-ld=lld works (default: when ld.lld is on PATH)")
    ap.add_argument("--work", required=True)
    a = ap.parse_args()
    if not a.clang:
        found = glob.glob("/usr/lib/llvm-*/bin/clang")
        found.sort(key=lambda c: int(re.search(r"llvm-(\d+)", c).group(1)), reverse=True)
        on_path = [shutil.which(c) for c in ("clang", "clang-19", "clang-14") if shutil.which(c)]
        a.clang = found or on_path[:1]
    a.lld = a.lld or any(shutil.which(ld) for ld in ("ld.lld", "ld.lld-19", "ld.lld-14"))
    shutil.rmtree(a.work, ignore_errors=True)
    for arch in ARCHES:
        d = os.path.join(a.work, arch)
        os.makedirs(d)
        fresh = fresh_compile(a, arch, d)
        objects = assemble_all(a, arch, d)
        # Without a fresh compile, the first assembler's bytes are the
        # reference: every assembler must still agree.
        reference, reference_name = fresh, "a fresh compile"
        size = 0
        for tool in objects:
            obj = "%s/%s.o" % (d, tool)
            if not reference:
                reference = section_hex(obj, arch, ".text.__rr_softticks_init")
                reference_name = tool
            size = check_object(arch, tool, obj, reference, reference_name)
        if getattr(a, "gas_" + arch) and len(objects) > 1:
            objects += check_two_units(a, arch, d, objects[0], objects[-1])
        print("%s: %d bytes; checked %s" % (arch, size, " ".join(objects)))
    if failures:
        print("%d check(s) failed" % len(failures), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
