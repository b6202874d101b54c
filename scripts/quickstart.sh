#!/bin/sh
# Sets everything up on a fresh Debian 12 machine and runs esched's main job
# on the bundled example: schedule the A x B + C task graph of Silberstein
# 2011 (Figure 3) for minimum energy and print the energy table.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
"$top/scripts/deps.sh"
"$top/scripts/build.sh" normal
esched="$top/build/bin/esched"
echo
echo "== esched schedule examples/axb/graph.yaml --report"
"$esched" schedule "$top/examples/axb/graph.yaml" --report
