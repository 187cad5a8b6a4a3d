#!/usr/bin/env bash
# Installs what building and exporting the image needs on the Debian 12
# host, besides scripts/install-deps.sh (which builds softticks itself).
set -euo pipefail
sudo=""
if [ "$(id -u)" != 0 ]; then sudo=sudo; fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get -o DPkg::Lock::Timeout=900 install -y -qq --no-install-recommends \
  mmdebstrap umoci skopeo python3 >/dev/null
echo "docker/install-deps: done"
