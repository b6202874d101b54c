#!/bin/sh
# Makes the pictures in docs/images/ from this checkout's build, as a user
# would make them:
#   gantt-energy.png  esched report --gantt of the energy schedule a build
#                     compiles (examples/hostcode): the runtime's serial and
#                     concurrent timelines, a row per link direction
#   schedule-dot.png  esched report --dot of the same schedule (Graphviz)
#   trace.png         the program's ESCHED_TRACE under the concurrent
#                     executor, drawn by scripts/trace-view.py and
#                     screenshot by headless Chromium (Perfetto's UI and
#                     chrome://tracing are not available offline)
# Usage: scripts/make-images.sh   (installs its tools: scripts/deps.sh images)
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
"$top/scripts/deps.sh" images
"$top/scripts/build.sh" > /dev/null
bin=$top/build/bin
src=$top/examples/hostcode
out=$top/docs/images
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$out"

# The schedule the build compiles, and its graph.
"$bin/esched" extract "$src/hostcode.c" -o "$work/graph.yaml"
"$bin/esched" compile "$src/hostcode.c" --profile "$src/profile.yaml" \
  --schedule-out "$work/schedule.yaml" -o "$work/hostcode.sched.c" 2> /dev/null
"$bin/esched" report "$work/schedule.yaml" --graph "$work/graph.yaml" \
  --gantt "$work/gantt.svg" --dot "$work/schedule.dot" > /dev/null
rsvg-convert --background-color=white "$work/gantt.svg" -o "$out/gantt-energy.png"
dot -Tpng -Gdpi=96 "$work/schedule.dot" -o "$out/schedule-dot.png"

# The program itself, built with esched-cc, run with a trace.
"$bin/esched-cc" --profile "$src/profile.yaml" -O2 "$src/hostcode.c" -o "$work/hostcode"
ESCHED_EXECUTOR=concurrent ESCHED_TRACE="$work/trace.json" "$work/hostcode" > /dev/null 2>&1
python3 "$top/scripts/trace-view.py" "$work/trace.json" "$work/trace.html"
chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1290,240 \
  --screenshot="$out/trace.png" "file://$work/trace.html" > /dev/null 2>&1
echo "esched: wrote $out/gantt-energy.png, $out/schedule-dot.png, $out/trace.png"
