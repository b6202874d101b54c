"""Checks a trace of a serial run (one thread does everything): its task
and transfer slices, on whatever tracks, never overlap in time. Prints
'N slices, disjoint' or the first overlap."""
import json
import sys

events = [e for e in json.load(open(sys.argv[1]))["traceEvents"] if e.get("ph") == "X"]
events.sort(key=lambda e: e["ts"])
for a, b in zip(events, events[1:]):
    if a["dur"] < 0 or a["ts"] + a["dur"] > b["ts"] + 1e-3:  # the file rounds to ns
        print("overlap: %s [%g, +%g] and %s at %g" % (a["name"], a["ts"], a["dur"], b["name"], b["ts"]))
        sys.exit(1)
print("%d slices, disjoint" % len(events))
