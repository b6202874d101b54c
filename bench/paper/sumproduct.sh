#!/bin/sh
# Silberstein 2011 Tables 1-3 on every network of ../shared/data (bench/paper/sumproduct.c).
# Usage: bench/paper/sumproduct.sh BUILD_DIR [DATA_DIR] [bench options...]
# e.g.   bench/paper/sumproduct.sh build ../shared/data --gpu-model gtx285 --gpu-model h100
build=${1:-build}
# DATA_DIR defaults to ../shared/data beside the project (the data is not part of it).
data=${2:-$(cd "$(dirname "$0")/../.." && pwd)/../shared/data}
shift 2 2>/dev/null || shift $#
exec "$build/bin/bench_sumproduct" "$@" "$data"/bn/*.bif.gz "$data"/uai/*.uai
