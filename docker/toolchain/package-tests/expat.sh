#!/bin/sh
# Expat's own test suite (tests/runtests and runtests_cxx: some 700 cases
# of the parser), which bookworm's debian/rules builds but does not run.
# Run by rebuild-package.sh as the build user in the built source tree;
# debian/rules configures the narrow-character library in build/ (the one
# libexpat1 ships) with Debian's flags.
set -eu
make -C build check
