#!/usr/bin/python3
"""Turn the convergence study's JSON files into figures and an order table.

Input: a directory of `orderly.convergence/1` JSON files, one per (method, problem, scalar, norm)
run, as written by `orderly convergence`.  Output: per problem, error-against-h and
error-against-work figures (and energy-error figures where energy data exist) in SVG and PNG,
the order table in Markdown and HTML, and index.html linking everything.

The report draws what the study measured; it fits nothing.  Points that carry no finite positive
error are never plotted as numbers: a blow-up ("unstable") is drawn as an x on the top edge of
its panel and an error of exactly 0 (or one below the reference's accuracy) as a triangle on the
bottom edge, and both are spelled out in the table's notes.

Usage: /usr/bin/python3 reports/make_report.py --input DIR --output DIR [--norm final|l2|linf]
"""

from __future__ import annotations

import argparse
import dataclasses
import html
import json
import math
import os
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path

SCHEMA = "orderly.convergence/1"
PROG = "make_report"

FAMILY_ORDER = ["explicit-rk", "embedded-rk", "splitting", "seed"]
SCALAR_ORDER = ["float", "double", "long-double", "float128", "mp50"]
NORM_ORDER = ["final", "l2", "linf"]
VERDICTS = ["pass", "fail", "superconvergent", "inconclusive"]

# A measured order within this distance of an integer k is called "k-th order" in the seed
# findings; further away it is quoted as a decimal.  Used for wording only: the pass/fail verdict
# is the study's, read from the JSON.
ORDER_NAMING_TOLERANCE = 0.2

# Verdict shown for a measurement the study carries but does not judge (a pair's embedded
# weights inside its primary run).
UNJUDGED = "not judged"


class InputError(Exception):
    """Bad input: reported as one line on stderr with exit code 2."""


# ----------------------------------------------------------------------------------------------
# Data model and loading
# ----------------------------------------------------------------------------------------------

@dataclasses.dataclass
class Point:
    x: float                 # h for convergence/energy points, tolerance for adaptive points
    error: float | None      # None when the run carries no finite error
    status: str
    in_window: bool
    note: str | None = None
    steps: int | None = None
    rhs_evaluations: float | None = None
    accepted: int | None = None
    rejected: int | None = None

    @property
    def numeric(self) -> bool:
        return self.error is not None and self.error > 0.0

    @property
    def unstable(self) -> bool:
        return self.status == "unstable"


@dataclasses.dataclass
class Run:
    source: str
    method: str
    method_title: str
    family: str
    problem: str
    problem_description: str
    scalar: str
    norm: str
    kind: str
    weights: str | None
    declared: float | None
    measured: float | None
    uncertainty: float | None
    error_constant: float | None
    window: dict | None
    local_slopes: list
    verdict: str
    verdict_reason: str
    reference: dict | None
    seed: dict | None
    points: list
    energy: dict | None
    energy_points: list
    adaptive: dict | None
    adaptive_points: list
    error_constant_declared: float | None = None
    window_reason: str = ""
    derived: bool = False    # embedded weights' measurement carried inside a pair's run

    @property
    def judged(self) -> bool:
        return self.verdict != UNJUDGED

    @property
    def series_key(self) -> str:
        """Identity of a plotted curve: a pair's embedded weights get their own colour."""
        return self.method + ("/embedded" if self.weights == "embedded" else "")

    @property
    def label(self) -> str:
        return self.method + (" (embedded weights)" if self.weights == "embedded" else "")

    @property
    def is_seed(self) -> bool:
        return self.family == "seed" or self.seed is not None


def _finite(value) -> float | None:
    """A JSON number as a finite float, None for null, NaN or infinity."""
    if value is None or isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    value = float(value)
    return value if math.isfinite(value) else None


def _expect(obj: dict, key: str, types, where: str, required: bool = True):
    if key not in obj or obj[key] is None:
        if required:
            raise InputError(f"{where}: missing field '{key}'")
        return None
    value = obj[key]
    if not isinstance(value, types) or (isinstance(value, bool) and bool not in _as_tuple(types)):
        raise InputError(f"{where}: field '{key}' has the wrong type ({type(value).__name__})")
    return value


def _as_tuple(types):
    return types if isinstance(types, tuple) else (types,)


_NUMBER = (int, float)


def _number(obj: dict, key: str, where: str) -> float | None:
    """Optional numeric field: None when absent, null or non-finite; error when not a number."""
    value = _expect(obj, key, _NUMBER, where, required=False)
    return _finite(value)


def _parse_points(raw, where: str, x_key: str, window: dict | None, default_in_window=False) -> list:
    if raw is None:
        return []
    if not isinstance(raw, list):
        raise InputError(f"{where}: 'points' is not a list")
    first = last = None
    if isinstance(window, dict):
        first, last = window.get("first"), window.get("last")
    points = []
    for index, item in enumerate(raw):
        here = f"{where} point {index}"
        if not isinstance(item, dict):
            raise InputError(f"{here}: not an object")
        x = _number(item, x_key, here)
        if x is None or x <= 0.0:
            raise InputError(f"{here}: '{x_key}' must be a positive finite number")
        status = _expect(item, "status", str, here, required=False) or "ok"
        error = _number(item, "error", here)
        if error is not None and error < 0.0:
            raise InputError(f"{here}: negative error {error}")
        in_window = item.get("in_window")
        if not isinstance(in_window, bool):
            in_window = (isinstance(first, int) and isinstance(last, int) and first <= index <= last
                         if window else default_in_window)
        rhs = _number(item, "rhs_evaluations", here)
        points.append(Point(
            x=x, error=error, status=status, in_window=in_window and error is not None,
            note=item.get("note") if isinstance(item.get("note"), str) else None,
            steps=item.get("steps") if isinstance(item.get("steps"), int) else None,
            rhs_evaluations=rhs if rhs is not None and rhs > 0 else None,
            accepted=item.get("accepted") if isinstance(item.get("accepted"), int) else None,
            rejected=item.get("rejected") if isinstance(item.get("rejected"), int) else None))
    return points


def _non_finite_to_null(name: str):
    # NaN/Infinity are not JSON, but Python's parser accepts them: they mean "no value".
    return None


