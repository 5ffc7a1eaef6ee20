"""Synthetic study JSON for the report's tests, in the shape `orderly convergence`,
`orderly crosscheck` and `orderly odeint-orders` write (studies/core/include/orderly/convergence_json.hpp,
studies/crosscheck/crosscheck.cpp, studies/odeint_orders/odeint_orders.cpp).

Errors are exactly C h^p for h = 2^-k, so every number the report shows is known here without the
report's code."""

import json
import os
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

PACKAGE_PARENT = Path(__file__).resolve().parents[2] / "reports"


def run_report(*args, wait=True, cwd=None, bench_default=False):
    """python -m orderly_report with these arguments, on one process, with a private matplotlib cache.
    Without the package's default bench file (build/bench.json under the working directory, where
    `make bench` leaves it) unless bench_default: a test's page shows its own input only."""
    env = dict(os.environ, MPLCONFIGDIR=tempfile.mkdtemp(prefix="mpl-"), PYTHONPATH=str(PACKAGE_PARENT),
               PYTHONDONTWRITEBYTECODE="1")
    no_bench = [] if bench_default else ["--bench", "none"]
    command = [sys.executable, "-m", "orderly_report", "--jobs", "1", *no_bench, *map(str, args)]
    if not wait:
        return subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                env=env, cwd=cwd)
    return subprocess.run(command, capture_output=True, text=True, env=env, timeout=600, cwd=cwd)

class ReportFromInputs(unittest.TestCase):
    """One report built per test class from synthetic study JSON: `inputs()` maps a path under the
    input directory to the document written there. The tests read `result` (the report's process),
    `output` (its directory) and `index` (the page, empty when the report failed)."""

    @classmethod
    def inputs(cls) -> dict:
        raise NotImplementedError

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory(prefix="orderly-section-")
        root = Path(cls.tmp.name)
        for relative, document in cls.inputs().items():
            path = root / "in" / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(document), encoding="utf-8")
        cls.output = root / "out"
        cls.result = run_report("--input", root / "in", "--output", cls.output)
        cls.index = (cls.output / "index.html").read_text(encoding="utf-8") if cls.result.returncode == 0 else ""

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()


POLICY = {"band_below": 0.15, "band_above": 0.5, "max_uncertainty_for_pass": 0.5,
          "slope_settle_absolute": 0.05, "slope_settle_relative": 0.01,
          "pre_asymptotic_relative_error": 0.5, "roundoff_floor_factor": 10,
          "near_floor_factor": 1000, "collapse_absolute": 0.3, "collapse_relative": 0.1,
          "shadow_trigger_factor": 1e4, "rounding_fraction": 0.1, "reference_factor": 1000,
          "extra_doublings": 4, "max_scalar_escalations": 2, "max_budget_steps": 1048576}

VERDICT_CODES = {"pass": "in-band", "fail": "below-band", "superconvergent": "above-band",
                 "inconclusive": "pre-asymptotic"}

SEED_SOURCE = "001_95d7b2db0cda6143.txt"
SEED = {"source": SEED_SOURCE, "claimed_order": 4,
        "description": "RK4 whose stages all take the time argument t + dt"}


def line(h1, h2, constant, order):
    return {"h": [h1, h2], "error": [constant * h1 ** order, constant * h2 ** order]}


def fixed_run(method, problem, family, declared, measured, constant, *, exponents=range(2, 10),
              scalar="double", norm="final", verdict="pass", reason=None, seed=None,
              unstable_below=None, zero_at=None, nan_at=None, energy_order=None,
              weights="primary", rhs_per_step=4, with_lines=True, refinement=None):
    """A fixed-step run whose errors are exactly constant * h**measured for h = 2**-k; the window
    is every point but the first, and the study's lines are the generating line and the declared
    order through the same constant."""
    points = []
    for index, k in enumerate(exponents):
        h = 2.0 ** -k
        steps = 2 ** k
        point = {"h": h, "steps": steps, "error": constant * h ** measured,
                 "rhs_evaluations": steps * rhs_per_step, "in_window": index >= 1, "status": "ok",
                 "note": ""}
        if unstable_below is not None and k < unstable_below:
            point.update(error=None, status="unstable", in_window=False,
                         note="unstable at step 12, t = 1.5")
        if zero_at == k:
            point.update(error=0.0, status="below-reference", in_window=False)
        if nan_at == k:
            point.update(error=float("nan"), status="roundoff", in_window=False)
        points.append(point)
    inside = [p for p in points if p["in_window"]]
    window = ({"first": points.index(inside[0]), "last": points.index(inside[-1]),
               "h_max": inside[0]["h"], "h_min": inside[-1]["h"]} if inside else None)
    data = {
        "schema": "orderly.convergence/1", "method": method, "method_title": method.upper(),
        "family": family, "problem": problem, "problem_description": f"the {problem} problem",
        "scalar": scalar, "norm": norm, "kind": "fixed-step", "weights": weights,
        "declared_order": declared, "measured_order": measured, "order_uncertainty": 0.01,
        "error_constant": constant, "error_constant_declared": constant,
        "fit_line": None, "declared_line": None, "slopes_settled": True, "solution_scale": 1.0,
        "window": window, "window_reason": "" if inside else "no asymptotic window",
        "local_slopes": [measured] * (len(points) - 1),
        "verdict": verdict, "verdict_code": VERDICT_CODES[verdict],
        "verdict_reason": reason or ("measured order agrees with declared" if verdict == "pass"
                                     else f"measured {measured} against declared {declared}"),
        "policy": POLICY,
        "refinement": refinement or {"attempts": [], "outcome": "first measurement kept",
                                     "budget": {"max_budget_steps": 1048576, "extra_doublings": 4,
                                                "max_scalar_escalations": 2}},
        "reference": {"method": "exact", "certified_digits": 48.0}, "seed": seed, "points": points,
        "energy": None, "adaptive": None,
    }
    if with_lines and window:
        data["fit_line"] = line(window["h_max"], window["h_min"], constant, measured)
        data["declared_line"] = line(window["h_max"], window["h_min"], constant, declared)
    if energy_order is not None:
        energy_points = [{"h": p["h"], "error": 0.5 * p["h"] ** energy_order, "in_window": True,
                          "status": "ok"} for p in points]
        data["energy"] = {"measured_order": energy_order, "order_uncertainty": 0.02,
                          "window": {"first": 0, "last": len(points) - 1, "h_max": points[0]["h"],
                                     "h_min": points[-1]["h"]},
                          "fit_line": line(points[0]["h"], points[-1]["h"], 0.5, energy_order),
                          "points": energy_points}
    return data


