#!/usr/bin/env bash
# Installs what building and exporting the image needs on the Debian 12
# host, besides scripts/install-deps.sh (which builds softticks itself).
# Does not call apt-get when every package is installed.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=../scripts/lib/packages.sh
. "$(dirname "$0")/../scripts/lib/packages.sh"
install_packages mmdebstrap umoci skopeo python3
echo "docker/install-deps: done"
