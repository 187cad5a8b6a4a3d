#!/usr/bin/env python3
"""What the handinit tests compare of a linked module, one `key=value` a line.

  module_facts.py INSPECT ELF

From softticks-inspect --json --functions: verdict, init_definitions,
init_array_entries, abi_notes, tick_sites and init_ticks (the tick sites in
__rr_softticks_init).  From the ELF file itself: init_bytes (the hex of
every definition of __rr_softticks_init in .symtab, by its st_size, comma
separated) and note_bytes (the hex of .note.rrsoftticks).  Little-endian
ELF32 and ELF64.
"""
import json
import struct
import subprocess
import sys

INIT = "__rr_softticks_init"
NOTE = ".note.rrsoftticks"


def sections(data):
    is64 = data[4] == 2
    if is64:
        shoff, = struct.unpack_from("<Q", data, 0x28)
        shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)
    else:
        shoff, = struct.unpack_from("<I", data, 0x20)
        shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x2E)
    fmt = "<IIQQQQIIQQ" if is64 else "<IIIIIIIIII"
    rows = [struct.unpack_from(fmt, data, shoff + i * shentsize) for i in range(shnum)]
    # (name, type, flags, addr, offset, size, link, info, align, entsize)
    strtab = rows[shstrndx]

    def name(off):
        start = strtab[4] + off
        return data[start:data.index(b"\0", start)].decode()

    return is64, [(name(r[0]),) + r[1:] for r in rows]


def initializer_bytes(data, is64, secs):
    out = []
    for s in secs:
        if s[1] != 2:  # SHT_SYMTAB
            continue
        strtab = secs[s[6]]
        size = 24 if is64 else 16
        for off in range(s[4], s[4] + s[5], size):
            if is64:
                st_name, info, other, shndx, value, st_size = struct.unpack_from("<IBBHQQ", data, off)
            else:
                st_name, value, st_size, info, other, shndx = struct.unpack_from("<IIIBBH", data, off)
            start = strtab[4] + st_name
            if data[start:data.index(b"\0", start)].decode() != INIT or shndx in (0, 0xfff1):
                continue
            home = secs[shndx]
            at = home[4] + value - home[3]
            out.append(data[at:at + st_size].hex())
    return out


def main():
    inspect, path = sys.argv[1], sys.argv[2]
    report = json.loads(subprocess.run([inspect, "--json", "--functions", path], check=True,
                                       stdout=subprocess.PIPE).stdout)[0]
    init = report.get("initializer") or {}
    print("verdict=%s" % report["verdict"])
    print("init_definitions=%s" % init.get("definitions"))
    print("init_array_entries=%s" % init.get("init_array_entries"))
    print("abi_notes=%s" % report["abi_notes"])
    print("tick_sites=%s" % report["tick_sites"])
    print("init_ticks=%s" % sum(f["tick_sites"] for f in report.get("functions", [])
                                if f["name"] == INIT))
    with open(path, "rb") as f:
        data = f.read()
    is64, secs = sections(data)
    print("init_bytes=%s" % ",".join(initializer_bytes(data, is64, secs)))
    notes = [data[s[4]:s[4] + s[5]].hex() for s in secs if s[0] == NOTE]
    print("note_bytes=%s" % ",".join(notes))
    for reason in report.get("reasons", []):
        print("reason=%s" % reason)


if __name__ == "__main__":
    main()
