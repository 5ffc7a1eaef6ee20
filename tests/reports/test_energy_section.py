"""The energy section (reports/orderly_report/sections/energy.py) on a synthetic orderly.energy/2
document whose numbers are known here: the page has the section and its figures, each figure's
data file holds exactly the document's values, malformed input is refused naming the field, and a
blown-up run or a null value draws no NaN."""

import json
import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from fixtures import ReportFromInputs  # noqa: E402

POLICY = {"bins_per_decade": 10, "probes_per_bin": 16, "fit_decades": 2, "min_fit_points": 6,
          "bounded_below": 0.25, "random_walk_below": 0.75, "linear_below": 1.5, "saturated_at": 0.5,
          "envelope": "running maximum", "fit": "least squares", "uncertainty": "max(...)",
          "classes": "bounded < 0.25 < random-walk < 0.75 < linear-drift < 1.5 < faster"}


def samples(exponent, constant, n=12, extra=None):
    """envelope = constant * t^exponent at t = 10^(k/4)."""
    out = []
    for k in range(n):
        t = 10 ** (k / 4)
        e = constant * t ** exponent
        s = {"step": k + 1, "t": t, "energy_error": e, "energy_deviation": -e, "bin_max": e, "envelope": e}
        if extra:
            s.update(extra(t, e))
        out.append(s)
    return out


def run(part, method, family, exponent, constant, cls, **more):
    r = {"kind": "run", "part": part, "method": method, "family": family, "problem": more.pop("problem", "kepler"),
         "h": 0.01, "h_text": "1/100", "steps": 1000, "t_end": 10 ** (11 / 4), "scalar": "double",
         "compensated": False, "stable": True, "rhs_evaluations": 4000,
         "growth": {"class": cls, "exponent": exponent, "uncertainty": 0.01,
                    "window": {"t_from": 1.0, "t_to": 500.0, "points": 8}},
         "samples": samples(exponent, constant, extra=more.pop("extra", None)),
         "roundoff_lines": {"epsilon": 2.0 ** -52, "random_walk": {"t": [1.0, 562.0], "error": [1e-15, 2e-14]}}}
    r.update(more)
    return r


def document():
    harmonic_extra = lambda t, e: {"predicted_energy_error": e, "predicted_energy_deviation": -e}  # noqa: E731
    return {
        "schema": "orderly.energy/2", "kind": "suite", "policy": POLICY, "parts": {},
        "runs": [
            run("kepler", "rk4", "explicit-rk", 1.0, 1e-9, "linear-drift",
                drift_rate={"predicted": -3.4637e-9, "measured": -3.4682e-9,
                            "predicted_along_run": -3.4701e-9, "note": "modified equation"}),
            run("kepler", "yoshida4", "splitting", 0.0, 3e-7, "bounded"),
            run("kepler", "euler", "explicit-rk", 1.0, 1e-3, "unstable", stable=False,
                failure="unstable at step 900, t = 9"),
            run("harmonic", "rk4", "explicit-rk", 1.0, 1e-8, "linear-drift", problem="harmonic",
                extra=harmonic_extra, theory={"formula": "|R|^2n", "per_step_energy_factor": 1 - 1e-8}),
        ],
        "seed_experiments": [],
    }


class EnergySection(ReportFromInputs):
    @classmethod
    def inputs(cls):
        doc = document()
        doc["runs"][1]["samples"][3]["bin_max"] = None   # a null in the JSON: drawn as nothing
        return {"energy/energy.json": doc}

    def test_section_summary_counts_the_classes(self):
        self.assertEqual(self.result.returncode, 0, self.result.stderr)
        self.assertIn("orderly_report: energy: 4 runs; 2 linear-drift, 1 bounded, 1 unstable",
                      self.result.stdout.splitlines())
        self.assertIn('id="energy"', self.index)

    def test_growth_figure_data_is_the_documents_numbers(self):
        data = json.loads((self.output / "energy" / "energy_growth_kepler.json").read_text(encoding="utf-8"))
        series = {s["label"]: s for p in data["panels"] for s in p["series"]}
        rk4 = series["rk4 (linear-drift)"]
        for t, e in zip(rk4["x"], rk4["y"]):
            self.assertAlmostEqual(e / (1e-9 * t), 1.0, places=12)
        self.assertEqual(len(series["yoshida4 (bounded)"]["x"]), 11)   # the null sample left out
        self.assertTrue(series["euler (unstable)"]["unstable"])
        self.assertEqual(series["eps (t/h)^(1/2) (Brouwer's law), h = 1/100"]["y"], [1e-15, 2e-14])

    def test_no_nan_in_any_figure(self):
        for svg in (self.output / "energy").glob("*.svg"):
            text = svg.read_text(encoding="utf-8")
            self.assertNotIn("nan", text.lower().replace("nanometre", ""), svg.name)
        for data in (self.output / "energy").glob("*.json"):
            json.loads(data.read_text(encoding="utf-8"), parse_constant=lambda c: self.fail(f"{data.name}: {c}"))

    def test_drift_rate_predicted_beside_measured(self):
        self.assertIn(">-3.464e-09<", self.index)  # predicted from the modified equation, from the JSON
        self.assertIn("predicted along the run", self.index)  # Kepler: the rate on the run's own orbit
        self.assertIn(">-3.470e-09<", self.index)
        self.assertIn(">-3.468e-09<", self.index)  # measured

    def test_harmonic_prediction_figure_and_table(self):
        data = json.loads((self.output / "energy" / "energy_harmonic_prediction.json").read_text(encoding="utf-8"))
        roles = [s["role"] for p in data["panels"] for s in p["series"]]
        self.assertEqual(roles, ["measured", "prediction"])
        self.assertIn("-1.000e-08", self.index)   # |R(ih)|^2 - 1 per step, from the JSON


class EnergySectionBadInput(ReportFromInputs):
    @classmethod
    def inputs(cls):
        doc = document()
        del doc["runs"][2]["growth"]
        return {"energy.json": doc}

    def test_missing_field_is_named(self):
        self.assertEqual(self.result.returncode, 2)
        self.assertIn("runs[2]: 'growth' is missing", self.result.stderr)
        self.assertEqual(len(self.result.stderr.strip().splitlines()), 1)


if __name__ == "__main__":
    unittest.main()