def parse_run(data, source: str) -> Run:
    where = source
    if not isinstance(data, dict):
        raise InputError(f"{where}: top level is not a JSON object")
    schema = data.get("schema")
    if schema != SCHEMA:
        raise InputError(f"{where}: schema is {schema!r}, expected '{SCHEMA}'")
    method = _expect(data, "method", str, where)
    problem = _expect(data, "problem", str, where)
    window = data.get("window") if isinstance(data.get("window"), dict) else None
    kind = _expect(data, "kind", str, where, required=False) or "fixed-step"
    points = _parse_points(data.get("points"), where, "h", window)
    energy = data.get("energy") if isinstance(data.get("energy"), dict) else None
    energy_points = _parse_points(energy.get("points"), f"{where} energy", "h", None) if energy else []
    adaptive = data.get("adaptive") if isinstance(data.get("adaptive"), dict) else None
    # A tolerance sweep has no fit window: its points are all drawn filled.
    adaptive_points = (_parse_points(adaptive.get("points"), f"{where} adaptive", "tol", None, True)
                       if adaptive else [])
    if not points and not adaptive_points:
        raise InputError(f"{where}: no points and no adaptive points")
    seed = data.get("seed") if isinstance(data.get("seed"), dict) else None
    slopes = data.get("local_slopes") if isinstance(data.get("local_slopes"), list) else []
    return Run(
        source=source, method=method,
        method_title=data.get("method_title") if isinstance(data.get("method_title"), str) else method,
        family=_expect(data, "family", str, where, required=False) or "other",
        problem=problem,
        problem_description=data.get("problem_description")
        if isinstance(data.get("problem_description"), str) else "",
        scalar=_expect(data, "scalar", str, where),
        norm=_expect(data, "norm", str, where, required=False) or "final",
        kind=kind,
        weights=data.get("weights") if isinstance(data.get("weights"), str) else None,
        declared=_number(data, "declared_order", where),
        measured=_number(data, "measured_order", where),
        uncertainty=_number(data, "order_uncertainty", where),
        error_constant=_number(data, "error_constant", where),
        window=window,
        local_slopes=[_finite(s) for s in slopes],
        verdict=_expect(data, "verdict", str, where, required=False) or "inconclusive",
        verdict_reason=data.get("verdict_reason") if isinstance(data.get("verdict_reason"), str) else "",
        reference=data.get("reference") if isinstance(data.get("reference"), dict) else None,
        seed=seed, points=points, energy=energy, energy_points=energy_points,
        adaptive=adaptive, adaptive_points=adaptive_points,
        error_constant_declared=_number(data, "error_constant_declared", where),
        window_reason=data.get("window_reason") if isinstance(data.get("window_reason"), str) else "")


def embedded_run(run: Run) -> Run | None:
    """A pair's run carries the fixed-step measurement of its embedded weights under
    adaptive.fixed_step.embedded; it becomes a curve and a table row of its own."""
    fixed = (run.adaptive or {}).get("fixed_step")
    embedded = fixed.get("embedded") if isinstance(fixed, dict) else None
    if not isinstance(embedded, dict) or not embedded.get("points"):
        return None
    where = f"{run.source} adaptive.fixed_step.embedded"
    window = embedded.get("window") if isinstance(embedded.get("window"), dict) else None
    return dataclasses.replace(
        run, kind="fixed-step", weights="embedded",
        declared=_number(embedded, "declared_order", where),
        measured=_number(embedded, "measured_order", where),
        uncertainty=_number(embedded, "order_uncertainty", where),
        error_constant=_number(embedded, "error_constant", where),
        error_constant_declared=None, window=window,
        window_reason=embedded.get("window_reason") if isinstance(embedded.get("window_reason"), str) else "",
        local_slopes=[], verdict=UNJUDGED,
        verdict_reason="the study judges a pair's primary weights; these are its embedded weights",
        points=_parse_points(embedded.get("points"), where, "h", window),
        energy=None, energy_points=[], adaptive=None, adaptive_points=[], derived=True)


def load_runs(input_dir: Path) -> list:
    if not input_dir.exists():
        raise InputError(f"input directory {input_dir} does not exist")
    if not input_dir.is_dir():
        raise InputError(f"input {input_dir} is not a directory")
    files = sorted(p for p in input_dir.rglob("*.json") if p.is_file())
    if not files:
        raise InputError(f"no JSON files in {input_dir}")
    runs = []
    for path in files:
        name = str(path.relative_to(input_dir))
        try:
            text = path.read_text(encoding="utf-8")
            data = json.loads(text, parse_constant=_non_finite_to_null)
        except (OSError, UnicodeDecodeError) as e:
            raise InputError(f"{name}: cannot read: {e}") from None
        except json.JSONDecodeError as e:
            raise InputError(f"{name}: malformed JSON: {e.msg} at line {e.lineno} column {e.colno}") from None
        schema = data.get("schema") if isinstance(data, dict) else None
        if (isinstance(schema, str) and schema.startswith("orderly.")
                and not schema.startswith("orderly.convergence/")):
            # Another study's document in the same directory (a summary, a stability run).
            print(f"{PROG}: note: skipped {name}: schema {schema}", file=sys.stderr)
            continue
        run = parse_run(data, name)
        runs.append(run)
        embedded = embedded_run(run)
        if embedded is not None:
            runs.append(embedded)
    # A pair's embedded weights may also have been run on their own (--weights embedded): the
    # run of its own wins over the copy carried inside the primary run.
    own = {(r.method, r.problem, r.scalar, r.norm) for r in runs if r.weights == "embedded" and not r.derived}
    runs = [r for r in runs if not (r.derived and (r.method, r.problem, r.scalar, r.norm) in own)]
    if not runs:
        raise InputError(f"no {SCHEMA} files in {input_dir}")
    return runs


# ----------------------------------------------------------------------------------------------
# Ordering, naming and formatting
# ----------------------------------------------------------------------------------------------

def _rank(order: list, value: str):
    return (order.index(value), value) if value in order else (len(order), value)


def family_key(family: str):
    return _rank(FAMILY_ORDER, family)


def scalar_key(scalar: str):
    return _rank(SCALAR_ORDER, scalar)


def norm_key(norm: str):
    return _rank(NORM_ORDER, norm)


def run_key(run: Run):
    return (run.problem, family_key(run.family), run.method, run.weights == "embedded", run.kind,
            scalar_key(run.scalar), norm_key(run.norm))


def safe_name(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]+", "_", text).strip("_") or "unnamed"


_ORDINALS = ["zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth",
             "ninth", "tenth", "eleventh", "twelfth"]


def ordinal(k: int) -> str:
    if 0 <= k < len(_ORDINALS):
        return _ORDINALS[k]
    suffix = "th" if 10 <= k % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(k % 10, "th")
    return f"{k}{suffix}"


