#!/bin/sh
# Runs a command COUNT times and compares what it prints on stdout, and its
# exit status (0), with EXPECTED each time: for races that show in some runs
# only. Names each run that differed on stderr; fails when one did.
# Usage: sh repeat-same.sh COUNT EXPECTED COMMAND [ARG...]
count=$1 expected=$2
shift 2
bad=0 i=0
while [ "$i" -lt "$count" ]; do
  i=$((i + 1))
  out=$("$@" 2>/dev/null)
  rc=$?
  if [ "$rc" -ne 0 ] || [ "$out" != "$(cat "$expected")" ]; then
    bad=$((bad + 1))
    echo "run $i: exit $rc: $out" >&2
  fi
done
if [ "$bad" -ne 0 ]; then
  echo "$bad of $count runs differed from $expected" >&2
  exit 1
fi
