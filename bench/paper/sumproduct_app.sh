#!/bin/sh
# The sum-product application (examples/sumproduct) on every network of DATA:
# BIF networks with their leaves observed at forward-sampled values (seed 1),
# UAI networks with the .evid beside them. Each network runs in every build
# variant under both executors with the shipped profile; at run time each
# variant's algorithm is applied to the deferred tree (energy: tree-dp, time:
# tree-dp for time, cpu-only / gpu-only: single:cpu / single:gpu, greedy:
# hybrid greedy), since the build-time variant does not reach deferred tasks.
# Prints per network the tasks, P(evidence), its relative error against
# brute-force enumeration (networks with at most 1e9 assignments), whether
# all ten runs printed exactly what the unannotated program printed, and the
# serial energy of each variant from the runtime's summary, with the waste of
# the others against the energy variant's. Never fails.
# Usage: bench/paper/sumproduct_app.sh BUILD_DIR [DATA_DIR]
build=${1:-build}
# DATA_DIR defaults to ../shared/data beside the project (the data is not part of it).
data=${2:-$(cd "$(dirname "$0")/../.." && pwd)/../shared/data}
bin=$build/bin
profile=$(cd "$(dirname "$0")/../../examples/sumproduct" && pwd)/profile.yaml
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# runtime settings standing for each variant
settings() {
  case $1 in
    energy) echo "" ;;
    time) echo "ESCHED_OBJECTIVE=time" ;;
    cpu-only) echo "ESCHED_ALGO=single:cpu" ;;
    gpu-only) echo "ESCHED_ALGO=single:gpu" ;;
    greedy) echo "ESCHED_ALGO=greedy" ;;
  esac
}

program() {
  if [ "$1" = energy ]; then echo "$bin/sumproduct"; else echo "$bin/sumproduct-$1"; fi
}

value() { sed -n "s/^$1 = //p" "$2"; }

printf '%-12s %5s %-24s %8s %5s | %-10s %10s %10s %10s %10s | %s\n' network tasks \
  'P(evidence)' 'rel err' same 'energy J' 'time %' 'cpu-only %' 'gpu-only %' 'greedy %' 'on gpu'
for net in "$data"/bn/*.bif.gz "$data"/uai/*.uai; do
  name=$(basename "$net"); name=${name%%.*}
  if [ "${net%.uai}" = "$net" ]; then
    set -- --observe-leaves 1 "$net"
  elif [ -f "$net.evid" ]; then
    set -- "$net" "$net.evid"
  else
    set -- "$net"
  fi
  if ! "$bin/sumproduct-plain" "$@" > "$tmp/plain" 2> "$tmp/err"; then
    printf '%-12s not run: %s\n' "$name" "$(head -1 "$tmp/err")"
    continue
  fi
  rel=-
  if "$bin/sumproduct-plain" --check --enum-limit 1e9 "$@" > "$tmp/check" 2> /dev/null; then
    rel=$(value 'relative error' "$tmp/check")
  fi
  same=yes
  for variant in energy time cpu-only gpu-only greedy; do
    for executor in serial concurrent; do
      env $(settings $variant) ESCHED_EXECUTOR=$executor ESCHED_PROFILE="$profile" ESCHED_PROFILE_OUT=none \
        ESCHED_SUMMARY="$tmp/$variant.$executor" "$(program $variant)" "$@" > "$tmp/out" 2> /dev/null
      cmp -s "$tmp/plain" "$tmp/out" || same=no
    done
    energy=$(sed -n 's/.*energy: serial \([^ ]*\) J.*/\1/p' "$tmp/$variant.serial")
    eval "e_$(echo $variant | tr - _)=\$energy"
  done
  ongpu=$(sed -n 's/.*device gpu: \([0-9]*\) tasks.*/\1/p' "$tmp/energy.serial")
  tasks=$(sed -n 's/^tree: \([0-9]*\) tasks.*/\1/p' "$tmp/plain")
  waste() { awk -v b="$1" -v o="$e_energy" 'BEGIN { printf "%.1f", (b - o) / o * 100 }'; }
  printf '%-12s %5s %-24s %8s %5s | %-10.4g %10s %10s %10s %10s | %s\n' "$name" "$tasks" \
    "$(value 'P(evidence)' "$tmp/plain")" "$rel" "$same" "$e_energy" "$(waste "$e_time")" \
    "$(waste "$e_cpu_only")" "$(waste "$e_gpu_only")" "$(waste "$e_greedy")" "$ongpu"
done
echo "energy: serial executor, silberstein2011 (cpu 90 W, gpu 180 W, 1 GB/s at 140 W), times"
echo "  from examples/sumproduct/profile.yaml (cpu measured on the machine that made it,"
echo "  gpu from the gtx285 model) predicted at each task's size; % = (variant - energy) /"
echo "  energy; same = the 5 variants x 2 executors printed what the unannotated program"
echo "  printed; rel err against enumeration where it has at most 1e9 assignments."