def format_order_value(value: float | None) -> str:
    if value is None:
        return "–"
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def order_decimals(uncertainty: float | None) -> int:
    """Decimals that show the measured order to the precision of its uncertainty (2 to 4)."""
    if uncertainty is None or uncertainty <= 0.0:
        return 2
    return max(2, min(4, -math.floor(math.log10(uncertainty))))


def format_measured(measured: float | None, uncertainty: float | None) -> str:
    if measured is None:
        return "–"
    d = order_decimals(uncertainty)
    if uncertainty is None:
        return f"{measured:.{d}f}"
    return f"{measured:.{d}f} ± {uncertainty:.{d}f}"


def format_sci(value: float | None) -> str:
    return "–" if value is None else f"{value:.3g}"


def nearest_order(measured: float | None) -> int | None:
    """The integer order a measurement is named after, or None when it is not near one."""
    if measured is None:
        return None
    k = round(measured)
    return int(k) if abs(measured - k) <= ORDER_NAMING_TOLERANCE and k >= 0 else None


def window_text(run: Run) -> str:
    w = run.window
    inside = [p for p in run.points if p.in_window]
    if not w and not inside:
        return "none"
    h_min = _finite(w.get("h_min")) if w else None
    h_max = _finite(w.get("h_max")) if w else None
    if h_min is None and inside:
        h_min = min(p.x for p in inside)
    if h_max is None and inside:
        h_max = max(p.x for p in inside)
    if h_min is None or h_max is None:
        return "none"
    return f"{format_sci(h_min)} … {format_sci(h_max)} ({len(inside)} pts)"


def instability_note(points: list, variable: str = "h") -> str | None:
    unstable = [p for p in points if p.unstable]
    if not unstable:
        return None
    smallest = min(unstable, key=lambda p: p.x)
    largest = max(unstable, key=lambda p: p.x)
    first_note = smallest.note or "unstable"
    if len(unstable) == 1:
        return f"unstable at {variable} = {format_sci(smallest.x)}: {first_note}"
    return (f"unstable at {len(unstable)} of {len(points)} values of {variable} "
            f"({format_sci(smallest.x)} … {format_sci(largest.x)}); "
            f"at {variable} = {format_sci(smallest.x)}: {first_note}")


def run_notes(run: Run) -> list:
    notes = []
    unstable = instability_note(run.points)
    if unstable:
        notes.append(unstable)
    counts = Counter(p.status for p in run.points)
    zeros = sum(1 for p in run.points if p.error == 0.0 and not p.unstable)
    if zeros:
        notes.append(f"{zeros} point(s) with error exactly 0")
    for status in ("below-reference", "roundoff"):
        if counts.get(status):
            notes.append(f"{counts[status]} point(s) {status}")
    missing = sum(1 for p in run.points if p.error is None and not p.unstable)
    if missing:
        notes.append(f"{missing} point(s) without a finite error")
    if run.verdict != "pass" and run.verdict_reason:
        notes.append(run.verdict_reason)
    return notes


def _order_words(order: float) -> str:
    return f"{ordinal(int(order))} order" if float(order).is_integer() else f"order {order:g}"


def seed_finding(run: Run) -> str:
    """One plain sentence on what a seed specimen achieves, generated from the measured numbers."""
    seed = run.seed or {}
    claimed = _finite(seed.get("claimed_order"))
    if claimed is None:
        claimed = run.declared
    where = f"on {run.problem} ({run.scalar}, norm {run.norm})"
    head = f"{run.label}: claimed {format_order_value(claimed)}, "
    if run.measured is None:
        reason = run.verdict_reason or "no asymptotic window"
        sentence = head + f"order not measurable {where}: {reason}"
    else:
        sentence = head + f"measured {format_measured(run.measured, run.uncertainty)} {where}: "
        k = nearest_order(run.measured)
        claim_judged = claimed is not None and claimed == run.declared
        if claimed is None:
            sentence += (f"it is {ordinal(k)} order" if k is not None
                         else f"its order is {run.measured:.2f}")
        elif claim_judged and run.verdict == "pass":
            # The study's verdict is about the claim itself: the words follow it.
            sentence += f"it achieves its claimed {_order_words(claimed)}"
        elif claim_judged and run.verdict == "fail":
            sentence += (f"it is {ordinal(k)} order, not {_order_words(claimed)} as claimed"
                         if k is not None and k < claimed else
                         f"it falls short of its claimed {_order_words(claimed)}")
        elif claim_judged and run.verdict == "superconvergent":
            sentence += (f"it is {ordinal(k)} order here, above its claimed {_order_words(claimed)}"
                         if k is not None and k > claimed else
                         f"its order exceeds its claimed {_order_words(claimed)}")
        elif k is not None and k == claimed:
            sentence += f"it is {ordinal(k)} order, as claimed"
        elif k is not None:
            relation = "not" if k < claimed else "above"
            sentence += f"it is {ordinal(k)} order, {relation} {_order_words(claimed)} as claimed"
        else:
            relation = "below" if run.measured < claimed else "above"
            sentence += f"its order is {run.measured:.2f}, {relation} the claimed {format_order_value(claimed)}"
    extras = []
    if run.declared is not None and claimed is not None and run.declared != claimed:
        extras.append(f"Orderly's analysis declares order {format_order_value(run.declared)}; "
                      f"verdict against that: {run.verdict}")
    unstable = instability_note(run.points)
    if unstable:
        extras.append(unstable)
    text = sentence + "."
    if extras:
        text += " " + "; ".join(extras) + "."
    return text


def seed_header(run: Run) -> str:
    """What the specimen is and where it comes from, from its JSON 'seed' record."""
    seed = run.seed or {}
    text = run.label
    if run.method_title and run.method_title != run.method:
        text += f" ({run.method_title})"
    description = seed.get("description")
    if isinstance(description, str) and description.strip():
        text += f": {description.strip().rstrip('.')}."
    source = seed.get("source")
    if isinstance(source, str) and source:
        text += f" Article: {source}."
    return text


# ----------------------------------------------------------------------------------------------
# Figures
# ----------------------------------------------------------------------------------------------

# Plotted values stay inside this range: matplotlib's log axis cannot tick near the ends of the
# double range.  An error beyond it is drawn on the panel edge, like a blow-up or a zero.
PLOT_MIN, PLOT_MAX = 1e-300, 1e300


def _plottable(value) -> bool:
    return value is not None and PLOT_MIN <= value <= PLOT_MAX


