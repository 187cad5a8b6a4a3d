#!/usr/bin/env python3
"""No shell pipeline of the project may end in a reader that stops early.

Under `set -o pipefail` (tests/support/scratch.sh and most scripts set it),
`producer | grep -q X` is a race: grep exits at its first match, and a
producer that writes once more after that dies of SIGPIPE, so the pipeline
fails although X was there -- a flake (ci.rr_in_image_usage failed in CI
so: bash's printf writes one line per write).  Worse, `! cmd | grep -q X`
then passes although X was found.  `head` is the same reader.  So every
tracked shell script uses readers that read to the end: `grep ... >/dev/null`
for a test, `sed -n 1p` / `sed -n 1,Np` for the first lines.

Usage: check_pipelines.py SRC        (exit 1: the offending lines, listed)
       check_pipelines.py --self-test (the control: the rule must fire)
"""
import os
import re
import subprocess
import sys

# A pipe (not ||), optional line continuation, then the reader's words up
# to the end of its stage.
STAGE = re.compile(r'(?<![|>])\|(?!\|)\s*(?:\\\n\s*)?(grep|egrep|fgrep|head)\b([^|;&)\n]*)')
# grep options that stop reading early: -q/--quiet/--silent, -m/--max-count.
EARLY_GREP = re.compile(r'(?:^|\s)(?:-[A-Za-z]*[qm][A-Za-z0-9]*|--quiet|--silent|--max-count\S*)(?=\s|$)')


def early_readers(text):
    """(line number, stage) of each pipeline stage that may stop reading."""
    found = []
    for m in STAGE.finditer(text):
        reader, args = m.group(1), m.group(2)
        # Only options before the pattern count; a -q inside a quoted
        # pattern is no option.  Options come first in this tree's style.
        opts = re.match(r'((?:\s+-\S+)*)', args).group(1)
        if reader == 'head' or EARLY_GREP.search(opts):
            line = text.count('\n', 0, m.start()) + 1
            found.append((line, (reader + args).strip()))
    return found


def is_shell(path):
    if path.endswith('.sh'):
        return True
    try:
        with open(path, 'rb') as f:
            first = f.readline(128)
    except OSError:
        return False
    return re.match(rb'#!.*\b(ba|da)?sh\b', first) is not None


def self_test():
    bad = ('x=$(find . | head -1)\n'
           'printf "%s\\n" "$a" |\n  grep -qx -- "$b" || fail\n'
           'nm o | grep -Eq "foo"\n'
           'a | grep -B4 -m1 x\n')
    good = ('cmd | grep -x y >/dev/null\n'
            'cmd || grep -q y file\n'
            'grep -q y file\n'
            'cmd | grep -e "-q" >/dev/null\n'
            'cmd | sed -n 1p\n')
    got = early_readers(bad)
    if [n for n, _ in got] != [1, 2, 4, 5] or early_readers(good):
        print(f'FAIL: the rule misfires: {got} / {early_readers(good)}')
        return 1
    print('PASS: the rule finds all 4 early readers of the control and none of the good lines')
    return 0


def main(argv):
    if argv[1:] == ['--self-test']:
        return self_test()
    src = argv[1]
    listed = subprocess.run(['git', '-C', src, 'ls-files', '-z'], capture_output=True)
    if listed.returncode == 0:
        files = listed.stdout.decode().split('\0')
    else:  # not a git checkout (a release tarball): every file under src
        files = [os.path.relpath(os.path.join(d, n), src) for d, subdirs, names in os.walk(src)
                 for n in names if not d.startswith(os.path.join(src, 'build'))]
    shell = [f for f in files if f and os.path.isfile(os.path.join(src, f))
             and is_shell(os.path.join(src, f))]
    if len(shell) < 50:
        print(f'FAIL: found only {len(shell)} shell scripts in {src}')
        return 1
    bad = []
    for f in shell:
        with open(os.path.join(src, f), encoding='utf-8', errors='replace') as fh:
            for line, stage in early_readers(fh.read()):
                bad.append(f'{f}:{line}: | {stage}')
    if bad:
        print('FAIL: pipelines ending in a reader that stops early '
              '(use grep ... >/dev/null, sed -n 1p):')
        print('\n'.join(bad))
        return 1
    print(f'PASS: {len(shell)} shell scripts, no pipeline ends in grep -q/-m or head')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
