"""The browser check's judging parts without a browser: the drawn-data rule on SVGs the report's
own figure code writes, the forbidden-word rule, and the table, grid and study-JSON counts on
records shaped like page_probe.js writes them."""

import json
import sys
import tempfile
import unittest
from pathlib import Path

sys.dont_write_bytecode = True   # no __pycache__ in the source tree
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parents[1] / "reports"))

import figure_checks  # noqa: E402
import fixtures  # noqa: E402
import forbidden_words  # noqa: E402
import page_checks  # noqa: E402
import study_expectations  # noqa: E402


def grid_figure(directory: Path):
    """A two-panel figure drawn by the report's GridFigure: one panel with a measured series and
    the study's line, one whose only run has no finite error."""
    from orderly_report import figure_style
    figure_style.setup()
    figure = figure_style.GridFigure("t", [("explicit-rk", "double"), ("explicit-rk", "float")])
    full = figure.panels[("explicit-rk", "double")]
    full.measured("rk4", [0.5, 0.25, 0.125], [1e-2, 6e-4, 4e-5], [True] * 3, ["ok"] * 3, "C0", "o")
    full.line("rk4: fitted", "fit_line", {"h": [0.5, 0.125], "error": [1e-2, 4e-5]}, "C0")
    empty = figure.panels[("explicit-rk", "float")]
    empty.measured("euler", [0.5, 0.25], [None, None], [False] * 2, ["unstable"] * 2, "C1", "s")
    figure.save(directory, "f", "p", caption="c", xlabel="h (s)", ylabel="e (m)")
    return figure_checks.parse_svg(directory / "f.svg"), json.loads((directory / "f.json").read_text())


class DrawnData(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory(prefix="orderly-figure-check-")
        cls.root, cls.data = grid_figure(Path(cls.tmp.name))

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def test_the_report_figure_passes_and_says_why_a_panel_is_empty(self):
        self.assertEqual(figure_checks.check_drawing("f", self.root, self.data), [])
        self.assertEqual([p.get("empty") for p in self.data["panels"]], [None, "no finite values"])

    def test_a_panel_whose_lines_are_gone_is_reported(self):
        root, data = grid_figure(Path(self.tmp.name) / "emptied")
        axes = figure_checks.visible_axes(root)[0]
        for child in [c for i, c in enumerate(axes) if figure_checks.is_data_element(c, i)]:
            axes.remove(child)
        problems = figure_checks.check_drawing("f", root, data)
        self.assertEqual(len(problems), 1, problems)
        self.assertIn("panel 1", problems[0])
        self.assertIn("0 drawn data element(s) for 2 series", problems[0])

    def test_an_empty_panel_must_say_why(self):
        data = json.loads(json.dumps(self.data))
        del data["panels"][1]["empty"]
        self.assertIn("does not say why", " ".join(figure_checks.check_drawing("f", self.root, data)))

    def test_panels_and_axes_must_match(self):
        data = dict(self.data, panels=self.data["panels"][:1])
        self.assertIn("2 axes drawn, its data file has 1 panels",
                      " ".join(figure_checks.check_drawing("f", self.root, data)))

    def test_log_axes_count_positive_points_only(self):
        series = {"x": [1.0, 2.0, None], "y": [0.0, -1.0, 3.0]}
        self.assertEqual(figure_checks.finite_points(series, x_log=False, y_log=True), 0)
        self.assertEqual(figure_checks.finite_points(series, x_log=False, y_log=False), 2)


class ForbiddenWords(unittest.TestCase):
    def test_whole_tokens_only(self):
        text = "nonlinear-na, infinite, l-inf, linf, none, Nantes, information"
        self.assertEqual(forbidden_words.forbidden_in(text), [])

    def test_spellings_of_missing_numbers(self):
        words = [w for w, _ in forbidden_words.forbidden_in("p = nan; (NaN) -inf, +Inf. got None. x=inf")]
        self.assertEqual(words, ["nan", "NaN", "inf", "Inf", "None", "inf"])


def table(section, columns, rows, caption="", kind="data"):
    return {"section": section, "kind": kind, "caption": caption, "columns": columns, "rows": rows,
            "cells": [len(columns)] * rows}


class Tables(unittest.TestCase):
    def test_every_table_needs_a_body_row(self):
        problems = page_checks.check_tables([table("s", ["a"], 0, "Things")], None)
        self.assertEqual(problems, ["#s table 'Things': no body rows"])

    def test_rows_with_missing_cells(self):
        t = table("s", ["a", "b"], 2)
        t["cells"] = [2, 1]
        self.assertIn("row 2 has 1 cells for 2 columns", " ".join(page_checks.check_tables([t], None)))

    def test_counts_from_the_study_json(self):
        rule = study_expectations.TableRows("s", ("a", "b"), (3, 2), "rows")
        expected = study_expectations.Expected(tables=[rule], chips={})
        ok = [table("s", ["a", "b", "c"], 3), table("s", ["a", "b", "c"], 2)]
        self.assertEqual(page_checks.check_tables(ok, expected), [])
        self.assertIn("2 rows; the study JSON has 3",
                      " ".join(page_checks.check_tables([table("s", ["a", "b"], 2)] * 2, expected)))
        self.assertIn("1 on the page; the study JSON calls for 2",
                      " ".join(page_checks.check_tables(ok[:1], expected)))


def convergence_run(method, problem, verdict="pass", norm="final", **extra):
    return dict({"schema": "orderly.convergence/1", "method": method, "problem": problem, "scalar": "double",
                 "norm": norm, "verdict": verdict, "points": [{"h": 0.1, "error": 1e-3}]}, **extra)


class Chips(unittest.TestCase):
    def expected(self, documents: dict, norm="final"):
        with tempfile.TemporaryDirectory(prefix="orderly-expected-") as d:
            return study_expectations.expected(fixtures.write(Path(d), documents), norm)

    def test_one_chip_per_judged_run_in_the_shown_norm(self):
        pair = fixtures.pair_run("rkf45", "kepler", 5, 4)
        chips = self.expected({
            "a.json": convergence_run("rk4", "kepler"),
            "b.json": convergence_run("rk4", "kepler", norm="linf", verdict="fail"),
            "c.json": convergence_run("euler", "kepler", verdict="inconclusive"),
            "d.json": convergence_run("rk4", "brusselator", norm="l2"),   # no final: l2 is shown
            "e.json": pair}).chips
        self.assertEqual(chips, {("rk4", "kepler"): ["pass"], ("euler", "kepler"): ["inconclusive"],
                                 ("rk4", "brusselator"): ["pass"], ("rkf45", "kepler"): ["pass"]})

    def test_grid_against_the_chips(self):
        expected = study_expectations.Expected(tables=[], chips={("rk4", "kepler"): ["pass"]})
        grid = {"problems": ["kepler"], "rows": [{"method": "rk4", "cells": [[
            {"verdict": "pass", "title": "convergence, double: pass"},
            {"verdict": "fail", "title": "convergence, float: fail"}]]}]}
        self.assertIn("rk4 on kepler: chips ['fail', 'pass']", " ".join(page_checks.check_grid(grid, expected)))
        grid["rows"][0]["cells"][0].pop()
        self.assertEqual(page_checks.check_grid(grid, expected), [])
        self.assertEqual(page_checks.check_grid(None, expected),
                         ["the summary grid is missing; the convergence study has runs it should show"])


if __name__ == "__main__":
    unittest.main()
