#!/usr/bin/env python3
"""Malformed ELF files: softticks-inspect reports an error for each and
exits 1, never crashes, hangs or prints broken JSON.

From each good file given:
  - truncations at every length up to 512 bytes, then every 61st, and the
    last 64 lengths: every one of at least 4 bytes must be an error (ld
    puts the section headers at the end, so none is complete);
  - header corruptions that must be errors: section headers past the end,
    a huge section count, a bad section name table index, a section whose
    offset or size points outside the file, thousands of sections over the
    same bytes (the work would be quadratic);
  - section header damage that must not crash (overlapping sections,
    bogus links, entry sizes, types), and random byte changes (fixed seed).
All go into one directory that the tool inspects in one run (fast), and
each file is then also inspected alone in text mode for a sample (exit
status per file)."""
import argparse
import json
import os
import random
import shutil
import struct
import subprocess
import sys

failures = []
CRASH_TIMEOUT = 120


def check(cond, what):
    if not cond:
        failures.append(what)


class Elf:
    def __init__(self, data):
        self.data = bytearray(data)
        self.is64 = data[4] == 2
        self.end = "<" if data[5] == 1 else ">"
        (self.e_type,) = struct.unpack_from(self.end + "H", data, 16)
        if self.is64:
            (self.shoff,) = struct.unpack_from(self.end + "Q", data, 0x28)
            self.shentsize, self.shnum, self.shstrndx = struct.unpack_from(self.end + "HHH", data, 0x3A)
        else:
            (self.shoff,) = struct.unpack_from(self.end + "I", data, 0x20)
            self.shentsize, self.shnum, self.shstrndx = struct.unpack_from(self.end + "HHH", data, 0x2E)

    def copy(self):
        return Elf(bytes(self.data))

    def set_ehdr(self, field, value):
        off64 = {"shoff": (0x28, "Q"), "shnum": (0x3C, "H"), "shstrndx": (0x3E, "H"), "shentsize": (0x3A, "H")}
        off32 = {"shoff": (0x20, "I"), "shnum": (0x30, "H"), "shstrndx": (0x32, "H"), "shentsize": (0x2E, "H")}
        off, fmt = (off64 if self.is64 else off32)[field]
        struct.pack_into(self.end + fmt, self.data, off, value)

    # Section header fields: name, type, flags, addr, offset, size, link, info, align, entsize
    def shdr_field(self, i, field):
        names = ["name", "type", "flags", "addr", "offset", "size", "link", "info", "align", "entsize"]
        fmts64 = "IIQQQQIIQQ"
        fmts32 = "IIIIIIIIII"
        fmts = fmts64 if self.is64 else fmts32
        k = names.index(field)
        off = self.shoff + i * self.shentsize + struct.calcsize(self.end + fmts[:k])
        return off, fmts[k]

    def get_shdr(self, i, field):
        off, fmt = self.shdr_field(i, field)
        return struct.unpack_from(self.end + fmt, self.data, off)[0]

    def set_shdr(self, i, field, value):
        off, fmt = self.shdr_field(i, field)
        mask = (1 << (8 * struct.calcsize(fmt))) - 1
        struct.pack_into(self.end + fmt, self.data, off, value & mask)

    def section_index(self, type_):
        for i in range(1, self.shnum):
            if self.get_shdr(i, "type") == type_:
                return i
        return None


SHT_PROGBITS, SHT_SYMTAB, SHT_NOTE, SHT_NOBITS = 1, 2, 7, 8


def exec_section(elf):
    for i in range(1, elf.shnum):
        if elf.get_shdr(i, "type") == SHT_PROGBITS and elf.get_shdr(i, "flags") & 4:
            return i
    return None


