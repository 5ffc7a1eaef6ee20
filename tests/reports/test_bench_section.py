"""The speed section (reports/orderly_report/sections/bench.py) on a hand-written orderly.bench/1
document in the shape benchmarks/bench_table.py writes. Every value is chosen here and consistent
(ratios and overheads worked out in the comments), so each cell the page must show is known
without the report's code. Also: no bench file, no section; where the package finds one."""

import html
import re
import sys
import tempfile
import unittest
from pathlib import Path

sys.dont_write_bytecode = True

sys.path.insert(0, str(Path(__file__).resolve().parent))
from fixtures import PACKAGE_PARENT, ReportFromInputs, run_report, write  # noqa: E402

sys.path.insert(0, str(PACKAGE_PARENT))
from orderly_report.sections import bench  # noqa: E402

CLOCK = "wall-clock time of one block of steps, divided by the steps in it"


def side(median, low, high, rhs_per_step, overhead):
    return {"ns_per_step": {"median": median, "min": low, "max": high, "cpu_median": median},
            "rhs_per_step": rhs_per_step, "overhead": overhead}


def pair(name, title, problem, rhs, ours, odeint, ratio):
    method = name.split("/")[0].split("~")[0]
    return {"name": name, "title": title, "method": method, "problem": problem, "rhs": rhs,
            "ours": ours, "odeint": odeint, "ratio": ratio}


def bench_document(compiler="GCC 99.1"):
    o2 = [
        # rhs/lorenz 2.5 ns, 4 evaluations a step on both sides: 10 ns of right-hand side.
        # ours 20 ns: overhead 20/10 - 1 = 100 %; odeint 25 ns: 150 %. ratio 20/25 = 0.80, its extremes
        # 18/30 = 0.60 and 24/24 = 1.00.
        pair("rk4~runge_kutta4/lorenz", "rk4 vs runge_kutta4", "lorenz", "rhs/lorenz",
             side(20.0, 18.0, 24.0, 4, 1.0), side(25.0, 24.0, 30.0, 4, 1.5),
             {"of_medians": 0.8, "min": 0.6, "max": 1.0}),
        # force/pleiades 500 ns, 2 forces a step: 1000 ns. ours 1100 ns: 10 %; odeint 1000 ns: 0 %.
        # ratio 1100/1000 = 1.10 (above the target), extremes 1050/1100 = 0.95 and 1210/990 = 1.22.
        pair("velocity-verlet/pleiades", "velocity-verlet", "pleiades", "force/pleiades",
             side(1100.0, 1050.0, 1210.0, 2, 0.1), side(1000.0, 990.0, 1100.0, 2, 0.0),
             {"of_medians": 1.1, "min": 1050 / 1100, "max": 1210 / 990}),
    ]
    # An aggregates-only run: medians, no spread. rhs/lorenz 2.5 ns, one evaluation a step:
    # ours 10 ns is 300 % over it, odeint 12.5 ns 400 %; ratio 10/12.5 = 0.80.
    o3 = [pair("euler/lorenz", "euler", "lorenz", "rhs/lorenz", side(10.0, None, None, 1, 3.0),
               side(12.5, None, None, 1, 4.0), {"of_medians": 0.8, "min": None, "max": None})]
    context = {"date": "2030-01-02T03:04:05+00:00", "num_cpus": 4, "mhz_per_cpu": 3000,
               "cpu_scaling_enabled": False, "compiler": compiler,
               "caches": [{"type": "Data", "level": 1, "size": 32768, "num_sharing": 1},
                          {"type": "Unified", "level": 2, "size": 1048576, "num_sharing": 2}]}
    return {
        "schema": "orderly.bench/1", "clock": CLOCK, "definitions": {}, "target_ratio": 1.0,
        "load_before": [0.5, 0.25, 0.1], "load_after": [1.5, 0.75, 0.4],
        "levels": [
            {"level": "-O2", "context": context, "flags": ["-O3", "-DNDEBUG", "-O2"], "repetitions": 11,
             "right_hand_sides": [{"name": "rhs/lorenz", "ns": {"median": 2.5}},
                                  {"name": "force/pleiades", "ns": {"median": 500.0}}],
             "pairs": o2, "worst": {"pair": "velocity-verlet/pleiades", "ratio": 1.1},
             "above_target": ["velocity-verlet/pleiades"]},
            {"level": "-O3", "context": context, "flags": None, "repetitions": 1,
             "right_hand_sides": [{"name": "rhs/lorenz", "ns": {"median": 2.5}}],
             "pairs": o3, "worst": {"pair": "euler/lorenz", "ratio": 0.8}, "above_target": []},
        ],
    }


