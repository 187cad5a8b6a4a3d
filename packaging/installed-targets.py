#!/usr/bin/env python3
"""The build targets whose files the given install components install.

    packaging/installed-targets.py BUILD_DIR COMPONENT...

Prints one target name a line: every target that an install(TARGETS) or
install(EXPORT) rule of one of the COMPONENTs names, read from the build
tree's own description of its install rules (CMake's file API, codemodel
v2), so that `cmake --build BUILD_DIR --target ...` builds exactly what
`cmake --install BUILD_DIR --component ...` needs, with no list of targets
kept by hand.  A component that also installs a file (install(FILES),
install(DIRECTORY)) that is not there yet, made by something this cannot
name, gets the target "all" instead.

The file API answers a query that must exist before CMake configures the
tree: when BUILD_DIR has no answer yet, the query is written and CMake
re-run on the tree (`cmake BUILD_DIR`, which keeps its cache).  Exit 1
with a message when BUILD_DIR is not a configured CMake tree or a
component has no install rule.
"""
import glob
import json
import os
import subprocess
import sys

CLIENT = "client-softticks-packaging"


def die(msg):
    print(f"installed-targets: {msg}", file=sys.stderr)
    sys.exit(1)


def reply_index(build):
    reply = os.path.join(build, ".cmake", "api", "v1", "reply")
    for index in sorted(glob.glob(os.path.join(reply, "index-*.json")), reverse=True):
        with open(index) as f:
            data = json.load(f)
        codemodel = data.get("reply", {}).get(CLIENT, {}).get("codemodel-v2")
        if codemodel and "jsonFile" in codemodel:
            return reply, codemodel["jsonFile"]
    return reply, None


def codemodel(build):
    reply, name = reply_index(build)
    if name is None:
        query = os.path.join(build, ".cmake", "api", "v1", "query", CLIENT)
        os.makedirs(query, exist_ok=True)
        open(os.path.join(query, "codemodel-v2"), "w").close()
        run = subprocess.run(["cmake", build], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                             text=True)
        if run.returncode != 0:
            die(f"cmake {build} (to describe its install rules) failed:\n{run.stdout}")
        reply, name = reply_index(build)
        if name is None:
            die(f"cmake wrote no codemodel for {build} (CMake 3.14 or newer has the file API)")
    with open(os.path.join(reply, name)) as f:
        return reply, json.load(f)


def main(argv):
    if len(argv) < 3:
        print("usage: installed-targets.py BUILD_DIR COMPONENT...", file=sys.stderr)
        return 2
    build = os.path.abspath(argv[1])
    components = argv[2:]
    if not os.path.isfile(os.path.join(build, "CMakeCache.txt")):
        die(f"{build} is not a configured CMake build tree (no CMakeCache.txt)")
    reply, model = codemodel(build)
    configs = model["configurations"]
    # Single-configuration generators describe one; else the first.
    config = configs[0]
    source = model["paths"]["source"]
    targets = []
    seen = set()
    found = {c: False for c in components}

    def add(name):
        if name not in seen:
            seen.add(name)
            targets.append(name)

    for directory in config["directories"]:
        if not directory.get("hasInstallRule"):
            continue
        with open(os.path.join(reply, directory["jsonFile"])) as f:
            installers = json.load(f).get("installers", [])
        for inst in installers:
            component = inst.get("component")
            if component not in found:
                continue
            found[component] = True
            kind = inst.get("type")
            if kind == "target":
                add(config["targets"][inst["targetIndex"]]["name"])
            elif kind == "export":
                for t in inst.get("exportTargets", []):
                    add(config["targets"][t["index"]]["name"])
            elif kind in ("file", "directory"):
                for p in inst.get("paths", []):
                    path = p["from"] if isinstance(p, dict) else p
                    path = path if os.path.isabs(path) else os.path.join(source, path)
                    if not os.path.exists(path):
                        print(f"installed-targets: component {component} installs {path}, which "
                              "no target is known to make: building all", file=sys.stderr)
                        add("all")
    missing = [c for c, ok in found.items() if not ok]
    if missing:
        die(f"no install rule of {build} has the component(s) {' '.join(missing)}")
    for t in targets:
        print(t)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
