#!/usr/bin/env python3
"""Differential testing: instrumentation must not change what a program computes.

For each csmith seed, generates a random C program, builds it with and without
software ticks for each configuration (compiler, optimization level, -m32),
runs both builds and requires the same output (csmith prints a checksum of all
its globals) and the same exit status. A seed whose uninstrumented build does
not compile, times out or crashes is skipped and counted; an instrumented build
that does not compile, or runs differently, is a failure.

With --trace-count, the instrumented build is also run twice under
`softticks-trace count --json --period P` (a trap every P ticks): the program
output and exit status must match, the tick count must be nonzero and the same
both times. With --trace-check, it is stepped by
`softticks-trace check --json` (slow: meant for small programs, see --small),
which must report no violation; a check that exceeds --check-timeout is
skipped and counted, but at least one check must complete.

Exit status: 0 all compared runs agree, 1 a difference or failure (each one
printed with the command to rerun it), 2 usage error, 3 a tool is missing.
Python 3 standard library only.
"""

import argparse
import concurrent.futures
import json
import os
import shutil
import signal
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))

# csmith settings for --small: programs that run a few thousand instructions
# of their own code, so that single-stepping them takes seconds.
SMALL_CSMITH = ["--max-funcs", "2", "--max-block-depth", "2", "--max-block-size", "3",
                "--max-array-dim", "1", "--max-array-len-per-dim", "3",
                "--max-struct-fields", "3", "--max-union-fields", "3",
                "--max-expr-complexity", "3", "--max-pointer-depth", "2"]

# name -> (compiler key, flags). The compiler key names a --cc-* option and its
# plugin option; the flags are common to both builds.
CONFIGS = {
    "gcc-O0": ("gcc", ["-O0"]),
    "gcc-O2": ("gcc", ["-O2"]),
    "gcc-m32-O0": ("gcc", ["-m32", "-O0"]),
    "gcc-m32-O2": ("gcc", ["-m32", "-O2"]),
    "clang19-O0": ("clang19", ["-O0"]),
    "clang19-O2": ("clang19", ["-O2"]),
    "clang19-m32-O2": ("clang19", ["-m32", "-O2"]),
    "clang14-O0": ("clang14", ["-O0"]),
    "clang14-O2": ("clang14", ["-O2"]),
    "clang22-O0": ("clang22", ["-O0"]),
    "clang22-O2": ("clang22", ["-O2"]),
    "clang22-m32-O2": ("clang22", ["-m32", "-O2"]),
}


def parse_args(argv):
    p = argparse.ArgumentParser(
        prog="run.sh", description=__doc__.split("\n\n")[0],
        epilog="Seeds: by default the fixed list in seeds.txt; --seed S (repeatable) "
               "or --seeds N (N seeds from --first, default 1). Configurations: "
               + ", ".join(CONFIGS) + " (default: every one whose compiler and "
               "plugin are found).")
    p.add_argument("--build", default=os.environ.get("SOFTTICKS_BUILD_DIR",
                                                     os.path.join(REPO, "build")),
                   help="build directory to take the plugins and tracer from (default: %(default)s)")
    p.add_argument("--seed", type=int, action="append", default=[], help="one seed (repeatable)")
    p.add_argument("--seeds", type=int, help="N consecutive seeds starting at --first")
    p.add_argument("--first", type=int, default=1, help="first seed of --seeds (default 1)")
    p.add_argument("--config", action="append", default=[], metavar="NAME",
                   help="configuration to run (repeatable)")
    p.add_argument("--gcc", default=None, help="gcc (default: gcc-12 or gcc)")
    p.add_argument("--gcc-plugin", default=None, help="GCC plugin (default: BUILD/gcc-plugin/softticks.so)")
    p.add_argument("--clang19", default=None, help="clang 19 (default: clang-19)")
    p.add_argument("--llvm19-plugin", default=None, help="default: BUILD/llvm-pass/softticks.so")
    p.add_argument("--clang14", default=None, help="clang 14 (default: clang-14)")
    p.add_argument("--llvm14-plugin", default=None, help="default: BUILD/llvm-pass/llvm-14/softticks.so")
    p.add_argument("--clang22", default=None, help="clang 22 (default: clang-22)")
    p.add_argument("--llvm22-plugin", default=None, help="default: BUILD/llvm-pass/llvm-22/softticks.so")
    p.add_argument("--csmith", default=os.environ.get("CSMITH", "csmith"))
    p.add_argument("--csmith-include", default=None, help="directory of csmith.h")
    p.add_argument("--small", action="store_true", help="generate small programs (for --trace-check)")
    p.add_argument("--trace", default=None, help="softticks-trace (default: BUILD/tools/softticks-trace)")
    p.add_argument("--trace-count", action="store_true", help="also count ticks twice under the tracer")
    p.add_argument("--trace-check", action="store_true", help="also check the guarantee under the tracer")
    p.add_argument("--trace-period", type=int, default=1000,
                   help="--period of softticks-trace count: ticks between two traps "
                        "(default %(default)s, so that runs trap and re-arm)")
    p.add_argument("--timeout", type=float, default=10.0,
                   help="seconds for an uninstrumented run (default %(default)s); the "
                        "instrumented one gets twice that")
    p.add_argument("--check-timeout", type=float, default=60.0,
                   help="seconds for one softticks-trace check (default %(default)s)")
    p.add_argument("--jobs", "-j", type=int, default=1, help="seeds in parallel (default 1)")
    p.add_argument("--work", default=None, help="scratch directory (default: a new one in /tmp)")
    p.add_argument("--keep", action="store_true", help="keep the scratch directory")
    p.add_argument("--verbose", "-v", action="store_true")
    args = p.parse_args(argv)
    if args.seeds is not None and args.seeds < 1:
        p.error("--seeds N needs N >= 1")
    for c in args.config:
        if c not in CONFIGS:
            p.error("unknown configuration %r (known: %s)" % (c, ", ".join(CONFIGS)))
    if args.jobs < 1 or args.timeout <= 0 or args.check_timeout <= 0 or args.trace_period < 1:
        p.error("--jobs, --timeout, --check-timeout and --trace-period must be positive")
    return args


