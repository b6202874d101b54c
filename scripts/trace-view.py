#!/usr/bin/env python3
"""Draws an ESCHED_TRACE file (Chrome trace-event JSON) as a timeline page,
for machines without a trace viewer: Perfetto's UI and Chrome's
chrome://tracing are served from the internet or built into Chrome, and
neither comes with Debian. The page reads the file by the viewers' rules:
"M" thread_name and thread_sort_index events name and order the tracks,
"X" events are slices (ts and dur in microseconds), "s"/"f" events with one
id are flow arrows bound to the slices that enclose them. One row per track,
slices coloured by category with their names inside when they fit, flow
arrows from each transfer to the task it feeds, a time axis in
microseconds. scripts/make-images.sh screenshots it with headless Chromium.

usage: trace-view.py TRACE.json OUT.html"""
import html
import json
import math
import sys

LEFT, WIDTH, ROW, TOP = 150, 1100, 26, 46
FILL = {"task": "#2c6fb0", "transfer": "#e0705a", "stream": "#3b9a5a", "skip": "#bbbbbb"}


def tracks(events):
    """Track names and order: thread_name and thread_sort_index by tid."""
    name, order = {}, {}
    for e in events:
        if e.get("ph") == "M" and e["name"] == "thread_name":
            name[e["tid"]] = e["args"]["name"]
        elif e.get("ph") == "M" and e["name"] == "thread_sort_index":
            order[e["tid"]] = e["args"]["sort_index"]
    tids = {e["tid"] for e in events if e.get("ph") == "X"} | set(name)
    return sorted(tids, key=lambda t: (order.get(t, t), t)), name


def ticks(end):
    raw = end / 10 if end > 0 else 1
    step = 10 ** math.floor(math.log10(raw))
    step *= 5 if raw / step >= 5 else 2 if raw / step >= 2 else 1
    return [i * step for i in range(int(end / step + 1e-9) + 1)]


def render(trace, title):
    events = trace["traceEvents"]
    order, names = tracks(events)
    row = {t: i for i, t in enumerate(order)}
    slices = [e for e in events if e.get("ph") == "X"]
    end = max([e["ts"] + e["dur"] for e in slices] + [0])
    x = lambda t: LEFT + (t / end if end else 0) * WIDTH
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" '
           'font-family="sans-serif" font-size="11">' % (LEFT + WIDTH + 30, TOP + ROW * len(order) + 50),
           '<rect width="100%" height="100%" fill="#fff"/>',
           '<defs><marker id="a" markerWidth="7" markerHeight="7" refX="6" refY="3.5" '
           'orient="auto"><path d="M0,0 L7,3.5 L0,7 z" fill="#333"/></marker></defs>',
           '<text x="%d" y="22" font-size="14">%s</text>' % (LEFT, html.escape(title))]
    for t in order:
        y = TOP + row[t] * ROW
        out.append('<rect x="%d" y="%d" width="%d" height="%d" fill="%s"/>'
                   % (LEFT, y, WIDTH, ROW - 2, "#f4f4f4" if row[t] % 2 else "#fafafa"))
        out.append('<text x="%d" y="%d" text-anchor="end">%s</text>'
                   % (LEFT - 8, y + ROW / 2 + 4, html.escape(names.get(t, "tid %d" % t))))
    for e in slices:
        y, x0 = TOP + row[e["tid"]] * ROW + 2, x(e["ts"])
        w = max(x(e["ts"] + e["dur"]) - x0, 1.5)
        tip = "%s [%s us, +%s us] %s" % (e["name"], e["ts"], e["dur"], json.dumps(e.get("args", {})))
        out.append('<rect x="%.2f" y="%d" width="%.2f" height="%d" fill="%s" stroke="#fff">'
                   '<title>%s</title></rect>' % (x0, y, w, ROW - 6, FILL.get(e.get("cat"), "#888"),
                                                 html.escape(tip)))
        if w > 7 * len(e["name"]) + 4:
            out.append('<text x="%.2f" y="%d" text-anchor="middle" fill="#fff">%s</text>'
                       % (x0 + w / 2, y + ROW / 2 + 1, html.escape(e["name"])))
    flows = {}
    for e in events:
        if e.get("ph") in ("s", "f"):
            flows.setdefault(e["id"], {})[e["ph"]] = e
    for pair in flows.values():
        if "s" in pair and "f" in pair:
            a, b = pair["s"], pair["f"]
            out.append('<line x1="%.2f" y1="%d" x2="%.2f" y2="%d" stroke="#333" '
                       'stroke-width="1.2" marker-end="url(#a)"/>'
                       % (x(a["ts"]), TOP + row[a["tid"]] * ROW + ROW / 2,
                          x(b["ts"]), TOP + row[b["tid"]] * ROW + ROW / 2))
    y = TOP + ROW * len(order)
    out.append('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#000"/>' % (LEFT, y, LEFT + WIDTH, y))
    for t in ticks(end):
        out.append('<line x1="%.2f" y1="%d" x2="%.2f" y2="%d" stroke="#000"/>'
                   '<text x="%.2f" y="%d" text-anchor="middle">%g</text>' % (x(t), y, x(t), y + 5, x(t), y + 18, t))
    out.append('<text x="%d" y="%d" text-anchor="end">time (us)</text>' % (LEFT + WIDTH, y + 36))
    out.append("</svg>")
    return "\n".join(out)


def main():
    trace = json.load(open(sys.argv[1]))
    process = next((e["args"]["name"] for e in trace["traceEvents"]
                    if e.get("ph") == "M" and e["name"] == "process_name"), "trace")
    page = ("<!doctype html><html><head><meta charset=\"utf-8\"><title>%s</title></head>"
            "<body style=\"margin:0\">%s</body></html>\n" % (html.escape(process), render(trace, process)))
    open(sys.argv[2], "w").write(page)


main()
