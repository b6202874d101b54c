#!/bin/sh
# The energy of esched's plan against StarPU dmda's placement on the
# sum-product trees of ../shared/data's networks (bench/starpu_energy.c).
# Usage: bench/starpu_energy.sh BUILD_DIR [DATA_DIR] [--platform P]
build=${1:-build}
# DATA_DIR defaults to ../shared/data beside the project (the data is not part of it).
data=${2:-$(cd "$(dirname "$0")/../.." && pwd)/../shared/data}
if [ $# -ge 2 ]; then shift 2; else shift $#; fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for net in "$data"/bn/*.bif.gz; do
  name=$(basename "$net" .bif.gz)
  "$build/bin/esched" gen sumproduct --bif "$net" -o "$tmp/$name.yaml" 2>/dev/null
done
for net in "$data"/uai/*.uai; do
  name=$(basename "$net" .uai)
  evid=""
  [ -f "$net.evid" ] && evid="--evidence $net.evid"
  "$build/bin/esched" gen sumproduct --uai "$net" $evid -o "$tmp/$name.yaml" 2>/dev/null
done
exec "$build/bin/bench_starpu_energy" "$@" "$tmp"/*.yaml
