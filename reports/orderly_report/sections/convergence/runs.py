"""The convergence study's runs (schema orderly.convergence/1), read and checked.

Every number here is the study's: orders, uncertainties, windows, fitted and declared lines,
verdicts and their reasons. Nothing is recomputed."""

from __future__ import annotations

import dataclasses

from ...errors import InputError
from ...numbers import finite

SCHEMA = "orderly.convergence/1"

FAMILY_ORDER = ["explicit-rk", "embedded-rk", "splitting", "implicit-rk", "rosenbrock", "seed"]
SCALAR_ORDER = ["float", "double", "long-double", "float128", "mp50"]
NORM_ORDER = ["final", "l2", "linf"]

# Verdict shown for a measurement the study carries but does not judge (a pair's embedded
# weights inside its primary run).
UNJUDGED = "not judged"


@dataclasses.dataclass
class Point:
    x: float                 # h for convergence and energy points, the tolerance for adaptive ones
    error: float | None      # None when the run has no finite error here
    status: str
    in_window: bool
    note: str | None = None
    rhs_evaluations: float | None = None
    accepted: int | None = None
    rejected: int | None = None

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
    window_reason: str
    local_slopes: list
    fit_line: dict | None           # the study's C h^p over the window, {"h": [..], "error": [..]}
    declared_line: dict | None      # the declared order over the same window
    verdict: str
    verdict_code: str
    verdict_reason: str
    refinement: dict | None
    policy: dict | None
    reference: dict | None
    seed: dict | None
    points: list
    energy: dict | None
    energy_points: list
    adaptive: dict | None
    adaptive_points: list
    derived: bool = False    # a pair's embedded weights, carried inside its primary run

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

    @property
    def claimed(self) -> float | None:
        """The order a seed's article claims."""
        return finite((self.seed or {}).get("claimed_order")) if self.is_seed else None


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


_NUMBER = (int, float)


def _field(obj: dict, key: str, types, where: str, required: bool = False):
    value = obj.get(key)
    if value is None:
        if required:
            raise InputError(f"{where}: missing field '{key}'")
        return None
    types = types if isinstance(types, tuple) else (types,)
    if not isinstance(value, types) or (isinstance(value, bool) and bool not in types):
        raise InputError(f"{where}: field '{key}' has the wrong type ({type(value).__name__})")
    return value


def _number(obj: dict, key: str, where: str) -> float | None:
    return finite(_field(obj, key, _NUMBER, where))


def _text(obj: dict, key: str, default: str = "") -> str:
    value = obj.get(key)
    return value if isinstance(value, str) else default


def _object(obj: dict, key: str) -> dict | None:
    value = obj.get(key)
    return value if isinstance(value, dict) else None


def _points(raw, where: str, x_key: str, window: dict | None, default_in_window=False) -> list:
    if raw is None:
        return []
    if not isinstance(raw, list):
        raise InputError(f"{where}: 'points' is not a list")
    first = last = None
    if window:
        first, last = window.get("first"), window.get("last")
    points = []
    for index, item in enumerate(raw):
        here = f"{where} point {index}"
        if not isinstance(item, dict):
            raise InputError(f"{here}: not an object")
        x = _number(item, x_key, here)
        if x is None or x <= 0.0:
            raise InputError(f"{here}: '{x_key}' must be a positive finite number")
        error = _number(item, "error", here)
        if error is not None and error < 0.0:
            raise InputError(f"{here}: negative error {error}")
        in_window = item.get("in_window")
        if not isinstance(in_window, bool):
            in_window = (isinstance(first, int) and isinstance(last, int) and first <= index <= last
                         if window else default_in_window)
        rhs = _number(item, "rhs_evaluations", here)
        points.append(Point(
            x=x, error=error, status=_field(item, "status", str, here) or "ok",
            in_window=in_window and error is not None,
            note=_text(item, "note") or None,
            rhs_evaluations=rhs if rhs is not None and rhs > 0 else None,
            accepted=item.get("accepted") if isinstance(item.get("accepted"), int) else None,
            rejected=item.get("rejected") if isinstance(item.get("rejected"), int) else None))
    return points


