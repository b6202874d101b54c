#!/usr/bin/env python3
"""The extract benchmark (README.md): wall time of `esched extract` against
`clang -fsyntax-only` of the same LLVM on the same translation unit with the
same flags, median of several interleaved runs, and their ratio. Prints
figures only; never fails on slowness."""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def wall(cmd):
    start = time.perf_counter()
    proc = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - start
    if proc.returncode != 0:
        sys.stderr.write("bench: '%s' failed:\n%s" % (" ".join(cmd), proc.stderr.decode()))
        return None
    return elapsed


def measure(name, path, flags, args, out):
    """Runs both tools args.runs times, alternating, after one warm-up each."""
    peers = {
        "clang -fsyntax-only": [args.clang, "-fsyntax-only"] + flags + [path],
        "esched extract": [args.esched, "extract", path, "-o", out, "--"] + flags,
    }
    times = {k: [] for k in peers}
    for k, cmd in peers.items():
        if wall(cmd) is None:
            return None
    for _ in range(args.runs):
        for k, cmd in peers.items():
            times[k].append(wall(cmd))
    med = {k: statistics.median(v) for k, v in times.items()}
    lines = sum(1 for _ in open(path))
    ratio = med["esched extract"] / med["clang -fsyntax-only"]
    print("%-28s %6d lines  clang %7.1f ms  esched %7.1f ms  ratio %.2f" %
          (name, lines, 1e3 * med["clang -fsyntax-only"], 1e3 * med["esched extract"], ratio))
    return ratio


def largest_example(src):
    """The largest annotated source file of examples/ (issue: "and the
    largest example"), with the include path of its folder."""
    best, size = None, -1
    root = os.path.join(src, "examples")
    for folder in sorted(os.listdir(root)):
        d = os.path.join(root, folder)
        if not os.path.isdir(d):
            continue
        for f in sorted(os.listdir(d)):
            p = os.path.join(d, f)
            if not f.endswith(".c"):
                continue
            with open(p) as fh:
                text = fh.read()
            if ("#pragma esched" in text or "ESCHED_TASK" in text) and len(text) > size:
                best, size = p, len(text)
    return best


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--esched", required=True)
    ap.add_argument("--clang", required=True, help="the clang of the LLVM esched links")
    ap.add_argument("--src", default=os.path.dirname(os.path.dirname(HERE)))
    ap.add_argument("--runs", type=int, default=11)
    ap.add_argument("--lines", type=int, default=20000)
    args = ap.parse_args()
    flags = ["-I" + os.path.join(args.src, "annotations")]
    print("extract benchmark: median of %d runs each, goal: ratio <= 1.25" % args.runs)
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "graph.yaml")
        for mode in ["realistic", "dense"]:
            path = os.path.join(tmp, mode + ".c")
            subprocess.run([sys.executable, os.path.join(HERE, "gen_input.py"), "--mode", mode,
                            "--lines", str(args.lines), "-o", path], check=True)
            measure("generated (%s)" % mode, path, flags, args, out)
        example = largest_example(args.src)
        if example:
            measure("largest example (%s)" % os.path.relpath(example, args.src), example,
                    flags + ["-I" + os.path.dirname(example), "-I" + args.src], args, out)


if __name__ == "__main__":
    main()