def pair_run(method, problem, order, embedded_order):
    """An embedded pair's run: fixed steps with the primary weights, the embedded weights'
    measurement and the tolerance sweep, all in one file."""
    data = fixed_run(method, problem, "embedded-rk", order, float(order), 0.003)
    embedded = fixed_run(method, problem, "embedded-rk", embedded_order, float(embedded_order), 0.01)
    tols = [10.0 ** -k for k in range(3, 11)]
    points = [{"tol": tol, "error": 2.0 * tol, "rhs_evaluations": int(60 * tol ** -0.2),
               "accepted": 10, "rejected": 1, "status": "ok", "note": ""} for tol in tols]
    points[0].update(error=None, status="unstable", note="unstable at step 3, t = 0.25")
    data["kind"] = "adaptive"
    data["adaptive"] = {"points": points, "slope_error_vs_tol": 1.0, "fixed_step": {
        "primary": {"measured_order": float(order), "order_uncertainty": 0.01, "declared_order": order},
        "embedded": {key: embedded[key] for key in (
            "declared_order", "measured_order", "order_uncertainty", "error_constant", "window",
            "window_reason", "local_slopes", "points", "fit_line", "declared_line")}}}
    return data


def crosscheck():
    return {"schema": "orderly.crosscheck/1",
            "roundoff_unit": "eps * max(|y_n|_inf, 1) * sqrt(n) at step n", "roundoff_units_bound": 64,
            "pairs": [
                {"method": "rk4", "odeint_stepper": "runge_kutta4", "problem": "kepler",
                 "scalar": "double", "steps": 1000, "status": "pass", "reason": "within 64 units",
                 "max_difference_roundoff_units": 1.5, "max_difference_absolute": 1e-15,
                 "worst_step": 10, "first_parting_step": None},
                {"method": "cash-karp", "odeint_stepper": "runge_kutta_cash_karp54", "problem": "",
                 "scalar": "double", "steps": 0, "status": "not-run",
                 "reason": "Orderly has no method 'cash-karp' in its catalog yet",
                 "max_difference_roundoff_units": 0, "max_difference_absolute": 0,
                 "worst_step": 0, "first_parting_step": None}]}


def odeint_orders():
    return {"schema": "orderly.odeint-orders/2", "band_below": 0.15, "band_above": 0.5,
            "steppers": [{"stepper": "runge_kutta4", "call": "do_step", "problem": "kepler",
                          "scalar": "double", "order_value": 4, "stepper_order_value": 4,
                          "error_order_value": None, "judged_against": "order_value",
                          "measured_order": 4.001, "uncertainty": 0.003,
                          "local_slopes": [3.9, 4.0], "window_reason": "", "verdict": "matches",
                          "mismatch": False,
                          "points": [{"steps": 64, "h": 0.1, "error": 1e-6, "status": "ok", "note": ""}]},
                         {"stepper": "implicit_euler", "call": "do_step(pair(system, jacobian), x, t, dt)",
                          "problem": "pendulum", "problem_note": "autonomous: no time argument",
                          "scalar": "double", "order_value": None, "stepper_order_value": None,
                          "error_order_value": None, "judged_against": "order_value",
                          "measured_order": 0.97, "uncertainty": 0.03, "local_slopes": [0.95, 0.97],
                          "window_reason": "", "verdict": "no declared order", "mismatch": False,
                          "finding": "",
                          "points": [{"steps": 16, "h": 0.3, "error": 1e-1, "status": "ok", "note": ""}]}],
            "tolerance_driven": [{"stepper": "rosenbrock4_controller", "call": "integrate_adaptive",
                                  "problem": "forced-duffing", "scalar": "double", "stepper_order_value": 4,
                                  "error_order_value": 3, "effective_order": 1.001, "uncertainty": 0.0004,
                                  "local_slopes": [1.0], "window_reason": "13 points", "verdict": "mismatch",
                                  "mismatch": True, "finding": "rosenbrock4_d4_sign.cpp",
                                  "points": [{"tolerance": 1e-3, "error": 2e-2, "rhs_evaluations": 96,
                                              "status": "ok", "note": ""},
                                             {"tolerance": 1e-12, "error": 7.7e-7, "rhs_evaluations": 1288512,
                                              "status": "ok", "note": ""}]}]}


def write(directory: Path, documents: dict) -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    for name, data in documents.items():
        path = directory / name
        path.parent.mkdir(parents=True, exist_ok=True)
        # json.dumps writes float('nan') as NaN, as a careless writer would.
        path.write_text(json.dumps(data, indent=1), encoding="utf-8")
    return directory
