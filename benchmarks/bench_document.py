"""The orderly.bench/1 document: bench_results' numbers for every optimisation level, what they
mean, the machine they were measured on (Google Benchmark's context block, the load average before
and after the runs) and the compiler and flags that built each binary. The report's "Speed against
odeint" section (reports/orderly_report/sections/bench.py) reads it."""
from __future__ import annotations

import json
import os
import shlex

from bench_results import BenchError, pairs, right_hand_sides

SCHEMA = "orderly.bench/1"
# The target for every pair: ours no slower than odeint's. A ratio is quoted to
# RATIO_DIGITS decimals and judged as quoted: a pair is above the target only when it reads so.
TARGET_RATIO = 1.0
RATIO_DIGITS = 2
# The run-time-tableau stepper (what users' tableau files run on; pairs named "tableau:method...")
# reads its coefficients at run time and cannot unroll its sums as the compiled steppers do: its
# target is within this factor of odeint's compiled steppers.
TABLEAU_PREFIX = "tableau:"
TABLEAU_TARGET_RATIO = 1.15
# Of the context block, what describes the machine and the run (not the host name or paths).
CONTEXT_KEYS = ("date", "num_cpus", "mhz_per_cpu", "cpu_scaling_enabled", "caches", "load_avg",
                "library_build_type", "compiler")
# Of a compile command, the options that change the code generated (not include paths, warnings,
# dependency files or outputs).
CODEGEN_PREFIXES = ("-O", "-std", "-f", "-m", "-D", "-U", "-g")
BENCH_SOURCE = "orderly_bench.cpp"
LOAD_FIELDS = 3   # the 1-, 5- and 15-minute averages

CLOCK = ("wall-clock time of one timed iteration, which integrates one block of steps from the "
         "problem's initial state (building that state and resetting the stepper are inside the "
         "clock, constructing the stepper is not), divided by the steps in the block")
DEFINITIONS = {
    "ns_per_step": "median, min and max over the repetitions of " + CLOCK,
    "cpu_median": "the same with the process's CPU time in place of wall-clock time (median)",
    "ratio": "ours/odeint: of_medians is the ratio of the two medians; min and max are the extremes "
             "over every pairing of a repetition of ours with one of odeint's (min of ours / max of "
             "odeint's, max / min): the interleaving is random, so repetitions have no partner in time",
    "overhead": "ns per step / (right-hand-side evaluations per step * the right-hand side's median ns "
                "per evaluation, timed alone) - 1: what a step costs beyond its evaluations",
    "rhs_per_step": "right-hand-side (split form: force) evaluations per step, counted before timing",
    "target": "the pair's target ratio: target_ratio, or tableau_target_ratio for the run-time-tableau "
              "stepper's pairs (named tableau:method)",
    "above_target": "the pairs whose ratio of medians, rounded to ratio_digits decimals, exceeds their target",
    "load": "os.getloadavg(): 1-, 5- and 15-minute load averages; before: as `make bench` passed it "
            "(after the build, before the first run); after: when this file was written",
}


def parse_load(text: str | None) -> list | None:
    """'0.52 0.40 0.33' (as `make bench` passes it) as three numbers; None when not given."""
    if text is None:
        return None
    try:
        values = [float(v) for v in text.replace(",", " ").split()]
    except ValueError:
        values = []
    if len(values) != LOAD_FIELDS:
        raise BenchError(f"--load-before: expected {LOAD_FIELDS} numbers, got '{text}'")
    return values


def compile_flags(compile_commands: str | None, executable: str) -> list | None:
    """The code-generating options the build tree compiled this benchmark executable's source
    with, in command-line order (the last -O is the one in effect); None when not found."""
    if not compile_commands or not os.path.exists(compile_commands):
        return None
    with open(compile_commands, encoding="utf-8") as f:
        entries = json.load(f)
    target_dir = f"/{os.path.basename(executable)}.dir/"   # CMake's object directory of the target
    for entry in entries:
        arguments = entry.get("arguments") or shlex.split(entry.get("command", ""))
        output = entry.get("output") or (arguments[arguments.index("-o") + 1] if "-o" in arguments else "")
        if entry.get("file", "").endswith(BENCH_SOURCE) and target_dir in "/" + output:
            return [a for a in arguments[1:] if a.startswith(CODEGEN_PREFIXES)]
    return None


def _spread(timing) -> dict:
    return {"median": timing.median, "min": timing.low, "max": timing.high, "values": timing.values,
            "cpu_median": timing.cpu_median}


def _side(pair, timing) -> dict:
    return {"ns_per_step": _spread(timing), "rhs_per_step": timing.rhs_per_step,
            "overhead": pair.overhead(timing)}


def target(pair) -> float:
    """The ratio a pair must not exceed (see TABLEAU_TARGET_RATIO)."""
    return TABLEAU_TARGET_RATIO if pair.base.startswith(TABLEAU_PREFIX) else TARGET_RATIO


def _pair(pair) -> dict:
    return {"name": pair.base, "title": pair.title, "method": pair.method, "target": target(pair),
            "odeint_stepper": pair.odeint_stepper, "problem": pair.problem, "rhs": pair.rhs.name,
            "ours": _side(pair, pair.ours), "odeint": _side(pair, pair.odeint),
            "ratio": {"of_medians": pair.ratio, "min": pair.ratio_low, "max": pair.ratio_high}}


def level(label: str, source: str, context: dict, timings: dict, compile_commands: str | None) -> dict:
    """One optimisation level: its pairs, the right-hand sides alone, its worst ratio."""
    level_pairs = pairs(timings)
    executable = context.get("executable", "")
    flags = compile_flags(compile_commands, executable) if executable else None
    worst = max(level_pairs, key=lambda p: p.ratio, default=None)
    return {
        "level": label, "source": source, "executable": os.path.basename(executable) or None,
        "context": {k: context[k] for k in CONTEXT_KEYS if k in context},
        "flags": flags,
        "repetitions": max((len(t.values) for t in timings.values()), default=0),
        "right_hand_sides": [{"name": t.name, "ns": _spread(t)} for t in right_hand_sides(timings)],
        "pairs": [_pair(p) for p in level_pairs],
        "worst": {"pair": worst.base, "ratio": worst.ratio} if worst else None,
        "above_target": [p.base for p in level_pairs if round(p.ratio, RATIO_DIGITS) > target(p)],
    }


def document(levels: list, load_before: list | None, load_after: list | None) -> dict:
    return {"schema": SCHEMA, "written_by": "benchmarks/bench_table.py", "clock": CLOCK,
            "definitions": DEFINITIONS, "target_ratio": TARGET_RATIO, "tableau_target_ratio": TABLEAU_TARGET_RATIO,
            "ratio_digits": RATIO_DIGITS,
            "load_before": load_before, "load_after": load_after, "levels": levels}


def write(path: str, doc: dict) -> None:
    """Written beside and renamed over, so a reader never sees half a file."""
    directory = os.path.dirname(path)
    if directory:
        os.makedirs(directory, exist_ok=True)
    partial = path + ".partial"
    with open(partial, "w", encoding="utf-8") as f:
        json.dump(doc, f, indent=1, allow_nan=False)
        f.write("\n")
    os.replace(partial, path)
