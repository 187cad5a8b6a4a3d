#!/bin/sh
# What a package's settings directory (docker/glibc/ is glibc's, installed
# as package-settings/SRC/) asks of its rebuild, as rebuild-package.sh
# passes it to dpkg-buildpackage:
#   package-settings.sh options DIR JOBS   DEB_BUILD_OPTIONS: parallel=JOBS and
#                                          the words of DIR/deb-build-options
#   package-settings.sh profiles DIR       DEB_BUILD_PROFILES: DIR/build-profiles
# Both files are optional, hold words separated by blanks or newlines, and
# may carry # comments.  A word outside [A-Za-z0-9=_.,+-], or a parallel=
# (the job count is the image build's), is an error: it would otherwise
# reach debian/rules unnoticed.
set -eu
usage() { echo "usage: $0 options DIR JOBS | profiles DIR" >&2; exit 2; }
[ $# -ge 2 ] || usage
what=$1 dir=$2
[ -d "$dir" ] || { echo "package-settings: $dir is not a directory" >&2; exit 1; }

# The words of FILE (none if it is missing), one per line.
words() {
  [ -f "$1" ] || return 0
  sed -e 's/#.*//' "$1" | tr -s ' \t\n' '\n\n\n' | sed -e '/^$/d' |
    while read -r word; do
      case $word in
        *[!A-Za-z0-9=_.,+-]*) echo "package-settings: $1: bad word '$word'" >&2; exit 1 ;;
        parallel=*) echo "package-settings: $1: $word: the job count is the build's" >&2; exit 1 ;;
      esac
      echo "$word"
    done
}

# The lines of $1 (command-substituted: no final newline) joined by blanks.
one_line() { printf '%s' "$1" | tr '\n' ' '; }

case $what in
  options)
    [ $# = 3 ] || usage
    case $3 in '' | *[!0-9]* | 0) echo "package-settings: bad job count '$3'" >&2; exit 1 ;; esac
    list=$(words "$dir/deb-build-options")
    echo "parallel=$3${list:+ }$(one_line "$list")"
    ;;
  profiles)
    [ $# = 2 ] || usage
    list=$(words "$dir/build-profiles")
    one_line "$list"
    echo
    ;;
  *) usage ;;
esac