# No "x" or "v": those glyphs mark unstable points and zero errors on the panel edges.
MARKERS = ["o", "s", "^", "D", "P", "<", ">", "h", "*", "p", "d", "H"]


class Style:
    """A colour, marker and line style per plotted curve, the same in every figure.  Curves are
    numbered within their family (a panel shows one family), so the colours of a panel are as
    distinct as the palette allows; past ten curves the colours repeat with another marker and a
    dash-dot line."""

    def __init__(self, runs: list):
        import matplotlib
        palette = matplotlib.colormaps["tab10"].colors
        by_family = defaultdict(set)
        for run in runs:
            by_family[run.family].add((run.method, run.weights == "embedded", run.series_key))
        self.style = {}
        for family, members in by_family.items():
            for i, (_, _, key) in enumerate(sorted(members)):
                cycle = i // len(palette)
                self.style[key] = (palette[i % len(palette)],
                                   MARKERS[(i + 5 * cycle) % len(MARKERS)],
                                   "-" if cycle % 2 == 0 else "-.")

    def __call__(self, run: Run):
        return self.style[run.series_key]


def _panels(runs: list) -> list:
    """(family, scalar, runs) panels in family then scalar order."""
    groups = defaultdict(list)
    for run in runs:
        groups[(run.family, run.scalar)].append(run)
    keys = sorted(groups, key=lambda k: (family_key(k[0]), scalar_key(k[1])))
    return [(f, s, sorted(groups[(f, s)], key=run_key)) for f, s in keys]


def _figure(panels: list, title: str):
    import matplotlib.pyplot as plt
    families = sorted({f for f, _, _ in panels}, key=family_key)
    per_family = {f: [s for g, s, _ in panels if g == f] for f in families}   # already in scalar order
    ncols = max(len(v) for v in per_family.values())
    if ncols > 1:
        # One row per family, its scalars left to right.
        nrows = len(families)
        slot = {(f, s): families.index(f) * ncols + per_family[f].index(s) for f, s, _ in panels}
    else:
        ncols = min(2, len(panels))
        nrows = math.ceil(len(panels) / ncols)
        slot = {(f, s): i for i, (f, s, _) in enumerate(panels)}
    fig = plt.figure(figsize=(max(11.0, 7.6 * ncols), 4.6 * nrows + 1.4), layout="constrained")
    fig.get_layout_engine().set(h_pad=0.1, hspace=0.04)
    # The glyph key goes into a strip of its own below the panels.
    grid, key = fig.subfigures(2, 1, height_ratios=[4.6 * nrows + 0.6, 0.8])
    axes = grid.subplots(nrows, ncols, squeeze=False)
    flat = axes.ravel()
    used = set(slot.values())
    for i, ax in enumerate(flat):
        if i not in used:
            ax.set_axis_off()
    grid.suptitle(title, fontsize=13)
    fig.key_strip = key
    return fig, {key: flat[i] for key, i in slot.items()}


def _padded(lo: float, hi: float, factor: float):
    """Log-axis limits with a margin, kept finite and positive at the ends of the double range."""
    low = lo / factor if lo / factor > 0.0 else lo
    high = hi * factor if math.isfinite(hi * factor) else hi
    return low, high


class PanelBounds:
    def __init__(self):
        self.xs, self.ys = [], []

    def add(self, xs, ys=()):
        self.xs.extend(x for x in xs if x is not None and x > 0 and math.isfinite(x))
        self.ys.extend(y for y in ys if y is not None and y > 0 and math.isfinite(y))

    def apply(self, ax):
        if self.xs:
            ax.set_xlim(*_padded(min(self.xs), max(self.xs), 1.6))
        if self.ys:
            ax.set_ylim(*_padded(min(self.ys), max(self.ys), 6.0))
        else:
            ax.set_ylim(1e-16, 1.0)
            ax.text(0.5, 0.5, "no finite errors", transform=ax.transAxes, ha="center",
                    va="center", color="0.4")


def _shown_as_number(point: Point) -> bool:
    """An error below the reference's accuracy is no measurement: it goes to the bottom edge."""
    return _plottable(point.error) and point.status != "below-reference"


def _plot_points(ax, points: list, xs: list, colour, marker, linestyle="-", edge_markers=None):
    """Numeric points as a line with markers (filled in the fit window, hollow outside); the
    points without a finite positive error are queued for edge markers instead."""
    numeric = [(x, p) for x, p in zip(xs, points) if _plottable(x) and _shown_as_number(p)]
    numeric.sort(key=lambda item: item[0])
    if numeric:
        ax.plot([x for x, _ in numeric], [p.error for _, p in numeric], linestyle=linestyle,
                color=colour, linewidth=1.1, zorder=3)
        inside = [(x, p.error) for x, p in numeric if p.in_window]
        outside = [(x, p.error) for x, p in numeric if not p.in_window]
        if inside:
            ax.plot(*zip(*inside), linestyle="none", marker=marker, color=colour, markersize=5.5,
                    zorder=4)
        if outside:
            ax.plot(*zip(*outside), linestyle="none", marker=marker, markerfacecolor="white",
                    markeredgecolor=colour, markersize=5.5, zorder=4)
    if edge_markers is not None:
        for x, p in zip(xs, points):
            if not _plottable(x) or _shown_as_number(p):
                continue
            off_top = p.unstable or (p.error is not None and p.error > PLOT_MAX)
            edge_markers.append((x, "top" if off_top else "bottom", colour))
    return [x for x, _ in numeric], [p.error for _, p in numeric]


def _draw_edge_markers(ax, edge_markers: list):
    """Unstable points: x on the top edge; zero or missing errors: triangle on the bottom edge."""
    transform = ax.get_xaxis_transform()
    for x, where, colour in edge_markers:
        if where == "top":
            ax.plot([x], [1.0], marker="x", color=colour, markersize=8, markeredgewidth=2,
                    transform=transform, clip_on=False, zorder=5)
        else:
            ax.plot([x], [0.0], marker="v", color=colour, markersize=7, transform=transform,
                    clip_on=False, zorder=5)


def _window_range(run: Run):
    inside = [p for p in run.points if p.in_window and p.numeric]
    w = run.window or {}
    h_min, h_max = _finite(w.get("h_min")), _finite(w.get("h_max"))
    if (h_min is None or h_max is None) and inside:
        h_min, h_max = min(p.x for p in inside), max(p.x for p in inside)
    if h_min is None or h_max is None or h_min <= 0 or h_max <= 0:
        return None
    return h_min, h_max, inside


