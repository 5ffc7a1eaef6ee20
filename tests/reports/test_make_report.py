"""Tests for reports/make_report.py on a synthetic convergence-study directory.

The synthetic runs have errors C h^p with known C and p, so every number the report should show
(orders, the seed's finding, the fitted line) is known here independently of the report code.
"""

import json
import math
import os
import re
import subprocess
import sys
import tempfile
import unittest
import xml.etree.ElementTree as ET
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "reports" / "make_report.py"
sys.path.insert(0, str(SCRIPT.parent))
sys.dont_write_bytecode = True   # no __pycache__ in the source tree
import make_report  # noqa: E402

SVG_NS = "{http://www.w3.org/2000/svg}"


def fixed_run(method, problem, family, declared, measured, constant, *, exponents=range(2, 10),
              scalar="double", norm="final", verdict="pass", seed=None, unstable_below=None,
              zero_at=None, nan_at=None, energy_order=None, weights="primary", rhs_per_step=4):
    """A fixed-step run whose errors are exactly constant * h**measured for h = 2**-k."""
    points = []
    for index, k in enumerate(exponents):
        h = 2.0 ** -k
        steps = 2 ** k
        point = {"h": h, "steps": steps, "error": constant * h ** measured,
                 "rhs_evaluations": steps * rhs_per_step, "in_window": index >= 1, "status": "ok",
                 "note": None}
        if unstable_below is not None and k < unstable_below:
            point.update(error=None, status="unstable", in_window=False,
                         note="unstable at step 12, t = 1.5")
        if zero_at == k:
            point.update(error=0.0, status="below-reference", in_window=False)
        if nan_at == k:
            point.update(error=float("nan"), status="roundoff", in_window=False)
        points.append(point)
    window_points = [p for p in points if p["in_window"]]
    data = {
        "schema": "orderly.convergence/1", "method": method, "method_title": method.upper(),
        "family": family, "problem": problem, "problem_description": f"the {problem} problem",
        "scalar": scalar, "norm": norm, "kind": "fixed-step", "weights": weights,
        "declared_order": declared, "measured_order": measured, "order_uncertainty": 0.01,
        "error_constant": constant,
        "window_reason": "" if window_points else "no asymptotic window",
        "error_constant_declared": constant,
        "window": {"first": points.index(window_points[0]), "last": points.index(window_points[-1]),
                   "h_max": window_points[0]["h"], "h_min": window_points[-1]["h"]}
        if window_points else None,
        "local_slopes": [measured] * (len(points) - 1), "verdict": verdict,
        "verdict_reason": "measured order agrees with declared" if verdict == "pass"
        else f"measured {measured} against declared {declared}",
        "reference": {"method": "exact", "certified_digits": 48.0}, "seed": seed, "points": points,
        "energy": None, "adaptive": None,
    }
    if energy_order is not None:
        data["energy"] = {"measured_order": energy_order, "order_uncertainty": 0.02, "points": [
            {"h": p["h"], "error": 0.5 * p["h"] ** energy_order, "in_window": True, "status": "ok"}
            for p in points]}
    return data


def pair_run(method, problem, order, embedded_order):
    """An embedded pair's run as `orderly convergence` writes it: fixed steps with the primary
    weights, the embedded weights' measurement and the tolerance sweep, all in one file."""
    data = fixed_run(method, problem, "embedded-rk", order, float(order), 0.003)
    embedded = fixed_run(method, problem, "embedded-rk", embedded_order, float(embedded_order), 0.01)
    tols = [10.0 ** -k for k in range(3, 11)]
    points = [{"tol": tol, "error": 2.0 * tol, "rhs_evaluations": int(60 * tol ** -0.2),
               "accepted": 10, "rejected": 1, "status": "ok", "note": ""} for tol in tols]
    points[0].update(error=None, status="unstable", note="unstable at step 3, t = 0.25")
    data["kind"] = "adaptive"
    data["adaptive"] = {"points": points, "slope_error_vs_tol": 1.0, "fixed_step": {
        "primary": {"measured_order": float(order), "order_uncertainty": 0.01, "declared_order": order},
        "embedded": {key: embedded[key] for key in ("declared_order", "measured_order", "order_uncertainty",
                                                    "error_constant", "window", "window_reason",
                                                    "local_slopes", "points")}}}
    return data


SEED = {"source": "001_95d7b2db0cda6143.txt", "claimed_order": 4,
        "description": "RK4 whose stages all take the time argument t + dt"}


