#!/usr/bin/python3
"""Formats orderly-bench's JSON (one file per optimisation level) as the ours/odeint table.

Reads the median aggregates: ns per step = real time per iteration / steps per iteration;
overhead = ns per step / (rhs evaluations per step * ns per rhs evaluation) - 1.
usage: bench_table.py LABEL=FILE.json [LABEL=FILE.json ...]
"""
import json
import sys


def medians(path):
    with open(path) as f:
        data = json.load(f)
    scale = {"ns": 1.0, "us": 1e3, "ms": 1e6, "s": 1e9}
    out = {}
    for b in data["benchmarks"]:
        if b.get("run_type") == "aggregate" and b.get("aggregate_name") != "median":
            continue
        ns = b["real_time"] * scale[b["time_unit"]] / b["steps"]
        out[b["run_name"]] = (ns, b["rhs_per_step"])
    return out


def table(label, results):
    print(f"\n### {label}: ns per step (median), ours/odeint, overhead above the right-hand side\n")
    print("| method (odeint stepper) | problem | ours ns | odeint ns | ours/odeint | overhead ours | overhead odeint |")
    print("|---|---|---:|---:|---:|---:|---:|")
    worst = 0.0
    for name, (ours_ns, ours_rhs) in results.items():
        if not name.endswith("/ours"):
            continue
        base = name[: -len("/ours")]
        method, problem = base.rsplit("/", 1)
        odeint_ns, odeint_rhs = results[base + "/odeint"]
        rhs_ns = results["rhs/" + problem][0]
        ratio = ours_ns / odeint_ns
        worst = max(worst, ratio)
        print(f"| {method.replace('~', ' vs ')} | {problem} | {ours_ns:.1f} | {odeint_ns:.1f} | {ratio:.2f} | "
              f"{100 * (ours_ns / (ours_rhs * rhs_ns) - 1):.0f} % | {100 * (odeint_ns / (odeint_rhs * rhs_ns) - 1):.0f} % |")
    rhs = ", ".join(f"{n[4:]} {v[0]:.1f} ns" for n, v in results.items() if n.startswith("rhs/"))
    print(f"\nright-hand side alone: {rhs}; worst ratio {worst:.2f}")


def main(args):
    if not args:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    for arg in args:
        label, _, path = arg.partition("=")
        table(label, medians(path))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
