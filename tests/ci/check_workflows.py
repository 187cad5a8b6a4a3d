#!/usr/bin/env python3
"""Checks the GitHub Actions workflows under ci/github/ as far as possible
without GitHub: each file is valid YAML with triggers and jobs; each job
has runs-on and steps; each step runs a command or uses an action, not
both; every ${{ inputs.X }} names a declared input; and every script path a
`run:` names (ci/..., packaging/..., scripts/..., docker/..., tests/...,
also under the path this repository is checked out at) exists in the
repository, or is made by an earlier step.

rr's build and test dependencies are listed once, in ci/rr-test-deps.txt:
the list is well formed (one Debian package name a line, no duplicates,
jq and one lldb-N among them); every command that runs rr-in-image.sh
passes --install-rr-deps and no --install of its own; no step of a job
that runs it installs a package of the list any other way (a copy that
would drift from it); and
some workflow does run rr-in-image.sh with --install-rr-deps.

The control: the fixtures under tests/ci/fixtures/workflows-bad/ must each
be rejected with the expected message.

Usage: check_workflows.py SRC   (exit 77: python3-yaml missing)
"""
import os
import re
import sys

try:
    import yaml
except ImportError:
    print("SKIP: python3-yaml not installed")
    sys.exit(77)

# Directories of this repository whose files a workflow may run.
SCRIPT_DIRS = ("ci", "packaging", "scripts", "docker", "tests", ".ci")
TOKEN_RE = re.compile(r"[^\s'\"=;|&()<>]+")
INPUT_RE = re.compile(r"\$\{\{[^}]*?\binputs\.([A-Za-z_][\w-]*)")
DEPS_LIST = os.path.join("ci", "rr-test-deps.txt")
PKG_RE = re.compile(r"^[a-z0-9][a-z0-9.+-]+$")


