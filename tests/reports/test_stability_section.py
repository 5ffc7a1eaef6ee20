"""The analysis and game-table sections (reports/orderly_report/sections/stability.py and
game_table.py) on synthetic orderly.analysis/1 and orderly.game-table/1 files in the shapes
studies/analysis/method_analysis.cpp and studies/game_table/game_table.cpp write. Every number the page must show is set here."""

import json
import sys
import tempfile
import unittest
from pathlib import Path

sys.dont_write_bytecode = True

sys.path.insert(0, str(Path(__file__).resolve().parent))
from fixtures import ReportFromInputs, run_report  # noqa: E402


def disc_grid(points=5):
    """|R| = |1 + z| on a small grid: the Euler disc."""
    xs = [-2.5 + 3.0 * k / (points - 1) for k in range(points)]
    ys = [-1.5 + 3.0 * k / (points - 1) for k in range(points)]
    return {"x_min": xs[0], "x_max": xs[-1], "y_min": ys[0], "y_max": ys[-1], "points": points,
            "modulus": [[abs(complex(1 + x, y)) for x in xs] for y in ys]}


def analysis_document():
    euler = {"name": "euler", "title": "Euler", "family": "explicit-rk", "declared_order": 1, "order": 1,
             "stage_order": 1, "stability_function": {"numerator": ["1", "1"], "denominator": ["1"]},
             "real_stability_limit": -2.0, "real_stability_limit_digits": "-2.000000000000000000000000000000e+00",
             "imaginary_stability_limit": None, "imaginary_stability_limit_digits": None,
             "A_stable": False, "L_stable": False, "principal_error_2norm": 0.5, "principal_error_max": 0.5,
             "empirical": {"agrees": True, "summary": "matches"},
             "region": {"grid": disc_grid(), "boundary_locus": [[-2.0, 0.0], [-1.0, 1.0], [0.0, 0.0]],
                        "empirical_rays": [{"angle": 3.14159265, "analytic_radius": 2.0, "measured_radius": 2.0,
                                            "bounded": True}]}}
    gauss = {"name": "gauss4", "title": "Gauss", "family": "implicit-rk", "declared_order": 4, "order": 4,
             "stage_order": 2, "stability_function": {"numerator": ["1", "1/2", "1/12"],
                                                      "denominator": ["1", "-1/2", "1/12"]},
             "real_stability_limit": None, "real_stability_limit_digits": None,
             "imaginary_stability_limit": "unbounded", "imaginary_stability_limit_digits": None,
             "A_stable": True, "L_stable": False, "principal_error_2norm": 1.25e-3, "principal_error_max": 6.9e-4,
             "empirical": {"agrees": None, "summary": "not run: this method has no stepper yet"},
             "region": {"grid": disc_grid(), "boundary_locus": []},
             "geometric": {"arithmetic": "100 digits", "symplectic": True, "symmetric": True,
                           "algebraically_stable": True, "algebraic_stability_reason": "",
                           "ssp_coefficient": {"text": "0", "lower": "0", "upper": "0"},
                           "conjugate_symplectic_order": 8, "conjugate_symplectic_at_least": True,
                           "pseudo_symplectic_order": 8, "bseries_max_tree_order": 8,
                           "energy": {"class": "bounded-synthetic", "expectation": "bounded: symplectic"}}}
    verlet = {"name": "velocity-verlet", "title": "Verlet", "family": "splitting", "declared_order": 2, "order": 2,
              "harmonic_stability_limit": 2.0, "harmonic_stability_limit_digits": "2.0e+00",
              "principal_error_2norm": 0.1, "principal_error_max": 0.0833,
              "empirical": {"agrees": False, "summary": "disagrees (synthetic)"},
              "region": {"harmonic_curve": [[0.0, 1.0, 1.0], [2.0, -1.0, 1.0], [3.0, -3.5, 6.0]]},
              "geometric": {"symplectic": True, "symmetric": True, "modified_hamiltonian_order": 2,
                            "energy": {"class": "bounded", "expectation": "bounded: symplectic"}}}
    return {"schema": "orderly.analysis/1", "methods": [euler, gauss, verlet]}


