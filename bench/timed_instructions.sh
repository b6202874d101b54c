#!/bin/sh
# The timed schedulers' work per task counted in instructions (callgrind),
# which, unlike CPU time, neither the caches nor the machine's neighbours
# move: a growth exponent of the algorithm itself, beside the time's that
# bench_timed prints (goal for both: <= 1.1 from 10^4 to 10^5 tasks).
# Counted: the instructions in es_algorithm_run (in es_timed_validate for
# "validate") while bench_timed runs its sizes 10^3..10^MAX_EXP on GRAPHS
# graphs each (bench_timed -g; default 5), three calls a graph; a size's
# count is the difference of the runs to it and to the size before. Slow:
# about 4 minutes per algorithm and graph at MAX_EXP 5.
# Usage: [GRAPHS=G] bench/timed_instructions.sh [BUILD_DIR [MAX_EXP [ALGO...]]]
build=${1:-build}
max=${2:-5}
if [ $# -ge 2 ]; then shift 2; else shift $#; fi
algos=${*:-heft ceft cpop dps hnpd easef validate}
graphs=${GRAPHS:-5}
command -v valgrind >/dev/null || { echo "needs valgrind (apt-get install valgrind)" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# count ALGO EXP: the instructions of ALGO's calls at sizes 10^3..10^EXP
# (bench_timed measures each size in a child process: one file per pid).
count() {
  fn=es_algorithm_run
  [ "$1" = validate ] && fn=es_timed_validate
  valgrind --tool=callgrind --toggle-collect=$fn --callgrind-out-file="$tmp/$1.$2.%p" \
    "$build/bin/bench_timed" -g "$graphs" "$2" 16 "$1" >/dev/null 2>&1 || return 1
  cat "$tmp/$1.$2".* | awk '/^summary:/ { n += $2 } END { printf "%.0f\n", n }'
}

printf '%-9s' algorithm
e=3
while [ $e -le "$max" ]; do printf '%16s' "instr/task 10^$e"; e=$((e + 1)); done
printf '%10s\n' growth
for a in $algos; do
  printf '%-9s' "$a"
  before=0 prev=0 e=3 n=1000
  while [ $e -le "$max" ]; do
    total=$(count "$a" $e) || { echo " bench_timed failed"; continue 2; }
    here=$((total - before))
    awk -v c="$here" -v n=$n -v g="$graphs" 'BEGIN { printf "%16.0f", c / (3 * g * n) }'
    [ $e -eq "$max" ] && [ "$prev" -gt 0 ] &&
      awk -v c="$here" -v p="$prev" 'BEGIN { printf "%10.2f", log(c / p) / log(10) }'
    before=$total prev=$here e=$((e + 1)) n=$((n * 10))
  done
  echo
done
echo "growth: exponent from 10^$((max - 1)) to 10^$max tasks (goal <= 1.1)"
