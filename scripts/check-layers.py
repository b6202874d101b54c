#!/usr/bin/env python3
"""Checks esched's layering (docs/DESIGN.md, "Rooms and layering").

  check-layers.py [--src DIR] [--build DIR] [--probe]

A unit is a source file together with the header of the same name beside it
(walk.c + walk.h). Unit A depends on unit B when a file of A includes B's
header or, given --build, when A's object file uses a symbol that B's object
defines (nm), which also sees calls made through a declaration that some
third header holds. The check fails when

  - units depend on each other in a circle (a cycle in the unit graph), or
  - rooms (the folders units live in) do, which means a lower room reaches
    into an upper one, or
  - with --probe, a file compiled with the flags of the lowest room
    (scheduler/base) can include a header of the highest scheduler room
    (scheduler/plan), or can no longer include its own.

Each cycle is printed with the includes and symbols that make it, so the
message says what to move. Exit status: 0 clean, 1 a violation, 2 misuse.
"""
import argparse
import collections
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

PARTS = ("annotations", "scheduler", "pass", "runtime-stub")
INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)


def sources(src):
    """Every .c and .h of the four parts, as paths relative to src."""
    for part in PARTS:
        for root, _, files in os.walk(os.path.join(src, part)):
            for f in files:
                if f.endswith((".c", ".h")):
                    yield os.path.relpath(os.path.join(root, f), src)


def unit_of(path):
    return os.path.splitext(path)[0]


def resolve(src, including, name, known):
    """The file an include names: beside the including file, else from the
    project's root (rooms include "scheduler/model/graph.h"), else a public
    header (include/ folders). None for headers outside the project."""
    beside = os.path.normpath(os.path.join(os.path.dirname(including), name))
    if beside in known:
        return beside
    if name in known:
        return name
    for k in known:
        if k.endswith("/include/" + name):
            return k
    return None


def include_edges(src, files):
    known = set(files)
    edges = collections.defaultdict(lambda: collections.defaultdict(list))
    for f in files:
        with open(os.path.join(src, f), encoding="utf-8", errors="replace") as fh:
            text = fh.read()
        for name in INCLUDE.findall(text):
            target = resolve(src, f, name, known)
            if target and unit_of(target) != unit_of(f):
                edges[unit_of(f)][unit_of(target)].append("includes " + name)
    return edges


def object_units(build, src):
    """Object files of the parts' libraries, each with its unit."""
    for root, _, files in os.walk(build):
        for f in files:
            m = re.search(r"CMakeFiles/[^/]+\.dir/(.*)\.c\.o$", os.path.join(root, f))
            if not m:
                continue
            target_dir = os.path.relpath(root.split("/CMakeFiles/")[0], build)
            unit = os.path.normpath(os.path.join(target_dir, m.group(1)))
            if unit.split("/")[0] in PARTS and os.path.exists(os.path.join(src, unit + ".c")):
                yield os.path.join(root, f), unit


def symbol_edges(build, src, edges):
    defined, used = {}, collections.defaultdict(set)
    for obj, unit in object_units(build, src):
        out = subprocess.run(["nm", obj], capture_output=True, text=True, check=True).stdout
        for line in out.splitlines():
            fields = line.split()
            if len(fields) == 3 and fields[1] in "TDBRC":
                defined.setdefault(fields[2], unit)
            elif len(fields) == 2 and fields[0] == "U":
                used[unit].add(fields[1])
    for unit, syms in used.items():
        for s in sorted(syms):
            owner = defined.get(s)
            if owner and owner != unit:
                edges[unit][owner].append("calls " + s)


def cycles(nodes, edges):
    """Strongly connected components of more than one node (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges.get(v, {}):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(nodes):
        if v not in index:
            visit(v)
    return out


def report(kind, comps, edges):
    for comp in comps:
        print(f"check-layers: error: {kind} in a circle: {', '.join(comp)}")
        for a in comp:
            for b in sorted(edges.get(a, {})):
                if b in comp:
                    why = sorted(set(edges[a][b]))
                    more = f", and {len(why) - 3} more" if len(why) > 3 else ""
                    print(f"  {a} -> {b}: {', '.join(why[:3])}{more}")


def probe(build):
    """A file of scheduler/base compiled with that room's flags must fail on
    an upper room's header and succeed on its own."""
    with open(os.path.join(build, "compile_commands.json")) as fh:
        commands = json.load(fh)
    entry = next((c for c in commands if c["file"].endswith("scheduler/base/vec.c")), None)
    if not entry:
        print("check-layers: error: no compile command for scheduler/base/vec.c")
        return False
    args = entry.get("arguments") or entry["command"].split()
    tmp = tempfile.mkdtemp(prefix="esched-layers-")
    try:
        results = {}
        for header in ("scheduler/base/vec.h", "scheduler/plan/plan.h"):
            probe_c = os.path.join(tmp, "probe.c")
            with open(probe_c, "w") as fh:
                fh.write(f'#include "{header}"\nint probe_unused;\n')
            cmd = []
            skip = False
            for a in args:
                if skip:
                    skip = False
                    continue
                if a in ("-o", "-c"):
                    skip = a == "-o"
                    continue
                if a == entry["file"] or a.endswith("scheduler/base/vec.c"):
                    continue
                cmd.append(a)
            cmd += ["-fsyntax-only", probe_c]
            r = subprocess.run(cmd, cwd=entry["directory"], capture_output=True, text=True)
            results[header] = r
        ok = True
        if results["scheduler/base/vec.h"].returncode != 0:
            print("check-layers: error: scheduler/base cannot include its own header:")
            print(results["scheduler/base/vec.h"].stderr)
            ok = False
        if results["scheduler/plan/plan.h"].returncode == 0:
            print("check-layers: error: scheduler/base can include scheduler/plan/plan.h")
            ok = False
        else:
            first = results["scheduler/plan/plan.h"].stderr.strip().splitlines()[:1]
            print("check-layers: a lower room including an upper header fails to compile: "
                  + (first[0] if first else "(no message)"))
        return ok
    finally:
        shutil.rmtree(tmp)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--src", default=os.path.join(os.path.dirname(__file__), ".."))
    ap.add_argument("--build", help="a build folder: also check symbols (nm)")
    ap.add_argument("--probe", action="store_true", help="also try a forbidden include")
    o = ap.parse_args()
    src = os.path.abspath(o.src)
    files = sorted(sources(src))
    if not files:
        print(f"check-layers: error: no sources under {src}")
        return 2
    edges = include_edges(src, files)
    if o.build:
        symbol_edges(os.path.abspath(o.build), src, edges)
    units = {unit_of(f) for f in files}
    unit_cycles = cycles(units, edges)
    room_edges = collections.defaultdict(lambda: collections.defaultdict(list))
    for a, targets in edges.items():
        for b, why in targets.items():
            ra, rb = os.path.dirname(a), os.path.dirname(b)
            if ra != rb:
                room_edges[ra][rb] += [f"{os.path.basename(a)} {w}" for w in why]
    room_cycles = cycles({os.path.dirname(u) for u in units}, room_edges)
    report("units", unit_cycles, edges)
    report("rooms", room_cycles, room_edges)
    ok = not unit_cycles and not room_cycles
    if o.probe and o.build:
        ok = probe(os.path.abspath(o.build)) and ok
    nrooms = len({os.path.dirname(u) for u in units})
    if ok:
        print(f"check-layers: {len(units)} units in {nrooms} rooms, no cycles")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