def must_fail_variants(elf):
    """(name, bytes) of corruptions that make the file malformed."""
    out = []
    size = len(elf.data)
    e = elf.copy(); e.set_ehdr("shoff", size + 4096); out.append(("shoff-past-end", e.data))
    e = elf.copy(); e.set_ehdr("shoff", size - 8); out.append(("shoff-near-end", e.data))
    e = elf.copy(); e.set_ehdr("shnum", 0xFEFF); out.append(("shnum-huge", e.data))
    e = elf.copy(); e.set_ehdr("shstrndx", elf.shnum + 5); out.append(("shstrndx-out-of-range", e.data))
    x = exec_section(elf)
    if x:
        e = elf.copy(); e.set_shdr(x, "offset", size + 1); out.append(("text-offset-past-end", e.data))
        e = elf.copy(); e.set_shdr(x, "size", (1 << 62) if elf.is64 else 0xFFFFFFF0); out.append(("text-size-huge", e.data))
        e = elf.copy(); e.set_shdr(x, "offset", size - 4); out.append(("text-straddles-end", e.data))
    n = elf.section_index(SHT_NOTE)
    if n:
        e = elf.copy(); e.set_shdr(n, "size", size * 2); out.append(("note-size-past-end", e.data))
    s = elf.section_index(SHT_SYMTAB)
    if s:
        e = elf.copy(); e.set_shdr(s, "offset", (1 << 40) if elf.is64 else 0xFFFFFF00); out.append(("symtab-offset-huge", e.data))
    e = elf.copy(); e.set_shdr(elf.shstrndx, "size", size + 1); out.append(("shstrtab-size-past-end", e.data))
    # Thousands of sections over the same bytes: an error, not hours of work.
    SHT_INIT_ARRAY, SHF_ALLOC, SHF_EXECINSTR = 14, 2, 4
    out.append(("overlap-code-bomb", section_bomb(elf, 3000, SHT_PROGBITS, SHF_ALLOC | SHF_EXECINSTR)))
    if elf.e_type != 1:  # a .o reads an .init_array only through its relocations
        out.append(("overlap-init-array-bomb", section_bomb(elf, 3000, SHT_INIT_ARRAY, SHF_ALLOC)))
    return out


def section_bomb(elf, count, sh_type, flags):
    """The file with its section table copied to the end and `count`
    sections of sh_type/flags added that all cover the whole file."""
    size = len(elf.data)
    e = elf.copy()
    fmt = elf.end + ("IIQQQQIIQQ" if elf.is64 else "IIIIIIIIII")
    table = bytes(elf.data[elf.shoff:elf.shoff + elf.shnum * elf.shentsize])
    table += b"".join(struct.pack(fmt, 0, sh_type, flags, 0x1000, 0, size, 0, 0, 1, 0)
                      for _ in range(count))
    e.data += table
    e.set_ehdr("shoff", size)
    e.set_ehdr("shnum", elf.shnum + count)
    return e.data


def no_crash_variants(elf, rng):
    """(name, bytes) of damage that may or may not be an error."""
    out = []
    size = len(elf.data)
    s = elf.section_index(SHT_SYMTAB)
    x = exec_section(elf)
    n = elf.section_index(SHT_NOTE)
    for i in range(1, elf.shnum):
        for field, value in [("link", 0xFFFF), ("link", i), ("info", 0xFFFF), ("entsize", 3),
                             ("entsize", 0), ("type", SHT_NOTE), ("type", SHT_SYMTAB),
                             ("type", 4), ("type", 9), ("type", 14), ("type", SHT_NOBITS),
                             ("align", 0), ("align", 1 << 31), ("name", 0xFFFFFF),
                             ("offset", 0), ("addr", 3)]:
            e = elf.copy(); e.set_shdr(i, field, value)
            out.append(("sec%d-%s-%x" % (i, field, value), e.data))
    if x and s:  # overlapping: code over the symbol table
        e = elf.copy(); e.set_shdr(x, "offset", elf.get_shdr(s, "offset")); out.append(("text-over-symtab", e.data))
    if n:  # notes with absurd sizes inside
        off = elf.get_shdr(n, "offset")
        for word, value in [(0, 0xFFFFFFFF), (1, 0xFFFFFFFF), (0, 0x7FFFFFFF), (1, 5), (2, 0)]:
            e = elf.copy(); struct.pack_into(elf.end + "I", e.data, off + 4 * word, value)
            out.append(("note-word%d-%x" % (word, value), e.data))
    for k in range(200):
        e = elf.copy()
        for _ in range(rng.randint(1, 8)):
            pos = rng.randrange(size)
            e.data[pos] = rng.randrange(256)
        out.append(("random%03d" % k, e.data))
    return out