# Another study's file, for a page that has no bench file: the smallest the report accepts.
OTHER_STUDY = {"schema": "orderly.game-table/1", "meaning": "", "rows": []}


def section_text(index: str, key: str = "bench") -> str:
    start = index.find(f'<section id="{key}">')
    return index[start:index.index("</section>", start)] if start >= 0 else ""


def rows(section: str) -> list:
    """Each table row as (cell texts, the ratio cell's class)."""
    out = []
    for row in re.findall(r"<tr>(.*?)</tr>", section, re.S):
        cells = re.findall(r"<td([^>]*)>(.*?)</td>", row, re.S)
        if cells:
            out.append(([html.unescape(text) for _, text in cells], re.search(r'class="([^"]*)"', cells[4][0])))
    return out


def section_ids(index: str) -> list:
    return re.findall(r'<section id="([^"]+)"', index)


class BenchSection(ReportFromInputs):
    @classmethod
    def inputs(cls):
        return {"bench/bench.json": bench_document()}

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.section = section_text(cls.index)

    def test_summary_line_names_the_worst_ratio_per_level(self):
        self.assertEqual(self.result.returncode, 0, self.result.stderr)
        self.assertIn("orderly_report: bench: 2 levels, 3 pairs; worst ours/odeint -O2 1.10, -O3 0.80",
                      self.result.stdout.splitlines())

    def test_table_cells_per_level(self):
        table = rows(self.section)
        self.assertEqual([cells for cells, _ in table], [
            ["rk4 vs runge_kutta4", "lorenz", "20.0 (18.0–24.0)", "25.0 (24.0–30.0)", "0.80 (0.60–1.00)",
             "100 %", "150 %"],
            ["velocity-verlet", "pleiades", "1,100 (1,050–1,210)", "1,000 (990.0–1,100)",
             "1.10 (0.95–1.22), worst", "10 %", "0 %"],
            # Aggregates only: no spread to show.
            ["euler", "lorenz", "10.0", "12.5", "0.80, worst", "300 %", "400 %"],
        ])

    def test_ratios_coloured_against_the_target(self):
        classes = [match.group(1) for _, match in rows(self.section)]
        self.assertEqual(classes, ["verdict pass", "verdict fail", "verdict pass"])

    def test_worst_and_pairs_above_target_named_per_level(self):
        text = html.unescape(self.section)
        self.assertIn("Worst ours/odeint 1.10: velocity-verlet on pleiades. "
                      "Above the target: velocity-verlet on pleiades (1.10 > 1.00).", text)
        self.assertIn("Worst ours/odeint 0.80: euler on lorenz. No pair above its target (1.00).", text)
        self.assertIn("Compiled with -O3 -DNDEBUG -O2 (the last -O is in effect).", text)
        self.assertIn("Right-hand side alone, ns per evaluation: rhs/lorenz 2.5, force/pleiades 500.0.", text)

    def test_machine_load_and_cpu_shown(self):
        text = html.unescape(self.section)
        self.assertIn("One machine, one run, started 2030-01-02T03:04:05+00:00: 4 CPUs at 3,000 MHz "
                      "(frequency scaling off); caches L1d 32 KiB, L2 1 MiB; compiler GCC 99.1.", text)
        self.assertIn("Load average (1, 5, 15 minutes): 0.50, 0.25, 0.10 before the runs, "
                      "1.50, 0.75, 0.40 after", text)

    def test_caption_says_what_the_clock_covers_and_whose_figures(self):
        captions = [html.unescape(c) for c in re.findall(r"<caption>(.*?)</caption>", self.section, re.S)]
        self.assertEqual(len(captions), 2)
        self.assertIn(f"ns per step: {CLOCK}. Median of 11 interleaved repetitions", captions[0])
        self.assertIn("One machine's figures on one run", captions[0])
        self.assertIn("Median of 1 interleaved repetitions", captions[1])

    def test_section_comes_last_and_draws_no_figure(self):
        self.assertEqual(section_ids(self.index), ["summary", "bench"])
        self.assertEqual(list(self.output.rglob("*.svg")), [])


