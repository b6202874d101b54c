"""Checks that the legend of esched report --dot, as Graphviz lays it out,
overlaps no node, edge or edge label.

  dot -Tjson G.dot | python3 dot_legend_apart.py

The legend is the root graph's label (its box from lp, lwidth, lheight), or
in older reports a cluster named cluster_legend (its bb). Prints "apart" or
each thing that overlaps it, and exits 1 then.
"""
import json
import sys


def floats(text):
    return [float(v) for v in text.replace(",", " ").split()]


def legend_box(g):
    for o in g.get("objects", []):
        if o.get("name") == "cluster_legend":
            return floats(o["bb"]), {i for i in o.get("nodes", [])}
    x, y = floats(g["lp"])
    w, h = float(g["lwidth"]) * 72, float(g["lheight"]) * 72
    return [x - w / 2, y - h / 2, x + w / 2, y + h / 2], set()


def inside(box, x, y, pad=0):
    return box[0] - pad <= x <= box[2] + pad and box[1] - pad <= y <= box[3] + pad


def main():
    g = json.load(sys.stdin)
    box, own = legend_box(g)
    bad = []
    for i, o in enumerate(g.get("objects", [])):
        if "pos" in o and i not in own:
            x, y = floats(o["pos"])
            w, h = float(o["width"]) * 36, float(o["height"]) * 36
            if box[0] < x + w and x - w < box[2] and box[1] < y + h and y - h < box[3]:
                bad.append("node " + o["name"])
    for e in g.get("edges", []):
        points = [floats(p) for p in e.get("pos", "").replace("e,", "").split()
                  if "," in p]
        if "lp" in e:
            points.append(floats(e["lp"]))
        if any(inside(box, p[0], p[1]) for p in points if len(p) == 2):
            bad.append("edge %s" % e.get("label", e["_gvid"]))
    print("\n".join("overlaps the legend: " + b for b in bad) if bad else "apart")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
