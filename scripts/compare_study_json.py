#!/usr/bin/python3
"""Compares two trees of study JSON (two `make report` runs, or `orderly run-studies` outputs)
value by value, for a change that must not alter any result (a refactoring, a move of files).

Wall-clock measurements differ from run to run and are left out: the studies write them to timing
files beside their results (*.timing.json, TIMING_SUFFIX), which are not compared, and in trees
written before that they are left out by key name (WALL_TIME_KEYS); every other value must be
equal: numbers exactly, as the JSON text states them.

    scripts/compare_study_json.py BEFORE_DIR AFTER_DIR

Exit 0 when the trees hold the same files with the same values, 1 otherwise (each difference
listed, up to MAX_LISTED per file)."""
import json
import pathlib
import sys

WALL_TIME_KEYS = {"seconds", "wall_seconds", "suite_seconds", "min_wall_seconds", "wall_repetitions"}
TIMING_SUFFIX = ".timing.json"
MAX_LISTED = 10


def differences(a, b, path="$"):
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b)):
            if key in WALL_TIME_KEYS:
                continue
            if key not in a or key not in b:
                yield f"{path}.{key}: only in {'after' if key not in a else 'before'}"
            else:
                yield from differences(a[key], b[key], f"{path}.{key}")
    elif isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            yield f"{path}: {len(a)} entries before, {len(b)} after"
        for i, (x, y) in enumerate(zip(a, b)):
            yield from differences(x, y, f"{path}[{i}]")
    elif type(a) is not type(b) or a != b:
        if not (a != a and b != b):  # NaN equals NaN here
            yield f"{path}: {json.dumps(a)[:80]} before, {json.dumps(b)[:80]} after"


def main(before_dir, after_dir):
    before, after = pathlib.Path(before_dir), pathlib.Path(after_dir)
    names = sorted(name for name in ({p.relative_to(before) for p in before.rglob("*.json")} |
                                     {p.relative_to(after) for p in after.rglob("*.json")})
                   if not name.name.endswith(TIMING_SUFFIX))
    differing = 0
    for name in names:
        if not (before / name).exists() or not (after / name).exists():
            print(f"{name}: only {'after' if not (before / name).exists() else 'before'}")
            differing += 1
            continue
        found = list(differences(json.loads((before / name).read_text()), json.loads((after / name).read_text())))
        if found:
            differing += 1
            print(f"{name}: {len(found)} differences")
            for line in found[:MAX_LISTED]:
                print("  " + line)
    print(f"{len(names)} files compared, {differing} differ")
    return 1 if differing else 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1], sys.argv[2]))
