#!/bin/sh
# Installs the Debian packages esched needs, only those that are missing.
# Sourced by quickstart.sh and test.sh; safe to run on its own. Uses sudo
# when not root. Debian 12 (bookworm) is the baseline: LLVM 14.
# `deps.sh images` also installs what scripts/make-images.sh draws with
# (Graphviz, librsvg, headless Chromium, fonts).
set -eu

ESCHED_PACKAGES="
  build-essential
  cmake
  pkg-config
  python3
  python3-yaml
  clang
  clang-14
  libclang-rt-14-dev
  libclang-dev
  libiberty-dev
  llvm-14
  llvm-14-tools
  libyaml-dev
  libglpk-dev
  libxml2-dev
  libjson-c-dev
  zlib1g-dev
  libstarpu-dev
  help2man
  opencl-c-headers
  libstarpumpi-1.3-3
  openmpi-bin
  libopenmpi-dev
  ocl-icd-opencl-dev
  pocl-opencl-icd
"

if [ "${1:-}" = images ]; then
  ESCHED_PACKAGES="$ESCHED_PACKAGES graphviz librsvg2-bin chromium fonts-dejavu-core"
fi

missing=""
for p in $ESCHED_PACKAGES; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing="$missing $p"
  fi
done

if [ -n "$missing" ]; then
  echo "esched: installing Debian packages:$missing"
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends $missing
fi
