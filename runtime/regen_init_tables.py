#!/usr/bin/env python3
"""Rewrites the initializer tables of include/rr/softticks.h from page_init.c.

The machine code of __rr_softticks_init is checked in, one table per arch,
each instruction's bytes with its disassembly, and the same bytes once more
as assembler text (RR_SOFTTICKS_<ARCH>_INIT_BYTES_ASM, `.byte` lines), from
which the header spells out RR_SOFTTICKS_<ARCH>_INIT_ASM.  This maintainer
script is how they change: it compiles runtime/page_init.c with each arch's compiler,
refuses code that is not self-contained (a relocation against it, or other
code or data in the object), disassembles it and rewrites the region between
the BEGIN and END lines of the header.  Run it after editing page_init.c and
commit both files.

  regen_init_tables.py                 rewrite the tables
  regen_init_tables.py --check         compare a fresh compile with the
                                       tables' bytes and the .byte text's,
                                       write nothing
  regen_init_tables.py --compile ARCH OUT.o   only compile (for the tests)

--source and --header pick other files (the tests use them); --cc-x86 and
--cc-aarch64 other compilers (the tables come from gcc-12).  Exit status:
0 done (--check: every arch whose compiler exists matches), 1 the code or a
table is wrong (nothing written), 2 bad usage, 77 no compiler for any arch.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SECTION = ".text.__rr_softticks_init"
BEGIN = "/* BEGIN initializer tables: written by runtime/regen_init_tables.py */"
END = "/* END initializer tables */"
# Freestanding, self-contained machine code: no libc, no stack protector or
# unwind tables, no jump tables (data + relocations), general registers
# only.  The landing pad stays (endbr, bti c): .init_array calls indirectly.
CFLAGS = ["-O2", "-ffreestanding", "-fno-builtin", "-fno-stack-protector", "-fPIC",
          "-fno-asynchronous-unwind-tables", "-fno-unwind-tables", "-fno-exceptions",
          "-fno-jump-tables", "-mgeneral-regs-only",
          # An assembler warning means the bytes are not what the source
          # says (a C newline inside .ascii "..." once was "fixed" by it).
          "-Werror", "-Wa,--fatal-warnings"]
# arch: (C name, compiler option, its flags, objdump, objcopy BFD name)
ARCHES = {
    "x86_64": ("X86_64", "cc_x86", ["-m64", "-fcf-protection=branch"], "objdump", "elf64-little"),
    "i386": ("I386", "cc_x86", ["-m32", "-fcf-protection=branch"], "objdump", "elf32-little"),
    "aarch64": ("AARCH64", "cc_aarch64", ["-mbranch-protection=bti"],
                "aarch64-linux-gnu-objdump", "elf64-little"),
}


class Refused(Exception):
    pass


def run(cmd):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if p.returncode != 0:
        raise Refused("%s failed:\n%s" % (" ".join(cmd), p.stderr.strip()))
    return p.stdout


def compile_object(arch, args, out):
    cc = getattr(args, ARCHES[arch][1])
    if not shutil.which(cc):
        return None
    run([cc] + ARCHES[arch][2] + CFLAGS + ["-I", os.path.join(ROOT, "include"),
                                             "-c", args.source, "-o", out])
    return cc


def code_bytes(arch, obj, tmp):
    """The section's bytes, after checking that nothing else is in the object."""
    listing = run(["readelf", "-W", "-S", "-r", obj])
    for m in re.finditer(r"\]\s+(\S+)\s+(PROGBITS|NOBITS)\s+[0-9a-f]+\s+[0-9a-f]+\s+([0-9a-f]+)"
                         r"\s+\S+\s+([A-Z]*)", listing):
        name, size, flags = m.group(1), int(m.group(3), 16), m.group(4)
        if name != SECTION and size and "A" in flags:
            raise Refused("%s: section %s (%d bytes) is code or data besides %s"
                          % (arch, name, size, SECTION))
    if "Relocation section" in listing:
        raise Refused("%s: relocations apply to the object (the initializer must be "
                      "self-contained):\n%s" % (arch, listing[listing.index("Relocation section"):]))
    path = os.path.join(tmp, arch + ".bin")
    run(["objcopy", "-I", ARCHES[arch][4], "-O", "binary", "--only-section=" + SECTION, obj, path])
    with open(path, "rb") as f:
        code = f.read()
    if not code:
        raise Refused("%s: no %s in the object" % (arch, SECTION))
    return code