def _fit_line(points: list, order: float | None, constant: float | None, h_range=None):
    """The fitted line over the window: error = C h^p with the study's p and C; without C it goes
    through the centroid of the window's points in log-log, where a least-squares fit passes."""
    if order is None:
        return None
    inside = [p for p in points if p.in_window and p.numeric]
    if h_range is None:
        if not inside:
            return None
        h_range = (min(p.x for p in inside), max(p.x for p in inside))
    h_min, h_max = h_range
    if constant is not None and constant > 0:
        log_c = math.log(constant)
    elif inside:
        mean_x = sum(math.log(p.x) for p in inside) / len(inside)
        mean_y = sum(math.log(p.error) for p in inside) / len(inside)
        log_c = mean_y - order * mean_x
    else:
        return None
    hs = [h_min, h_max] if h_min != h_max else [h_min / 1.2, h_max * 1.2]
    try:
        ys = [math.exp(log_c + order * math.log(h)) for h in hs]
    except OverflowError:
        return None
    if not all(_plottable(y) for y in ys + hs):
        return None
    return hs, ys


def _declared_line(fit, declared: float | None):
    """Slope of the declared order through the middle of the fitted line, over the same range."""
    if fit is None or declared is None:
        return None
    hs, ys = fit
    h_mid = math.sqrt(hs[0] * hs[1])
    y_mid = math.sqrt(ys[0] * ys[1])
    try:
        out = [y_mid * (h / h_mid) ** declared for h in hs]
    except OverflowError:
        return None
    return (hs, out) if all(_plottable(y) for y in out) else None


def _key_legend(fig, work: bool = False, declared: bool = True):
    from matplotlib.lines import Line2D
    grey = "0.35"
    handles = [
        Line2D([], [], color=grey, marker="o", linestyle="-", label="points in the fit window"),
        Line2D([], [], color=grey, marker="o", markerfacecolor="white", linestyle="-",
               label="points outside the window (pre-asymptotic, round-off)"),
        Line2D([], [], color=grey, marker="x", markeredgewidth=2, linestyle="none",
               label="unstable (blow-up) or error > 1e300, on the top edge"),
        Line2D([], [], color=grey, marker="v", linestyle="none",
               label="error 0 or below the reference's accuracy, on the bottom edge"),
    ]
    if work:
        handles.append(Line2D([], [], color=grey, marker="o", linestyle="--",
                              label="adaptive run: tolerance sweep"))
    else:
        handles.append(Line2D([], [], color=grey, linewidth=5, alpha=0.3, label="fitted order over the window"))
        if declared:
            handles.append(Line2D([], [], color=grey, linestyle=":", linewidth=1.5,
                                  label="declared order (seeds: claimed) over the window"))
    fig.key_strip.legend(handles=handles, loc="center", ncols=3 if fig.get_figwidth() > 14 else 2,
                         fontsize=8, frameon=False)


def _save(fig, output: Path, stem: str) -> list:
    import matplotlib.pyplot as plt
    written = []
    for ext in ("svg", "png"):
        path = output / f"{stem}.{ext}"
        meta = {"Date": None} if ext == "svg" else {"Software": None}
        fig.savefig(path, dpi=100 if ext == "png" else None, metadata=meta)
        written.append(path.name)
        # The layout is solved once: the second format reuses it (halves the rendering time).
        fig.set_layout_engine("none")
    plt.close(fig)
    return written


def _legend(ax, entries: list):
    from matplotlib.lines import Line2D
    handles = [Line2D([], [], color=c, marker=m, linestyle=ls, label=label) for label, c, m, ls in entries]
    if handles:
        ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=7.5,
                  frameon=False, borderaxespad=0.0)


def _start_log_panel(ax):
    """A log-log panel with empty bounds, edge markers and legend entries."""
    ax.set_xscale("log")
    ax.set_yscale("log")
    return ax, PanelBounds(), [], []


def _finish_panel(ax, bounds, edges, legend, title: str, xlabel: str, ylabel: str) -> None:
    bounds.apply(ax)
    _draw_edge_markers(ax, edges)
    ax.set_title(title, fontsize=10)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.grid(True, which="major", alpha=0.3)
    _legend(ax, legend)


def convergence_figure(problem: str, runs: list, style: Style, output: Path) -> list:
    fixed = [r for r in runs if r.points]
    if not fixed:
        return []
    fig, axes = _figure(_panels(fixed), f"{problem}: error against step size h (norm {fixed[0].norm})")
    for family, scalar, panel_runs in _panels(fixed):
        ax, bounds, edges, legend = _start_log_panel(axes[(family, scalar)])
        for run in panel_runs:
            colour, marker, line = style(run)
            xs, ys = _plot_points(ax, run.points, [p.x for p in run.points], colour, marker,
                                  linestyle=line, edge_markers=edges)
            bounds.add([p.x for p in run.points], ys)
            window = _window_range(run)
            fit = _fit_line(run.points, run.measured, run.error_constant,
                            window[:2] if window else None) if window else None
            if fit:
                ax.plot(*fit, color=colour, linewidth=6, alpha=0.28, solid_capstyle="butt", zorder=2)
            claimed = _finite((run.seed or {}).get("claimed_order")) if run.is_seed else None
            reference_order = claimed if claimed is not None else run.declared
            if (run.error_constant_declared is not None and reference_order == run.declared
                    and window is not None):
                # The study's best fit with the slope fixed to the declared order.
                ref = _fit_line(run.points, run.declared, run.error_constant_declared, window[:2])
            else:
                ref = _declared_line(fit, reference_order)
            if ref:
                ax.plot(*ref, color=colour, linestyle=":", linewidth=1.5, zorder=2)
            if run.measured is None:
                summary = "no order"
            else:
                summary = f"p = {format_measured(run.measured, run.uncertainty)}"
            decl = (f"claimed {format_order_value(claimed)}" if claimed is not None
                    else f"declared {format_order_value(run.declared)}")
            mark = "" if run.verdict in ("pass", UNJUDGED) else f" [{run.verdict}]"
            legend.append((f"{run.label}: {summary} ({decl}){mark}", colour, marker, line))
        _finish_panel(ax, bounds, edges, legend, f"{family} · {scalar}", "step size h", "error")
    _key_legend(fig)
    return _save(fig, output, f"convergence_{safe_name(problem)}")


