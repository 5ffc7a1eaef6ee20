"""Tests for reports/make_report.py on a synthetic convergence-study directory.

The synthetic runs have errors C h^p with known C and p, so every number the report should show
(orders, the seed's finding, the fitted line) is known here independently of the report code.
"""

import json
import math
import os
import subprocess
import sys
import tempfile
import unittest
import xml.etree.ElementTree as ET
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "reports" / "make_report.py"
sys.path.insert(0, str(SCRIPT.parent))
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
                         note=f"unstable at step 12, t = 1.5")
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
        "window": {"first": points.index(window_points[0]), "last": points.index(window_points[-1]),
                   "h_max": window_points[0]["h"], "h_min": window_points[-1]["h"]},
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


def adaptive_run(method, problem):
    tols = [10.0 ** -k for k in range(3, 11)]
    points = [{"tol": tol, "error": 2.0 * tol, "rhs_evaluations": int(60 * tol ** -0.2),
               "accepted": 10, "rejected": 1, "status": "ok"} for tol in tols]
    points[0].update(error=None, status="unstable", note="unstable at step 3, t = 0.25")
    return {
        "schema": "orderly.convergence/1", "method": method, "method_title": method,
        "family": "embedded-rk", "problem": problem, "problem_description": "", "scalar": "double",
        "norm": "final", "kind": "adaptive", "weights": "primary", "declared_order": 5,
        "measured_order": None, "order_uncertainty": None, "error_constant": None, "window": None,
        "local_slopes": [], "verdict": "inconclusive", "verdict_reason": "adaptive run",
        "reference": {"method": "exact", "certified_digits": 48.0}, "seed": None, "points": [],
        "energy": None,
        "adaptive": {"points": points, "slope_error_vs_tol": 1.0, "fixed_step": {
            "primary": {"measured_order": 5.0, "order_uncertainty": 0.01, "declared_order": 5},
            "embedded": {"measured_order": 4.0, "order_uncertainty": 0.01, "declared_order": 4}}},
    }


SEED = {"source": "001_95d7b2db0cda6143.txt", "claimed_order": 4,
        "description": "RK4 whose stages all take the time argument t + dt"}


def synthetic_runs():
    return {
        "rk4_na.json": fixed_run("rk4", "nonlinear-na", "explicit-rk", 4, 4.0, 0.02),
        "euler_na.json": fixed_run("euler", "nonlinear-na", "explicit-rk", 1, 1.0, 0.5,
                                   unstable_below=3, verdict="pass"),
        "heun_na.json": fixed_run("heun", "nonlinear-na", "explicit-rk", 2, 2.0, 0.1, zero_at=9,
                                  nan_at=8),
        "rkf45_na_fixed.json": fixed_run("rkf45", "nonlinear-na", "embedded-rk", 5, 5.0, 0.003),
        "rkf45_na_embedded.json": fixed_run("rkf45", "nonlinear-na", "embedded-rk", 4, 4.0, 0.01,
                                            weights="embedded"),
        "rkf45_na_adaptive.json": adaptive_run("rkf45", "nonlinear-na"),
        "rk4_na_mp50.json": fixed_run("rk4", "nonlinear-na", "explicit-rk", 4, 4.0, 0.02,
                                      scalar="mp50", exponents=range(2, 14)),
        "rk4_na_linf.json": fixed_run("rk4", "nonlinear-na", "explicit-rk", 4, 4.0, 0.03, norm="linf"),
        "verlet_pendulum.json": fixed_run("verlet", "pendulum", "splitting", 2, 2.0, 0.2,
                                          energy_order=2.0),
        "rk4_pendulum.json": fixed_run("rk4", "pendulum", "explicit-rk", 4, 4.0, 0.01,
                                       energy_order=4.0),
        "seed_forced.json": fixed_run("seed-rk4-double-dt", "forced-oscillator", "seed", 4, 1.0, 0.7,
                                      verdict="fail", seed=SEED),
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
        for problem in ("nonlinear-na", "pendulum", "forced-oscillator"):
            for kind in ("convergence", "work"):
                expected += [f"{kind}_{problem}.svg", f"{kind}_{problem}.png"]
        expected += ["energy_pendulum.svg", "energy_pendulum.png"]
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
        self.assertGreaterEqual(len(svgs), 7)
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
                      "(double, norm final): it is first order, not fourth order as claimed.", md)
        self.assertIn("t + dt", md)
        self.assertIn("001_95d7b2db0cda6143.txt", md)
        html_text = (self.output / "order_table.html").read_text(encoding="utf-8")
        self.assertIn("it is first order, not fourth order as claimed", html_text)
        self.assertIn('class="verdict fail"', html_text)

    def test_adaptive_section(self):
        md = (self.output / "order_table.md").read_text(encoding="utf-8")
        self.assertIn("## Adaptive runs", md)
        row = next(line for line in md.splitlines()
                   if line.startswith("| rkf45 |") and "1.00" in line and "embedded-rk" in line
                   and "…" in line and "tol" not in line)
        self.assertIn("5.00 ± 0.01 (declared 5)", row)
        self.assertIn("4.00 ± 0.01 (declared 4)", row)
        self.assertIn("unstable at h = 0.001: unstable at step 3, t = 0.25", row)

    def test_index_links_exist(self):
        import re
        index = (self.output / "index.html").read_text(encoding="utf-8")
        targets = set(re.findall(r'(?:src|href)="([^"#][^"]*)"', index))
        self.assertIn("convergence_nonlinear-na.svg", targets)
        self.assertIn("order_table.html", targets)
        for target in targets:
            self.assertTrue((self.output / target).is_file(), target)


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
        hs, ys = make_report._fit_line(run, run.points, 3.0, None, (2.0 ** -9, 2.0 ** -3))
        for h, y in zip(hs, ys):
            self.assertAlmostEqual(y / (0.3 * h ** 3), 1.0, places=12)

    def test_claimed_order_reference_line_has_the_claimed_slope(self):
        fit = ([2.0 ** -9, 2.0 ** -3], [0.7 * 2.0 ** -9, 0.7 * 2.0 ** -3])
        hs, ys = make_report._declared_line(fit, 4)
        self.assertAlmostEqual(math.log(ys[1] / ys[0]) / math.log(hs[1] / hs[0]), 4.0, places=12)


if __name__ == "__main__":
    unittest.main()
