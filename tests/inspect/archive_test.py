#!/usr/bin/env python3
"""Static libraries: softticks-inspect inspects each member of an ar
archive, reports it as LIB(MEMBER), and reports a damaged archive as an
error (after the members before the damage), never crashing.

The archive holds PREFIX-inst-o (instrumented), PREFIX-ticks-no-note-o
(inconsistent) and PREFIX-plain-o (not instrumented); GNU ar keeps names
over 15 characters in its long-name table, so both name forms are read.
The same members in the BSD form ("#1/N", the name at the start of the
member's bytes) are read too."""
import argparse
import json
import os
import shutil
import subprocess
import sys

failures = []


def check(cond, what):
    if not cond:
        failures.append(what)


def inspect(tool, *paths):
    p = subprocess.run([tool, "--json", *paths], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       timeout=120)
    try:
        files = json.loads(p.stdout)
    except ValueError as e:
        failures.append("not JSON (%s): %r" % (e, p.stdout[:500]))
        files = []
    summary = {}
    for line in p.stderr.decode("utf-8", "replace").splitlines():
        if line.startswith('{"summary"'):
            summary = json.loads(line)["summary"]
    return p.returncode, files, summary


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tool", required=True)
    ap.add_argument("--archive", required=True)
    ap.add_argument("--prefix", required=True)
    ap.add_argument("--work", required=True)
    a = ap.parse_args()
    lib = a.archive
    member = lambda name: "%s(%s-%s)" % (lib, a.prefix, name)

    rc, files, s = inspect(a.tool, lib)
    got = {f["path"]: f for f in files}
    check(rc == 0, "exit status %d" % rc)
    check(len(files) == 3, "expected 3 members, got %r" % list(got))
    for name, verdict, ticks in [("inst-o", "instrumented", 7),
                                 ("ticks-no-note-o", "inconsistent", 7),
                                 ("plain-o", "not instrumented", 0)]:
        r = got.get(member(name))
        check(r is not None and r["verdict"] == verdict and r["tick_sites"] == ticks,
              "%s: expected %s with %d sites, got %r" % (member(name), verdict, ticks, r))
    check(s.get("archives") == 1 and s.get("elf_files") == 3, "summary %r" % s)

    # The BSD form of the same archive, written here from `ar x`'s members.
    shutil.rmtree(a.work, ignore_errors=True)
    os.makedirs(a.work)
    members_dir = os.path.join(a.work, "members")
    os.makedirs(members_dir)
    subprocess.run(["ar", "x", os.path.abspath(lib)], cwd=members_dir, check=True)
    bsd = os.path.join(a.work, "bsd.a")
    with open(bsd, "wb") as out:
        out.write(b"!<arch>\n")
        for name in sorted(os.listdir(members_dir)):
            data = open(os.path.join(members_dir, name), "rb").read()
            encoded = name.encode()
            header = b"#1/%-13d%-12d%-6d%-6d%-8o%-10d`\n" % (len(encoded), 0, 0, 0, 0o644,
                                                             len(encoded) + len(data))
            body = encoded + data
            out.write(header + body + (b"\n" if len(body) % 2 else b""))
    rc, files, s = inspect(a.tool, bsd)
    got = {f["path"]: f for f in files}
    check(rc == 0, "BSD archive: exit status %d" % rc)
    for name, verdict in [("inst-o", "instrumented"), ("ticks-no-note-o", "inconsistent"),
                          ("plain-o", "not instrumented")]:
        r = got.get("%s(%s-%s)" % (bsd, a.prefix, name))
        check(r is not None and r["verdict"] == verdict,
              "BSD archive: %s: expected %s, got %r" % (name, verdict, r))

    # Damage: truncations and a bad size field.  Each is an error for the
    # archive (members before the damage may be reported), exit status 1.
    data = open(lib, "rb").read()
    damaged = []
    for n in sorted(set(range(8, len(data), max(1, len(data) // 97))) | {9, 60, 67, 68}):
        if n < len(data):
            damaged.append(("trunc%06d.a" % n, data[:n]))
    bad_size = bytearray(data)
    bad_size[8 + 48:8 + 58] = b"9999999999"
    damaged.append(("bad-size.a", bytes(bad_size)))
    bad_fmag = bytearray(data)
    bad_fmag[8 + 58] = ord("x")
    damaged.append(("bad-fmag.a", bytes(bad_fmag)))
    for name, blob in damaged:
        with open(os.path.join(a.work, name), "wb") as f:
            f.write(blob)
    errors_seen = 0
    for name, _ in damaged:
        path = os.path.join(a.work, name)
        rc, files, s = inspect(a.tool, path)
        check(rc in (0, 1), "%s: exit status %d" % (name, rc))
        archive_errors = [f for f in files if f["path"] == path and "error" in f]
        # A cut that falls exactly between members leaves a valid archive.
        if archive_errors:
            errors_seen += 1
            check(rc == 1, "%s: error reported but exit status %d" % (name, rc))
    check(errors_seen >= len(damaged) - 3, "only %d of %d damaged archives were errors"
          % (errors_seen, len(damaged)))

    for f in failures:
        print("FAIL: " + f)
    if not failures:
        shutil.rmtree(a.work, ignore_errors=True)
        print("ok: archives (%d damaged copies)" % len(damaged))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
