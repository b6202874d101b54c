#!/bin/sh
# Long fuzzing: runs each fuzz target of test/fuzz (or the ones named) for
# SECONDS or RUNS executions, one after another, each on one core (-jobs=1:
# the machine is shared). New inputs go to build-fuzz/fuzz/found/TARGET, crashes to
# build-fuzz/fuzz/crashes/TARGET/; a crash stops that target. Prints, per
# target, its executions, seconds and crashes. Every crash found belongs in
# test/fuzz/regressions/TARGET/ with a lit test of its diagnostic.
# Usage: scripts/fuzz.sh [-t SECONDS | -n RUNS] [TARGET...]
#        (default: 600 seconds each, every target)
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
limit=-max_total_time=600
case "${1:-}" in
  -t) limit=-max_total_time=$2; shift 2 ;;
  -n) limit=-runs=$2; shift 2 ;;
esac
"$top/scripts/build.sh" fuzz
fuzz="$top/build-fuzz/fuzz"
targets=${*:-$(cd "$fuzz" && ls *.args | sed 's/\.args$//')}
status=0
for t in $targets; do
  mkdir -p "$fuzz/crashes/$t"
  log="$fuzz/$t.log"
  old_ifs=$IFS
  IFS='
'
  # shellcheck disable=SC2046 # one argument per line of the .args file
  set -- $(cat "$fuzz/$t.args")
  IFS=$old_ifs
  start=$(date +%s)
  rc=0
  # -jobs=1 runs the fuzzer in a child whose log is fuzz-0.log (in $fuzz).
  (cd "$fuzz" && rm -f fuzz-0.log &&
   "$top/build-fuzz/bin/fuzz_$t" "$limit" -jobs=1 -workers=1 \
     -artifact_prefix="$fuzz/crashes/$t/" "$@" > "$log.parent" 2>&1) || rc=$?
  cat "$log.parent" "$fuzz/fuzz-0.log" > "$log" 2>/dev/null || true
  rm -f "$log.parent" "$fuzz/fuzz-0.log"
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  crashes=$(ls "$fuzz/crashes/$t" | wc -l)
  printf '%-12s %12s executions %6d s %3d crashes\n' "$t" "${runs:-?}" \
    $(($(date +%s) - start)) "$crashes"
  [ "$rc" -eq 0 ] && [ "$crashes" -eq 0 ] || status=1
done
exit $status