class TableauTargetSection(ReportFromInputs):
    """The run-time-tableau stepper's pairs are judged against their own target."""
    @classmethod
    def inputs(cls):
        document = bench_document()
        # ours 11 ns, odeint 10 ns: 1.10, within the run-time-tableau stepper's 1.15.
        tableau = pair("tableau:euler/lorenz", "tableau:euler", "lorenz", "rhs/lorenz",
                       side(11.0, None, None, 1, 3.4), side(10.0, None, None, 1, 3.0),
                       {"of_medians": 1.1, "min": None, "max": None})
        tableau["target"] = 1.15
        document["levels"][1]["pairs"].append(tableau)
        document["levels"][1]["worst"] = {"pair": "tableau:euler/lorenz", "ratio": 1.1}
        return {"bench/bench.json": document}

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.section = section_text(cls.index)

    def test_within_its_own_target_is_green(self):
        self.assertEqual(self.result.returncode, 0, self.result.stderr)
        classes = [match.group(1) for _, match in rows(self.section)]
        self.assertEqual(classes, ["verdict pass", "verdict fail", "verdict pass", "verdict pass"])
        self.assertIn("No pair above its target (1.00; 1.15 for the run-time-tableau stepper).",
                      html.unescape(self.section))


class Words(unittest.TestCase):
    def test_an_overhead_rounding_to_zero_has_no_sign(self):
        self.assertEqual(bench._percent(-0.004), "0 %")
        self.assertEqual(bench._percent(-0.006), "-1 %")


class WhereTheBenchFileComesFrom(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory(prefix="orderly-bench-where-")
        self.root = Path(self.tmp.name)
        self.out = self.root / "out"
        self.other = write(self.root / "other", {"game-table/game-table.json": OTHER_STUDY})

    def tearDown(self):
        self.tmp.cleanup()

    def page(self, result) -> str:
        self.assertEqual(result.returncode, 0, result.stderr)
        return (self.out / "index.html").read_text(encoding="utf-8")

    def test_no_bench_file_no_section(self):
        index = self.page(run_report("--input", self.other, "--output", self.out))
        self.assertEqual(section_ids(index), ["summary", "game-table"])

    def test_default_file_in_the_build_tree_is_read(self):
        # The package looks for build/bench.json under the working directory (`make bench` writes it).
        write(self.root / "repo" / "build", {"bench.json": bench_document()})
        index = self.page(run_report("--input", self.other, "--output", self.out, cwd=self.root / "repo",
                                     bench_default=True))
        self.assertEqual(section_ids(index), ["summary", "game-table", "bench"])
        # Without one there, no section and no complaint.
        (self.root / "repo" / "build" / "bench.json").unlink()
        index = self.page(run_report("--input", self.other, "--output", self.out, cwd=self.root / "repo",
                                     bench_default=True))
        self.assertEqual(section_ids(index), ["summary", "game-table"])

    def test_a_copy_in_the_input_wins_over_the_default(self):
        write(self.root / "repo" / "build", {"bench.json": bench_document(compiler="GCC default")})
        write(self.other, {"bench/bench.json": bench_document(compiler="GCC input")})
        index = self.page(run_report("--input", self.other, "--output", self.out, cwd=self.root / "repo",
                                     bench_default=True))
        self.assertIn("compiler GCC input", index)
        self.assertNotIn("GCC default", index)

    def test_explicit_bench_file(self):
        bench = write(self.root / "elsewhere", {"mine.json": bench_document()}) / "mine.json"
        index = self.page(run_report("--input", self.other, "--output", self.out, "--bench", bench))
        self.assertIn("bench", section_ids(index))

    def test_explicit_bench_file_missing_is_bad_input(self):
        result = run_report("--input", self.other, "--output", self.out, "--bench", self.root / "absent.json")
        self.assertEqual(result.returncode, 2, result.stderr)
        self.assertIn("--bench:", result.stderr.strip())
        self.assertEqual(len(result.stderr.strip().splitlines()), 1)
        self.assertFalse(self.out.exists())

    def test_bench_file_of_another_schema_is_bad_input(self):
        bench = write(self.root / "elsewhere", {"mine.json": OTHER_STUDY}) / "mine.json"
        result = run_report("--input", self.other, "--output", self.out, "--bench", bench)
        self.assertEqual(result.returncode, 2, result.stderr)
        self.assertIn("expected 'orderly.bench/1'", result.stderr)

    def test_bad_number_is_one_line_naming_the_field(self):
        document = bench_document()
        document["levels"][0]["pairs"][1]["ratio"]["of_medians"] = "fast"
        result = run_report("--input", write(self.root / "bad", {"bench.json": document}), "--output", self.out)
        self.assertEqual(result.returncode, 2, result.stderr)
        self.assertEqual(len(result.stderr.strip().splitlines()), 1)
        self.assertIn("levels[0]: pairs[1]: ratio.of_medians: not a finite number", result.stderr)
        self.assertFalse(self.out.exists())


if __name__ == "__main__":
    unittest.main()
