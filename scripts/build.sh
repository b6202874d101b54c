#!/bin/sh
# Configures and builds esched in build/ (or build-asan/, build-tsan/ for the
# sanitizer configurations, build-fuzz/ for the libFuzzer targets of
# test/fuzz, built with clang-14 and nothing else).
# Usage: scripts/build.sh [normal|asan|tsan|fuzz]
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
config=${1:-normal}
case "$config" in
  normal) dir=build;      flags="" ;;
  asan)   dir=build-asan; flags="-DESCHED_SANITIZE=ON" ;;
  tsan)   dir=build-tsan; flags="-DESCHED_TSAN=ON" ;;
  fuzz)   dir=build-fuzz
          flags="-DESCHED_FUZZ=ON -DCMAKE_C_COMPILER=clang-14 -DESCHED_BUILD_TESTS=OFF
                 -DESCHED_BUILD_EXAMPLES=OFF -DESCHED_BUILD_BENCH=OFF" ;;
  *) echo "usage: $0 [normal|asan|tsan|fuzz]" >&2; exit 2 ;;
esac
jobs=$(nproc 2>/dev/null || echo 2)
cmake -S "$top" -B "$top/$dir" -DESCHED_WERROR=ON $flags > /dev/null
cmake --build "$top/$dir" -j "$jobs"
