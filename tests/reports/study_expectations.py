"""What the page must show, counted from the studies' JSON files (the report's input), not from
the report's code: how many body rows each table has, and which verdict chips the summary grid
holds.

A table is named on the page by its section id and its first column headers. Each rule below
says which JSON list its rows come from; tables no rule covers are only required to have a row.
The rules follow what each section promises in its docstring: one row per list entry."""

from __future__ import annotations

import dataclasses
import json
from collections import defaultdict
from pathlib import Path

# The report's own fallback order of error norms (its --norm option picks first when a problem
# has that norm) and the verdict of a pair's embedded weights carried inside its primary run.
NORM_ORDER = ["final", "l2", "linf"]
DEFAULT_NORM = "final"
UNJUDGED = "not judged"
EMBEDDED_LABEL = " (embedded weights)"


@dataclasses.dataclass(frozen=True)
class TableRows:
    section: str        # the page section's id
    columns: tuple      # the first column headers of the tables this rule covers
    counts: tuple       # body rows of each such table, in page order
    source: str         # where in the JSON the count comes from, for messages
    total: bool = False  # counts[0] is the sum over every such table (one list split over tables)


@dataclasses.dataclass
class Expected:
    tables: list        # of TableRows
    chips: dict         # (method label, problem) -> sorted verdicts of the convergence study's chips


def _no_value(_constant: str):
    # NaN and Infinity are not JSON; the report reads them as "no value", and so does this.
    return None


def load(json_dir: Path) -> dict:
    """schema -> [(file name, data)], every *.json under json_dir, in name order as the report reads them."""
    by_schema = defaultdict(list)
    for path in sorted(p for p in json_dir.rglob("*.json") if p.is_file()):
        try:
            data = json.loads(path.read_text(encoding="utf-8"), parse_constant=_no_value)
        except (OSError, UnicodeDecodeError, json.JSONDecodeError):
            continue   # the report refuses such a file; the page check has nothing to add
        if isinstance(data, dict) and isinstance(data.get("schema"), str):
            by_schema[data["schema"]].append((str(path), data))
    return by_schema


def _list(data: dict, key: str) -> list:
    value = data.get(key)
    return [v for v in value if isinstance(v, dict)] if isinstance(value, list) else []


def _count(rules: list, section: str, columns: tuple, count: int, source: str, optional=False) -> None:
    """One table of `count` rows; `optional`: the section leaves the table out when it would be empty."""
    if optional and count == 0:
        return
    for i, rule in enumerate(rules):
        if rule.section == section and rule.columns == columns and not rule.total:
            rules[i] = dataclasses.replace(rule, counts=rule.counts + (count,))
            return
    rules.append(TableRows(section, columns, (count,), source))


# ---- one function per study schema ---------------------------------------------------------------

def _game_table(docs, rules):
    for _, data in docs:
        _count(rules, "game-table", ("method", "family"), len(_list(data, "rows")), "rows")


def _crosscheck(docs, rules):
    for _, data in docs:
        _count(rules, "crosscheck", ("Orderly", "odeint"), len(_list(data, "pairs")), "pairs")


def _odeint_orders(docs, rules):
    for _, data in docs:
        _count(rules, "crosscheck", ("stepper", "call", "problem", "scalar"), len(_list(data, "steppers")),
               "steppers")
        _count(rules, "crosscheck", ("stepper", "call", "problem", "stepper_order_value"),
               len(_list(data, "tolerance_driven")), "tolerance_driven", optional=True)


def _analysis(docs, rules):
    for _, data in docs:
        methods = [m for m in _list(data, "methods")]
        rk = [m for m in methods if m.get("family") != "splitting"]
        _count(rules, "stability", ("method", "family", "order", "stage order"),
               len(rk) + sum(isinstance(m.get("embedded"), dict) for m in rk),
               "methods other than splitting, and their embedded weights")
        _count(rules, "stability", ("method", "order", "harmonic limit ωh"),
               len(methods) - len(rk), "splitting methods")


def _stiff(docs, rules):
    for _, data in docs:
        runs = _list(data, "runs")
        _count(rules, "stiff", ("solver", "problem", "rtol", "atol", "mescd"), len(_list(data, "efficiency_targets")),
               "efficiency_targets")
        _count(rules, "stiff", ("solver", "family", "order", "what runs it"), len(_list(data, "solvers")),
               "solvers")
        for problem in _list(data, "problems"):
            _count(rules, "stiff", ("solver", "rtol", "atol", "mescd", "scd"),
                   sum(r.get("problem") == problem.get("name") and r.get("status") == "solved" for r in runs),
                   "runs solved, per problem")
        _count(rules, "stiff", ("solver", "problem", "rtol", "status"),
               sum(r.get("status") != "solved" for r in runs), "runs not solved", optional=True)
        _count(rules, "stiff", ("method", "regime", "λ"),
               len(_list(data.get("order_reduction") or {}, "series")), "order_reduction.series")


def _workprecision(docs, rules):
    for _, data in docs:
        stiff = _list(data, "stiff_curves")
        if stiff:
            _count(rules, "workprecision", ("problem", "method", "rtol", "status"),
                   sum(p.get("status") != "solved" for c in stiff for p in _list(c, "points")),
                   "stiff_curves points not solved", optional=True)
        _count(rules, "workprecision", ("problem", "ratios", "worst ratio"), len(_list(data, "summary_by_problem")),
               "summary_by_problem")
        if "same_method_summary" in data:
            _count(rules, "workprecision", ("problem", "Orderly", "odeint"),
                   len(_list(data, "same_method_summary")), "same_method_summary")
        _count(rules, "workprecision", ("problem", "achieved error", "dopri54 RHS"),
               len(_list(data, "dopri54_over_odeint_dopri5")), "dopri54_over_odeint_dopri5")