def game_document():
    def cell(rate, b, confirmed, predicted, agrees=True):
        return {"frame_rate": rate, "h": 1.0 / rate, "damping": b, "predicted_k_max": predicted,
                "confirmed_k_max": confirmed, "agrees": agrees}
    return {"schema": "orderly.game-table/1", "meaning": "At 60 Hz RK4 holds k = 28800 N/m.",
            "rows": [{"method": "rk4", "title": "RK4", "family": "explicit-rk",
                      "cells": [cell(60, 0, 28800.0, 28800.0), cell(60, 1, 28830.5, 28830.5),
                                cell(120, 0, 115200.0, 115200.0), cell(120, 1, 115261.0, 115261.0)]},
                     {"method": "radau5", "title": "Radau", "family": "implicit-rk",
                      "cells": [cell(60, 0, "unbounded", "unbounded"), cell(60, 1, "unbounded", "unbounded"),
                                cell(120, 0, "unbounded", "unbounded"), cell(120, 1, 17.0, 19.0, False)]}]}


class StabilitySections(ReportFromInputs):
    @classmethod
    def inputs(cls):
        return {"analysis/analysis.json": analysis_document(), "game-table/game-table.json": game_document()}

    def test_summary_lines(self):
        self.assertEqual(self.result.returncode, 0, self.result.stderr)
        lines = self.result.stdout.splitlines()
        self.assertIn("orderly_report: analysis: 3 methods; 3 figures", lines)
        self.assertIn("orderly_report: game table: 2 methods", lines)

    def test_region_figures_carry_the_study_locus_and_rays(self):
        data = json.loads((self.output / "stability" / "regions_explicit_rk.json").read_text(encoding="utf-8"))
        panel = data["panels"][0]
        self.assertEqual(panel["title"], "euler")
        locus = next(s for s in panel["series"] if s["role"] == "analysis")
        self.assertEqual(locus["x"], [-2.0, -1.0, 0.0])
        rays = next(s for s in panel["series"] if s["role"] == "measured")
        self.assertAlmostEqual(rays["x"][0], -2.0, places=6)
        self.assertTrue((self.output / "stability" / "regions_implicit_rk.svg").is_file())
        self.assertTrue((self.output / "stability" / "harmonic_limits.svg").is_file())

    def test_table_shows_limits_and_verdicts(self):
        self.assertIn(">-2<", self.index)              # real limit of Euler
        self.assertIn("none (0)", self.index)          # imaginary limit zero
        self.assertIn(">unbounded<", self.index)       # Gauss: real and imaginary
        self.assertIn("DISAGREES", self.index)         # the synthetic splitting disagreement
        self.assertIn("not run", self.index)
        self.assertIn("DISAGREEING: velocity-verlet", self.index)

    def test_table_shows_the_geometric_properties(self):
        self.assertIn(">≥ 8<", self.index)               # gauss4: conjugate symplectic through the test's reach
        self.assertIn(">bounded-synthetic<", self.index)  # its energy class, from the JSON
        self.assertIn(">O(h^2)<", self.index)            # velocity-verlet's modified Hamiltonian

    def test_game_table_shows_k_and_the_meaning(self):
        self.assertIn("At 60 Hz RK4 holds k = 28800 N/m.", self.index)
        self.assertIn("28,800", self.index)
        self.assertIn("115,200", self.index)
        self.assertIn("any k", self.index)
        self.assertIn("17 (DISAGREES)", self.index)


if __name__ == "__main__":
    unittest.main()


