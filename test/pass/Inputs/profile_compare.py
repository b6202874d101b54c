"""Compares mean times or energies of one task between profile files.

  profile_compare.py FILE_A DEVICE_A FILE_B DEVICE_B KEY FIELD
prints "A > B" or "A <= B" for the means of FIELD (time or energy) of KEY
on DEVICE_A in FILE_A and DEVICE_B in FILE_B (level 0, pooled sizes).
"""
import sys

import yaml


def mean(path, device, key, field):
    doc = yaml.safe_load(open(path))
    total = count = 0.0
    for entry in doc["tasks"]:
        if entry["key"] != key:
            continue
        for run in entry["runs"]:
            if run["device"] == device and run.get("level", 0) == 0:
                stats = run if field == "time" else run["energy"]
                total += stats["mean"] * stats["count"]
                count += stats["count"]
    if not count:
        sys.exit(f"{path}: no {field} of {key} on {device}")
    return total / count


a_file, a_dev, b_file, b_dev, key, field = sys.argv[1:7]
a, b = mean(a_file, a_dev, key, field), mean(b_file, b_dev, key, field)
print("A > B" if a > b else "A <= B")