def read_deps_list(src):
    """The packages of ci/rr-test-deps.txt and the problems of its form."""
    path = os.path.join(src, DEPS_LIST)
    try:
        with open(path) as f:
            lines = f.read().splitlines()
    except OSError as e:
        return [], ["%s: cannot read: %s" % (DEPS_LIST, e.strerror)]
    pkgs, problems = [], []
    for n, line in enumerate(lines, 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        words = line.split()
        if len(words) != 1 or not PKG_RE.match(words[0]):
            problems.append("%s: line %d: want one Debian package name, not %r" % (DEPS_LIST, n, line))
            continue
        if words[0] in pkgs:
            problems.append("%s: line %d: %s is listed twice" % (DEPS_LIST, n, words[0]))
        pkgs.append(words[0])
    if "jq" not in pkgs:
        problems.append("%s: no jq (rr's traceinfo tests need it)" % DEPS_LIST)
    lldbs = [p for p in pkgs if re.match(r"^lldb-\d+$", p)]
    if len(lldbs) != 1:
        problems.append("%s: want one lldb-N (rr-in-image.sh links it as lldb), found %s" % (DEPS_LIST, lldbs))
    return pkgs, problems


def commands(run):
    """The commands of a run: script, backslash-continued lines joined."""
    return [c for c in re.sub(r"\\\n", " ", run).splitlines() if c.strip()]


def rr_deps_problems(run, deps, where, rr_job):
    """How a run: installs rr's dependencies other than from the one list
    (copies of the list's names only count in a job that runs rr-in-image.sh:
    other jobs may need git or ninja-build for themselves).  Returns
    (problems, whether it runs rr-in-image.sh --install-rr-deps)."""
    problems, uses_list = [], False
    for cmd in commands(run):
        if cmd.lstrip().startswith("#"):
            continue
        words = TOKEN_RE.findall(cmd)
        if any(w.endswith("rr-in-image.sh") for w in words):
            if "--install-rr-deps" in words:
                uses_list = True
            else:
                problems.append("%s: runs rr-in-image.sh without --install-rr-deps (rr's "
                                "dependencies are listed once, in %s)" % (where, DEPS_LIST))
            if "--install" in words:
                problems.append("%s: passes --install PACKAGES to rr-in-image.sh: rr's "
                                "dependencies belong in %s" % (where, DEPS_LIST))
        if rr_job and ("install" in words or "--install" in words):
            copied = sorted(set(words) & set(deps))
            if copied:
                problems.append("%s: installs %s, which %s lists: a copy of the list drifts "
                                "(use rr-in-image.sh --install-rr-deps)" % (where, " ".join(copied), DEPS_LIST))
    return problems, uses_list


def repo_script_refs(run, checkouts, wd):
    """The paths inside this repository that a run: command names: words
    with a component in SCRIPT_DIRS that is the first of the word (relative
    to the working directory) or follows a checkout path of this
    repository (softticks/ci/x.sh, /w/softticks/ci/x.sh).  Yields (word,
    path in the repository)."""
    for word in TOKEN_RE.findall(run):
        comps = word.rstrip(".").split("/")
        for i, comp in enumerate(comps[:-1]):
            if comp not in SCRIPT_DIRS or not comps[-1]:
                continue
            rest = "/".join(comps[i:])
            if i == 0:
                rel = os.path.normpath(os.path.join(wd, rest))
                for c in checkouts:
                    if c == ".":
                        yield word, rel
                    elif rel.startswith(c + "/"):
                        yield word, rel[len(c) + 1:]
            elif comps[i - 1] in checkouts:
                yield word, rest
            break


def this_repo_paths(steps):
    """Where the steps check this repository out: actions/checkout steps
    with no repository, or one that falls back to this one."""
    paths = set()
    for step in steps:
        uses = str(step.get("uses", ""))
        if not uses.startswith("actions/checkout@"):
            continue
        w = step.get("with") or {}
        repo = str(w.get("repository", ""))
        if repo == "" or "github.repository" in repo or "softticks" in repo:
            paths.add(str(w.get("path", ".")).strip("/") or ".")
    return paths


def check_workflow(path, src, checked=None, deps=None, uses_list=None):
    """Returns a list of problems found in one workflow file; adds the
    repository paths its steps run to `checked`, and the file to
    `uses_list` when it runs rr-in-image.sh --install-rr-deps."""
    problems = []
    checked = set() if checked is None else checked
    deps = read_deps_list(src)[0] if deps is None else deps
    uses_list = set() if uses_list is None else uses_list
    name = os.path.relpath(path, src)
    try:
        with open(path) as f:
            doc = yaml.safe_load(f)
    except yaml.YAMLError as e:
        return ["%s: not valid YAML: %s" % (name, str(e).splitlines()[0])]
    if not isinstance(doc, dict):
        return ["%s: not a mapping" % name]
    # YAML 1.1 reads the key `on` as true.
    triggers = doc.get("on", doc.get(True))
    if not triggers:
        problems.append("%s: no triggers (on:)" % name)
    declared = set()
    if isinstance(triggers, dict):
        for trig in ("workflow_dispatch", "workflow_call"):
            t = triggers.get(trig) or {}
            declared |= set((t.get("inputs") or {}).keys())
    jobs = doc.get("jobs")
    if not isinstance(jobs, dict) or not jobs:
        return problems + ["%s: no jobs" % name]
    for job_id, job in jobs.items():
        where = "%s: job %s" % (name, job_id)
        if not isinstance(job, dict):
            problems.append("%s: not a mapping" % where)
            continue
        if "uses" in job:  # a call of a reusable workflow
            continue
        if "runs-on" not in job:
            problems.append("%s: no runs-on" % where)
        steps = job.get("steps")
        if not isinstance(steps, list) or not steps:
            problems.append("%s: no steps" % where)
            continue
        checkouts = this_repo_paths(steps)
        if not checkouts:
            problems.append("%s: never checks this repository out" % where)
        made = set()  # files earlier steps write (`> file`, `-o file`)
        rr_job = any("rr-in-image.sh" in str(step.get("run", "")) for step in steps)
        for i, step in enumerate(steps):
            swhere = "%s: step %d (%s)" % (where, i + 1, step.get("name", "unnamed"))
            if ("run" in step) == ("uses" in step):
                problems.append("%s: needs exactly one of run: and uses:" % swhere)
            run = str(step.get("run", ""))
            wd = str(step.get("working-directory",
                              ((job.get("defaults") or {}).get("run") or {})
                              .get("working-directory", "."))).strip("/") or "."
            for word, rel in repo_script_refs(run, checkouts, wd):
                checked.add(rel)
                if word not in made and not os.path.exists(os.path.join(src, rel)):
                    problems.append("%s: runs %s, which is not in the repository" % (swhere, word))
            made |= set(re.findall(r"(?:>|-o)\s*\"?([\w./-]+)", run))
            found, uses = rr_deps_problems(run, deps, swhere, rr_job)
            problems += found
            if uses:
                uses_list.add(path)
            for used in INPUT_RE.findall(yaml.safe_dump(step)):
                if used not in declared:
                    problems.append("%s: uses inputs.%s, which is not declared" % (swhere, used))
        for used in INPUT_RE.findall(yaml.safe_dump({k: v for k, v in job.items() if k != "steps"})):
            if used not in declared:
                problems.append("%s: uses inputs.%s, which is not declared" % (where, used))
    return problems


def main():
    src = os.path.abspath(sys.argv[1])
    wf_dir = os.path.join(src, "ci", "github")
    files = sorted(os.path.join(wf_dir, f) for f in os.listdir(wf_dir)
                   if f.endswith((".yml", ".yaml")))
    if len(files) < 2:
        print("FAIL: expected at least 2 workflows in ci/github, found %s" % files)
        return 1
    deps, problems = read_deps_list(src)
    checked = set()
    uses_list = set()
    for path in files:
        problems += check_workflow(path, src, checked, deps, uses_list)
    if not uses_list:
        problems.append("no workflow runs rr-in-image.sh --install-rr-deps: nothing installs %s"
                        % DEPS_LIST)
    # The control: each bad fixture is rejected, for the reason its first
    # line names ("# expect: MESSAGE").
    bad_dir = os.path.join(src, "tests", "ci", "fixtures", "workflows-bad")
    for f in sorted(os.listdir(bad_dir)):
        path = os.path.join(bad_dir, f)
        with open(path) as fh:
            expect = fh.readline().split("# expect:", 1)[1].strip()
        found = check_workflow(path, src)
        if not any(expect in p for p in found):
            problems.append("fixture %s: want a problem with '%s', got %s" % (f, expect, found))
    for p in problems:
        print("FAIL: " + p)
    if problems:
        return 1
    print("PASS: %s; scripts they run: %s; rr's dependencies (%s, %d packages) installed by %s"
          % (", ".join(os.path.relpath(f, src) for f in files), ", ".join(sorted(checked)),
             DEPS_LIST, len(deps), ", ".join(os.path.relpath(f, src) for f in sorted(uses_list))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
