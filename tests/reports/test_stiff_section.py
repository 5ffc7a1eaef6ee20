"""The stiff section (reports/orderly_report/sections/stiff.py) on a synthetic orderly.stiff/3
file and its timing file, in the shape studies/stiff/stiff.cpp writes. Every number the page must
show is set here."""

import html
import json
import sys
import tempfile
import unittest
from pathlib import Path

sys.dont_write_bytecode = True

sys.path.insert(0, str(Path(__file__).resolve().parent))
from fixtures import ReportFromInputs, run_report  # noqa: E402


def run(method, problem, rtol, status="solved", mescd=None, rhs=100, failure=None, failure_t=None,
        newton_failures=None):
    return {"method": method, "problem": problem, "rtol": rtol, "atol": rtol, "status": status,
            "failure": failure, "failure_t": failure_t, "mescd": mescd, "scd": mescd,
            "rhs_evaluations": rhs, "jacobian_evaluations": 7, "lu_factorizations": 9, "linear_solves": None,
            "accepted": 30, "rejected": 2, "newton_failures": newton_failures}


# The wall times of the timing file: one per run, each a number no other cell shows.
WALL_SECONDS = {("radau5", "rober", 1e-4): 0.00123, ("rosenbrock4", "rober", 1e-4): 0.00456}


def timing_document():
    return {"schema": "orderly.stiff-timing/1", "wall_time_note": "an indication", "min_wall_seconds": 0.005,
            "runs": [{"method": m, "problem": p, "rtol": rtol, "wall_seconds": seconds, "wall_repetitions": 5}
                     for (m, p, rtol), seconds in WALL_SECONDS.items()]}


def series(method, regime, lam, order, constant, steps, classical, stage=None):
    """Errors exactly constant * h**order on h = 10/N; the window is every point."""
    points = [{"steps": n, "h": 10.0 / n, "h_abs_lambda": 10.0 / n * abs(lam),
               "error": constant * (10.0 / n) ** order, "in_window": True, "status": "ok"} for n in steps]
    h1, h2 = points[0]["h"], points[-1]["h"]
    return {"method": method, "source": "test", "regime": regime, "lambda": lam, "classical_order": classical,
            "stage_order": stage, "points": points,
            "fit": {"found": True, "order": float(order), "uncertainty": 0.01, "settled": True,
                    "window_first": 0, "window_last": len(points) - 1, "local_slopes": [order] * (len(points) - 1),
                    "error_constant": constant, "reason": "all points"},
            "fit_line": {"h": [h1, h2], "error": [constant * h1 ** order, constant * h2 ** order]}}


BLOW_UP = "blew up at step 412, t = 0.0375"
STEP_LIMIT = "step limit: 2000 steps (1650 accepted) at t = 0.0123"