def work_figure(problem: str, runs: list, style: Style, output: Path) -> list:
    usable = [r for r in runs
              if any(p.rhs_evaluations for p in r.points) or any(p.rhs_evaluations for p in r.adaptive_points)]
    if not usable:
        return []
    fig, axes = _figure(_panels(usable), f"{problem}: error against right-hand-side evaluations")
    for family, scalar, panel_runs in _panels(usable):
        ax, bounds, edges, legend = _start_log_panel(axes[(family, scalar)])
        for run in panel_runs:
            colour, marker, line = style(run)
            if run.points:
                xs = [p.rhs_evaluations for p in run.points]
                _, ys = _plot_points(ax, run.points, xs, colour, marker, linestyle=line,
                                     edge_markers=edges)
                bounds.add(xs, ys)
                legend.append((f"{run.label} fixed step", colour, marker, line))
            if run.adaptive_points:
                xs = [p.rhs_evaluations for p in run.adaptive_points]
                _, ys = _plot_points(ax, run.adaptive_points, xs, colour, marker, linestyle="--",
                                     edge_markers=edges)
                bounds.add(xs, ys)
                slope = _finite((run.adaptive or {}).get("slope_error_vs_tol"))
                extra = f", error ∝ tol^{slope:.2f}" if slope is not None else ""
                legend.append((f"{run.label} adaptive{extra}", colour, marker, "--"))
        _finish_panel(ax, bounds, edges, legend, f"{family} · {scalar}", "right-hand-side evaluations", "error")
    _key_legend(fig, work=True)
    return _save(fig, output, f"work_{safe_name(problem)}")


def energy_figure(problem: str, runs: list, style: Style, output: Path) -> list:
    with_energy = [r for r in runs if r.energy_points]
    if not with_energy:
        return []
    fig, axes = _figure(_panels(with_energy), f"{problem}: energy error against step size h")
    for family, scalar, panel_runs in _panels(with_energy):
        ax, bounds, edges, legend = _start_log_panel(axes[(family, scalar)])
        for run in panel_runs:
            colour, marker, line = style(run)
            pts = run.energy_points
            _, ys = _plot_points(ax, pts, [p.x for p in pts], colour, marker, linestyle=line,
                                 edge_markers=edges)
            bounds.add([p.x for p in pts], ys)
            order = _finite(run.energy.get("measured_order"))
            unc = _finite(run.energy.get("order_uncertainty"))
            window = run.energy.get("window") if isinstance(run.energy.get("window"), dict) else {}
            h_range = (_finite(window.get("h_min")), _finite(window.get("h_max")))
            fit = _fit_line(pts, order, _finite(run.energy.get("error_constant")),
                            h_range if None not in h_range else None)
            if fit:
                ax.plot(*fit, color=colour, linewidth=6, alpha=0.28, solid_capstyle="butt", zorder=2)
            summary = f"p = {format_measured(order, unc)}" if order is not None else "no order"
            legend.append((f"{run.label}: {summary}", colour, marker, line))
        _finish_panel(ax, bounds, edges, legend, f"{family} · {scalar}", "step size h", "energy error")
    _key_legend(fig, declared=False)
    return _save(fig, output, f"energy_{safe_name(problem)}")


# ----------------------------------------------------------------------------------------------
# Tables
# ----------------------------------------------------------------------------------------------

MAIN_COLUMNS = ["method", "family", "problem", "scalar", "norm", "declared", "measured ± uncertainty",
                "error constant", "window (h range)", "verdict", "notes"]


def slopes_title(run: Run) -> str:
    slopes = [s for s in run.local_slopes if s is not None]
    return "local slopes (coarse to fine): " + ", ".join(f"{s:.2f}" for s in slopes) if slopes else ""


def main_row(run: Run) -> list:
    return [run.label, run.family, run.problem, run.scalar, run.norm,
            format_order_value(run.declared),
            (format_measured(run.measured, run.uncertainty), slopes_title(run)),
            format_sci(run.error_constant), window_text(run), run.verdict,
            "; ".join(run_notes(run))]


SEED_COLUMNS = ["specimen", "article", "problem", "scalar", "norm", "claimed", "declared",
                "measured ± uncertainty", "window (h range)", "verdict", "notes"]


def seed_row(run: Run) -> list:
    seed = run.seed or {}
    return [run.label, str(seed.get("source") or "–"), run.problem, run.scalar, run.norm,
            format_order_value(_finite(seed.get("claimed_order"))), format_order_value(run.declared),
            (format_measured(run.measured, run.uncertainty), slopes_title(run)), window_text(run), run.verdict,
            "; ".join(run_notes(run))]


ADAPTIVE_COLUMNS = ["method", "family", "problem", "scalar", "norm", "tolerances", "error ∝ tol^s",
                    "fixed-step order (primary)", "fixed-step order (embedded)", "notes"]


def _fixed_summary(entry) -> str:
    if not isinstance(entry, dict):
        return "–"
    text = format_measured(_finite(entry.get("measured_order")), _finite(entry.get("order_uncertainty")))
    declared = _finite(entry.get("declared_order"))
    return f"{text} (declared {format_order_value(declared)})" if declared is not None else text


def adaptive_row(run: Run) -> list:
    tols = [p.x for p in run.adaptive_points]
    adaptive = run.adaptive or {}
    fixed = adaptive.get("fixed_step") if isinstance(adaptive.get("fixed_step"), dict) else {}
    slope = _finite(adaptive.get("slope_error_vs_tol"))
    notes = []
    unstable = instability_note(run.adaptive_points, "tol")
    if unstable:
        notes.append(unstable)
    rejected = sum(p.rejected or 0 for p in run.adaptive_points)
    accepted = sum(p.accepted or 0 for p in run.adaptive_points)
    if accepted or rejected:
        notes.append(f"{accepted} accepted, {rejected} rejected steps over the sweep")
    return [run.label, run.family, run.problem, run.scalar, run.norm,
            f"{format_sci(max(tols))} … {format_sci(min(tols))} ({len(tols)})" if tols else "–",
            f"{slope:.2f}" if slope is not None else "–",
            _fixed_summary(fixed.get("primary")), _fixed_summary(fixed.get("embedded")),
            "; ".join(notes)]


ENERGY_COLUMNS = ["method", "family", "problem", "scalar", "energy error order ± uncertainty", "notes"]


def energy_row(run: Run) -> list:
    order = _finite(run.energy.get("measured_order"))
    unc = _finite(run.energy.get("order_uncertainty"))
    return [run.label, run.family, run.problem, run.scalar, format_measured(order, unc),
            "; ".join(filter(None, [instability_note(run.energy_points)]))]


