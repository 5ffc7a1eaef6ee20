#!/usr/bin/python3
"""Formats orderly-bench's JSON (one file per optimisation level) as the ours/odeint table and,
with --json, writes the same numbers with their spread and the machine's context as one
orderly.bench/1 document (bench_document.py) for the report.

ns per step = real time per iteration / steps per iteration, median over the repetitions;
overhead = ns per step / (rhs evaluations per step * ns per rhs evaluation) - 1 (bench_results.py).
usage: bench_table.py [--json OUT] [--load-before "L1 L5 L15"] [--compile-commands FILE] LABEL=FILE.json [...]
"""
import argparse
import os
import sys

sys.dont_write_bytecode = True   # no __pycache__ beside the sources
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import bench_document  # noqa: E402
from bench_results import BenchError, pairs, read_timings, right_hand_sides  # noqa: E402


def table(label, timings):
    print(f"\n### {label}: ns per step (median), ours/odeint, overhead above the right-hand side\n")
    print("| method (odeint stepper) | problem | ours ns | odeint ns | ours/odeint | overhead ours | overhead odeint |")
    print("|---|---|---:|---:|---:|---:|---:|")
    worst = 0.0
    for p in pairs(timings):
        worst = max(worst, p.ratio)
        print(f"| {p.title} | {p.problem} | {p.ours.median:.1f} | {p.odeint.median:.1f} | {p.ratio:.2f} | "
              f"{100 * p.overhead(p.ours):.0f} % | {100 * p.overhead(p.odeint):.0f} % |")
    # "rhs/lorenz" as "lorenz", the split form's "force/pleiades" as "pleiades force".
    rhs = ", ".join(f"{t.name[4:] if t.name.startswith('rhs/') else t.name.split('/', 1)[1] + ' force'} "
                    f"{t.median:.1f} ns" for t in right_hand_sides(timings))
    print(f"\nright-hand side alone: {rhs}; worst ratio {worst:.2f}")


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.strip().splitlines()[0])
    parser.add_argument("--json", metavar="OUT", help="also write the orderly.bench/1 document here")
    parser.add_argument("--load-before", metavar="'L1 L5 L15'",
                        help="os.getloadavg() before the runs (the load after is read when writing)")
    parser.add_argument("--compile-commands", metavar="FILE",
                        help="the build tree's compile_commands.json, for each binary's flags")
    # LABEL=FILE arguments look like options ("-O2=build/bench-O2.json"): taken from the rest.
    args, levels = parser.parse_known_args(argv)
    if not levels or any("=" not in a or a.startswith("--") for a in levels):
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    path = ""
    try:
        load_before = bench_document.parse_load(args.load_before)
        entries = []
        for arg in levels:
            label, _, path = arg.partition("=")
            context, timings = read_timings(path)
            table(label, timings)
            entries.append(bench_document.level(label, path, context, timings, args.compile_commands))
        if args.json:
            doc = bench_document.document(entries, load_before, list(os.getloadavg()))
            bench_document.write(args.json, doc)
            print(f"\nwrote {args.json}")
    except KeyError as e:
        print(f"bench_table.py: {path}: a benchmark row without {e}", file=sys.stderr)
        return 1
    except (BenchError, OSError, ValueError) as e:
        print(f"bench_table.py: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