def stiff_document():
    runs = [run("radau5", "rober", 1e-4, mescd=5.1, rhs=900, newton_failures=1),
            run("radau5", "rober", 1e-7, mescd=7.4, rhs=2400),
            run("rosenbrock4", "rober", 1e-4, mescd=4.2, rhs=700),
            run("rosenbrock4", "rober", 1e-7, mescd=6.3, rhs=6100),
            run("dopri54", "rober", 1e-4, status="step-limit", rhs=12000, failure=STEP_LIMIT, failure_t=0.0123),
            run("dopri54", "stiff-spring", 1e-4, status="blow-up", rhs=2500, failure=BLOW_UP, failure_t=0.0375),
            run("radau5", "stiff-spring", 1e-4, mescd=4.8, rhs=300)]
    return {
        "schema": "orderly.stiff/3", "mescd_definition": "mescd = -log10(...)", "step_budget": 2000,
        "timing_file": "stiff.timing.json", "tolerances": [1e-4, 1e-7],
        "solvers": [{"name": "radau5", "family": "implicit-rk", "solver": "x", "order": 5},
                    {"name": "rosenbrock4", "family": "rosenbrock", "solver": "y", "order": 4},
                    {"name": "dopri54", "family": "embedded-rk", "solver": "z", "order": 5}],
        "problems": [{"name": "rober", "description": "Robertson", "t_end": 1e11, "atol_rule": "atol = rtol",
                      "reference_origin": "computed", "reference_certified_digits": 30.0, "reference_method": "r",
                      "best_mescd": 7.4, "reference_margin_digits": 22.6, "reference_margin_required": 3.0,
                      "reference_sufficient": True},
                     {"name": "stiff-spring", "description": "spring", "t_end": 10, "atol_rule": "atol = rtol",
                      "reference_origin": "exact", "reference_certified_digits": 6.0, "reference_method": "e",
                      "best_mescd": 4.8, "reference_margin_digits": 1.2, "reference_margin_required": 3.0,
                      "reference_sufficient": False}],
        "runs": runs,
        "efficiency_targets": [
            {"method": "radau5", "problem": "rober", "required_mescd": 6, "rhs_limit": 5000, "rtol": 1e-7,
             "atol": 1e-9, "mescd": 7.4, "rhs_evaluations": 2400, "jacobian_evaluations": 7, "met": True},
            {"method": "rosenbrock4", "problem": "rober", "required_mescd": 6, "rhs_limit": 5000, "rtol": 1e-7,
             "atol": 1e-9, "mescd": 6.3, "rhs_evaluations": 6100, "jacobian_evaluations": 7, "met": False},
            {"method": "radau5", "problem": "hires", "required_mescd": 6, "rhs_limit": 5000, "met": False,
             "reason": "no solved run reached the required mescd"}],
        "order_reduction": {
            "problem": "prothero-robinson", "error": "max", "fit": "least squares",
            "regimes": [{"name": "stiff", "lambda": -1e4, "h_abs_lambda_max": 1.25e4, "h_abs_lambda_min": 97},
                        {"name": "non-stiff", "lambda": -1.0, "h_abs_lambda_max": 0.3, "h_abs_lambda_min": 0.005}],
            "series": [series("radau5", "stiff", -1e4, 3, 1e-3, [8, 16, 32, 64], 5, 3),
                       series("radau5", "non-stiff", -1.0, 5, 1e-2, [32, 64, 128], 5, 3)]},
    }


