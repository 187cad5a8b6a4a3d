#!/usr/bin/env python3
"""Partly instrumented modules (issue 28): builds a program and checks what
softticks-inspect (--inspect) and softticks-trace (--trace) say about the
functions in it that carry no tick.

Cases (--case):
  archive  an instrumented main (GCC plugin) linked with an uninstrumented
           static library built by plain gcc: the library's functions, and
           only they, are untracked; the warning names them; the
           tracer's check steps them only with --untracked, and then finds
           their loops.
  full     the same with the library built by the same plugin (--compiler
           gcc or clang, --link dynamic or static): no untracked function
           but those of the static C library (-static links Debian's
           uninstrumented libc.a and libgcc); every tick-free function of
           the program's own is tick-free by the documented rule.
  rust     a Rust program built by /usr/bin/rustc with the LLVM plugin of
           rustc's LLVM (-Z llvm-plugins): the precompiled standard library
           is untracked and named.  Skipped (77) without that rustc or a
           plugin for its LLVM.

Exit 0, 1 with one line per failure, or 77 (skipped, with the reason).
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys

LIB_C = r"""
/* The library: three functions with loops or calls, one leaf. */
static int plainlib_table[64];
int plainlib_sum(const int *v, int n) {
  int s = 0;
  for (int i = 0; i < n; i++) s += v[i];
  return s;
}
void plainlib_fill(int seed) {
  for (int i = 0; i < 64; i++) plainlib_table[i] = seed * i;
}
int plainlib_lookup(int i) { return plainlib_table[i & 63]; }
int plainlib_walk(int n) {
  int s = 0;
  while (n > 1) { s += plainlib_lookup(n); n = n % 2 ? 3 * n + 1 : n / 2; }
  return s;
}
"""
LIB_FUNCTIONS = {"plainlib_sum", "plainlib_fill", "plainlib_lookup", "plainlib_walk"}
LIB_LOOPS = {"plainlib_sum", "plainlib_fill", "plainlib_walk"}

MAIN_C = r"""
#include <stdio.h>
int plainlib_sum(const int *v, int n);
void plainlib_fill(int seed);
int plainlib_lookup(int i);
int plainlib_walk(int n);
__attribute__((noinline)) static int user_leaf(int x) { return x * 3 + 1; }
int main(int argc, char **argv) {
  int v[4] = {1, 2, 3, argc};
  (void)argv;
  plainlib_fill(argc);
  printf("%d %d %d %d\n", plainlib_sum(v, 4), plainlib_lookup(5), plainlib_walk(27),
         user_leaf(argc));
  return 0;
}
"""
USER_FUNCTIONS = {"main", "user_leaf"}

RUST_RS = r"""
use std::collections::HashMap;
#[inline(never)]
fn tally(n: usize) -> Vec<(usize, usize)> {
    let mut m: HashMap<usize, usize> = HashMap::new();
    for i in 0..n { *m.entry(i % 7).or_insert(0) += i; }
    let mut v: Vec<_> = m.into_iter().collect();
    v.sort();
    v
}
fn main() {
    let n = std::env::args().count() + 99;
    println!("{:?}", tally(n));
}
"""

# What the rule exempts and a fully instrumented program may contain
# (tools/inspect/README.md, "Functions without a tick").
ALLOWED_TICK_FREE = {"softticks module part", "start file", "ifunc resolver", "plt, init or fini",
                     "compiler thunk", "split part"}

failures = []


def fail(message):
    failures.append(message)
    print("FAIL: " + message)


def skip(reason):
    print("skipped: " + reason)
    sys.exit(77)


def run(cmd, **kw):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, **kw)
    return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")


def must(cmd, what, **kw):
    rc, out, err = run(cmd, **kw)
    if rc != 0:
        print("FAIL: %s: %s exited %d\n%s%s" % (what, " ".join(cmd), rc, out, err))
        sys.exit(1)
    return out


def defined_names(archive):
    """Function-like names an archive defines (nm), for the static C library."""
    rc, out, _ = run(["nm", "--defined-only", archive])
    names = set()
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[1] in "TtWwiI":
            names.add(parts[2])
    return names


def inspect(tool, path):
    rc, out, err = run([tool, "--json", "--functions", path])
    if rc != 0:
        fail("%s --json --functions %s: exit %d: %s" % (tool, path, rc, err.strip()))
        return None, ""
    report = json.loads(out)[0]
    summary = [json.loads(l)["summary"] for l in err.splitlines() if l.startswith('{"summary"')]
    report["(summary)"] = summary[0] if summary else {}
    rc, text, err = run([tool, path])
    return report, text


def untracked_names(report):
    return {f["name"] for f in report.get("functions", []) if f.get("tick_free") == "untracked"}


def check_partial(tool, path, must_name, own_functions, only=None):
    """The inspector calls the module partly instrumented and names them."""
    report, text = inspect(tool, path)
    if report is None:
        return
    if report["verdict"] != "instrumented":
        fail("%s: verdict %r, expected instrumented" % (path, report["verdict"]))
    u = report.get("untracked")
    if not u:
        fail("%s: no 'untracked' report: %r" % (path, u))
        return
    names = untracked_names(report)
    print("%s: %d of %d functions untracked, %d of %d bytes (%d per mille); largest: %s" %
          (path, u["functions"], u["all_functions"], u["bytes"], u["all_bytes"], u["share_permille"],
           ", ".join(x["name"] for x in u["largest"])))
    if u["functions"] != len(names):
        fail("%s: untracked.functions %d but %d functions classed untracked" %
             (path, u["functions"], len(names)))
    missing = {n for n in must_name if not any(n(x) if callable(n) else n == x for x in names)}
    if missing:
        fail("%s: not among the untracked functions: %s" % (path, ", ".join(map(str, missing))))
    if only is not None and names - only:
        fail("%s: untracked beyond the expected ones: %s" % (path, ", ".join(sorted(names - only))))
    ticking = {f["name"] for f in report["functions"] if f["tick_sites"] > 0}
    for name in own_functions:
        if not any(name(x) if callable(name) else name == x for x in ticking):
            fail("%s: the program's own %s has no tick" % (path, name))
    if not any(w.startswith("partly instrumented: %d of " % u["functions"]) for w in report["warnings"]):
        fail("%s: no 'partly instrumented' warning: %r" % (path, report["warnings"]))
    if report["(summary)"].get("partly_instrumented") != 1:
        fail("%s: summary %r, expected partly_instrumented 1" % (path, report["(summary)"]))
    if "partly instrumented" not in text or "no tick: " + u["largest"][0]["name"][:40] not in text:
        fail("%s: the text report does not say it:\n%s" % (path, text))


def check_full(tool, path, static_names):
    report, text = inspect(tool, path)
    if report is None:
        return
    u = report.get("untracked")
    if report["verdict"] != "instrumented" or not u:
        fail("%s: verdict %r, untracked %r" % (path, report["verdict"], u))
        return
    by_class = {}
    for f in report["functions"]:
        by_class.setdefault(f["tick_free"], set()).add(f["name"])
    names = by_class.get("untracked", set())
    print("%s: %d of %d functions untracked (%d per mille); tick-free by rule: %s" %
          (path, u["functions"], u["all_functions"], u["share_permille"],
           ", ".join("%s: %s" % (k, " ".join(sorted(v))) for k, v in sorted(by_class.items(), key=str)
                     if k not in (None, "untracked"))))
    own = USER_FUNCTIONS | LIB_FUNCTIONS
    if own - by_class.get(None, set()):
        fail("%s: the program's own functions without a tick: %s" %
             (path, ", ".join(sorted(own - by_class.get(None, set())))))
    unexpected_classes = set(by_class) - ALLOWED_TICK_FREE - {None, "untracked"}
    if unexpected_classes:
        fail("%s: tick-free classes a full build should not have: %s" % (path, unexpected_classes))
    if static_names is None:
        if names:
            fail("%s: untracked functions in a fully instrumented program: %s" %
                 (path, ", ".join(sorted(names))))
        if report["(summary)"].get("partly_instrumented") != 0:
            fail("%s: summary %r, expected partly_instrumented 0" % (path, report["(summary)"]))
        if any("partly instrumented" in w for w in report["warnings"]) or \
                "partly instrumented:" in text:
            fail("%s: warned as partly instrumented: %r" % (path, report["warnings"]))
    else:
        outside = names - static_names
        if outside:
            fail("%s: untracked functions that the static C library does not define: %s" %
                 (path, ", ".join(sorted(outside))))
        if not names:
            fail("%s: -static with Debian's uninstrumented libc.a, yet nothing untracked" % path)


def check_trace(trace, path, must_name):
    rc, out, err = run([trace, "count", "--", path])
    if rc != 0:
        fail("softticks-trace count %s: exit %d: %s" % (path, rc, err.strip()))
        return
    lines = [l for l in err.splitlines() if "partly instrumented" in l]
    print("softticks-trace: " + (lines[0] if lines else "(no warning)"))
    if not lines or path not in lines[0]:
        fail("softticks-trace count %s: no partly-instrumented warning naming it: %r" % (path, err))
    elif must_name and not any(n in lines[0] for n in must_name):
        fail("softticks-trace: the warning names none of %s" % ", ".join(must_name))


def check_trace_quiet(trace, path):
    rc, out, err = run([trace, "count", "--", path])
    if rc != 0 or "partly instrumented" in err:
        fail("softticks-trace count %s: exit %d, stderr %r" % (path, rc, err))


def trace_violations(trace, path, untracked):
    """The functions `softticks-trace check` reports violations in."""
    cmd = [trace, "check", "--json"] + (["--untracked"] if untracked else []) + ["--", path]
    rc, out, err = run(cmd)
    lines = out.strip().splitlines()
    if not lines:
        fail("%s: no report (exit %d): %s" % (" ".join(cmd), rc, err.strip()))
        return None
    report = json.loads(lines[-1])
    print("softticks-trace check%s: %d violations, %d steps" %
          (" --untracked" if untracked else "", len(report["violations"]), report["steps"]))
    return {v["function"] for v in report["violations"]}


def check_trace_untracked(trace, path, loop_functions):
    """check steps instrumented functions only: no violation; with
    --untracked the untracked loops are stepped too and violate."""
    plain = trace_violations(trace, path, False)
    if plain:
        fail("softticks-trace check %s: violations in %s" % (path, ", ".join(sorted(plain))))
    watched = trace_violations(trace, path, True)
    if watched is None:
        return
    if loop_functions and not watched & loop_functions:
        fail("softticks-trace check --untracked %s: no violation in the untracked loops %s (got %s)" %
             (path, ", ".join(sorted(loop_functions)), ", ".join(sorted(watched)) or "none"))
    if not loop_functions and watched:
        fail("softticks-trace check --untracked %s: violations in %s" % (path, ", ".join(sorted(watched))))


def build_c(args, work):
    cc = args.gcc if args.compiler == "gcc" else args.clang
    flags = ["-fplugin=" + args.gcc_plugin] if args.compiler == "gcc" else ["--config=" + args.clang_config]
    with open(os.path.join(work, "lib.c"), "w") as f:
        f.write(LIB_C)
    with open(os.path.join(work, "main.c"), "w") as f:
        f.write(MAIN_C)
    lib_flags = [] if args.case == "archive" else flags
    must([cc] + lib_flags + ["-O2", "-c", "lib.c", "-o", "lib.o"], "the library", cwd=work)
    must(["ar", "rcs", "libplain.a", "lib.o"], "ar", cwd=work)
    link = {"dynamic": [], "static": ["-static"], "no-pie": ["-no-pie"],
            "static-pie": ["-static-pie"]}[args.link]
    must([cc] + flags + ["-O2", "main.c", "libplain.a", "-o", "prog"] + link, "the program", cwd=work)
    out = must([os.path.join(work, "prog")], "running the program")
    print("the program printed: " + out.strip())
    return os.path.join(work, "prog")


def rust_plugin(args):
    rustc = args.rustc
    if not os.path.exists(rustc):
        skip("%s is not installed (Debian's rustc-web 1.96 builds with LLVM 22)" % rustc)
    rc, out, _ = run([rustc, "--version", "--verbose"])
    m = re.search(r"^LLVM version: (\d+)", out, re.M)
    if rc != 0 or not m:
        skip("%s --version --verbose names no LLVM version" % rustc)
    plugins = dict(p.split("=", 1) for p in args.llvm_plugin)
    plugin = plugins.get(m.group(1))
    if not plugin or not os.path.exists(plugin):
        skip("%s uses LLVM %s and this build has no LLVM %s plugin (built: %s)" %
             (rustc, m.group(1), m.group(1), ", ".join(sorted(plugins)) or "none"))
    return rustc, plugin


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--case", choices=["archive", "full", "rust"], required=True)
    ap.add_argument("--compiler", choices=["gcc", "clang"], default="gcc")
    ap.add_argument("--link", choices=["dynamic", "static", "no-pie", "static-pie"],
                    default="dynamic")
    ap.add_argument("--inspect", help="softticks-inspect (or its ASan copy)")
    ap.add_argument("--trace", help="softticks-trace: check its warning instead")
    ap.add_argument("--gcc", default="gcc")
    ap.add_argument("--gcc-plugin")
    ap.add_argument("--clang")
    ap.add_argument("--clang-config")
    ap.add_argument("--rustc", default="/usr/bin/rustc")
    ap.add_argument("--llvm-plugin", action="append", default=[], help="MAJOR=PATH")
    ap.add_argument("--work", required=True)
    args = ap.parse_args()

    if args.case == "rust":
        rustc, plugin = rust_plugin(args)
    shutil.rmtree(args.work, ignore_errors=True)
    os.makedirs(args.work)

    if args.case == "rust":
        with open(os.path.join(args.work, "prog.rs"), "w") as f:
            f.write(RUST_RS)
        env = dict(os.environ, RUSTC_BOOTSTRAP="1")
        must([rustc, "-O", "-Z", "llvm-plugins=" + plugin, "prog.rs", "-o", "prog"], "rustc",
             cwd=args.work, env=env)
        prog = os.path.join(args.work, "prog")
        print("the program printed: " + must([prog], "running the program").strip()[:80])
        is_std = lambda name: "3std" in name or name.startswith("_ZN3std")
        is_user = lambda name: "4prog" in name and "5tally" in name
        if args.inspect:
            check_partial(args.inspect, prog, [is_std], [is_user])
        if args.trace:
            check_trace(args.trace, prog, ["3std"])
    elif args.case == "archive":
        prog = build_c(args, args.work)
        if args.inspect:
            check_partial(args.inspect, prog, LIB_FUNCTIONS, USER_FUNCTIONS, only=LIB_FUNCTIONS)
        if args.trace:
            check_trace(args.trace, prog, LIB_FUNCTIONS)
            check_trace_untracked(args.trace, prog, LIB_LOOPS)
    else:
        prog = build_c(args, args.work)
        static_names = None
        if args.link in ("static", "static-pie"):
            cc = args.gcc if args.compiler == "gcc" else args.clang
            static_names = set()
            for lib in ("libc.a", "libgcc.a", "libgcc_eh.a"):
                path = must([cc, "-print-file-name=" + lib], "the static C library").strip()
                if os.path.exists(path):
                    static_names |= defined_names(path)
        if args.inspect:
            check_full(args.inspect, prog, static_names)
        if args.trace and static_names is None:
            check_trace_quiet(args.trace, prog)
            check_trace_untracked(args.trace, prog, set())
    if failures:
        return 1
    print("ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