def _cell(cell) -> tuple:
    """A table cell is its text, or (text, tooltip) where the HTML table can show more."""
    return cell if isinstance(cell, tuple) else (cell, "")


def _md_cell(cell) -> str:
    return str(_cell(cell)[0]).replace("|", "\\|").replace("\n", " ")


def md_table(columns: list, rows: list) -> str:
    lines = ["| " + " | ".join(columns) + " |", "|" + "|".join("---" for _ in columns) + "|"]
    lines += ["| " + " | ".join(_md_cell(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)


def html_table(columns: list, rows: list, verdict_column: int | None = None) -> str:
    out = ["<table>", "<thead><tr>" + "".join(f"<th>{html.escape(c)}</th>" for c in columns) + "</tr></thead>",
           "<tbody>"]
    for row in rows:
        cells = []
        for i, cell in enumerate(row):
            text, tooltip = _cell(cell)
            cls = f' class="verdict {html.escape(text.replace(" ", "-"))}"' if i == verdict_column else ""
            title = f' title="{html.escape(tooltip)}"' if tooltip else ""
            cells.append(f"<td{cls}{title}>{html.escape(str(text))}</td>")
        out.append("<tr>" + "".join(cells) + "</tr>")
    out += ["</tbody>", "</table>"]
    return "\n".join(out)


def preferred_norm(runs: list, wanted: str | None) -> str:
    norms = {r.norm for r in runs}
    if wanted and wanted in norms:
        return wanted
    return sorted(norms, key=norm_key)[0]


def seed_findings(runs: list, norm_choice: str | None) -> list:
    """Per seed specimen: (header, [(run, sentence)]) with one sentence per (problem, scalar), on
    the preferred norm of that combination (the tables list every norm)."""
    groups = defaultdict(list)
    for run in runs:
        if run.is_seed and run.points:
            groups[(run.series_key, run.problem, run.scalar)].append(run)
    by_specimen = defaultdict(list)
    for key in sorted(groups, key=lambda k: (k[0], k[1], scalar_key(k[2]))):
        candidates = groups[key]
        norm = preferred_norm(candidates, norm_choice)
        run = next(r for r in candidates if r.norm == norm)
        by_specimen[key[0]].append((run, seed_finding(run)))
    return [(seed_header(items[0][0]), items) for _, items in sorted(by_specimen.items())]


def run_count(runs: list) -> str:
    files = sum(1 for r in runs if not r.derived)
    return f"{files} run{'s' if files != 1 else ''}"


def verdict_summary(runs: list) -> str:
    counts = Counter(r.verdict for r in runs if r.points and r.judged)
    parts = [f"{counts[v]} {v}" for v in VERDICTS if counts.get(v)]
    parts += [f"{n} {v}" for v, n in sorted(counts.items()) if v not in VERDICTS]
    return ", ".join(parts) if parts else "no fixed-step runs"


def table_sections(runs: list, norm_choice: str | None):
    """(title, intro, columns, rows, verdict column) for every table of the report."""
    ordered = sorted(runs, key=run_key)
    fixed = [r for r in ordered if r.points]
    seeds = [r for r in fixed if r.is_seed]
    others = [r for r in fixed if not r.is_seed]
    adaptive = [r for r in ordered if r.adaptive_points]
    energy = [r for r in ordered if r.energy_points and r.energy]
    sections = []
    if seeds:
        sections.append(("Seed specimens", "Measured on the problems of their articles; 'claimed' is "
                         "the order the article claims, 'declared' the order Orderly's analysis expects.",
                         SEED_COLUMNS, [seed_row(r) for r in seeds], SEED_COLUMNS.index("verdict")))
    for problem in sorted({r.problem for r in others}):
        sections.append((f"Observed orders: {problem}", "Fixed-step runs. The order is fitted on "
                         "log-log over the asymptotic window (pre-asymptotic points and the round-off "
                         "plateau excluded).", MAIN_COLUMNS,
                         [main_row(r) for r in others if r.problem == problem],
                         MAIN_COLUMNS.index("verdict")))
    if adaptive:
        sections.append(("Adaptive runs", "Tolerance sweeps with step-size control; the fixed-step "
                         "orders are those of the pair's primary and embedded weights.",
                         ADAPTIVE_COLUMNS, [adaptive_row(r) for r in adaptive], None))
    if energy:
        sections.append(("Energy error", "Order of the energy (first-integral) error in h.",
                         ENERGY_COLUMNS, [energy_row(r) for r in energy], None))
    return sections


CSS = """
body { font-family: sans-serif; margin: 2em; max-width: 1800px; color: #222; }
table { border-collapse: collapse; font-size: 0.85em; margin-bottom: 2em; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.5em; text-align: left; vertical-align: top; }
th { background: #f0f0f0; position: sticky; top: 0; }
td.verdict.pass { background: #dff0d8; }
td.verdict.fail { background: #f2dede; font-weight: bold; }
td.verdict.superconvergent { background: #d9edf7; }
td.verdict.inconclusive { background: #fcf8e3; }
img.figure { max-width: 100%; border: 1px solid #ddd; margin: 0.5em 0 1.5em 0; }
li { margin-bottom: 0.4em; }
code { background: #f5f5f5; }
"""


def write_tables(runs: list, output: Path, norm_choice: str | None) -> tuple:
    sections = table_sections(runs, norm_choice)
    findings = seed_findings(runs, norm_choice)
    md = ["# Orderly convergence study: order table", "",
          f"{run_count(runs)}; fixed-step verdicts: {verdict_summary(runs)}.", ""]
    if findings:
        md += ["## What each seed specimen achieves", ""]
        for header, items in findings:
            md.append(f"- {_md_cell(header)}")
            md += [f"  - {_md_cell(text)}" for _, text in items]
        md.append("")
    for title, intro, columns, rows, _ in sections:
        md += [f"## {title}", "", intro, "", md_table(columns, rows), ""]
    (output / "order_table.md").write_text("\n".join(md), encoding="utf-8")

    body = ["<h1>Orderly convergence study: order table</h1>",
            f"<p>{run_count(runs)}; fixed-step verdicts: {html.escape(verdict_summary(runs))}.</p>"]
    body += findings_html(findings)
    for title, intro, columns, rows, verdict_column in sections:
        body += [f"<h2>{html.escape(title)}</h2>", f"<p>{html.escape(intro)}</p>",
                 html_table(columns, rows, verdict_column)]
    (output / "order_table.html").write_text(_page("Orderly order table", body), encoding="utf-8")
    return findings, sections


def findings_html(findings: list) -> list:
    if not findings:
        return []
    out = ["<h2 id=\"seeds\">What each seed specimen achieves</h2>", "<ul>"]
    for header, items in findings:
        out.append(f"<li>{html.escape(header)}<ul>")
        out += [f"<li>{html.escape(text)}</li>" for _, text in items]
        out.append("</ul></li>")
    out.append("</ul>")
    return out


def _page(title: str, body: list) -> str:
    return ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            f"<title>{html.escape(title)}</title>\n<style>{CSS}</style>\n</head>\n<body>\n"
            + "\n".join(body) + "\n</body>\n</html>\n")


def reference_text(runs: list) -> str:
    """The reference solutions the runs of a problem were measured against."""
    methods, digits = set(), []
    for run in runs:
        ref = run.reference or {}
        if isinstance(ref.get("method"), str):
            methods.add(ref["method"])
        d = _finite(ref.get("certified_digits"))
        if d is not None:
            digits.append(d)
    if not methods and not digits:
        return "not stated"
    text = ", ".join(sorted(methods)) or "unnamed"
    if digits:
        text += f", at least {min(digits):g} certified digits"
    return text


def write_index(runs: list, output: Path, figures: dict, findings: list, norm_by_problem: dict):
    problems = sorted(figures)
    body = ["<h1>Orderly convergence study</h1>",
            f"<p>{run_count(runs)} over {len(problems)} problem(s); fixed-step verdicts: "
            f"{html.escape(verdict_summary(runs))}.</p>",
            "<p>Order table: <a href=\"order_table.html\">HTML</a> · "
            "<a href=\"order_table.md\">Markdown</a></p>",
            "<h2>Contents</h2>", "<ul>"]
    if findings:
        body.append('<li><a href="#seeds">Seed specimens</a></li>')
    for problem in problems:
        body.append(f'<li><a href="#{html.escape(safe_name(problem))}">{html.escape(problem)}</a></li>')
    body.append("</ul>")
    body += findings_html(findings)
    descriptions = {}
    for run in runs:
        if run.problem_description and run.problem not in descriptions:
            descriptions[run.problem] = run.problem_description
    for problem in problems:
        body.append(f'<h2 id="{html.escape(safe_name(problem))}">{html.escape(problem)}</h2>')
        if problem in descriptions:
            body.append(f"<p>{html.escape(descriptions[problem])}</p>")
        body.append(f"<p>Figures use the <code>{html.escape(norm_by_problem[problem])}</code> norm; "
                    "the order table lists every norm. Reference solution: "
                    f"{html.escape(reference_text([r for r in runs if r.problem == problem]))}.</p>")
        for name in figures[problem]:
            if name.endswith(".svg"):
                png = name[:-4] + ".png"
                body.append(f'<p><a href="{html.escape(name)}">{html.escape(name)}</a> · '
                            f'<a href="{html.escape(png)}">{html.escape(png)}</a></p>')
                body.append(f'<img class="figure" src="{html.escape(name)}" alt="{html.escape(name)}">')
        # The problem's rows of the order table, in the problem's figure norm.
        shown = [r for r in sorted(runs, key=run_key)
                 if r.problem == problem and r.points and r.norm == norm_by_problem[problem]]
        if shown:
            body.append(f"<h3>Orders on {html.escape(problem)} (norm "
                        f"{html.escape(norm_by_problem[problem])})</h3>")
            body.append(html_table(MAIN_COLUMNS, [main_row(r) for r in shown], MAIN_COLUMNS.index("verdict")))
    (output / "index.html").write_text(_page("Orderly convergence study", body), encoding="utf-8")


# ----------------------------------------------------------------------------------------------
# Driver
# ----------------------------------------------------------------------------------------------

def _setup_matplotlib():
    import matplotlib
    matplotlib.use("Agg")
    matplotlib.rcParams["svg.hashsalt"] = "orderly"     # reproducible SVG ids
    matplotlib.rcParams["svg.fonttype"] = "none"        # text stays text: smaller, searchable


def render_problem(problem: str, shown: list, style: Style, output: Path) -> list:
    """All figures of one problem (runs of one norm); returns the files written."""
    _setup_matplotlib()
    files = convergence_figure(problem, shown, style, output)
    files += work_figure(problem, shown, style, output)
    files += energy_figure(problem, shown, style, output)
    return files


def make_report(input_dir: Path, output: Path, norm_choice: str | None, jobs: int = 1) -> list:
    runs = load_runs(input_dir)
    try:
        output.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise InputError(f"cannot create output directory {output}: {e.strerror}") from None

    style = Style(runs)
    by_problem = defaultdict(list)
    for run in runs:
        by_problem[run.problem].append(run)
    problems = sorted(by_problem)
    norm_by_problem = {p: preferred_norm(by_problem[p], norm_choice) for p in problems}
    # Figures show one norm per problem; the tables list them all.
    work = [(p, [r for r in by_problem[p] if r.norm == norm_by_problem[p]], style, output)
            for p in problems]
    if jobs > 1 and len(problems) > 1:
        from concurrent.futures import ProcessPoolExecutor
        with ProcessPoolExecutor(max_workers=min(jobs, len(problems))) as pool:
            results = list(pool.map(render_problem, *zip(*work)))
    else:
        results = [render_problem(*item) for item in work]
    figures = dict(zip(problems, results))
    findings, _ = write_tables(runs, output, norm_choice)
    write_index(runs, output, figures, findings, norm_by_problem)
    return [f for files in results for f in files] + ["order_table.md", "order_table.html", "index.html"]


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        # One line and exit code 2, as for every other bad input (argparse adds a usage block).
        self.exit(2, f"{PROG}: error: {message} (see --help)\n")


def main(argv=None) -> int:
    parser = _Parser(
        prog=PROG, description="Figures and the order table from orderly convergence JSON files.")
    parser.add_argument("--input", required=True, type=Path, help="directory of convergence JSON files")
    parser.add_argument("--output", required=True, type=Path, help="directory for the report")
    parser.add_argument("--norm", choices=NORM_ORDER, default="final",
                        help="norm shown in the figures (default: final; falls back to the first "
                             "norm present for a problem). The tables list every norm.")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                        help="processes drawing figures, one problem each (default: all cores)")
    args = parser.parse_args(argv)
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")
    try:
        written = make_report(args.input, args.output, args.norm, args.jobs)
    except InputError as e:
        print(f"{PROG}: error: {e}", file=sys.stderr)
        return 2
    print(f"{PROG}: wrote {len(written)} files to {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
