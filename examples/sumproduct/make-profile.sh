#!/bin/sh
# How profile.yaml was made. The CPU's times of the elimination tasks are
# measured by the runtime (ESCHED_PROFILE_OUT; every task on the CPU, three
# runs per network); the GPU's come from the gtx285 model and the clear
# task's are measured by sumproduct-profile (this machine has no GPU; the
# runtime times inline tasks from the build's table). Networks: every one of
# DATA that can be eliminated, BIF ones with their leaves observed (forward
# sample, seed 1), UAI ones with the .evid beside them.
# Usage: examples/sumproduct/make-profile.sh BUILD_DIR [DATA_DIR]
#        (writes examples/sumproduct/profile.yaml)
set -eu
build=$1
data=${2:-/work/shared/data}
out=$(cd "$(dirname "$0")" && pwd)/profile.yaml
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
prof=$tmp/profile.yaml
for net in "$data"/bn/*.bif.gz "$data"/uai/*.uai; do
  if [ "${net%.uai}" = "$net" ]; then
    set -- --observe-leaves 1 "$net"
  elif [ -f "$net.evid" ]; then
    set -- "$net" "$net.evid"
  else
    set -- "$net"
  fi
  ok=yes
  for run in 1 2 3; do
    env -u ESCHED_PROFILE ESCHED_ALGO=single:cpu ESCHED_SUMMARY=none ESCHED_PROFILE_OUT="$prof" \
      "$build/bin/sumproduct" "$@" > /dev/null 2>&1 || ok=no
  done
  if [ $ok = yes ]; then
    "$build/bin/sumproduct-profile" --gpu-model "${GPU_MODEL:-gtx285}" -o "$prof" "$@"
    echo "profiled $(basename "$net")" >&2
  else
    echo "skipped $(basename "$net") (cannot be eliminated here)" >&2
  fi
done
{
  echo "# Task times of sumproduct.c: elim on the cpu measured on this machine by the"
  echo "# runtime (ESCHED_PROFILE_OUT), on the gpu from the ${GPU_MODEL:-gtx285} model (source:"
  echo "# model); clear measured by sumproduct-profile. Sizes: the bytes a task reads"
  echo "# (clear: writes). Made by make-profile.sh; run the example with"
  echo "# ESCHED_PROFILE=profile.yaml."
  cat "$prof"
} > "$out"
