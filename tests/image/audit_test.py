#!/usr/bin/env python3
"""docker/audit.py on a fake root filesystem (a dpkg database and an
inspect report written here, no image needed):
  - a module under a usr-merged directory other than lib/bin/sbin
    (/usr/lib32/libc.so.6, which dpkg lists as /lib32/libc.so.6) belongs
    to its package: glibc, not no-package;
  - separate debug information ("debug info only") has its own line and is
    never counted as inconsistent: the audit passes;
  - an inconsistent module still fails it;
  - a module of a glibc package that was rebuilt here (the list names
    glibc) is counted with the rebuilt packages' (no-ticks), not as glibc
    kept from Debian;
  - an instrumented module with untracked functions (the inspector's
    "untracked") is counted as partly-instrumented and named with its
    largest untracked functions; the audit still passes.

    audit_test.py AUDIT_PY WORK"""
import json
import os
import shutil
import subprocess
import sys

STATUS = """Package: libc6-i386
Status: install ok installed
Architecture: amd64
Source: glibc
Version: 2.36-9

Package: libc6
Status: install ok installed
Architecture: amd64
Source: glibc (2.36-9)
Version: 2.36-9

Package: libbz2-1.0
Status: install ok installed
Architecture: amd64
Source: bzip2
Version: 1.0.8-5

Package: libbz2-1.0-dbgsym
Status: install ok installed
Architecture: amd64
Source: bzip2
Version: 1.0.8-5

Package: busybox
Status: install ok installed
Architecture: amd64
Version: 1:1.35.0-4
"""

LISTS = {
    "libc6-i386": ["/lib32", "/lib32/libc.so.6"],
    "libc6:amd64": ["/lib64/ld-linux-x86-64.so.2"],
    "libbz2-1.0:amd64": ["/lib/x86_64-linux-gnu/libbz2.so.1.0"],
    "libbz2-1.0-dbgsym:amd64": ["/usr/lib/debug/.build-id/3d/0cb4.debug"],
    "busybox": ["/bin/busybox"],
}


def module(path, verdict, reasons=()):
    return {"path": path, "verdict": verdict, "reasons": list(reasons)}


REBUILT = "libbz2-1.0 1.0.8-5\nlibbz2-1.0-dbgsym 1.0.8-5\n"


def write_root(root, modules, rebuilt=REBUILT):
    os.makedirs(os.path.join(root, "var/lib/dpkg/info"))
    os.makedirs(os.path.join(root, "var/lib/softticks"))
    with open(os.path.join(root, "var/lib/dpkg/status"), "w") as f:
        f.write(STATUS)
    for package, paths in LISTS.items():
        with open(os.path.join(root, "var/lib/dpkg/info", package + ".list"), "w") as f:
            f.write("".join(p + "\n" for p in paths))
    with open(os.path.join(root, "var/lib/softticks/rebuilt-binaries.txt"), "w") as f:
        f.write(rebuilt)
    # The modules exist under /usr only, with no /lib32 -> usr/lib32 link:
    # the owner is found by the path alone.
    for m in modules:
        path = os.path.join(root, m["path"].lstrip("/"))
        os.makedirs(os.path.dirname(path), exist_ok=True)
        open(path, "wb").close()
    summary = {"elf_files": len(modules), "archives": 0, "unreadable": 0}
    report = os.path.join(root, "inspect.json")
    with open(report, "w") as f:
        f.write(json.dumps(modules) + "\n" + json.dumps({"summary": summary}) + "\n")
    return report


def audit(audit_py, work, name, modules, rebuilt=REBUILT):
    root = os.path.join(work, name)
    report = write_root(root, modules, rebuilt)
    p = subprocess.run([sys.executable, audit_py, root, report], stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, universal_newlines=True)
    return p.returncode, p.stdout + p.stderr


def count(report, label):
    """The number on the audit's line "  LABEL:   N", None if absent."""
    for line in report.splitlines():
        words = line.split()
        if len(words) == 2 and words[0] == label + ":":
            return int(words[1])
    return None