def parse_run(data: dict, source: str) -> Run:
    where = source
    if data.get("schema") != SCHEMA:
        raise InputError(f"{where}: schema is {data.get('schema')!r}, expected '{SCHEMA}'")
    method = _field(data, "method", str, where, required=True)
    problem = _field(data, "problem", str, where, required=True)
    scalar = _field(data, "scalar", str, where, required=True)
    window = _object(data, "window")
    points = _points(data.get("points"), where, "h", window)
    energy = _object(data, "energy")
    energy_points = _points(energy.get("points"), f"{where} energy", "h", _object(energy, "window")) if energy else []
    adaptive = _object(data, "adaptive")
    # A tolerance sweep has no fit window: its points are all drawn filled.
    adaptive_points = (_points(adaptive.get("points"), f"{where} adaptive", "tol", None, True)
                       if adaptive else [])
    if not points and not adaptive_points:
        raise InputError(f"{where}: no points and no adaptive points")
    slopes = data.get("local_slopes") if isinstance(data.get("local_slopes"), list) else []
    return Run(
        source=source, method=method, method_title=_text(data, "method_title", method),
        family=_field(data, "family", str, where) or "other", problem=problem,
        problem_description=_text(data, "problem_description"), scalar=scalar,
        norm=_field(data, "norm", str, where) or "final",
        kind=_field(data, "kind", str, where) or "fixed-step",
        weights=_text(data, "weights") or None,
        declared=_number(data, "declared_order", where),
        measured=_number(data, "measured_order", where),
        uncertainty=_number(data, "order_uncertainty", where),
        error_constant=_number(data, "error_constant", where),
        window=window, window_reason=_text(data, "window_reason"),
        local_slopes=[finite(s) for s in slopes],
        fit_line=_object(data, "fit_line"), declared_line=_object(data, "declared_line"),
        verdict=_field(data, "verdict", str, where) or "inconclusive",
        verdict_code=_text(data, "verdict_code"), verdict_reason=_text(data, "verdict_reason"),
        refinement=_object(data, "refinement"), policy=_object(data, "policy"),
        reference=_object(data, "reference"), seed=_object(data, "seed"),
        points=points, energy=energy, energy_points=energy_points,
        adaptive=adaptive, adaptive_points=adaptive_points)


def embedded_run(run: Run) -> Run | None:
    """A pair's run carries the fixed-step measurement of its embedded weights under
    adaptive.fixed_step.embedded; it becomes a curve and a table row of its own."""
    fixed = _object(run.adaptive or {}, "fixed_step")
    embedded = _object(fixed, "embedded") if fixed else None
    if not embedded or not embedded.get("points"):
        return None
    where = f"{run.source} adaptive.fixed_step.embedded"
    window = _object(embedded, "window")
    return dataclasses.replace(
        run, kind="fixed-step", weights="embedded",
        declared=_number(embedded, "declared_order", where),
        measured=_number(embedded, "measured_order", where),
        uncertainty=_number(embedded, "order_uncertainty", where),
        error_constant=_number(embedded, "error_constant", where), window=window,
        window_reason=_text(embedded, "window_reason"), local_slopes=[],
        fit_line=_object(embedded, "fit_line"), declared_line=_object(embedded, "declared_line"),
        verdict=UNJUDGED, verdict_code="",
        verdict_reason="the study judges a pair's primary weights; these are its embedded weights",
        refinement=None, points=_points(embedded.get("points"), where, "h", window),
        energy=None, energy_points=[], adaptive=None, adaptive_points=[], derived=True)


def load_runs(documents: list) -> list:
    runs = []
    for document in documents:
        run = parse_run(document.data, document.name)
        runs.append(run)
        embedded = embedded_run(run)
        if embedded is not None:
            runs.append(embedded)
    # A pair's embedded weights may also have been run on their own (--weights embedded): the
    # run of its own wins over the copy carried inside the primary run.
    own = {(r.method, r.problem, r.scalar, r.norm) for r in runs if r.weights == "embedded" and not r.derived}
    return [r for r in runs if not (r.derived and (r.method, r.problem, r.scalar, r.norm) in own)]


def preferred_norm(runs: list, wanted: str | None) -> str:
    norms = {r.norm for r in runs}
    if wanted and wanted in norms:
        return wanted
    return sorted(norms, key=norm_key)[0]
