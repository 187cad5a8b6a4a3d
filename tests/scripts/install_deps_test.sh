#!/usr/bin/env bash
# scripts/install-deps.sh and docker/install-deps.sh with a fake dpkg-query,
# apt-get and sudo first on PATH: apt-get runs only for missing packages.
#   install_deps_test.sh SRC CASE
# CASE: all_installed (both scripts, whole), some_missing, apt_fails,
# deb_src (the source entry added once, when missing).
# Exit 77 (skip) when the case needs what this machine lacks.
src=${1:?usage: install_deps_test.sh SRC CASE}
case_name=${2:?usage: install_deps_test.sh SRC CASE}
# shellcheck source-path=SCRIPTDIR source=../support/scratch.sh
. "$src/tests/support/scratch.sh"

# The fakes.  dpkg-query: packages in FAKE_MISSING are known but not
# installed, those in FAKE_UNKNOWN unknown (exit 1), all others installed.
# apt-get and sudo append their arguments to calls.log; apt-get fails when
# FAKE_APT_FAILS is set.
mkdir -p bin
cat > bin/dpkg-query <<'SH'
#!/bin/sh
for p; do :; done
case " $FAKE_UNKNOWN " in *" $p "*)
  echo "dpkg-query: no packages found matching $p" >&2; exit 1 ;; esac
case " $FAKE_MISSING " in *" $p "*) echo not-installed; exit 0 ;; esac
echo installed
SH
cat > bin/apt-get <<'SH'
#!/bin/sh
echo "apt-get $*" >> "$ST_WORK/calls.log"
[ -z "$FAKE_APT_FAILS" ]
SH
cat > bin/sudo <<'SH'
#!/bin/sh
echo "sudo $*" >> "$ST_WORK/calls.log"
exec "$@"
SH
chmod +x bin/*
export PATH=$ST_WORK/bin:$PATH ST_WORK FAKE_MISSING="" FAKE_UNKNOWN="" FAKE_APT_FAILS=""
: > calls.log

apt_calls() { grep -c '^apt-get' calls.log || true; }

# apt's configuration, for ensure_deb_src: a scratch copy, never /etc/apt.
mkdir -p apt/sources.list.d
printf 'Types: deb\nURIs: http://deb.debian.org/debian\nSuites: bookworm\nComponents: main\n' \
  > apt/sources.list.d/debian.sources
export SOFTTICKS_APT_ETC=$ST_WORK/apt

case $case_name in
  all_installed)
    # The whole scripts; install-deps.sh also links /usr/include/asm when
    # missing, which a test must not do to this machine.
    [ -e /usr/include/asm ] || { echo "SKIP: /usr/include/asm missing"; exit 77; }
    echo 'deb-src http://deb.debian.org/debian bookworm main' > apt/sources.list
    bash "$src/scripts/install-deps.sh" > out.log 2>&1 || fail "install-deps.sh: $(cat out.log)"
    bash "$src/docker/install-deps.sh" >> out.log 2>&1 || fail "docker/install-deps.sh: $(cat out.log)"
    [ "$(apt_calls)" = 0 ] || fail "apt-get ran with every package installed: $(cat calls.log)"
    grep -q "install-deps: done" out.log || fail "install-deps.sh did not finish: $(cat out.log)"
    grep -q "docker/install-deps: done" out.log || fail "docker/install-deps.sh did not finish"
    ;;
  some_missing)
    # shellcheck source-path=SCRIPTDIR source=../../scripts/lib/packages.sh
    . "$src/scripts/lib/packages.sh"
    FAKE_MISSING="b" FAKE_UNKNOWN="d" install_packages a b c d > out.log 2>&1 ||
      fail "install_packages: $(cat out.log)"
    [ "$(apt_calls)" = 2 ] || fail "expected apt-get update and install: $(cat calls.log)"
    grep -q '^apt-get -o DPkg::Lock::Timeout=900 update' calls.log || fail "no update: $(cat calls.log)"
    grep -qx 'apt-get -o DPkg::Lock::Timeout=900 install -y -qq --no-install-recommends b d' calls.log ||
      fail "expected an install of b and d only: $(cat calls.log)"
    if [ "$(id -u)" != 0 ]; then
      grep -q '^sudo' calls.log || fail "not root, but apt-get ran without sudo"
    fi
    ;;
  apt_fails)
    # shellcheck source-path=SCRIPTDIR source=../../scripts/lib/packages.sh
    . "$src/scripts/lib/packages.sh"
    if (FAKE_MISSING="a" FAKE_APT_FAILS=1 install_packages a > out.log 2>&1); then
      fail "install_packages succeeded although apt-get failed"
    fi
    ;;
  deb_src)
    # shellcheck source-path=SCRIPTDIR source=../../scripts/lib/packages.sh
    . "$src/scripts/lib/packages.sh"
    if deb_src_configured; then fail "a deb-src entry found where there is only 'Types: deb'"; fi
    ensure_deb_src > out.log 2>&1 || fail "ensure_deb_src: $(cat out.log)"
    grep -qx 'Types: deb-src' apt/sources.list.d/debian-src.sources ||
      fail "no deb-src entry written: $(ls -R apt)"
    grep -q '^apt-get -o DPkg::Lock::Timeout=900 update' calls.log ||
      fail "the lists were not updated after adding the entry: $(cat calls.log)"
    [ "$(apt_calls)" = 1 ] || fail "expected one apt-get call: $(cat calls.log)"
    ensure_deb_src > out.log 2>&1 || fail "ensure_deb_src, second time: $(cat out.log)"
    [ "$(apt_calls)" = 1 ] || fail "apt-get ran again with the entry present: $(cat calls.log)"
    # One-line style, in sources.list: no entry written.
    rm apt/sources.list.d/debian-src.sources
    echo 'deb-src http://deb.debian.org/debian bookworm main' > apt/sources.list
    ensure_deb_src > out.log 2>&1 || fail "ensure_deb_src with sources.list: $(cat out.log)"
    if [ -e apt/sources.list.d/debian-src.sources ] || [ "$(apt_calls)" != 1 ]; then
      fail "an entry added beside sources.list's deb-src line: $(cat calls.log)"
    fi
    ;;
  *) fail "unknown case $case_name" ;;
esac
echo "ok: $case_name"
