"""The stepper-battery section (reports/orderly_report/sections/stepper_battery.py) on a synthetic
orderly.stepper-battery/1 file in the shape studies/stepper_battery writes with `--report`: the
user's runs drawn with the closest catalog method's, the limits as distances from 0, the energy
class and the game-table row. Every number the page must show is set here."""

import json
import sys
import unittest
from pathlib import Path

sys.dont_write_bytecode = True

sys.path.insert(0, str(Path(__file__).resolve().parent))
from fixtures import ReportFromInputs  # noqa: E402


def run(problem, errors, order, verdict="pass"):
    hs = [0.1 / 2 ** k for k in range(len(errors))]
    return {"problem": problem, "problem_description": f"{problem} (synthetic)", "measured_order": order,
            "order_uncertainty": 0.01, "error_constant": 1.5, "verdict": verdict, "passes": verdict == "pass",
            "verdict_reason": f"measured {order} against declared 4",
            "fit_line": {"h": [hs[0], hs[-1]], "error": [errors[0], errors[-1]]},
            "points": [{"h": h, "error": e, "in_window": True, "status": "ok"} for h, e in zip(hs, errors)]}


def battery_document():
    return {"schema": "orderly.stepper-battery/1", "name": "my rk4", "declared_order": 4, "separable": False,
            "closest_method": "rk4", "closest_method_known": True, "verdict": "fail",
            "verdict_reason": "fails on forced-duffing: fail (settled at 1.0)",
            "what_it_does": ["costs 11, 2.75 times rk4's 4 right-hand-side evaluations per step"],
            "cost": {"rhs_evaluations_per_step": 4},
            "order": {"problems_from": "the gate's problems (orderly gate)",
                      "runs": [run("nonlinear-na", [1e-4, 6.25e-6, 3.9e-7], 4.0),
                               run("forced-duffing", [1e-2, 5e-3, 2.5e-3], 1.0, "fail")]},
            "energy": {"kepler": {"growth": {"class": "linear-drift", "exponent": 0.97}}},
            "stability": {"real_stability_limit": -2.7853, "imaginary_stability_limit": 2.8284},
            "game_table": {"cells": [{"frame_rate": 60, "damping": 0, "confirmed_k_max": 28800.0}]},
            "closest": {"method": "rk4", "title": "Classic RK4",
                        "order_runs": [run("nonlinear-na", [2e-4, 1.25e-5, 7.8e-7], 3.99)],
                        "analysis": {"real_stability_limit": -2.7852935, "imaginary_stability_limit": 2.8284271}}}


class DollarSignsInNames(ReportFromInputs):
    """A user's names are text: one "$" must not stop the figure (mathtext's parse error), two must
    not draw what lies between them as a formula."""

    @classmethod
    def inputs(cls):
        one, two = battery_document(), battery_document()
        one["name"] = "costs $\\frac$5"  # not valid mathtext: \\frac needs two arguments
        two["name"] = "a $x^2$ step"
        two["closest"]["method"] = "rk4 $beta$"
        return {"one.json": one, "two.json": two}

    def test_the_page_is_built_and_the_names_are_drawn_as_written(self):
        self.assertEqual(self.result.returncode, 0, self.result.stderr)
        svgs = "".join(p.read_text(encoding="utf-8") for p in (self.output / "stepper-battery").glob("*.svg"))
        # As one text element (">" before it), not only in the comment the SVG writer adds.
        for name in ("costs $\\frac$5", "a $x^2$ step", "rk4 $beta$ (catalog)"):
            self.assertIn(">" + name, svgs)


class StepperBatterySection(ReportFromInputs):
    @classmethod
    def inputs(cls):
        return {"stepper-battery.json": battery_document()}

    def test_the_verdict_reason_and_what_it_does_are_said(self):
        self.assertIn("Verdict: fail: fails on forced-duffing", self.index)
        self.assertIn("What it does, beside the method it names: costs 11, 2.75 times rk4", self.index)
        self.assertIn("s 4 right-hand-side evaluations per step.", self.index)

    def test_summary_line(self):
        self.assertEqual(self.result.returncode, 0, self.result.stderr)
        self.assertIn("orderly_report: stepper battery: my rk4 fail", self.result.stdout.splitlines())

    def test_the_closest_method_is_drawn_beside_the_stepper_where_it_ran(self):
        data = json.loads((self.output / "stepper-battery" / "stepper-battery-0.json").read_text(encoding="utf-8"))
        measured = {panel["title"]: [s["label"] for s in panel["series"] if s["role"] == "measured"]
                    for panel in data["panels"]}
        self.assertEqual(measured["nonlinear-na · double"], ["rk4 (catalog)", "my rk4"])
        self.assertEqual(measured["forced-duffing · double"], ["my rk4"])

    def test_tables_show_the_limits_as_distances_energy_and_game_row(self):
        self.assertIn(">2.7853<", self.index)      # the measured real limit -2.7853, as a distance
        self.assertIn(">2.78529<", self.index)     # the analysed one, to 6 digits
        self.assertIn(">linear-drift<", self.index)
        self.assertIn(">28800<", self.index)
        self.assertIn("measured 1.0 against declared 4", self.index)


if __name__ == "__main__":
    unittest.main()