def synthetic_runs():
    return {
        "rk4_na.json": fixed_run("rk4", "nonlinear-na", "explicit-rk", 4, 4.0, 0.02),
        "euler_na.json": fixed_run("euler", "nonlinear-na", "explicit-rk", 1, 1.0, 0.5,
                                   unstable_below=3, verdict="pass"),
        "heun_na.json": fixed_run("heun", "nonlinear-na", "explicit-rk", 2, 2.0, 0.1, zero_at=9,
                                  nan_at=8),
        "rkf45_na.json": pair_run("rkf45", "nonlinear-na", 5, 4),
        # dopri5's embedded weights also run on their own: that run replaces the carried copy.
        "dopri5_na.json": pair_run("dopri5", "nonlinear-na", 5, 4),
        "dopri5_na_embedded.json": fixed_run("dopri5", "nonlinear-na", "embedded-rk", 4, 4.02, 0.01,
                                             weights="embedded"),
        "rk4_na_mp50.json": fixed_run("rk4", "nonlinear-na", "explicit-rk", 4, 4.0, 0.02,
                                      scalar="mp50", exponents=range(2, 14)),
        "rk4_na_linf.json": fixed_run("rk4", "nonlinear-na", "explicit-rk", 4, 4.0, 0.03, norm="linf"),
        "verlet_forced.json": fixed_run("verlet", "forced-oscillator", "splitting", 2, 2.0, 0.2,
                                        energy_order=2.0),
        "rk4_forced.json": fixed_run("rk4", "forced-oscillator", "explicit-rk", 4, 4.0, 0.01,
                                     energy_order=4.0),
        "seed_forced.json": fixed_run("seed-rk4-double-dt", "forced-oscillator", "seed", 4, 1.0, 0.7,
                                      scalar="float", verdict="fail", seed=SEED),
    }


def write_runs(directory: Path, runs: dict):
    directory.mkdir(parents=True, exist_ok=True)
    for name, data in runs.items():
        # json.dumps writes float('nan') as NaN, as a careless writer would.
        (directory / name).write_text(json.dumps(data, indent=1), encoding="utf-8")


def run_script(*args):
    env = dict(os.environ, MPLCONFIGDIR=tempfile.mkdtemp(prefix="mpl-"))
    return subprocess.run([sys.executable, str(SCRIPT), *map(str, args)], capture_output=True,
                          text=True, env=env, timeout=300)


NUMBER_ATTRIBUTES = {"d", "x", "y", "x1", "x2", "y1", "y2", "width", "height", "transform",
                     "points", "viewBox", "cx", "cy"}