def which(name):
    return shutil.which(name) if name else None


def find_csmith_include(explicit):
    cands = [explicit] if explicit else ["/usr/include/csmith", "/usr/local/include/csmith",
                                         "/usr/include/csmith-2.3.0"]
    for d in cands:
        if d and os.path.isfile(os.path.join(d, "csmith.h")):
            return d
    return None


def toolchain(build, name):
    """The build's description of compiler NAME, build/tests/toolchains/NAME.env
    (tests/support/toolchains.cmake: KEY='value' lines), or {} without one."""
    env = {}
    try:
        with open(os.path.join(build, "tests", "toolchains", name + ".env")) as f:
            for line in f:
                key, _, value = line.rstrip("\n").partition("=")
                env[key] = value.strip("'")
    except OSError:
        pass
    return env


def resolve_tools(args):
    """Returns {key: (compiler, [instrumentation flags])} of the usable compilers:
    the ones given, else the build's (toolchain()), else the ones on PATH."""
    b = args.build
    gcc, clang19, clang14, clang22 = (toolchain(b, name)
                                      for name in ("gcc", "clang19", "clang14", "clang22"))
    bindir_clang = lambda t: t.get("ST_BINDIR") and os.path.join(t["ST_BINDIR"], "clang")
    spec = {
        "gcc": (args.gcc or gcc.get("ST_GCC") or which("gcc-12") or which("gcc"),
                args.gcc_plugin or gcc.get("ST_PLUGIN") or os.path.join(b, "gcc-plugin", "softticks.so"),
                "-fplugin="),
        "clang19": (args.clang19 or bindir_clang(clang19) or which("clang-19"),
                    args.llvm19_plugin or clang19.get("ST_PLUGIN")
                    or os.path.join(b, "llvm-pass", "softticks.so"), "-fpass-plugin="),
        "clang14": (args.clang14 or bindir_clang(clang14) or which("clang-14"),
                    args.llvm14_plugin or clang14.get("ST_PLUGIN")
                    or os.path.join(b, "llvm-pass", "llvm-14", "softticks.so"), "-fpass-plugin="),
        "clang22": (args.clang22 or bindir_clang(clang22) or which("clang-22"),
                    args.llvm22_plugin or clang22.get("ST_PLUGIN")
                    or os.path.join(b, "llvm-pass", "llvm-22", "softticks.so"), "-fpass-plugin="),
    }
    tools = {}
    for key, (cc, plugin, opt) in spec.items():
        if cc and which(cc) and os.path.isfile(plugin):
            tools[key] = (which(cc), [opt + os.path.abspath(plugin)])
    return tools


def seed_list(args):
    if args.seed:
        return args.seed
    if args.seeds is not None:
        return list(range(args.first, args.first + args.seeds))
    seeds = []
    with open(os.path.join(HERE, "seeds.txt")) as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if line:
                seeds.append(int(line))
    return seeds


class Outcome:
    """What happened to one seed in one configuration."""

    def __init__(self, seed, config, status, detail="", repro=""):
        self.seed, self.config, self.status, self.detail, self.repro = seed, config, status, detail, repro