class StiffSection(ReportFromInputs):
    @classmethod
    def inputs(cls):
        return {"stiff/stiff.json": stiff_document(), "stiff/stiff.timing.json": timing_document()}

    def test_summary_line_counts_runs_and_figures(self):
        self.assertEqual(self.result.returncode, 0, self.result.stderr)
        self.assertIn("orderly_report: stiff: 7 runs (5 finished); 2 figures", self.result.stdout.splitlines())

    def test_work_figure_holds_the_finished_runs_per_solver_loosest_first(self):
        data = json.loads((self.output / "stiff" / "work_precision.json").read_text(encoding="utf-8"))
        self.assertEqual(data["y_scale"], "linear")
        rober = next(p for p in data["panels"] if p["title"] == "rober")
        by_label = {s["label"]: s for s in rober["series"]}
        self.assertEqual(sorted(by_label), ["radau5", "rosenbrock4"])   # dopri54 did not finish
        self.assertEqual(by_label["radau5"]["x"], [900, 2400])
        self.assertEqual(by_label["radau5"]["y"], [5.1, 7.4])
        spring = next(p for p in data["panels"] if p["title"] == "stiff-spring")
        self.assertEqual([s["label"] for s in spring["series"]], ["radau5"])
        for ext in ("svg", "png"):
            self.assertTrue((self.output / "stiff" / f"work_precision.{ext}").is_file())

    def test_order_reduction_figure_draws_the_study_line(self):
        data = json.loads((self.output / "stiff" / "order_reduction.json").read_text(encoding="utf-8"))
        stiff = next(p for p in data["panels"] if p["title"].startswith("stiff"))
        fit = next(s for s in stiff["series"] if s["role"] == "fit")
        self.assertEqual(fit["x"], [10.0 / 8, 10.0 / 64])
        self.assertEqual(fit["y"], [1e-3 * (10.0 / 8) ** 3, 1e-3 * (10.0 / 64) ** 3])
        points = next(s for s in stiff["series"] if s["role"] == "measured")
        self.assertEqual(len(points["x"]), 4)
        self.assertIn("classical 5, measured 3.00 ± 0.01", points["label"])

    def test_failures_table_says_where_each_run_stopped(self):
        self.assertIn(BLOW_UP, self.index)
        self.assertIn(STEP_LIMIT, self.index)
        self.assertIn("0.0375", self.index)
        self.assertIn("The 2 runs that did not finish", self.index)

    def test_runs_table_splits_newton_failures_from_the_rejected_steps(self):
        text = html.unescape(self.index)
        self.assertIn("of which Newton", text)

        def cells(method, mescd):
            row = next(r for r in text.split("<tr") if method in r and mescd in r)
            return [c.split(">", 1)[1].split("<", 1)[0] for c in row.split("<td")[1:]]
        self.assertEqual(cells("radau5", "5.10")[-3:-1], ["2", "1"])   # rejected, of which Newton
        self.assertEqual(cells("rosenbrock4", "4.20")[-2], "\u2013")   # no Newton iteration: a dash

    def test_wall_times_come_from_the_timing_file(self):
        text = html.unescape(self.index)
        self.assertIn("an indication.", text)
        row = next(r for r in text.split("<tr") if "radau5" in r and "5.10" in r)
        self.assertIn("0.00123", row)
        row = next(r for r in text.split("<tr") if "rosenbrock4" in r and "4.20" in r)
        self.assertIn("0.00456", row)

    def test_acceptance_rows_state_met_and_not_met(self):
        self.assertEqual(self.index.count(">met<"), 1)
        self.assertEqual(self.index.count("NOT met"), 2)
        self.assertIn("no solved run reached the required mescd", self.index)

    def test_reference_margin_is_stated_and_a_short_one_flagged(self):
        text = html.unescape(self.index)
        self.assertIn("30.0 certified digits, 22.6 beyond the best run's mescd (required: 3.0).", text)
        self.assertIn("6.0 certified digits, 1.2 beyond the best run's mescd (required: 3.0); NOT sufficient", text)

    def test_a_partial_merge_is_marked_on_the_page_and_in_the_summary(self):
        with tempfile.TemporaryDirectory() as tmp:
            document = stiff_document()
            document["partial"] = {"absent_shards": ["2/3"], "absent_jobs": ["run/radau5/hires/1e-06", "run/x/y/1"],
                                   "problems": ["stiff.shard-2-of-3.json: absent"]}
            (Path(tmp) / "in").mkdir()
            (Path(tmp) / "in" / "stiff.json").write_text(json.dumps(document), encoding="utf-8")
            result = run_report("--input", Path(tmp) / "in", "--output", Path(tmp) / "out")
            self.assertEqual(result.returncode, 0, result.stderr)
            self.assertIn("orderly_report: stiff: 7 runs (5 finished); 2 figures (PARTIAL: 2 jobs absent)",
                          result.stdout.splitlines())
            index = html.unescape((Path(tmp) / "out" / "index.html").read_text(encoding="utf-8"))
            self.assertIn("PARTIAL: 1 of these files were merged from an incomplete set of shards (absent shards: 2/3; "
                          "2 jobs absent: run/radau5/hires/1e-06, run/x/y/1).", index)

    def test_bad_input_is_one_line_and_exit_2(self):
        with tempfile.TemporaryDirectory() as tmp:
            document = stiff_document()
            document["runs"][0]["rtol"] = "tight"
            (Path(tmp) / "in").mkdir()
            (Path(tmp) / "in" / "stiff.json").write_text(json.dumps(document), encoding="utf-8")
            result = run_report("--input", Path(tmp) / "in", "--output", Path(tmp) / "out")
            self.assertEqual(result.returncode, 2, result.stderr)
            self.assertIn("runs[0]: 'rtol' is not a finite number", result.stderr)
            self.assertFalse((Path(tmp) / "out").exists())


if __name__ == "__main__":
    unittest.main()