def _energy(docs, rules):
    for _, data in docs:
        runs = _list(data, "runs")
        part = lambda name: sum(r.get("part") == name for r in runs)   # noqa: E731
        _count(rules, "energy", ("part", "method", "family"), len(runs), "runs")
        _count(rules, "energy", ("method", "|R(ih)|² − 1 per step (Runge-Kutta)"), part("harmonic"),
               "runs of part harmonic", optional=True)
        _count(rules, "energy", ("method", "h", "right-hand-side evaluations"), part("fixed-work"),
               "runs of part fixed-work", optional=True)
        for experiment in _list(data, "seed_experiments"):
            _count(rules, "energy", ("method", "scalar", "energy / exact energy at t_end"),
                   len(_list(experiment, "runs")), "seed_experiments[].runs")
        if isinstance(data.get("settling"), dict):
            _count(rules, "energy", ("method", "scalar", "dt"), len(_list(data["settling"], "runs")),
                   "settling.runs")


# ---- the convergence study: one file per run ----------------------------------------------------

@dataclasses.dataclass
class _Run:
    label: str
    problem: str
    scalar: str
    norm: str
    verdict: str
    has_points: bool
    seed: bool
    adaptive: bool
    energy: bool


def _convergence_runs(docs) -> list:
    """Each file's run, and the fixed-step run of a pair's embedded weights carried inside it
    (adaptive.fixed_step.embedded) unless that run is also in a file of its own."""
    runs, carried = [], []
    for _, d in docs:
        if not all(isinstance(d.get(k), str) for k in ("method", "problem", "scalar")):
            continue
        norm = d.get("norm") if isinstance(d.get("norm"), str) else "final"
        seed = d.get("family") == "seed" or isinstance(d.get("seed"), dict)
        label = d["method"] + (EMBEDDED_LABEL if d.get("weights") == "embedded" else "")
        adaptive = d.get("adaptive") if isinstance(d.get("adaptive"), dict) else {}
        energy = d.get("energy") if isinstance(d.get("energy"), dict) else None
        runs.append(_Run(label, d["problem"], d["scalar"], norm,
                         d.get("verdict") if isinstance(d.get("verdict"), str) else "inconclusive",
                         bool(_list(d, "points")), seed, bool(_list(adaptive, "points")),
                         bool(energy and _list(energy, "points"))))
        fixed = adaptive.get("fixed_step") if isinstance(adaptive.get("fixed_step"), dict) else {}
        embedded = fixed.get("embedded") if isinstance(fixed.get("embedded"), dict) else {}
        if _list(embedded, "points"):
            carried.append(_Run(d["method"] + EMBEDDED_LABEL, d["problem"], d["scalar"], norm, UNJUDGED,
                                True, seed, False, False))
    own = {(r.label, r.problem, r.scalar, r.norm) for r in runs}
    return runs + [r for r in carried if (r.label, r.problem, r.scalar, r.norm) not in own]


def _shown_norm(runs: list, problem: str, wanted: str) -> str:
    """The norm the report's figures and grid show for a problem: --norm when the problem has it,
    else the first in NORM_ORDER (then by name)."""
    norms = {r.norm for r in runs if r.problem == problem}
    if wanted in norms:
        return wanted
    return sorted(norms, key=lambda n: (NORM_ORDER.index(n) if n in NORM_ORDER else len(NORM_ORDER), n))[0]


def _convergence(docs, rules, norm: str) -> dict:
    runs = _convergence_runs(docs)
    fixed = [r for r in runs if r.has_points]
    _count(rules, "convergence", ("specimen", "article"), sum(r.seed for r in fixed),
           "fixed-step runs of the articles' integrators", optional=True)
    main = sum(not r.seed for r in fixed)
    if main:
        rules.append(TableRows("convergence", ("method", "family", "scalar", "norm", "declared"), (main,),
                               "fixed-step runs other than the articles' (every norm, all problems)",
                               total=True))
    _count(rules, "convergence", ("method", "family", "problem", "scalar", "norm", "tolerances"),
           sum(r.adaptive for r in runs), "runs with adaptive points", optional=True)
    _count(rules, "convergence", ("method", "family", "problem", "scalar", "energy error order ± uncertainty"),
           sum(r.energy for r in runs), "runs with energy points", optional=True)
    shown = {p: _shown_norm(runs, p, norm) for p in {r.problem for r in runs}}
    chips = defaultdict(list)
    for r in fixed:
        if r.verdict != UNJUDGED and r.norm == shown[r.problem]:
            chips[(r.label, r.problem)].append(r.verdict)
    return {key: sorted(v) for key, v in chips.items()}


SCHEMAS = {"orderly.game-table/1": _game_table, "orderly.crosscheck/1": _crosscheck,
           "orderly.odeint-orders/2": _odeint_orders, "orderly.analysis/1": _analysis,
           "orderly.stiff/3": _stiff, "orderly.workprecision/3": _workprecision, "orderly.energy/2": _energy}
CONVERGENCE = "orderly.convergence/1"


def expected(json_dir: Path, norm: str = DEFAULT_NORM) -> Expected:
    by_schema = load(json_dir)
    rules = []
    for schema, rule in SCHEMAS.items():
        if by_schema.get(schema):
            rule(by_schema[schema], rules)
    chips = _convergence(by_schema[CONVERGENCE], rules, norm) if by_schema.get(CONVERGENCE) else {}
    return Expected(tables=rules, chips=chips)
