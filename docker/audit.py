#!/usr/bin/env python3
"""Audit of an image root filesystem from softticks-inspect's JSON.

    audit.py ROOTFS INSPECT_JSON

INSPECT_JSON is the output of `softticks-inspect --json /` run inside ROOTFS
(the module list) followed by its summary line (which the tool writes to
stderr).  Prints how
many ELF modules are instrumented, not instrumented by reason, debug info
only (separate debug information, /usr/lib/debug: no code of its own, its
module is counted) and inconsistent.  Reasons, from the dpkg database of
ROOTFS:
  glibc          a package of the glibc source kept from Debian (the image's
                 list does not name glibc, or its i386/x32 flavours, which
                 the glibc rebuild drops: docker/glibc/README.md)
  prebuilt       another Debian package that was not rebuilt here
  no-ticks       a package rebuilt here (glibc's too) whose module has no
                 tick site: no compiled function (data only, or assembly
                 softticks-as left as it was)
  no-package     owned by no package
Instrumented modules whose functions do not all tick (the inspector's
"untracked" functions: code without a tick that is neither softticks's own,
start-file code, PLT, an ifunc resolver, a thunk nor a .cold part; a
prebuilt static library or Rust's standard library linked in, or opted-out
functions) are counted as partly-instrumented and named with their
largest untracked functions; they do not fail the audit.
Exit status 1 when a module is inconsistent or unreadable.
"""
import collections
import glob
import json
import os
import sys


def read_inspect(path):
    text = open(path, encoding="utf-8").read()
    decoder = json.JSONDecoder()
    modules, end = decoder.raw_decode(text)
    summary, _ = decoder.raw_decode(text[end:].lstrip())
    return modules, summary["summary"]


def package_sources(root):
    """binary package name -> source package name, from dpkg's status."""
    sources = {}
    with open(os.path.join(root, "var/lib/dpkg/status"), encoding="utf-8") as f:
        for stanza in f.read().split("\n\n"):
            fields = {}
            for line in stanza.splitlines():
                if line and not line[0].isspace() and ":" in line:
                    key, value = line.split(":", 1)
                    fields[key] = value.strip()
            if "Package" in fields:
                source = fields.get("Source", fields["Package"]).split(" ")[0]
                sources[fields["Package"]] = source
    return sources


def file_owners(root):
    """absolute path inside the image -> binary package name."""
    owners = {}
    for listing in glob.glob(os.path.join(root, "var/lib/dpkg/info/*.list")):
        package = os.path.basename(listing)[:-len(".list")].split(":")[0]
        with open(listing, encoding="utf-8", errors="replace") as f:
            for line in f:
                owners[line.rstrip("\n")] = package
    return owners


def rebuilt_packages(root):
    path = os.path.join(root, "var/lib/softticks/rebuilt-binaries.txt")
    if not os.path.exists(path):
        return set()
    with open(path, encoding="utf-8") as f:
        return {line.split()[0] for line in f if line.strip()}


# Directories merged into /usr: dpkg may list their files under /X while
# the walk finds them under /usr/X (/lib32/libc.so.6 of libc6-i386).
USR_MERGED = ("bin", "sbin", "lib", "lib32", "lib64", "libx32")


def dpkg_spellings(path):
    """path, and /X/... for a path /usr/X/... in a usr-merged directory."""
    yield path
    parts = path.split("/", 3)  # "", "usr", X, rest
    if len(parts) == 4 and parts[1] == "usr" and parts[2] in USR_MERGED:
        yield "/%s/%s" % (parts[2], parts[3])


def owner_of(path, owners, root):
    """The owning package; archive members are owned through their archive,
    and paths reached through a symlink such as /lib -> usr/lib are tried
    both ways."""
    path = path.split("(", 1)[0] if path.endswith(")") else path
    candidates = [path]
    real = os.path.realpath(os.path.join(root, path.lstrip("/")))
    if real.startswith(os.path.realpath(root) + "/"):
        candidates.append("/" + os.path.relpath(real, os.path.realpath(root)))
    for candidate in candidates:
        for variant in dpkg_spellings(candidate):
            if variant in owners:
                return owners[variant]
    return None


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: audit.py ROOTFS INSPECT_JSON")
    root, inspect_json = sys.argv[1], sys.argv[2]
    modules, summary = read_inspect(inspect_json)
    sources = package_sources(root)
    owners = file_owners(root)
    rebuilt = rebuilt_packages(root)

    verdicts = collections.Counter()
    reasons = collections.Counter()
    per_rebuilt = collections.defaultdict(collections.Counter)
    examples = collections.defaultdict(list)
    partly = []
    for module in modules:
        verdict = module["verdict"]
        verdicts[verdict] += 1
        package = owner_of(module["path"], owners, root)
        untracked = module.get("untracked") or {}
        if verdict == "instrumented" and untracked.get("functions", 0) > 0:
            partly.append((module["path"], package, untracked))
        if package in rebuilt:
            per_rebuilt[sources.get(package, package)][verdict] += 1
        if verdict != "not instrumented":
            if verdict not in ("instrumented", "debug info only"):
                examples[verdict].append(module["path"] + ": " + "; ".join(module.get("reasons", [])))
            continue
        if package is None:
            reason = "no-package"
        elif package in rebuilt:
            reason = "no-ticks"
        elif sources.get(package) == "glibc":
            reason = "glibc"
        else:
            reason = "prebuilt"
        reasons[reason] += 1
        if len(examples[reason]) < 5:
            examples[reason].append(module["path"] + (" (" + package + ")" if package else ""))

    print("softticks image audit: %d ELF modules (%d in archives read)"
          % (summary["elf_files"], summary["archives"]))
    print("  instrumented:      %d" % verdicts["instrumented"])
    print("    partly-instrumented: %d" % len(partly))
    print("  not instrumented:  %d" % verdicts["not instrumented"])
    for reason in ("glibc", "prebuilt", "no-ticks", "no-package"):
        print("    %-15s %d" % (reason + ":", reasons[reason]))
    print("  debug-only:        %d" % verdicts["debug info only"])
    print("  inconsistent:      %d" % verdicts["inconsistent"])
    print("  errors:            %d" % (verdicts["error"] + summary["unreadable"]))
    if per_rebuilt:
        print("rebuilt source packages (instrumented / not instrumented / inconsistent modules):")
        for source in sorted(per_rebuilt):
            c = per_rebuilt[source]
            print("  %-12s %d / %d / %d" % (source, c["instrumented"], c["not instrumented"],
                                           c["inconsistent"]))
    for key in ("inconsistent", "error", "no-ticks", "no-package", "glibc", "prebuilt"):
        if examples[key]:
            print("examples, %s:" % key)
            for line in examples[key][:20]:
                print("  " + line)
    if partly:
        print("partly instrumented (functions without a tick: not instrumented or opted out):")
        for path, package, u in sorted(partly, key=lambda p: -p[2].get("bytes", 0))[:20]:
            largest = ", ".join(f["name"] for f in u.get("largest", [])[:3])
            print("  %s%s: %d of %d functions, %d.%d%% of code bytes; largest: %s"
                  % (path, " (" + package + ")" if package else "", u["functions"],
                     u.get("all_functions", 0), u.get("share_permille", 0) // 10,
                     u.get("share_permille", 0) % 10, largest))
    bad = verdicts["inconsistent"] + verdicts["error"] + summary["unreadable"]
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