def disassemble(arch, obj, start, stop):
    """[(offset, length, text)] of the instructions in [start, stop)."""
    if start >= stop:
        return []
    out = run([ARCHES[arch][3], "-d", "-w", "--insn-width=16", "-j", SECTION,
               "--start-address=%d" % start, "--stop-address=%d" % stop, obj])
    rows = []
    for line in out.splitlines():
        m = re.match(r"\s*([0-9a-f]+):\t([0-9a-f ]+)\t(.*)$", line)
        if not m:
            continue
        hexes = m.group(2).split()
        # aarch64 prints one 32-bit word; x86 one hex byte per field.
        length = sum(len(h) // 2 for h in hexes)
        # objdump's own comments ('#' starts an immediate on aarch64).
        text = re.sub(r"\s*(//|#).*$" if arch != "aarch64" else r"\s*//.*$", "", m.group(3))
        text = re.sub(r"\s*<[^>]*>", "", text)
        rows.append((int(m.group(1), 16), length, re.sub(r"\s+", " ", text).strip()))
    return rows


def table_rows(arch, obj, code):
    """(offset, bytes, comment) for the whole function."""
    rows = [(o, code[o:o + n], t) for o, n, t in disassemble(arch, obj, 0, len(code))]
    covered = b"".join(r[1] for r in rows)
    if covered != code:
        raise Refused("%s: the disassembly does not cover the code byte for byte" % arch)
    return rows


def format_tables(tables):
    lines = [BEGIN]
    for arch, (code, rows) in tables.items():
        lines.append("#define RR_SOFTTICKS_%s_INIT_SIZE %d" % (ARCHES[arch][0], len(code)))
    lines.append("RR_SOFTTICKS__INLINE const unsigned char *rr_softticks_init_code(")
    lines.append("    enum rr_softticks_arch arch, size_t *size) {")
    for arch, (code, rows) in tables.items():
        name = ARCHES[arch][0]
        lines.append("  static const unsigned char %s_init[RR_SOFTTICKS_%s_INIT_SIZE] = {"
                     % (arch, name))
        for offset, piece, text in rows:
            hexes = "".join("0x%02x, " % b for b in piece)
            lines.append("      %-60s /* %03x: %s */" % (hexes.rstrip(), offset, text))
        lines.append("  };")
    lines.append("  switch (arch) {")
    for arch in tables:
        lines.append("    case RR_SOFTTICKS_ARCH_%s: *size = sizeof %s_init; return %s_init;"
                     % (ARCHES[arch][0], arch, arch))
    lines += ["  }", "  *size = 0;", "  return (const unsigned char *)0;", "}"]
    lines.append("/* The same bytes as assembler text, 16 to a line as common/asm_text.c")
    lines.append(" * writes them (st_text_bytes). */")
    for arch, (code, rows) in tables.items():
        lines += format_bytes_asm(arch, code)
    lines.append(END)
    return "\n".join(lines) + "\n"


def format_bytes_asm(arch, code):
    """#define RR_SOFTTICKS_<ARCH>_INIT_BYTES_ASM: .byte lines as C strings."""
    lines = ["#define %s \\" % bytes_asm_macro(arch)]
    chunks = [code[i:i + 16] for i in range(0, len(code), 16)]
    for n, chunk in enumerate(chunks):
        text = "\\t.byte " + ",".join("0x%02x" % b for b in chunk) + "\\n"
        lines.append('  "%s"%s' % (text, "" if n + 1 == len(chunks) else " \\"))
    return lines


def bytes_asm_macro(arch):
    return "RR_SOFTTICKS_%s_INIT_BYTES_ASM" % ARCHES[arch][0]


def checked_in_asm_bytes(text, arch):
    """The bytes of arch's .byte text as the header spells them."""
    m = re.search(r"#define %s \\\n((?:[^\n]*\\\n)*[^\n]*)" % bytes_asm_macro(arch), text)
    if not m:
        raise Refused("%s: no %s in the header" % (arch, bytes_asm_macro(arch)))
    return bytes(int(h, 16) for h in re.findall(r"0x([0-9a-f]{2})", m.group(1)))


def checked_in_bytes(text, arch):
    """The bytes of arch's table as the header spells them."""
    body = re.search(r"%s_init\[[A-Z0-9_]+\] = \{\n(.*?)\n  \};" % arch, text, re.S)
    if not body:
        raise Refused("%s: no table in the header" % arch)
    hexes = re.findall(r"0x([0-9a-f]{2}),", re.sub(r"/\*.*?\*/", "", body.group(1)))
    return bytes(int(h, 16) for h in hexes)


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--check", action="store_true")
    p.add_argument("--compile", nargs=2, metavar=("ARCH", "OUT"))
    p.add_argument("--source", default=os.path.join(HERE, "page_init.c"))
    p.add_argument("--header", default=os.path.join(ROOT, "include", "rr", "softticks.h"))
    p.add_argument("--cc-x86", default="gcc-12")
    p.add_argument("--cc-aarch64", default="aarch64-linux-gnu-gcc-12")
    args = p.parse_args()
    try:
        if args.compile:
            arch, out = args.compile
            if arch not in ARCHES:
                p.error("unknown architecture %r" % arch)
            if not compile_object(arch, args, out):
                print("no compiler for %s" % arch, file=sys.stderr)
                return 77
            return 0
        with open(args.header) as f:
            header = f.read()
        if header.count(BEGIN) != 1 or header.count(END) != 1:
            raise Refused("%s: no BEGIN/END lines of the initializer tables" % args.header)
        tables, missing = {}, []
        with tempfile.TemporaryDirectory() as tmp:
            for arch in ARCHES:
                obj = os.path.join(tmp, arch + ".o")
                if not compile_object(arch, args, obj):
                    missing.append("%s (%s)" % (arch, getattr(args, ARCHES[arch][1])))
                    continue
                code = code_bytes(arch, obj, tmp)
                if args.check:
                    want = checked_in_bytes(header, arch)
                    if code != want:
                        raise Refused("%s: a fresh compile differs from the table\n  fresh %s\n"
                                      "  table %s" % (arch, code.hex(), want.hex()))
                    text_bytes = checked_in_asm_bytes(header, arch)
                    if code != text_bytes:
                        raise Refused("%s: a fresh compile differs from %s\n  fresh %s\n"
                                      "  text  %s" % (arch, bytes_asm_macro(arch), code.hex(),
                                                      text_bytes.hex()))
                    print("%s: %d bytes match (table and .byte text)" % (arch, len(code)))
                tables[arch] = (code, table_rows(arch, obj, code))
        if missing:
            print("skipped, no compiler: %s" % ", ".join(missing), file=sys.stderr)
        if not tables:
            return 77
        if args.check:
            return 0
        if missing:
            raise Refused("every arch's compiler is needed to rewrite the tables")
        head, rest = header.split(BEGIN)
        tail = rest.split(END, 1)[1]
        new = head + format_tables(tables) + (tail[1:] if tail.startswith("\n") else tail)
        tmp_header = args.header + ".tmp"
        with open(tmp_header, "w") as f:
            f.write(new)
        os.replace(tmp_header, args.header)
        return 0
    except Refused as e:
        print("regen_init_tables: %s" % e, file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