def main():
    audit_py, work = sys.argv[1], sys.argv[2]
    shutil.rmtree(work, ignore_errors=True)
    failures = []
    shown = set()

    def check(cond, what, report):
        if not cond:
            failures.append(what + ("" if report in shown else "; the audit:\n" + report))
            shown.add(report)

    modules = [
        module("/usr/lib32/libc.so.6", "not instrumented"),
        module("/usr/lib64/ld-linux-x86-64.so.2", "not instrumented"),
        module("/usr/bin/busybox", "not instrumented"),
        module("/usr/lib/x86_64-linux-gnu/libbz2.so.1.0", "instrumented"),
        module("/usr/lib/debug/.build-id/3d/0cb4.debug", "debug info only"),
    ]
    rc, report = audit(audit_py, work, "clean", modules)
    check(rc == 0, "exit status %d for an image without inconsistent module" % rc, report)
    check(count(report, "glibc") == 2, "/usr/lib32 and /usr/lib64 modules are not glibc's", report)
    check(count(report, "no-package") == 0, "a module owned by a package is no-package", report)
    check(count(report, "prebuilt") == 1, "/usr/bin/busybox is not prebuilt", report)
    check(count(report, "debug-only") == 1, "no debug-only line counting 1", report)
    check(count(report, "inconsistent") == 0, "debug info counted as inconsistent", report)
    check(count(report, "instrumented") == 1, "instrumented count", report)

    modules.append(module("/usr/lib/x86_64-linux-gnu/probe.so", "inconsistent",
                          ["tick sites without the ABI note"]))
    rc, report = audit(audit_py, work, "planted", modules)
    check(rc == 1, "exit status %d with an inconsistent module" % rc, report)
    check(count(report, "inconsistent") == 1, "the inconsistent module is not counted", report)

    # glibc rebuilt (libc6, not its i386 flavour): its loader without ticks
    # is a rebuilt package's module, libc6-i386's is still Debian's.
    rc, report = audit(audit_py, work, "glibc-rebuilt", modules[:-1],
                       REBUILT + "libc6 glibc\n")
    check(rc == 0, "exit status %d for an image without inconsistent module" % rc, report)
    check(count(report, "glibc") == 1, "a rebuilt glibc package's module counted as kept from Debian", report)
    check(count(report, "no-ticks") == 1, "a rebuilt glibc package's module without ticks is not no-ticks", report)

    # Partly instrumented: an uninstrumented static library linked into an
    # instrumented module; a report without "untracked" (an older
    # inspector) and one with none untracked are not counted.
    partial = [dict(m) for m in modules[:-1]]
    partial[3]["untracked"] = {"functions": 4, "bytes": 215, "share_permille": 392,
                               "all_functions": 10, "all_bytes": 548, "with_ticks": 4,
                               "tick_free_by_rule": 2,
                               "largest": [{"name": "plainlib_fill", "size": 101},
                                           {"name": "plainlib_walk", "size": 65}]}
    partial.append(module("/usr/bin/fully", "instrumented"))
    partial[-1]["untracked"] = {"functions": 0, "bytes": 0, "share_permille": 0,
                                "all_functions": 3, "all_bytes": 90, "with_ticks": 3,
                                "tick_free_by_rule": 0, "largest": []}
    rc, report = audit(audit_py, work, "partly", partial)
    check(rc == 0, "exit status %d: a partly instrumented module failed the audit" % rc, report)
    check(count(report, "partly-instrumented") == 1, "partly-instrumented count", report)
    check(count(report, "instrumented") == 2, "instrumented count with partly ones", report)
    check("libbz2.so.1.0 (libbz2-1.0): 4 of 10 functions, 39.2% of code bytes; largest: "
          "plainlib_fill, plainlib_walk" in report, "the partly instrumented module is not named", report)
    rc, report = audit(audit_py, work, "no-partly", modules[:-1])
    check(count(report, "partly-instrumented") == 0, "partly-instrumented without untracked", report)

    for f in failures:
        print("FAIL: " + f)
    if failures:
        return 1
    shutil.rmtree(work, ignore_errors=True)
    print("ok: audit.py maps usr-merged paths to dpkg's, counts debug info apart, "
          "tells rebuilt glibc packages from Debian's, names partly instrumented modules")
    return 0


if __name__ == "__main__":
    sys.exit(main())
