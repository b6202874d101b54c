#!/bin/sh
# Sets everything up on a fresh Debian 12 machine and runs esched's main job
# on the bundled example: the paper's A x B + C program (examples/axb) is
# extracted, scheduled for minimum energy and rewritten; the scheduled
# program runs and prints its output and the runtime's energy summary.
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