class WorkPrecisionSection(unittest.TestCase):
    """reports/orderly_report/sections/workprecision.py on a synthetic orderly.workprecision/3 file and
    its timing file."""

    def _render(self, document: dict, root: Path, summary_line: str, timing: dict | None = None) -> Path:
        """Writes `document` (and `timing`, the wall times, beside it) as the only input under root/in,
        renders root/out, checks the summary line."""
        (root / "in" / "workprecision").mkdir(parents=True)
        document = dict(document, timing_file="wp.timing.json")
        (root / "in" / "workprecision" / "wp.json").write_text(json.dumps(document), encoding="utf-8")
        if timing is not None:
            timing = dict(timing, schema="orderly.workprecision-timing/1")
            (root / "in" / "workprecision" / "wp.timing.json").write_text(json.dumps(timing), encoding="utf-8")
        result = run_report("--input", root / "in", "--output", root / "out")
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn(summary_line, result.stdout.splitlines())
        return root

    def test_curves_and_ratios_come_from_the_json(self):
        document = {"schema": "orderly.workprecision/3", "comparison": "at equal achieved error",
                    "curves": [{"method": "dopri54 (Orderly)", "problem": "kepler",
                                "points": [{"tolerance": 1e-3, "error": 1e-2, "rhs_evaluations": 300},
                                           {"tolerance": 1e-6, "error": 1e-5, "rhs_evaluations": 1200}]},
                               {"method": "runge_kutta_dopri5 (odeint controlled)", "problem": "kepler",
                                "points": [{"tolerance": 1e-3, "error": 2e-2, "rhs_evaluations": 280},
                                           {"tolerance": 1e-6, "error": 2e-5, "rhs_evaluations": 1100}]}],
                    "dopri54_over_odeint_dopri5": [{"problem": "kepler", "error": 1e-5, "ours": 1200,
                                                    "odeint": 1250.5, "ratio": 0.9596, "brackets": 3,
                                                    "ratio_first_bracket": 0.9712,
                                                    "ratio_lowest_bracket": 0.8125,
                                                    "ratio_highest_bracket": 0.9712}]}
        with tempfile.TemporaryDirectory(prefix="orderly-wp-section-") as tmp:
            root = self._render(document, Path(tmp), "orderly_report: work-precision: 1 ratios; 1 figures")
            data = json.loads((root / "out" / "workprecision" / "work_precision.json").read_text(encoding="utf-8"))
            series = data["panels"][0]["series"]
            self.assertEqual(series[0]["x"], [1e-2, 1e-5])
            self.assertEqual(series[0]["y"], [300, 1200])
            index = (root / "out" / "index.html").read_text(encoding="utf-8")
            self.assertIn("0.960", index)
            self.assertIn("1250", index)
            # The spread over every bracket of odeint's raw curve, and the first bracket's ratio.
            self.assertIn("<td>0.812 … 0.971 (3 brackets)</td><td>0.971</td>", index)

    def test_wall_time_figure_and_the_per_problem_summary(self):
        curve_points = [{"tolerance": 1e-3, "error": 1e-2, "rhs_evaluations": 300},
                        {"tolerance": 1e-6, "error": 1e-5, "rhs_evaluations": 1200}]
        timing = {"curves": [{"method": "dopri54 (Orderly)", "problem": "arenstorf", "seconds": [2e-4, 8e-4]}]}
        ratios = [{"problem": "arenstorf", "error": e, "ours": 1, "odeint": 1, "ratio": q}
                  for e, q in [(1e-2, 0.5), (1e-3, 1.25), (1e-4, 1.1), (1e-5, 0.8)]]
        document = {"schema": "orderly.workprecision/3", "comparison": "at equal achieved error",
                    "curves": [{"method": "dopri54 (Orderly)", "problem": "arenstorf", "points": curve_points}],
                    "dopri54_over_odeint_dopri5": ratios,
                    "resolution": "odeint rerun with its first step changed",
                    "summary_by_problem": [{"problem": "arenstorf", "ratios": 4, "worst_ratio": 1.25,
                                            "geometric_mean": 0.8612, "ratios_above_one": 2,
                                            "errors_above_one": [1e-4, 1e-3],
                                            "odeint_against_itself_worst_there": 1.0875,
                                            "odeint_reruns_there": 7, "odeint_reruns_reaching_worst_ratio": 3}]}
        with tempfile.TemporaryDirectory(prefix="orderly-wp-time-") as tmp:
            root = self._render(document, Path(tmp), "orderly_report: work-precision: 4 ratios; 2 figures", timing)
            data = json.loads((root / "out" / "workprecision" / "time_precision.json").read_text(encoding="utf-8"))
            self.assertEqual(data["panels"][0]["series"][0]["y"], [2e-4, 8e-4])
            index = (root / "out" / "index.html").read_text(encoding="utf-8")
            # The study's summary, shown as it is: worst 1.25, geometric mean 0.861, above 1 at 1e-4 .. 1e-3.
            self.assertIn("1.250", index)
            self.assertIn("0.861", index)
            self.assertIn("1.0e-04 … 1.0e-03", index)
            self.assertIn("1.087", index)  # odeint against itself there
            self.assertIn("3 of 7", index)  # reruns reaching our worst there
            self.assertIn("odeint rerun with its first step changed", index)

    def test_same_method_table_names_both_codes_and_shows_the_studys_summary(self):
        document = {"schema": "orderly.workprecision/3", "comparison": "at equal achieved error", "curves": [],
                    "dopri54_over_odeint_dopri5": [],
                    "same_method_comparison": "the same tableau in both codes",
                    "same_methods": [{"ours": "rkf78 (Orderly)", "odeint": "runge_kutta_fehlberg78 (odeint controlled)"}],
                    "same_method_summary": [{"problem": "kepler", "ours": "rkf78 (Orderly)", "ratios": 30,
                                             "worst_ratio": 1.0625, "geometric_mean": 0.8125,
                                             "ratios_above_one": 2, "errors_above_one": [1e-6, 1e-4]}]}
        with tempfile.TemporaryDirectory(prefix="orderly-wp-same-") as tmp:
            root = self._render(document, Path(tmp), "orderly_report: work-precision: 0 ratios; 0 figures")
            index = (root / "out" / "index.html").read_text(encoding="utf-8")
            self.assertIn("runge_kutta_fehlberg78 (odeint controlled)", index)  # odeint's name, from same_methods
            self.assertIn("1.062", index)
            self.assertIn("0.812", index)
            self.assertIn("1.0e-06 … 1.0e-04", index)
            self.assertIn("the same tableau in both codes", index)

    def test_stiff_curves_plot_solved_runs_against_mescd_and_list_the_others(self):
        def point(rtol, status, mescd, rhs, failure=""):
            return {"rtol": rtol, "atol": rtol, "status": status, "failure": failure, "mescd": mescd,
                    "rhs_evaluations": rhs, "jacobian_evaluations": 10, "lu_factorizations": 20,
                    "linear_solves": 60}
        document = {"schema": "orderly.workprecision/3", "comparison": "at equal achieved error", "curves": [],
                    "dopri54_over_odeint_dopri5": [], "stiff_comparison": "stiff runs, mescd",
                    "stiff_curves": [{"method": "radau5", "problem": "rober",
                                      "points": [point(1e-3, "failed", None, 50, "step size underflow at t = 1.36"),
                                                 point(1e-6, "solved", 6.5, 900),
                                                 point(1e-9, "solved", 9.25, 2400)]}]}
        timing = {"stiff_curves": [{"method": "radau5", "problem": "rober", "seconds": [1e-4, 2e-3, 5e-3]}]}
        with tempfile.TemporaryDirectory(prefix="orderly-wp-stiff-") as tmp:
            root = self._render(document, Path(tmp), "orderly_report: work-precision: 0 ratios; 2 figures", timing)
            work = json.loads((root / "out" / "workprecision" / "stiff_work_precision.json").read_text(encoding="utf-8"))
            self.assertEqual(work["panels"][0]["series"][0]["x"], [6.5, 9.25])
            self.assertEqual(work["panels"][0]["series"][0]["y"], [900, 2400])
            time = json.loads((root / "out" / "workprecision" / "stiff_time_precision.json").read_text(encoding="utf-8"))
            self.assertEqual(time["panels"][0]["series"][0]["y"], [2e-3, 5e-3])
            index = (root / "out" / "index.html").read_text(encoding="utf-8")
            self.assertIn("step size underflow at t = 1.36", index)
