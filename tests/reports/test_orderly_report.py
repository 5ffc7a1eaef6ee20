"""Tests for the report package (reports/orderly_report) on synthetic study JSON.

The fixtures' numbers are known by construction (tests/reports/fixtures.py), so what the page must
show is known without the report's code."""

import json
import re
import signal
import sys
import tempfile
import time
import unittest
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path

sys.dont_write_bytecode = True   # no __pycache__ in the source tree
import fixtures  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
PACKAGE_PARENT = REPO / "reports"
sys.path.insert(0, str(PACKAGE_PARENT))
from orderly_report import atomic, citations, findings, numbers, sections  # noqa: E402
from orderly_report.sections.convergence import runs as convergence_runs  # noqa: E402
from orderly_report.sections.convergence import words  # noqa: E402

SVG_NS = "{http://www.w3.org/2000/svg}"


run_report = fixtures.run_report


def synthetic_documents():
    return {
        "convergence/rk4_na.json": fixtures.fixed_run("rk4", "nonlinear-na", "explicit-rk", 4, 4.0, 0.02),
        "convergence/euler_na.json": fixtures.fixed_run("euler", "nonlinear-na", "explicit-rk", 1, 1.0,
                                                        0.5, unstable_below=3),
        "convergence/heun_na.json": fixtures.fixed_run(
            "heun", "nonlinear-na", "explicit-rk", 2, 2.0, 0.1, zero_at=9, nan_at=8,
            verdict="inconclusive", reason="errors still large against the solution at the finest grid"),
        "convergence/rkf45_na.json": fixtures.pair_run("rkf45", "nonlinear-na", 5, 4),
        # dopri5's embedded weights also run on their own: that run replaces the carried copy.
        "convergence/dopri5_na.json": fixtures.pair_run("dopri5", "nonlinear-na", 5, 4),
        "convergence/dopri5_na_embedded.json": fixtures.fixed_run(
            "dopri5", "nonlinear-na", "embedded-rk", 4, 4.02, 0.01, weights="embedded"),
        "convergence/rk4_na_mp50.json": fixtures.fixed_run("rk4", "nonlinear-na", "explicit-rk", 4, 4.0,
                                                           0.02, scalar="mp50", exponents=range(2, 14)),
        "convergence/rk4_na_linf.json": fixtures.fixed_run("rk4", "nonlinear-na", "explicit-rk", 4, 4.0,
                                                           0.03, norm="linf"),
        "convergence/verlet_forced.json": fixtures.fixed_run("verlet", "forced-oscillator", "splitting", 2,
                                                             2.0, 0.2, energy_order=2.0),
        "convergence/rk4_forced.json": fixtures.fixed_run(
            "rk4", "forced-oscillator", "explicit-rk", 4, 4.0, 0.01,
            refinement={"attempts": [
                {"scalar": "double", "max_steps": 16384, "finest_steps": 16384, "verdict": "inconclusive",
                 "verdict_code": "unsettled-slopes", "reason": "slopes drift"},
                {"scalar": "double", "max_steps": 262144, "finest_steps": 262144, "verdict": "pass",
                 "verdict_code": "in-band", "reason": "in band"}],
                "outcome": "refined", "budget": {}}),
        "convergence/seed_forced.json": fixtures.fixed_run(
            "seed-rk4-double-dt", "forced-oscillator", "seed", 4, 1.0, 0.7, scalar="float",
            verdict="fail", reason="settled at 1.00, wholly below 4 - 0.15", seed=fixtures.SEED),
        "crosscheck.json": fixtures.crosscheck(),
        "odeint_orders.json": fixtures.odeint_orders(),
    }


class _PageParser(HTMLParser):
    """The parts of the page the tests look at: images, figure captions, chips, sections."""

    def __init__(self):
        super().__init__()
        self.images, self.captions, self.chips, self.section_ids, self.links = [], [], [], [], []
        self._caption = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "img":
            self.images.append(a.get("src"))
        if tag == "a" and a.get("href") and not a["href"].startswith("#"):
            self.links.append(a["href"])
        if tag == "figcaption":
            self._caption = ""
        if tag == "span" and "chip" in (a.get("class") or "").split() and "title" in a:
            self.chips.append((a["class"].split()[1], a["title"]))
        if tag == "section":
            self.section_ids.append(a.get("id"))

    def handle_endtag(self, tag):
        if tag == "figcaption":
            self.captions.append(self._caption)
            self._caption = None

    def handle_data(self, data):
        if self._caption is not None:
            self._caption += data