def run(cmd, timeout, cwd=None):
    """Runs cmd; returns (status, stdout, stderr, seconds). status: exit code,
    -N for signal N, or None on timeout. The command runs in its own process
    group, killed whole on timeout (a tracer's tracee must not outlive it)."""
    t0 = time.monotonic()
    p = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         stdin=subprocess.DEVNULL, start_new_session=True)
    try:
        out, err = p.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        try:
            os.killpg(p.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        out, err = p.communicate()
        return None, out, err, time.monotonic() - t0
    return p.returncode, out, err, time.monotonic() - t0


def describe(status):
    if status is None:
        return "timeout"
    if status < 0:
        return "signal %d" % -status
    return "exit %d" % status


def last_json(out):
    """The tracer prints its JSON object last, after the program's own output."""
    for line in reversed(out.decode("utf-8", "replace").splitlines()):
        line = line.strip()
        if line.startswith("{"):
            try:
                return json.loads(line)
            except ValueError:
                return None
    return None


def generate(args, seed, workdir):
    src = os.path.join(workdir, "seed%d%s.c" % (seed, "-small" if args.small else ""))
    if os.path.exists(src):
        return src, None
    cmd = [args.csmith, "--seed", str(seed)] + (SMALL_CSMITH if args.small else [])
    st, out, err, _ = run(cmd, 60)
    if st != 0:
        return None, "csmith --seed %d: %s: %s" % (seed, describe(st), err.decode(errors="replace")[-500:])
    tmp = src + ".tmp"
    with open(tmp, "wb") as f:
        f.write(out)
    os.replace(tmp, src)
    return src, None


def one_seed(args, tools, seed, configs, workdir):
    outcomes = []
    src, err = generate(args, seed, workdir)
    if err:
        return [Outcome(seed, c, "fail", err) for c in configs]
    repro_base = "tests/differential/run.sh --build %s --seed %d%s" % (
        args.build, seed, " --small" if args.small else "")
    for name in configs:
        key, flags = CONFIGS[name]
        cc, inst = tools[key]
        repro = "%s --config %s%s%s" % (repro_base, name, " --trace-count" if args.trace_count else "",
                                       " --trace-check" if args.trace_check else "")
        base = ["-w", "-I", args.csmith_include] + flags + [src]
        stem = os.path.splitext(src)[0]
        plain = "%s.%s.plain" % (stem, name)
        ticked = "%s.%s.ticks" % (stem, name)
        st, _, e, _ = run([cc] + base + ["-o", plain], 300)
        if st != 0:
            outcomes.append(Outcome(seed, name, "skip-compile", describe(st) + ": " + e.decode(errors="replace")[-300:]))
            continue
        st, _, e, _ = run([cc] + inst + base + ["-o", ticked], 300)
        if st != 0:
            outcomes.append(Outcome(seed, name, "fail", "instrumented build failed (%s): %s"
                                    % (describe(st), e.decode(errors="replace")[-1000:]), repro))
            continue
        # -m32: natively, or under qemu-i386 where the kernel runs no i386
        # programs (tests/support/i386_guard.sh sets ST_I386_RUNNER).
        runner = [os.environ["ST_I386_RUNNER"]] if "-m32" in flags and os.environ.get("ST_I386_RUNNER") else []
        if runner and (args.trace_count or args.trace_check):
            outcomes.append(Outcome(seed, name, "fail", "i386 programs run under qemu-i386 here: no tracer"))
            continue
        st0, out0, _, secs = run(runner + [plain], args.timeout)
        if st0 is None:
            outcomes.append(Outcome(seed, name, "skip-timeout"))
            continue
        if st0 < 0:
            outcomes.append(Outcome(seed, name, "skip-crash", describe(st0)))
            continue
        st1, out1, _, secs1 = run(runner + [ticked], 2 * args.timeout)
        if (st1, out1) != (st0, out0):
            outcomes.append(Outcome(seed, name, "fail",
                                    "uninstrumented: %s %r; instrumented: %s %r"
                                    % (describe(st0), out0[-200:], describe(st1), out1[-200:]), repro))
            continue
        if args.verbose:
            print("  seed %d %s: same (%s, %.2fs vs %.2fs)" % (seed, name, out0.strip()[-30:], secs, secs1))
        outcomes.append(Outcome(seed, name, "same"))
        if args.trace_count:
            outcomes.append(trace_count(args, seed, name, ticked, st0, out0, repro))
        if args.trace_check:
            outcomes.append(trace_check(args, seed, name, ticked, repro))
    return outcomes


def trace_count(args, seed, name, binary, st0, out0, repro):
    runs = []
    for _ in range(2):
        st, out, err, _ = run([args.trace, "count", "--json", "--period", str(args.trace_period),
                               binary], 4 * args.timeout)
        report = last_json(out)
        if st != 0 or report is None:
            return Outcome(seed, name + " trace-count", "fail", "softticks-trace count: %s: %s"
                           % (describe(st), err.decode(errors="replace")[-500:]), repro)
        prog_out = b"".join(out.splitlines(keepends=True)[:-1])
        if report.get("exit_status") != st0 or prog_out != out0:
            return Outcome(seed, name + " trace-count", "fail",
                           "under the tracer: exit_status %s output %r; without: exit %d output %r"
                           % (report.get("exit_status"), prog_out[-200:], st0, out0[-200:]), repro)
        runs.append(report.get("ticks"))
    if not isinstance(runs[0], int) or runs[0] <= 0:
        return Outcome(seed, name + " trace-count", "fail", "tick count %r (expected > 0)" % runs[0], repro)
    if runs[0] != runs[1]:
        return Outcome(seed, name + " trace-count", "fail", "tick counts differ: %d then %d" % tuple(runs), repro)
    if args.verbose:
        print("  seed %d %s: %d ticks twice" % (seed, name, runs[0]))
    return Outcome(seed, name + " trace-count", "same")


def trace_check(args, seed, name, binary, repro):
    st, out, err, secs = run([args.trace, "check", "--json", binary], args.check_timeout)
    if st is None:
        return Outcome(seed, name + " trace-check", "skip-timeout",
                       "check over %.0fs" % args.check_timeout)
    report = last_json(out)
    if st != 0 or report is None or report.get("violations") != []:
        return Outcome(seed, name + " trace-check", "fail", "softticks-trace check: %s, report %s, stderr %s"
                       % (describe(st), json.dumps(report)[:1000] if report else "none",
                          err.decode(errors="replace")[-500:]), repro)
    if args.verbose:
        print("  seed %d %s: check ok, %s steps, %s ticks, %.1fs"
              % (seed, name, report.get("steps"), report.get("ticks"), secs))
    return Outcome(seed, name + " trace-check", "same")


def main(argv):
    args = parse_args(argv)
    args.csmith = which(args.csmith)
    if not args.csmith:
        print("differential: csmith not found (apt-get install csmith)", file=sys.stderr)
        return 3
    args.csmith_include = find_csmith_include(args.csmith_include)
    if not args.csmith_include:
        print("differential: csmith.h not found (give --csmith-include DIR)", file=sys.stderr)
        return 3
    tools = resolve_tools(args)
    configs = args.config or [c for c, (k, _) in CONFIGS.items() if k in tools]
    missing = [c for c in configs if CONFIGS[c][0] not in tools]
    if missing:
        print("differential: no compiler or plugin for %s (looked in --build %s)"
              % (", ".join(missing), args.build), file=sys.stderr)
        return 3
    if not configs:
        print("differential: no compiler with its plugin found (--build %s)" % args.build, file=sys.stderr)
        return 3
    if args.trace_count or args.trace_check:
        args.trace = args.trace or os.path.join(args.build, "tools", "softticks-trace")
        if not os.access(args.trace, os.X_OK):
            print("differential: softticks-trace not found at %s" % args.trace, file=sys.stderr)
            return 3
    seeds = seed_list(args)

    own_work = args.work is None
    workdir = args.work or __import__("tempfile").mkdtemp(prefix="softticks-differential.")
    os.makedirs(workdir, exist_ok=True)

    print("differential: %d seeds x %s%s" % (len(seeds), ", ".join(configs),
                                              " (small programs)" if args.small else ""))
    outcomes = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = [pool.submit(one_seed, args, tools, s, configs, workdir) for s in seeds]
        for f in futures:
            outcomes.extend(f.result())

    failures = [o for o in outcomes if o.status == "fail"]
    for o in failures:
        print("FAIL seed %d %s: %s\n  rerun: %s" % (o.seed, o.config, o.detail, o.repro))
    names = []
    for o in outcomes:
        if o.config not in names:
            names.append(o.config)
    for n in names:
        mine = [o for o in outcomes if o.config == n]
        count = {k: sum(1 for o in mine if o.status == k)
                 for k in ("same", "fail", "skip-compile", "skip-timeout", "skip-crash")}
        print("%-22s %3d seeds: %3d agree, %d fail; skipped: %d timeout, %d crash, %d no compile"
              % (n, len(mine), count["same"], count["fail"], count["skip-timeout"],
                 count["skip-crash"], count["skip-compile"]))
        if args.verbose:
            for o in mine:
                if o.status.startswith("skip"):
                    print("  skipped seed %d: %s %s" % (o.seed, o.status, o.detail[:200]))
    agreed = sum(1 for o in outcomes if o.status == "same")
    if not failures and own_work and not args.keep:
        shutil.rmtree(workdir, ignore_errors=True)
    elif args.keep or failures:
        print("differential: programs and builds kept in %s" % workdir)
    if failures:
        return 1
    if agreed == 0:
        print("differential: nothing was compared (every seed skipped)")
        return 1
    if args.trace_check and not any(o.status == "same" and o.config.endswith("trace-check") for o in outcomes):
        print("differential: no softticks-trace check completed (raise --check-timeout or use --small)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
