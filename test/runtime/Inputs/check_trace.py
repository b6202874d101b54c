"""Reads an ESCHED_TRACE file as a trace viewer does (Chrome's trace-event
JSON: the Perfetto and chrome://tracing importers' rules) and checks it:
only known phases; every ts and dur a whole number of nanoseconds, none
negative; slices of one track never overlap; one track per link direction,
holding only that direction's transfers, each named by its data item;
every flow arrow starts inside a transfer and ends inside a task on the
destination device.
Prints one line per track and per flow for FileCheck; exits 1 on a fault.

usage: check_trace.py TRACE.json"""
import json
import sys


def ns(x):
    """x microseconds as integer nanoseconds, or a fault if not whole."""
    v = round(x * 1000)
    if abs(v - x * 1000) > 1e-6:
        fail("timestamp %r is not a whole number of nanoseconds" % x)
    return v


def fail(msg):
    print("fault: " + msg)
    sys.exit(1)


def main():
    trace = json.load(open(sys.argv[1]))
    events = trace["traceEvents"]
    names, slices, flows = {}, {}, {}
    for e in events:
        ph = e.get("ph")
        if ph not in ("M", "X", "s", "f"):
            fail("unknown phase %r" % ph)
        if ph == "M" and e["name"] == "thread_name":
            names[e["tid"]] = e["args"]["name"]
        elif ph == "X":
            if e["ts"] < 0 or e["dur"] < 0:
                fail("%s has a negative ts or dur" % e["name"])
            start = ns(e["ts"])
            slices.setdefault(e["tid"], []).append((start, start + ns(e["dur"]), e))
        elif ph in ("s", "f"):
            flows.setdefault(e["id"], {})[ph] = e
    for tid, v in sorted(slices.items()):
        v.sort(key=lambda s: (s[0], s[1]))
        for a, b in zip(v, v[1:]):
            if b[0] < a[1]:
                fail("slices overlap on %s: %s and %s" % (names[tid], a[2]["name"], b[2]["name"]))
        name = names.get(tid, "?")
        if name.startswith("link "):
            src, dst = name[5:].split(" \u2192 ")
            for _, _, e in v:
                if e["cat"] != "transfer" or e["args"]["from"] != src or e["args"]["to"] != dst:
                    fail("%s holds %s" % (name, e["name"]))
                if "->" in e["name"]:
                    fail("a transfer on %s has no item name" % name)
        kinds = sorted({e["cat"] for _, _, e in v})
        print("track %s: %d %s" % (name, len(v), ",".join(kinds)))

    def inside(tid, t, cat):
        for a, b, e in slices.get(tid, []):
            if e["cat"] == cat and a <= t <= b:
                return e
        return None

    for fid, pair in sorted(flows.items()):
        if set(pair) != {"s", "f"}:
            fail("flow %s lacks an end" % fid)
        src = inside(pair["s"]["tid"], ns(pair["s"]["ts"]), "transfer")
        dst = inside(pair["f"]["tid"], ns(pair["f"]["ts"]), "task")
        if not src or not dst or dst["args"]["device"] != src["args"]["to"]:
            fail("flow %s does not join a transfer to its task" % fid)
        print("flow %s -> %s" % (src["name"], dst["name"]))


main()
