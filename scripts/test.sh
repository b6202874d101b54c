#!/bin/sh
# The test command: installs what is missing, builds, and runs every test
# (ctest runs the unit and property tests and each lit test).
# Usage: scripts/test.sh [normal|asan|tsan|fuzz]   (default normal; fuzz runs
# each libFuzzer target of test/fuzz for a few seconds, its corpus first)
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
config=${1:-normal}
"$top/scripts/deps.sh"
"$top/scripts/build.sh" "$config"
case "$config" in
  normal) dir=build ;;
  asan)   dir=build-asan ;;
  tsan)   dir=build-tsan ;;
  fuzz)   dir=build-fuzz ;;
esac
jobs=$(nproc 2>/dev/null || echo 2)
cd "$top/$dir"
ctest -j "$jobs" --output-on-failure