class PageFromSyntheticRuns(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory(prefix="orderly-report-test-")
        root = Path(cls.tmp.name)
        cls.input = fixtures.write(root / "runs", synthetic_documents())
        cls.output = root / "report"
        cls.top_index = root / "index.html"
        # The findings' reproducers beside the page, as `make report` lays them out, so that every
        # link the page has resolves.
        findings.write_findings(REPO / "studies" / "odeint_orders" / "findings", root / "findings")
        cls.result = run_report("--input", cls.input, "--output", cls.output, "--index", cls.top_index)
        cls.index = (cls.output / "index.html").read_text(encoding="utf-8") if cls.result.returncode == 0 else ""
        cls.page = _PageParser()
        cls.page.feed(cls.index)
        markdown = cls.output / "convergence" / "order_table.md"
        cls.markdown = markdown.read_text(encoding="utf-8") if markdown.exists() else ""

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def test_exits_zero_with_one_summary_line_per_section(self):
        self.assertEqual(self.result.returncode, 0, self.result.stderr)
        lines = self.result.stdout.splitlines()
        # 11 convergence files, all judged: heun inconclusive, the seed fails, the rest pass.
        self.assertIn("orderly_report: convergence: 11 runs on 2 problems; 9 pass, 1 fail, "
                      "1 inconclusive; 5 figures", lines)
        self.assertIn("orderly_report: crosscheck: 2 odeint pairs, 2 odeint steppers' orders, 1 tolerance-driven", lines)

    def test_index_above_the_output_links_into_it(self):
        top = _PageParser()
        top.feed(self.top_index.read_text(encoding="utf-8"))
        self.assertEqual(len(top.images), len(self.page.images))
        for src, inner in zip(top.images, self.page.images):
            self.assertEqual(src, "report/" + inner)
            self.assertTrue((self.top_index.parent / src).is_file(), src)

    def test_sections_in_page_order(self):
        self.assertEqual(self.page.section_ids, ["summary", "convergence", "crosscheck", "articles"])

    def test_every_figure_has_caption_files_and_data(self):
        self.assertEqual(len(self.page.images), 5)
        self.assertEqual(len(self.page.captions), 5)
        for src, caption in zip(self.page.images, self.page.captions):
            self.assertTrue((self.output / src).is_file(), src)
            self.assertTrue((self.output / src.replace(".svg", ".png")).is_file(), src)
            data = json.loads((self.output / src.replace(".svg", ".json")).read_text(encoding="utf-8"))
            self.assertEqual(data["schema"], "orderly.figure-data/1")
            self.assertTrue(data["x_label"] and data["y_label"], src)
            self.assertIn("(", data["x_label"])   # units in parentheses
            self.assertGreater(len(caption.split()), 25, src)
        for link in self.page.links:
            self.assertTrue((self.output / link).is_file(), link)
        self.assertIn("../findings/rosenbrock4_d4_sign.cpp", self.page.links)

    def test_svgs_parse_and_hold_no_nan_or_inf(self):
        svgs = sorted(self.output.rglob("*.svg"))
        self.assertEqual(len(svgs), 5)
        for path in svgs:
            root = ET.parse(path).getroot()
            self.assertEqual(root.tag, SVG_NS + "svg")
            for element in root.iter():
                for attribute in ("d", "x", "y", "transform", "points"):
                    value = element.attrib.get(attribute, "").lower()
                    self.assertNotIn("nan", value, path.name)
                    self.assertNotIn("inf", value, path.name)

    def test_summary_grid_colours_and_footnotes(self):
        chips = self.page.chips
        # Judged fixed-step runs in the figure norm (final): rk4 x2 problems + mp50, euler, heun,
        # rkf45, dopri5, dopri5 embedded (its own run), verlet, seed.
        self.assertEqual(len(chips), 10)
        fail = [title for verdict, title in chips if verdict == "fail"]
        self.assertEqual(fail, ["convergence, float: fail: settled at 1.00, wholly below 4 - 0.15"])
        inconclusive = [title for verdict, title in chips if verdict == "inconclusive"]
        self.assertEqual(inconclusive, ["convergence, double: inconclusive: errors still large "
                                        "against the solution at the finest grid"])
        self.assertIn('<li id="note-1" value="1">heun on nonlinear-na (double): inconclusive: errors '
                      "still large against the solution at the finest grid</li>", self.index)
        self.assertIn("seed-rk4-double-dt on forced-oscillator (float): fail: settled at 1.00", self.index)

    def test_articles_cited_by_author_and_title_never_by_file_name(self):
        self.assertIn("Glenn Fiedler, “Integration Basics”, Gaffer on Games", self.index)
        self.assertNotIn(".txt", self.index)
        self.assertNotIn(fixtures.SEED_SOURCE, self.markdown)

    def test_seed_finding_is_derived_from_the_numbers(self):
        self.assertIn("seed-rk4-double-dt: claimed 4, measured 1.00 ± 0.01 on forced-oscillator "
                      "(float, norm final): it is first order, not fourth order as claimed.", self.index)
        self.assertIn("t + dt", self.index)

    def test_order_table_rows(self):
        rows = [line.split(" | ") for line in self.markdown.splitlines()
                if line.startswith("| ") and "---" not in line]
        rk4 = [r for r in rows if r[0] == "| rk4" and r[2] == "double" and r[3] == "final"]
        self.assertEqual(len(rk4), 2)   # nonlinear-na and forced-oscillator
        # Declared 4, measured 4.00 +- 0.01, window h = 2^-9 ... 2^-3 over 7 points.
        self.assertEqual(rk4[0][4:6], ["4", "4.00 ± 0.01"])
        self.assertIn("0.00195 … 0.125 (7 pts)", [r[7] for r in rk4])
        self.assertTrue(any(r[0] == "| rk4" and r[2] == "mp50" for r in rows))
        self.assertTrue(any(r[0] == "| rk4" and r[3] == "linf" for r in rows))
        refined = next(line for line in self.markdown.splitlines()
                       if line.startswith("| rk4 |") and "refined" in line)
        self.assertIn("refined: double to 16384 steps: inconclusive → double to 262144 steps: pass", refined)

    def test_pairs_embedded_weights_get_their_own_rows(self):
        section = self.markdown.split("## Observed orders: nonlinear-na", 1)[1].split("\n## ", 1)[0]
        rows = [line.split(" | ") for line in section.splitlines() if line.startswith("| ")]
        rkf45_embedded = [r for r in rows if r[0] == "| rkf45 (embedded weights)"]
        self.assertEqual(len(rkf45_embedded), 1)
        self.assertEqual(rkf45_embedded[0][4:6], ["4", "4.00 ± 0.01"])
        self.assertEqual(rkf45_embedded[0][8], "not judged")
        dopri5_embedded = [r for r in rows if r[0] == "| dopri5 (embedded weights)"]
        self.assertEqual(len(dopri5_embedded), 1)
        self.assertEqual(dopri5_embedded[0][5], "4.02 ± 0.01")

    def test_blow_up_and_zero_error_are_reported(self):
        euler = next(line for line in self.markdown.splitlines() if line.startswith("| euler |"))
        self.assertIn("unstable at h = 0.25: unstable at step 12, t = 1.5", euler)
        heun = next(line for line in self.markdown.splitlines() if line.startswith("| heun |"))
        self.assertIn("1 point(s) with error exactly 0", heun)
        self.assertIn("without a finite error", heun)   # the NaN point

    def test_adaptive_rows(self):
        section = self.markdown.split("## Adaptive runs", 1)[1].split("\n## ", 1)[0]
        row = next(line for line in section.splitlines() if line.startswith("| rkf45 |"))
        # Tolerances 1e-3 ... 1e-10 (8); the study's error-against-tol slope is 1.
        self.assertIn("| 0.001 … 1e-10 (8) | 1.00 |", row)
        self.assertIn("unstable at tol = 0.001: unstable at step 3, t = 0.25", row)

    def test_crosscheck_tables(self):
        self.assertIn("runge_kutta_cash_karp54", self.index)
        self.assertIn("4.001 ± 0.003", self.index)
        self.assertIn('class="verdict pass" title="within 64 units">pass</td>', self.index)
        # The tolerance-driven table: the effective order, its verdict, the swept ranges.
        self.assertIn("1.001 ± 0.000", self.index)
        self.assertIn('class="verdict fail" title="13 points">mismatch</td>', self.index)
        self.assertIn("1e-03 … 1e-12", self.index)
        self.assertIn("96 … 1288512", self.index)
        # A mismatch links its reproducer beside the report (Makefile report-run: findings/ next to
        # html/); a row without one shows a dash; a row off the gate's problem is marked.
        self.assertIn('<a href="../findings/rosenbrock4_d4_sign.cpp">rosenbrock4_d4_sign.cpp</a>', self.index)
        self.assertIn('title="autonomous: no time argument">pendulum *</td>', self.index)
        self.assertIn('href="../findings/index.html"', self.index)


class NoFittingInPython(unittest.TestCase):
    """The page draws the study's lines as written: a fit_line that is not the least-squares
    line of its points is drawn as given, and a run without lines gets none."""

    # Points are exactly 0.02 h^4; the study's line says 0.5 h^3 over another range, and the
    # declared line 7 h^2: neither can come from the points.
    FIT = {"h": [0.1, 0.003], "error": [5e-4, 1.35e-8]}
    DECLARED = {"h": [0.2, 0.004], "error": [0.28, 1.12e-4]}

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory(prefix="orderly-report-nofit-")
        root = Path(cls.tmp.name)
        drawn = fixtures.fixed_run("rk4", "kepler", "explicit-rk", 4, 4.0, 0.02)
        drawn.update(fit_line=cls.FIT, declared_line=cls.DECLARED)
        bare = fixtures.fixed_run("rk38", "kepler", "explicit-rk", 4, 4.0, 0.03, with_lines=False)
        cls.output = root / "report"
        cls.result = run_report("--input", fixtures.write(root / "runs", {"a.json": drawn, "b.json": bare}),
                                "--output", cls.output)

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def series(self, label, role):
        data = json.loads((self.output / "convergence" / "convergence_kepler.json").read_text(encoding="utf-8"))
        return [s for panel in data["panels"] for s in panel["series"]
                if s["role"] == role and s["label"].startswith(label + ":")]

    def test_lines_are_drawn_as_given(self):
        self.assertEqual(self.result.returncode, 0, self.result.stderr)
        (fit,) = self.series("rk4", "fit_line")
        self.assertEqual((fit["x"], fit["y"]), (self.FIT["h"], self.FIT["error"]))
        (declared,) = self.series("rk4", "declared_line")
        self.assertEqual((declared["x"], declared["y"]), (self.DECLARED["h"], self.DECLARED["error"]))

    def test_no_line_without_the_study_line(self):
        self.assertEqual(self.series("rk38", "fit_line"), [])
        self.assertEqual(self.series("rk38", "declared_line"), [])

    def test_package_has_no_fitting_code(self):
        pattern = re.compile(r"polyfit|lstsq|linregress|curve_fit|np\.log")
        for path in (PACKAGE_PARENT / "orderly_report").rglob("*.py"):
            self.assertIsNone(pattern.search(path.read_text(encoding="utf-8")), path.name)


class BadInput(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory(prefix="orderly-report-bad-")
        self.root = Path(self.tmp.name)
        self.out = self.root / "out"

    def tearDown(self):
        self.tmp.cleanup()

    def assert_bad_input(self, result, fragment):
        self.assertEqual(result.returncode, 2, result.stderr)
        lines = result.stderr.strip().splitlines()
        self.assertEqual(len(lines), 1, result.stderr)
        self.assertIn(fragment, lines[0])
        self.assertFalse(self.out.exists(), "nothing may be written on bad input")

    def runs(self, documents):
        return fixtures.write(self.root / "runs", documents)

    def good(self):
        return fixtures.fixed_run("rk4", "kepler", "explicit-rk", 4, 4.0, 0.1)

    def test_missing_input_directory(self):
        self.assert_bad_input(run_report("--input", self.root / "absent", "--output", self.out),
                              "does not exist")

    def test_missing_argument(self):
        self.assert_bad_input(run_report("--input", self.root), "--output")

    def test_directory_without_json(self):
        (self.root / "empty").mkdir()
        self.assert_bad_input(run_report("--input", self.root / "empty", "--output", self.out),
                              "no JSON files")

    def test_malformed_json(self):
        runs = self.runs({"ok.json": self.good()})
        (runs / "broken.json").write_text('{"schema": "orderly.convergence/1", "method": ', encoding="utf-8")
        self.assert_bad_input(run_report("--input", runs, "--output", self.out), "broken.json: malformed JSON")

    def test_unknown_schema(self):
        runs = self.runs({"ok.json": self.good(), "x.json": {"schema": "orderly.summary/7"}})
        self.assert_bad_input(run_report("--input", runs, "--output", self.out),
                              "x.json: unknown schema 'orderly.summary/7'")

    def test_missing_field(self):
        data = self.good()
        del data["problem"]
        self.assert_bad_input(run_report("--input", self.runs({"a.json": data}), "--output", self.out),
                              "a.json: missing field 'problem'")

    def test_wrong_type(self):
        data = self.good()
        data["points"][2]["error"] = "small"
        self.assert_bad_input(run_report("--input", self.runs({"a.json": data}), "--output", self.out),
                              "a.json point 2: field 'error' has the wrong type (str)")

    def test_output_inside_input(self):
        runs = self.runs({"a.json": self.good()})
        self.out = runs / "report"
        self.assert_bad_input(run_report("--input", runs, "--output", self.out), "overlap")

    def test_index_onto_an_input_file_is_refused_and_the_input_kept(self):
        runs = self.runs({"a.json": self.good()})
        before = (runs / "a.json").read_bytes()
        self.assert_bad_input(run_report("--input", runs, "--output", self.out, "--index", runs / "a.json"),
                              "--index")
        self.assertEqual((runs / "a.json").read_bytes(), before)

    def test_index_onto_a_device_is_refused(self):
        self.assert_bad_input(run_report("--input", self.runs({"a.json": self.good()}), "--output", self.out,
                                         "--index", "/dev/full"), "a device")
        self.assertTrue(Path("/dev/full").is_char_device())

    def test_index_inside_the_output_is_refused(self):
        self.assert_bad_input(run_report("--input", self.runs({"a.json": self.good()}), "--output", self.out,
                                         "--index", self.out / "top.html"), "inside --output")

    def test_refuses_to_replace_a_directory_that_is_no_report(self):
        self.out.mkdir()
        (self.out / "thesis.tex").write_text("precious", encoding="utf-8")
        result = run_report("--input", self.runs({"a.json": self.good()}), "--output", self.out)
        self.assertEqual(result.returncode, 2, result.stderr)
        self.assertIn("holds no Orderly report", result.stderr)
        self.assertEqual((self.out / "thesis.tex").read_text(encoding="utf-8"), "precious")


class AtomicOutput(unittest.TestCase):
    """The previous report survives a failed, a bad-input and a killed run."""

    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory(prefix="orderly-report-atomic-")
        self.root = Path(self.tmp.name)
        self.out = self.root / "out"
        self.first = fixtures.write(self.root / "first", {"a.json": fixtures.fixed_run(
            "rk4", "kepler", "explicit-rk", 4, 4.0, 0.1)})
        result = run_report("--input", self.first, "--output", self.out)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.before = self.snapshot()

    def tearDown(self):
        self.tmp.cleanup()

    def snapshot(self):
        return {p.relative_to(self.out): p.read_bytes() for p in self.out.rglob("*") if p.is_file()}

    def staging_left(self):
        return [p.name for p in self.root.iterdir() if p.name.startswith(".out.staging-")]

    def test_failure_inside_the_build_leaves_the_previous_report(self):
        with self.assertRaises(RuntimeError):
            with atomic.staged_output(self.out) as stage:
                (stage / "index.html").write_text("half", encoding="utf-8")
                raise RuntimeError("interrupted")
        self.assertEqual(self.snapshot(), self.before)
        self.assertEqual(self.staging_left(), [])

    def test_bad_input_leaves_the_previous_report(self):
        bad = fixtures.write(self.root / "bad", {"a.json": {"schema": "orderly.convergence/1"}})
        result = run_report("--input", bad, "--output", self.out)
        self.assertEqual(result.returncode, 2)
        self.assertEqual(self.snapshot(), self.before)

    def test_killed_run_leaves_the_previous_report_and_the_next_run_replaces_it(self):
        big = {f"r{i}.json": fixtures.fixed_run(f"m{i}", f"p{i % 3}", "explicit-rk", 4, 4.0, 0.1)
               for i in range(12)}
        second = fixtures.write(self.root / "second", big)
        process = run_report("--input", second, "--output", self.out, wait=False)
        deadline = time.monotonic() + 120
        while not self.staging_left() and time.monotonic() < deadline and process.poll() is None:
            time.sleep(0.05)
        self.assertIsNone(process.poll(), "the run ended before it could be interrupted")
        process.send_signal(signal.SIGKILL)
        process.communicate()
        self.assertEqual(self.snapshot(), self.before)
        # The next run replaces the report whole and clears the staging directory left behind.
        result = run_report("--input", second, "--output", self.out)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(self.staging_left(), [])
        self.assertIn("m11", (self.out / "index.html").read_text(encoding="utf-8"))
        self.assertFalse((self.out / "convergence" / "convergence_kepler.svg").exists())


class Sections(unittest.TestCase):
    def test_each_schema_has_one_section(self):
        schemas = [s for section in sections.all_sections() for s in section.schemas]
        self.assertEqual(len(schemas), len(set(schemas)))
        self.assertIn("orderly.convergence/1", schemas)

    def test_a_schema_cannot_be_registered_twice(self):
        sections.all_sections()
        with self.assertRaises(RuntimeError):
            sections.register(sections.Section(key="again", schemas=("orderly.convergence/1",), order=1,
                                               build=None))


class Citations(unittest.TestCase):
    def test_every_seed_source_in_the_code_has_a_citation(self):
        sources = set()
        for folder in ("integrators", "reference"):
            for path in (REPO / folder).rglob("*.hpp"):
                sources |= set(re.findall(r'"(\d{3}_[0-9a-f]{16}\.txt)"', path.read_text(encoding="utf-8")))
        self.assertTrue(sources)
        for source in sources:
            citation = citations.cite(source)
            self.assertIsNot(citation, citations.UNKNOWN, source)
            self.assertNotIn(".txt", citation.full)

    def test_fiedler_articles(self):
        self.assertEqual(citations.cite("003_e2ae4d947220ff7a.txt").full,
                         "Glenn Fiedler, “Integration Basics”, Gaffer on Games, 2018 revision")
        self.assertIs(citations.cite("999_unknown.txt"), citations.UNKNOWN)


class Words(unittest.TestCase):
    def test_measured_order_precision_follows_uncertainty(self):
        self.assertEqual(numbers.measured(4.0031, 0.004), "4.003 ± 0.004")
        self.assertEqual(numbers.measured(1.0, 0.01), "1.00 ± 0.01")
        self.assertEqual(numbers.measured(3.4567, 0.3), "3.46 ± 0.30")
        self.assertEqual(numbers.measured(None, None), "–")

    def test_order_naming(self):
        self.assertEqual(numbers.nearest_order(1.04), 1)
        self.assertEqual(numbers.nearest_order(3.85), 4)
        self.assertIsNone(numbers.nearest_order(2.5))
        self.assertEqual(numbers.ordinal(4), "fourth")
        self.assertEqual(numbers.ordinal(21), "21st")

    def test_seed_words_follow_the_verdict_on_the_claim(self):
        def finding(measured, verdict, declared=4):
            data = fixtures.fixed_run("seed-x", "harmonic", "seed", declared, measured, 0.1,
                                      scalar="float", verdict=verdict, seed=fixtures.SEED)
            return words.seed_finding(convergence_runs.parse_run(data, "x.json"))
        self.assertIn("1.00 ± 0.01 on harmonic (float, norm final): it is first order, not fourth "
                      "order as claimed.", finding(1.0, "fail"))
        self.assertIn("it achieves its claimed fourth order.", finding(4.0, "pass"))
        # 3.82 rounds to 4, but the study's verdict on the claim is fail: the words say so.
        self.assertIn("it falls short of its claimed fourth order.", finding(3.82, "fail"))
        self.assertIn("it is fifth order here, above its claimed fourth order.", finding(5.0, "superconvergent"))
        self.assertIn("the study cannot yet say whether it attains its claimed fourth order",
                      finding(3.5, "inconclusive"))


if __name__ == "__main__":
    unittest.main()
