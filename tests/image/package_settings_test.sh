#!/bin/sh
# docker/toolchain/package-settings.sh on the host, quick and not gated
# (test image_package_settings): the word lists a package rebuild in the
# image takes from its settings directory, comments and blanks dropped,
# and clear failures on words that would reach debian/rules unnoticed.
#   package_settings_test.sh SCRIPT GLIBC_SETTINGS_DIR WORKDIR
set -eu
script=$1 glibc=$2 work=$3
fail() { echo "FAIL: $*" >&2; exit 1; }
rm -rf "$work"
mkdir -p "$work/empty" "$work/commented" "$work/bad" "$work/parallel"
cd "$work"

# glibc's own settings: nocheck (docker/glibc/README.md says why) and the
# nobiarch profile.
opts=$(sh "$script" options "$glibc" 2)
case " $opts " in *" nocheck "*) ;; *) fail "glibc: no nocheck in '$opts'" ;; esac
case $opts in "parallel=2 "*) ;; *) fail "glibc: '$opts' does not start with parallel=2" ;; esac
[ "$(sh "$script" profiles "$glibc")" = nobiarch ] || fail "glibc: profiles '$(sh "$script" profiles "$glibc")'"
echo "ok: glibc: DEB_BUILD_OPTIONS='$opts'"

# No files: only the job count, no profile.
[ "$(sh "$script" options "$work/empty" 4)" = parallel=4 ] || fail "empty: '$(sh "$script" options "$work/empty" 4)'"
[ -z "$(sh "$script" profiles "$work/empty")" ] || fail "empty: a profile"

# Comments, tabs, several lines and blank lines.
printf '# why\nnocheck   nodoc # trailing\n\n\tterse\n' > "$work/commented/deb-build-options"
printf 'nobiarch\n# a comment\nnoudeb pkg.glibc.x\n' > "$work/commented/build-profiles"
got=$(sh "$script" options "$work/commented" 3)
[ "$got" = "parallel=3 nocheck nodoc terse" ] || fail "commented options: '$got'"
got=$(sh "$script" profiles "$work/commented")
[ "$got" = "nobiarch noudeb pkg.glibc.x" ] || fail "commented profiles: '$got'"
echo "ok: comments and blanks dropped"

# Refused: a word with a shell or make metacharacter, a parallel= of its
# own, a bad job count.  Each names what is wrong.
printf 'nocheck\nnoopt;rm\n' > "$work/bad/deb-build-options"
if sh "$script" options "$work/bad" 2 > out 2> err; then fail "bad word accepted: $(cat out)"; fi
grep -q "bad word 'noopt;rm'" err || fail "bad word: $(cat err)"
printf 'parallel=8\n' > "$work/parallel/deb-build-options"
if sh "$script" options "$work/parallel" 2 > out 2> err; then fail "parallel= accepted: $(cat out)"; fi
grep -q "parallel=8" err || fail "parallel=: $(cat err)"
for jobs in 0 x ''; do
  if sh "$script" options "$work/empty" "$jobs" > out 2> err; then fail "job count '$jobs' accepted"; fi
done
if sh "$script" options "$work/missing" 2 > out 2> err; then fail "a missing directory accepted"; fi
rm -f out err
echo "ok: bad words, parallel= and bad job counts refused"
