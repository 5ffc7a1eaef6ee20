"""orderly-bench's Google Benchmark JSON (one file per optimisation level) as per-pair numbers.

ns per step = real time per iteration / steps per iteration (the "steps" counter), taken from each
repetition's own row; median, min and max are over those repetitions. A file written with
aggregates only (no repetition rows) still gives the medians, with no min or max.
overhead = ns per step / (right-hand-side evaluations per step * ns per evaluation) - 1, each at its
median. ours/odeint is the ratio of the medians; its spread is the extreme over every pairing of a
repetition of ours with one of odeint's (min/max to max/min): with random interleaving the
repetitions run in shuffled order, so no repetition of ours has a partner of odeint's in time.
"""
from __future__ import annotations

import dataclasses
import json
import statistics

TIME_SCALE_NS = {"ns": 1.0, "us": 1e3, "ms": 1e6, "s": 1e9}
OURS, ODEINT = "/ours", "/odeint"
# orderly_bench.cpp's names for the right-hand side timed alone: y' = f(t, y), and the split
# form's force. A pair's label names the one its overhead is taken over.
RHS_PREFIXES = ("rhs/", "force/")


@dataclasses.dataclass
class Timing:
    """One benchmark over its repetitions, in ns per step."""
    name: str
    order: int                 # registration order (Google Benchmark's family index)
    values: list               # one per repetition, in repetition order; empty for aggregates only
    median: float
    cpu_median: float
    rhs_per_step: float
    label: str                 # the right-hand-side benchmark of a pair ("" elsewhere)

    @property
    def low(self) -> float | None:
        return min(self.values) if self.values else None

    @property
    def high(self) -> float | None:
        return max(self.values) if self.values else None


@dataclasses.dataclass
class Pair:
    """ours against odeint on one problem with one method, at one optimisation level."""
    base: str                  # "method[~odeint_stepper]/problem", as registered
    ours: Timing
    odeint: Timing
    rhs: Timing

    @property
    def method(self) -> str:
        return self.base.rsplit("/", 1)[0].split("~")[0]

    @property
    def odeint_stepper(self) -> str | None:
        """odeint's stepper when the name says which; None: the one named like the method."""
        method = self.base.rsplit("/", 1)[0]
        return method.split("~", 1)[1] if "~" in method else None

    @property
    def problem(self) -> str:
        return self.base.rsplit("/", 1)[1]

    @property
    def title(self) -> str:
        return self.base.rsplit("/", 1)[0].replace("~", " vs ")

    @property
    def ratio(self) -> float:
        return self.ours.median / self.odeint.median

    @property
    def ratio_low(self) -> float | None:
        return self.ours.low / self.odeint.high if self.ours.values and self.odeint.values else None

    @property
    def ratio_high(self) -> float | None:
        return self.ours.high / self.odeint.low if self.ours.values and self.odeint.values else None

    def overhead(self, side: Timing) -> float:
        return side.median / (side.rhs_per_step * self.rhs.median) - 1


class BenchError(Exception):
    """A file that is not orderly-bench's output as this script reads it."""


def _ns_per_step(row: dict, key: str) -> float:
    return row[key] * TIME_SCALE_NS[row["time_unit"]] / row["steps"]


def read_timings(path: str) -> tuple:
    """(context block, {name: Timing}) from one Google Benchmark JSON file."""
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    repetitions, medians, families = {}, {}, {}
    for row in data["benchmarks"]:
        name = row["run_name"]
        family = row.get("family_index")
        if family is None:   # a library too old to say: first appearance stands in for it
            family = families.get(name, len(families))
        if families.setdefault(name, family) != family:
            raise BenchError(f"{path}: two benchmarks are named {name} (an orderly-bench built before the "
                             "split right-hand sides were named force/...: rebuild it)")
        if row.get("run_type", "iteration") == "iteration":
            repetitions.setdefault(name, []).append(row)
        elif row.get("aggregate_name") == "median":
            medians[name] = row
    timings = {}
    for name, family in families.items():
        rows = sorted(repetitions.get(name, []), key=lambda r: r.get("repetition_index", 0))
        median_row = medians.get(name) or (rows[0] if len(rows) == 1 else None)
        if median_row is None and not rows:
            raise BenchError(f"{path}: {name} has neither repetition rows nor a median")
        values = [_ns_per_step(r, "real_time") for r in rows]
        first = rows[0] if rows else median_row
        timings[name] = Timing(
            name=name, order=family, values=values,
            median=statistics.median(values) if values else _ns_per_step(median_row, "real_time"),
            cpu_median=(statistics.median(_ns_per_step(r, "cpu_time") for r in rows) if rows
                        else _ns_per_step(median_row, "cpu_time")),
            rhs_per_step=first["rhs_per_step"], label=first.get("label", ""))
    return data.get("context", {}), timings


def pairs(timings: dict) -> list:
    """Every ours/odeint pair, in registration order."""
    out = []
    for name, ours in sorted(timings.items(), key=lambda item: item[1].order):
        if not name.endswith(OURS):
            continue
        base = name[: -len(OURS)]
        odeint = timings.get(base + ODEINT)
        if odeint is None:
            raise BenchError(f"{base}: ours was timed but odeint's side was not")
        # A file from before pairs carried labels: the right-hand side named after the problem.
        rhs_name = ours.label or "rhs/" + base.rsplit("/", 1)[1]
        if rhs_name not in timings:
            raise BenchError(f"{base}: no right-hand-side benchmark {rhs_name}")
        out.append(Pair(base, ours, odeint, timings[rhs_name]))
    return out


def right_hand_sides(timings: dict) -> list:
    """The right-hand sides timed alone, in registration order."""
    return [t for name, t in sorted(timings.items(), key=lambda item: item[1].order)
            if name.startswith(RHS_PREFIXES)]
