#!/bin/sh
# Sets everything up on a fresh Debian 12 machine and runs esched's main job
# on the bundled example: the paper's A x B + C program (examples/axb) is
# extracted, scheduled for minimum energy and rewritten; the scheduled
# program runs and prints its output and the runtime's energy summary.
# Then this machine's platform is detected, and where it has an OpenCL
# device the OpenCL example is scheduled against it and run there.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
"$top/scripts/deps.sh"
"$top/scripts/build.sh" normal
bin="$top/build/bin"
out="$top/build/quickstart"
mkdir -p "$out"
ex="$top/examples/axb"

echo
echo "== esched compile examples/axb/axb.c: extract, schedule, rewrite"
"$bin/esched" compile "$ex/axb.c" --platform silberstein2011 --profile "$ex/profile.yaml" \
  --schedule-out "$out/axb.schedule.yaml" -o "$out/axb.c"
"$bin/esched" report "$out/axb.schedule.yaml"
echo
echo "== the scheduled program (built by esched_add_executable): output, then summary"
"$bin/axb"
echo
echo "== the same source in its gpu-only variant"
"$bin/axb-gpu-only"
echo
echo "== the paper's own Figure 3 graph: the optimum (65) beats hybrid-greedy (70)"
"$bin/esched" schedule "$ex/fig3-graph.yaml" --report

echo
echo "== esched platform --detect: this machine (levels, devices, measured links)"
if "$bin/esched" platform --detect -o "$out/platform.yaml"; then
  cat "$out/platform.yaml"
  if grep -q "kind: opencl" "$out/platform.yaml"; then
    ocl="$top/examples/opencl"
    echo
    echo "== examples/opencl/axb.c scheduled for this machine's platform, then run on it"
    "$bin/esched" compile "$ocl/axb.c" --platform "$out/platform.yaml" \
      --profile "$ocl/profile.yaml" --schedule-out "$out/axb-opencl.schedule.yaml" -o /dev/null
    "$bin/esched" report "$out/axb-opencl.schedule.yaml"
    "$bin/esched-cc" --platform "$out/platform.yaml" --profile "$ocl/profile.yaml" -I"$ocl" \
      "$ocl/axb.c" "$ocl/launchers.c" -o "$out/axb-opencl" -lOpenCL
    ESCHED_OPENCL_PATH="$ocl" "$out/axb-opencl"
  fi
else
  echo "(detection failed: the examples above use the paper's platform)"
fi
