#!/usr/bin/env python3
"""Directory walks of softticks-inspect: recursion, skipped and counted
non-ELF files, symlinks (not followed unless --follow-symlinks, loops
stopped), special files never opened, unreadable files reported without
stopping the walk, odd file names in well-formed JSON, and the summary."""
import argparse
import json
import os
import shutil
import stat
import subprocess
import sys

failures = []


def check(cond, what):
    if not cond:
        failures.append(what)


def run(tool, *args):
    p = subprocess.run([tool, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    return p.returncode, p.stdout, p.stderr


def json_run(tool, *args):
    rc, out, err = run(tool, "--json", *args)
    try:
        files = json.loads(out)
    except ValueError as e:
        failures.append("stdout is not JSON (%s): %r" % (e, out[:2000]))
        files = []
    summary = None
    for line in err.decode("utf-8", "replace").splitlines():
        if line.startswith("{"):
            summary = json.loads(line)["summary"]
    check(summary is not None, "no JSON summary on stderr: %r" % err)
    return rc, files, summary or {}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tool", required=True)
    ap.add_argument("--instrumented", required=True)
    ap.add_argument("--plain", required=True)
    ap.add_argument("--object", required=True, help="an inconsistent .o")
    ap.add_argument("--work", required=True)
    a = ap.parse_args()

    # root/
    #   a-instrumented, b-plain, notes.txt, empty, tiny (3 bytes "\x7fEL")
    #   sub/deeper/obj.o, sub/deeper/README, sub/empty/
    #   link-to-a -> a-instrumented, dangling -> nowhere, loop -> .
    #   fifo, weird name with "quote" \ and \xff\n bytes (a copy of b-plain)
    root = os.path.join(a.work, "root")
    shutil.rmtree(a.work, ignore_errors=True)
    os.makedirs(os.path.join(root, "sub", "deeper"))
    os.makedirs(os.path.join(root, "sub", "empty"))
    shutil.copy(a.instrumented, os.path.join(root, "a-instrumented"))
    shutil.copy(a.plain, os.path.join(root, "b-plain"))
    shutil.copy(a.object, os.path.join(root, "sub", "deeper", "obj.o"))
    for name, data in [("notes.txt", b"hello\n"), ("empty", b""), ("tiny", b"\x7fEL"),
                       (os.path.join("sub", "deeper", "README"), b"#!/bin/sh\n")]:
        with open(os.path.join(root, name), "wb") as f:
            f.write(data)
    os.symlink("a-instrumented", os.path.join(root, "link-to-a"))
    os.symlink("does-not-exist", os.path.join(root, "dangling"))
    os.symlink(".", os.path.join(root, "loop"))
    os.mkfifo(os.path.join(root, "fifo"))
    weird = os.path.join(root.encode(), b'weird "name" \\ \xff\n')
    shutil.copy(a.plain, weird)

    # Default: symlinks are not followed.
    rc, files, s = json_run(a.tool, root)
    paths = sorted(f["path"] for f in files)
    check(rc == 0, "exit status %d, expected 0" % rc)
    check(len(files) == 4, "expected 4 ELF files, got %r" % paths)
    check(s.get("elf_files") == 4, "summary elf_files %r" % s)
    check(s.get("instrumented") == 1, "summary instrumented %r" % s)
    check(s.get("not_instrumented") == 2, "summary not_instrumented %r" % s)
    check(s.get("inconsistent") == 1, "summary inconsistent %r" % s)
    check(s.get("not_elf") == 4, "summary not_elf (notes.txt, empty, tiny, README) %r" % s)
    check(s.get("symlinks_skipped") == 3, "summary symlinks_skipped %r" % s)
    check(s.get("special_files") == 1, "summary special_files (fifo) %r" % s)
    check(s.get("errors") == 0 and s.get("unreadable") == 0, "summary errors %r" % s)
    check(os.path.join(root, "sub", "deeper", "obj.o") in paths, "obj.o not found: %r" % paths)
    # The odd name survives the round trip (bytes that are not UTF-8 come
    # back as their code points).
    check(os.path.join(root, 'weird "name" \\ \xff\n') in paths, "odd name mangled: %r" % paths)
    # Sorted walk: output is in name order.
    listed = [f["path"] for f in files]
    check(listed == sorted(listed, key=lambda p: p.encode("latin-1", "replace")),
          "not in name order: %r" % listed)

    # --follow-symlinks: link-to-a is inspected, the loop is cut, the
    # dangling link counted.
    rc, files, s = json_run(a.tool, "--follow-symlinks", root)
    paths = [f["path"] for f in files]
    check(rc == 0, "--follow-symlinks exit status %d" % rc)
    check(os.path.join(root, "link-to-a") in paths, "link-to-a not followed: %r" % paths)
    check(s.get("elf_files") == 5, "--follow-symlinks: elf_files %r" % s)
    check(s.get("symlinks_skipped") == 2, "--follow-symlinks: dangling and loop %r" % s)

    # Pseudo filesystems found in a walk are not entered (a link to /proc,
    # followed).
    if os.path.isdir("/proc/self"):
        extra = os.path.join(a.work, "with-proc")
        os.makedirs(extra)
        os.symlink("/proc", os.path.join(extra, "proc"))
        shutil.copy(a.plain, os.path.join(extra, "plain"))
        rc, files, s = json_run(a.tool, "--follow-symlinks", extra)
        check(rc == 0 and s.get("elf_files") == 1 and s.get("pseudo_filesystems_skipped") == 1,
              "/proc behind a followed symlink: rc %d %r" % (rc, s))

    # A symlink named on the command line is followed.
    rc, files, s = json_run(a.tool, os.path.join(root, "link-to-a"))
    check(rc == 0 and len(files) == 1 and files[0]["instrumented"] is True,
          "named symlink: rc %d %r" % (rc, files))

    # Unreadable entries are reported and the walk goes on (as root, file
    # permissions do not stop reads: use a path that does not exist and a
    # non-directory used as a directory).
    missing = os.path.join(root, "missing")
    notdir = os.path.join(root, "notes.txt", "x")
    rc, files, s = json_run(a.tool, missing, notdir, root)
    errors = [f for f in files if "error" in f]
    check(rc == 1, "unreadable paths: exit status %d, expected 1" % rc)
    check(len(errors) == 2 and {f["path"] for f in errors} == {missing, notdir},
          "unreadable paths not reported: %r" % errors)
    check(s.get("elf_files") == 4 and s.get("unreadable") == 2, "walk stopped early: %r" % s)
    if os.geteuid() != 0:
        locked = os.path.join(root, "sub")
        os.chmod(locked, 0)
        rc, files, s = json_run(a.tool, root)
        os.chmod(locked, stat.S_IRWXU)
        check(rc == 1 and s.get("unreadable") == 1, "unreadable directory: rc %d %r" % (rc, s))

    # A device named on the command line is not opened: an error.
    rc, files, s = json_run(a.tool, "/dev/null")
    check(rc == 1 and len(files) == 1 and "error" in files[0], "/dev/null: rc %d %r" % (rc, files))

    # Text mode: one summary line on stdout, the same counts.
    rc, out, err = run(a.tool, root)
    last = out.decode("utf-8", "replace").splitlines()[-1]
    check(last.startswith("summary: 4 ELF files: 1 instrumented, 2 not instrumented, 1 inconsistent"),
          "text summary: %r" % last)

    for f in failures:
        print("FAIL: " + f)
    if not failures:
        print("ok: directory walks")
        shutil.rmtree(a.work, ignore_errors=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