class ReportFromSyntheticRuns(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory(prefix="orderly-report-test-")
        root = Path(cls.tmp.name)
        cls.input = root / "runs"
        cls.output = root / "report"
        write_runs(cls.input, synthetic_runs())
        cls.result = run_script("--input", cls.input, "--output", cls.output)

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def test_exits_zero(self):
        self.assertEqual(self.result.returncode, 0, self.result.stderr)

    def test_outputs_exist(self):
        expected = ["order_table.md", "order_table.html", "index.html"]
        for problem in ("nonlinear-na", "forced-oscillator"):
            for kind in ("convergence", "work"):
                expected += [f"{kind}_{problem}.svg", f"{kind}_{problem}.png"]
        expected += ["energy_forced-oscillator.svg", "energy_forced-oscillator.png"]
        for name in expected:
            path = self.output / name
            self.assertTrue(path.is_file(), name)
            self.assertGreater(path.stat().st_size, 500, name)
        # No energy data on nonlinear-na, so no energy figure for it.
        self.assertFalse((self.output / "energy_nonlinear-na.svg").exists())

    def test_png_files_are_png(self):
        for path in self.output.glob("*.png"):
            self.assertEqual(path.read_bytes()[:8], b"\x89PNG\r\n\x1a\n", path.name)

    def test_svg_parse_and_hold_no_nan_or_inf(self):
        svgs = sorted(self.output.glob("*.svg"))
        self.assertEqual(len(svgs), 5)
        for path in svgs:
            root = ET.parse(path).getroot()
            self.assertEqual(root.tag, SVG_NS + "svg")
            paths = 0
            for element in root.iter():
                for attribute, value in element.attrib.items():
                    if attribute in NUMBER_ATTRIBUTES:
                        lowered = value.lower()
                        self.assertNotIn("nan", lowered, f"{path.name}: <{element.tag} {attribute}>")
                        self.assertNotIn("inf", lowered, f"{path.name}: <{element.tag} {attribute}>")
                if element.tag == SVG_NS + "path":
                    paths += 1
            self.assertGreater(paths, 20, path.name)

    def test_markdown_table_lists_methods_and_verdicts(self):
        md = (self.output / "order_table.md").read_text(encoding="utf-8")
        for method in ("rk4", "euler", "heun", "rkf45", "rkf45 (embedded weights)", "verlet",
                       "seed-rk4-double-dt"):
            self.assertIn(f"| {method} |", md, method)
        rows = [line for line in md.splitlines() if line.startswith("| ") and "---" not in line]
        verdicts = [cells.split(" | ") for cells in rows]
        self.assertTrue(any(" pass " in row for row in rows))
        self.assertTrue(any(" fail " in row for row in rows))
        # rk4 on nonlinear-na in double, norm final: declared 4, measured 4.00 +- 0.01.
        rk4 = [r for r in verdicts if r[0] == "| rk4" and r[2] == "nonlinear-na" and r[3] == "double"
               and r[4] == "final"]
        self.assertEqual(len(rk4), 1)
        self.assertEqual(rk4[0][5:7], ["4", "4.00 ± 0.01"])
        # Window h range of the synthetic rk4 run: h = 2^-9 ... 2^-3 over 7 points.
        self.assertEqual(rk4[0][8], "0.00195 … 0.125 (7 pts)")
        # Every norm and scalar gets its own row.
        self.assertTrue(any(r[0] == "| rk4" and r[3] == "mp50" for r in verdicts))
        self.assertTrue(any(r[0] == "| rk4" and r[4] == "linf" for r in verdicts))

    def test_pairs_embedded_weights_get_their_own_rows(self):
        md = (self.output / "order_table.md").read_text(encoding="utf-8")
        section = md.split("## Observed orders: nonlinear-na", 1)[1].split("\n## ", 1)[0]
        rows = [line.split(" | ") for line in section.splitlines() if line.startswith("| ")]
        rkf45 = [r for r in rows if r[0] == "| rkf45"]
        rkf45_embedded = [r for r in rows if r[0] == "| rkf45 (embedded weights)"]
        self.assertEqual(len(rkf45), 1)
        self.assertEqual(rkf45[0][5:7], ["5", "5.00 ± 0.01"])
        self.assertEqual(len(rkf45_embedded), 1)
        self.assertEqual(rkf45_embedded[0][5:7], ["4", "4.00 ± 0.01"])
        self.assertEqual(rkf45_embedded[0][9], "not judged")
        # dopri5's own embedded-weights run (measured 4.02) replaces the copy inside its pair run.
        dopri5_embedded = [r for r in rows if r[0] == "| dopri5 (embedded weights)"]
        self.assertEqual(len(dopri5_embedded), 1)
        self.assertEqual(dopri5_embedded[0][6], "4.02 ± 0.01")
        self.assertEqual(dopri5_embedded[0][9], "pass")

    def test_blow_up_and_zero_error_are_reported(self):
        md = (self.output / "order_table.md").read_text(encoding="utf-8")
        euler = next(line for line in md.splitlines() if line.startswith("| euler |"))
        # h = 2^-2 is the only unstable step size of the synthetic euler run.
        self.assertIn("unstable at h = 0.25: unstable at step 12, t = 1.5", euler)
        heun = next(line for line in md.splitlines() if line.startswith("| heun |"))
        self.assertIn("1 point(s) with error exactly 0", heun)
        self.assertIn("without a finite error", heun)   # the NaN point

    def test_seed_finding_is_derived_from_the_numbers(self):
        md = (self.output / "order_table.md").read_text(encoding="utf-8")
        self.assertIn("## What each seed specimen achieves", md)
        self.assertIn("seed-rk4-double-dt: claimed 4, measured 1.00 ± 0.01 on forced-oscillator "
                      "(float, norm final): it is first order, not fourth order as claimed.", md)
        self.assertIn("t + dt", md)
        self.assertIn("001_95d7b2db0cda6143.txt", md)
        html_text = (self.output / "order_table.html").read_text(encoding="utf-8")
        self.assertIn("it is first order, not fourth order as claimed", html_text)
        self.assertIn('class="verdict fail"', html_text)

    def test_adaptive_section(self):
        md = (self.output / "order_table.md").read_text(encoding="utf-8")
        self.assertIn("## Adaptive runs", md)
        section = md.split("## Adaptive runs", 1)[1].split("\n## ", 1)[0]
        rows = [line for line in section.splitlines() if line.startswith("| rkf45 |")]
        self.assertEqual(len(rows), 1)
        row = rows[0]
        # Tolerances 1e-3 ... 1e-10 (8 of them); error = 2 tol, so error is proportional to tol^1.
        self.assertIn("| 0.001 … 1e-10 (8) | 1.00 |", row)
        self.assertIn("5.00 ± 0.01 (declared 5)", row)
        self.assertIn("4.00 ± 0.01 (declared 4)", row)
        self.assertIn("unstable at tol = 0.001: unstable at step 3, t = 0.25", row)

    def test_index_links_exist(self):
        index = (self.output / "index.html").read_text(encoding="utf-8")
        targets = set(re.findall(r'(?:src|href)="([^"#][^"]*)"', index))
        self.assertIn("convergence_nonlinear-na.svg", targets)
        self.assertIn("order_table.html", targets)
        for target in targets:
            self.assertTrue((self.output / target).is_file(), target)


class EdgeCases(unittest.TestCase):
    """Runs that blow up everywhere, errors at the ends of the double range, no window."""

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory(prefix="orderly-report-edge-")
        root = Path(cls.tmp.name)
        blown = fixed_run("euler", "kepler", "explicit-rk", 1, 1.0, 1.0, unstable_below=20,
                          verdict="inconclusive")
        blown.update(measured_order=None, order_uncertainty=None, error_constant=None, window=None,
                     verdict_reason="no finite errors")
        huge = fixed_run("rk4", "kepler", "explicit-rk", 4, 4.0, 1e300, exponents=range(-2, 4))
        tiny = fixed_run("rk38", "kepler", "explicit-rk", 4, 4.0, 1e-300, exponents=range(2, 8))
        # Orderly declares order 1 for this specimen; its article claims 4; it measures 2.5.
        seed = fixed_run("seed-odd", "kepler", "seed", 1, 2.5, 0.1, verdict="fail", seed=SEED)
        cls.input, cls.output = root / "runs", root / "report"
        write_runs(cls.input, {"blown.json": blown, "huge.json": huge, "tiny.json": tiny,
                               "seed.json": seed})
        cls.result = run_script("--input", cls.input, "--output", cls.output)

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def test_report_is_written(self):
        self.assertEqual(self.result.returncode, 0, self.result.stderr)
        for path in self.output.glob("*.svg"):
            text = ET.tostring(ET.parse(path).getroot(), encoding="unicode").lower()
            for d in re.findall(r' d="([^"]*)"', text):
                self.assertNotIn("nan", d, path.name)
                self.assertNotIn("inf", d, path.name)

    def test_words(self):
        md = (self.output / "order_table.md").read_text(encoding="utf-8")
        euler = next(line for line in md.splitlines() if line.startswith("| euler |"))
        # Every synthetic step size k = 2..9 is below 20: all 8 unstable, the smallest h = 2^-9.
        self.assertIn("unstable at 8 of 8 values of h (0.00195 … 0.25); at h = 0.00195: unstable at step 12", euler)
        self.assertIn("| inconclusive |", euler)
        self.assertIn("claimed 4, measured 2.50 ± 0.01 on kepler (double, norm final): its order "
                      "is 2.50, below the claimed 4. Orderly's analysis declares order 1; verdict "
                      "against that: fail.", md)


class BadInput(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory(prefix="orderly-report-bad-")
        self.root = Path(self.tmp.name)

    def tearDown(self):
        self.tmp.cleanup()

    def assert_usage_error(self, result, fragment):
        self.assertEqual(result.returncode, 2, result.stderr)
        lines = result.stderr.strip().splitlines()
        self.assertEqual(len(lines), 1, result.stderr)
        self.assertIn(fragment, lines[0])
        self.assertNotIn("Traceback", result.stderr)

    def test_missing_input_directory(self):
        result = run_script("--input", self.root / "absent", "--output", self.root / "out")
        self.assert_usage_error(result, "does not exist")

    def test_missing_argument(self):
        result = run_script("--input", self.root)
        self.assert_usage_error(result, "--output")

    def test_only_other_studies_documents(self):
        runs = self.root / "runs"
        runs.mkdir()
        (runs / "summary.json").write_text('{"schema": "orderly.summary/1"}', encoding="utf-8")
        result = run_script("--input", runs, "--output", self.root / "out")
        self.assertEqual(result.returncode, 2)
        self.assertIn("no orderly.convergence/1 files", result.stderr.splitlines()[-1])

    def test_directory_without_json(self):
        (self.root / "empty").mkdir()
        result = run_script("--input", self.root / "empty", "--output", self.root / "out")
        self.assert_usage_error(result, "no JSON files")

    def test_malformed_json(self):
        runs = self.root / "runs"
        write_runs(runs, {"ok.json": fixed_run("rk4", "kepler", "explicit-rk", 4, 4.0, 0.1)})
        (runs / "broken.json").write_text('{"schema": "orderly.convergence/1", "method": ',
                                          encoding="utf-8")
        result = run_script("--input", runs, "--output", self.root / "out")
        self.assert_usage_error(result, "broken.json: malformed JSON")

    def test_wrong_schema_and_missing_field(self):
        runs = self.root / "runs"
        data = fixed_run("rk4", "kepler", "explicit-rk", 4, 4.0, 0.1)
        write_runs(runs, {"a.json": dict(data, schema="something/2")})
        self.assert_usage_error(run_script("--input", runs, "--output", self.root / "out"),
                                "a.json: schema is 'something/2'")
        del data["problem"]
        write_runs(runs, {"a.json": data})
        self.assert_usage_error(run_script("--input", runs, "--output", self.root / "out"),
                                "missing field 'problem'")


class Helpers(unittest.TestCase):
    def test_measured_order_precision_follows_uncertainty(self):
        self.assertEqual(make_report.format_measured(4.0031, 0.004), "4.003 ± 0.004")
        self.assertEqual(make_report.format_measured(1.0, 0.01), "1.00 ± 0.01")
        self.assertEqual(make_report.format_measured(3.4567, 0.3), "3.46 ± 0.30")
        self.assertEqual(make_report.format_measured(None, None), "–")

    def test_order_naming(self):
        self.assertEqual(make_report.nearest_order(1.04), 1)
        self.assertEqual(make_report.nearest_order(3.85), 4)
        self.assertIsNone(make_report.nearest_order(2.5))
        self.assertEqual(make_report.ordinal(1), "first")
        self.assertEqual(make_report.ordinal(4), "fourth")
        self.assertEqual(make_report.ordinal(21), "21st")

    def test_fitted_line_without_constant_is_the_generating_line(self):
        # Errors exactly 0.3 h^3: the line through the log-log centroid with slope 3 is 0.3 h^3.
        data = fixed_run("x", "p", "explicit-rk", 3, 3.0, 0.3)
        data["error_constant"] = None
        run = make_report.parse_run(data, "x.json")
        hs, ys = make_report._fit_line(run.points, 3.0, None, (2.0 ** -9, 2.0 ** -3))
        for h, y in zip(hs, ys):
            self.assertAlmostEqual(y / (0.3 * h ** 3), 1.0, places=12)

    def test_seed_words_follow_the_verdict_on_the_claim(self):
        def finding(measured, verdict, declared=4):
            data = fixed_run("seed-x", "harmonic", "seed", declared, measured, 0.1, scalar="float",
                             verdict=verdict, seed=SEED)
            return make_report.seed_finding(make_report.parse_run(data, "x.json"))
        self.assertIn("1.00 ± 0.01 on harmonic (float, norm final): it is first order, not fourth "
                      "order as claimed.", finding(1.0, "fail"))
        self.assertIn("it achieves its claimed fourth order.", finding(4.0, "pass"))
        # 3.82 rounds to 4, but the study's verdict on the claim is fail: the words say so.
        self.assertIn("it falls short of its claimed fourth order.", finding(3.82, "fail"))
        self.assertIn("it is fifth order here, above its claimed fourth order.",
                      finding(5.0, "superconvergent"))

    def test_claimed_order_reference_line_has_the_claimed_slope(self):
        fit = ([2.0 ** -9, 2.0 ** -3], [0.7 * 2.0 ** -9, 0.7 * 2.0 ** -3])
        hs, ys = make_report._declared_line(fit, 4)
        self.assertAlmostEqual(math.log(ys[1] / ys[0]) / math.log(hs[1] / hs[0]), 4.0, places=12)


if __name__ == "__main__":
    unittest.main()