def run_json(tool, path, timeout):
    p = subprocess.run([tool, "--json", "--functions", path], stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, timeout=timeout)
    return p.returncode, p.stdout, p.stderr


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tool", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("files", nargs="+")
    a = ap.parse_args()
    rng = random.Random(20261129)

    shutil.rmtree(a.work, ignore_errors=True)
    must_dir = os.path.join(a.work, "must-fail")
    any_dir = os.path.join(a.work, "no-crash")
    os.makedirs(must_dir)
    os.makedirs(any_dir)

    for src in a.files:
        base = os.path.basename(src)
        data = open(src, "rb").read()
        elf = Elf(data)
        lengths = set(range(0, min(len(data), 513))) | set(range(0, len(data), 61)) | \
            set(range(max(0, len(data) - 64), len(data)))
        for n in sorted(lengths):
            with open(os.path.join(must_dir, "%s.trunc%06d" % (base, n)), "wb") as f:
                f.write(data[:n])
        for name, blob in must_fail_variants(elf):
            with open(os.path.join(must_dir, "%s.%s" % (base, name)), "wb") as f:
                f.write(blob)
        for name, blob in no_crash_variants(elf, rng):
            with open(os.path.join(any_dir, "%s.%s" % (base, name)), "wb") as f:
                f.write(blob)

    # Everything that must fail, in one run.
    rc, out, err = run_json(a.tool, must_dir, CRASH_TIMEOUT)
    check(rc == 1, "must-fail directory: exit status %d, expected 1 (stderr %r)" % (rc, err[-2000:]))
    try:
        files = json.loads(out)
    except ValueError as e:
        files = []
        failures.append("must-fail output is not JSON: %s" % e)
    by_name = {os.path.basename(f["path"]): f for f in files}
    expected = 0
    for name in sorted(os.listdir(must_dir)):
        size = os.path.getsize(os.path.join(must_dir, name))
        if size < 4:
            check(name not in by_name, "%s (%d bytes) should be skipped as not ELF" % (name, size))
            continue
        expected += 1
        r = by_name.get(name)
        check(r is not None and "error" in r and r.get("verdict") == "error",
              "%s: expected an error, got %r" % (name, r))
    print("%d files that must be errors: %d reported" % (expected, len(files)))

    # Damage that must not crash: one run for all, then each on its own
    # (exit status 0 or 1, never a signal or a sanitizer's status).
    rc, out, err = run_json(a.tool, any_dir, CRASH_TIMEOUT)
    check(rc in (0, 1), "no-crash directory: exit status %d (stderr %r)" % (rc, err[-2000:]))
    try:
        json.loads(out)
    except ValueError as e:
        failures.append("no-crash output is not JSON: %s" % e)
    names = sorted(os.listdir(any_dir))
    for name in names[::7]:
        rc, out, err = run_json(a.tool, os.path.join(any_dir, name), 30)
        check(rc in (0, 1), "%s: exit status %d (stderr %r)" % (name, rc, err[-1000:]))
        try:
            r = json.loads(out)
            check(len(r) <= 1, "%s: %d entries" % (name, len(r)))
        except ValueError as e:
            failures.append("%s: output is not JSON: %s" % (name, e))
    print("%d damaged files inspected without a crash" % len(names))

    for f in failures[:50]:
        print("FAIL: " + f)
    if not failures:
        shutil.rmtree(a.work, ignore_errors=True)
        print("ok: malformed files")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
