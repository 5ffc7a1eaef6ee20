"""benchmarks/bench_table.py's JSON writer (bench_results.py, bench_document.py) on a hand-written
file in the shape Google Benchmark writes for orderly-bench with every repetition's row kept: the
medians, spreads, ratios and overheads are worked out by hand in the comments; the document it
writes renders as the report's speed section; the Markdown table keeps its form."""

import json
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

sys.dont_write_bytecode = True

REPO = Path(__file__).resolve().parents[2]
BENCH_TABLE = REPO / "benchmarks" / "bench_table.py"
sys.path.insert(0, str(REPO / "benchmarks"))
sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench_document  # noqa: E402
import bench_results  # noqa: E402
from fixtures import run_report  # noqa: E402

EXECUTABLE = "/somewhere/build/bin/orderly-bench-O2"
REPETITIONS = 3


def repetition(name, family, index, real_time, unit="ns", steps=1000, rhs_per_step=1.0, label=""):
    row = {"name": name, "family_index": family, "per_family_instance_index": 0, "run_name": name,
           "run_type": "iteration", "repetitions": REPETITIONS, "repetition_index": index, "threads": 1,
           "iterations": 100, "real_time": real_time, "cpu_time": 0.5 * real_time, "time_unit": unit,
           "steps": steps, "rhs_per_step": rhs_per_step}
    if label:
        row["label"] = label
    return row


def aggregate(name, family, what, real_time, unit="ns", steps=1000, rhs_per_step=1.0):
    return {"name": f"{name}_{what}", "family_index": family, "run_name": name, "run_type": "aggregate",
            "repetitions": REPETITIONS, "aggregate_name": what, "real_time": real_time,
            "cpu_time": real_time, "time_unit": unit, "steps": steps, "rhs_per_step": rhs_per_step}


def google_benchmark_file():
    """Rows in shuffled order, as random interleaving leaves them; family_index is registration order."""
    lorenz = "rk4~runge_kutta4/lorenz"
    kepler = "velocity-verlet/kepler"
    rows = [
        # odeint rk4 on Lorenz, 1000 steps an iteration: 25, 30, 24 ns a step -> median 25, min 24, max 30.
        repetition(lorenz + "/odeint", 2, 0, 25000.0, rhs_per_step=4.0, label="rhs/lorenz"),
        repetition(lorenz + "/odeint", 2, 1, 30000.0, rhs_per_step=4.0, label="rhs/lorenz"),
        repetition(lorenz + "/odeint", 2, 2, 24000.0, rhs_per_step=4.0, label="rhs/lorenz"),
        # Aggregates are read for nothing when the repetitions are there: a wrong median proves it.
        aggregate(lorenz + "/odeint", 2, "median", 99999.0, rhs_per_step=4.0),
        aggregate(lorenz + "/odeint", 2, "stddev", 3.0, rhs_per_step=0.0),
        # Lorenz's right-hand side alone, one evaluation an iteration: 2.0, 3.0, 2.5 ns -> median 2.5.
        repetition("rhs/lorenz", 0, 0, 2.0, steps=1),
        repetition("rhs/lorenz", 0, 1, 3.0, steps=1),
        repetition("rhs/lorenz", 0, 2, 2.5, steps=1),
        # ours rk4 on Lorenz, in microseconds: 20, 18, 24 us / 1000 steps = 20, 18, 24 ns -> median 20.
        repetition(lorenz + "/ours", 1, 0, 20.0, unit="us", rhs_per_step=4.0, label="rhs/lorenz"),
        repetition(lorenz + "/ours", 1, 1, 18.0, unit="us", rhs_per_step=4.0, label="rhs/lorenz"),
        repetition(lorenz + "/ours", 1, 2, 24.0, unit="us", rhs_per_step=4.0, label="rhs/lorenz"),
        # Kepler's force alone: 5, 4, 6 ns -> median 5.
        repetition("force/kepler", 3, 0, 5.0, steps=1),
        repetition("force/kepler", 3, 1, 4.0, steps=1),
        repetition("force/kepler", 3, 2, 6.0, steps=1),
        # velocity-verlet on Kepler: ours 11, 12, 10 ns a step (one force each) -> median 11;
        # odeint 10, 9, 13 ns a step (two forces each) -> median 10.
        repetition(kepler + "/ours", 4, 0, 11000.0, label="force/kepler"),
        repetition(kepler + "/ours", 4, 1, 12000.0, label="force/kepler"),
        repetition(kepler + "/ours", 4, 2, 10000.0, label="force/kepler"),
        repetition(kepler + "/odeint", 5, 0, 10000.0, rhs_per_step=2.0, label="force/kepler"),
        repetition(kepler + "/odeint", 5, 1, 9000.0, rhs_per_step=2.0, label="force/kepler"),
        repetition(kepler + "/odeint", 5, 2, 13000.0, rhs_per_step=2.0, label="force/kepler"),
    ]
    context = {"date": "2030-01-02T03:04:05+00:00", "host_name": "private", "executable": EXECUTABLE,
               "num_cpus": 2, "mhz_per_cpu": 2600, "cpu_scaling_enabled": False, "caches": [],
               "load_avg": [0.3, 0.2, 0.1], "library_build_type": "release", "compiler": "GCC 99.1"}
    return {"context": context, "benchmarks": rows}


COMPILE_COMMANDS = [
    {"directory": "/somewhere/build", "file": "/src/benchmarks/orderly_bench.cpp",
     "command": "/usr/bin/c++ -I/src/include -isystem /usr/include/eigen3 -O3 -DNDEBUG -O3 -Wall "
                "-std=gnu++20 -o benchmarks/CMakeFiles/orderly-bench-O3.dir/orderly_bench.cpp.o -c x.cpp"},
    {"directory": "/somewhere/build", "file": "/src/benchmarks/orderly_bench.cpp",
     "command": "/usr/bin/c++ -I/src/include -isystem /usr/include/eigen3 -O3 -DNDEBUG -O2 -Wall "
                "-Wextra -march=native -std=gnu++20 -o benchmarks/CMakeFiles/orderly-bench-O2.dir/orderly_bench.cpp.o "
                "-c /src/benchmarks/orderly_bench.cpp"},
]


class BenchTableJson(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory(prefix="orderly-bench-table-")
        root = Path(cls.tmp.name)
        (root / "bench-O2.json").write_text(json.dumps(google_benchmark_file()), encoding="utf-8")
        (root / "compile_commands.json").write_text(json.dumps(COMPILE_COMMANDS), encoding="utf-8")
        cls.out = root / "json" / "bench" / "bench.json"
        cls.result = subprocess.run(
            [sys.executable, str(BENCH_TABLE), "--json", str(cls.out), "--load-before", "0.5 0.25 0.1",
             "--compile-commands", str(root / "compile_commands.json"), f"-O2={root / 'bench-O2.json'}"],
            capture_output=True, text=True, timeout=60, env={"PYTHONDONTWRITEBYTECODE": "1"})
        cls.doc = json.loads(cls.out.read_text(encoding="utf-8")) if cls.result.returncode == 0 else {}
        cls.root = root

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def level(self):
        self.assertEqual(self.result.returncode, 0, self.result.stderr)
        (level,) = self.doc["levels"]
        return level

    def pair(self, name):
        return next(p for p in self.level()["pairs"] if p["name"] == name)

    def test_medians_and_spread_from_the_repetition_rows(self):
        ours = self.pair("rk4~runge_kutta4/lorenz")["ours"]["ns_per_step"]
        self.assertEqual((ours["median"], ours["min"], ours["max"]), (20.0, 18.0, 24.0))
        self.assertEqual(ours["values"], [20.0, 18.0, 24.0])   # repetition order
        self.assertEqual(ours["cpu_median"], 10.0)              # cpu_time is half the real time here
        odeint = self.pair("rk4~runge_kutta4/lorenz")["odeint"]["ns_per_step"]
        self.assertEqual((odeint["median"], odeint["min"], odeint["max"]), (25.0, 24.0, 30.0))
        rhs = {r["name"]: r["ns"] for r in self.level()["right_hand_sides"]}
        self.assertEqual(list(rhs), ["rhs/lorenz", "force/kepler"])   # registration order
        self.assertEqual((rhs["rhs/lorenz"]["median"], rhs["rhs/lorenz"]["min"], rhs["rhs/lorenz"]["max"]),
                         (2.5, 2.0, 3.0))

    def test_ratio_of_medians_and_its_extremes(self):
        # 20/25 = 0.8; extremes 18/30 = 0.6 and 24/24 = 1.0.
        ratio = self.pair("rk4~runge_kutta4/lorenz")["ratio"]
        self.assertAlmostEqual(ratio["of_medians"], 0.8)
        self.assertAlmostEqual(ratio["min"], 0.6)
        self.assertAlmostEqual(ratio["max"], 1.0)
        # 11/10 = 1.1; extremes 10/13 and 12/9.
        ratio = self.pair("velocity-verlet/kepler")["ratio"]
        self.assertAlmostEqual(ratio["of_medians"], 1.1)
        self.assertAlmostEqual(ratio["min"], 10 / 13)
        self.assertAlmostEqual(ratio["max"], 12 / 9)

    def test_overhead_over_the_pairs_own_right_hand_side(self):
        lorenz = self.pair("rk4~runge_kutta4/lorenz")
        self.assertEqual(lorenz["rhs"], "rhs/lorenz")
        self.assertAlmostEqual(lorenz["ours"]["overhead"], 20 / (4 * 2.5) - 1)     # 1.0
        self.assertAlmostEqual(lorenz["odeint"]["overhead"], 25 / (4 * 2.5) - 1)   # 1.5
        kepler = self.pair("velocity-verlet/kepler")
        self.assertEqual(kepler["rhs"], "force/kepler")
        self.assertAlmostEqual(kepler["ours"]["overhead"], 11 / (1 * 5) - 1)       # 1.2
        self.assertAlmostEqual(kepler["odeint"]["overhead"], 10 / (2 * 5) - 1)     # 0.0
        self.assertEqual((kepler["ours"]["rhs_per_step"], kepler["odeint"]["rhs_per_step"]), (1.0, 2.0))

    def test_pair_names_split(self):
        lorenz = self.pair("rk4~runge_kutta4/lorenz")
        self.assertEqual((lorenz["method"], lorenz["odeint_stepper"], lorenz["problem"], lorenz["title"]),
                         ("rk4", "runge_kutta4", "lorenz", "rk4 vs runge_kutta4"))
        kepler = self.pair("velocity-verlet/kepler")
        self.assertEqual((kepler["method"], kepler["odeint_stepper"], kepler["title"]),
                         ("velocity-verlet", None, "velocity-verlet"))

    def test_worst_pair_and_pairs_above_the_target(self):
        level = self.level()
        self.assertEqual([p["name"] for p in level["pairs"]], ["rk4~runge_kutta4/lorenz", "velocity-verlet/kepler"])
        self.assertEqual(level["worst"]["pair"], "velocity-verlet/kepler")
        self.assertAlmostEqual(level["worst"]["ratio"], 1.1)
        self.assertEqual(level["above_target"], ["velocity-verlet/kepler"])
        self.assertEqual(self.doc["target_ratio"], 1.0)

    def test_machine_context_load_and_flags(self):
        level = self.level()
        self.assertEqual(self.doc["schema"], "orderly.bench/1")
        self.assertEqual(self.doc["load_before"], [0.5, 0.25, 0.1])
        self.assertEqual(len(self.doc["load_after"]), 3)
        self.assertEqual(level["context"]["num_cpus"], 2)
        self.assertEqual(level["context"]["compiler"], "GCC 99.1")
        self.assertNotIn("host_name", level["context"])
        self.assertEqual(level["executable"], "orderly-bench-O2")
        self.assertEqual(level["repetitions"], REPETITIONS)
        # The O2 target's command, code-generating options only, in order.
        self.assertEqual(level["flags"], ["-O3", "-DNDEBUG", "-O2", "-march=native", "-std=gnu++20"])
        self.assertIn("clock", self.doc)

    def test_markdown_table_keeps_its_form(self):
        lines = self.result.stdout.splitlines()
        self.assertIn("| method (odeint stepper) | problem | ours ns | odeint ns | ours/odeint | overhead ours "
                      "| overhead odeint |", lines)
        self.assertIn("| rk4 vs runge_kutta4 | lorenz | 20.0 | 25.0 | 0.80 | 100 % | 150 % |", lines)
        self.assertIn("| velocity-verlet | kepler | 11.0 | 10.0 | 1.10 | 120 % | 0 % |", lines)
        self.assertIn("right-hand side alone: lorenz 2.5 ns, kepler force 5.0 ns; worst ratio 1.10", lines)

    def test_the_document_renders_as_the_speed_section(self):
        result = run_report("--input", self.out.parent.parent, "--output", self.root / "report")
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("orderly_report: bench: 1 level, 2 pairs; worst ours/odeint -O2 1.10", result.stdout)


class BenchTableReading(unittest.TestCase):
    def read(self, data):
        with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
            json.dump(data, f)
        try:
            return bench_results.read_timings(f.name)
        finally:
            Path(f.name).unlink()

    def test_aggregates_only_gives_medians_without_spread(self):
        # What BENCH_FLAGS wrote before: medians (ours 20, odeint 25, rhs 2.5 ns), no repetition rows.
        rows = [aggregate("rhs/lorenz", 0, "median", 2.5, steps=1),
                aggregate("rk4/lorenz/ours", 1, "median", 20000.0, rhs_per_step=4.0),
                aggregate("rk4/lorenz/odeint", 2, "median", 25000.0, rhs_per_step=4.0)]
        _, timings = self.read({"context": {}, "benchmarks": rows})
        (pair,) = bench_results.pairs(timings)
        self.assertEqual((pair.ours.median, pair.ours.low, pair.ours.high), (20.0, None, None))
        self.assertAlmostEqual(pair.ratio, 0.8)
        self.assertIsNone(pair.ratio_low)
        self.assertAlmostEqual(pair.overhead(pair.ours), 1.0)   # label-less: rhs/<problem>

    def test_above_the_target_as_the_ratio_reads(self):
        # 10.04/10 = 1.004 reads 1.00: at the target. 10.06/10 = 1.006 reads 1.01: above it.
        rows = [aggregate("rhs/lorenz", 0, "median", 1.0, steps=1),
                aggregate("a/lorenz/ours", 1, "median", 10040.0), aggregate("a/lorenz/odeint", 2, "median", 10000.0),
                aggregate("b/lorenz/ours", 3, "median", 10060.0), aggregate("b/lorenz/odeint", 4, "median", 10000.0)]
        context, timings = self.read({"context": {}, "benchmarks": rows})
        level = bench_document.level("-O2", "x.json", context, timings, None)
        self.assertEqual(level["above_target"], ["b/lorenz"])
        self.assertEqual(level["worst"]["pair"], "b/lorenz")
        self.assertIsNone(level["flags"])   # no executable in the context: no compile command to find

    def test_the_run_time_tableau_stepper_has_its_own_target(self):
        # 11.4/10 = 1.14 is within the run-time-tableau stepper's 1.15; 11.6/10 = 1.16 is not, and
        # 10.2/10 = 1.02 is above the compiled steppers' 1.00.
        rows = [aggregate("rhs/lorenz", 0, "median", 1.0, steps=1),
                aggregate("tableau:a/lorenz/ours", 1, "median", 11400.0),
                aggregate("tableau:a/lorenz/odeint", 2, "median", 10000.0),
                aggregate("tableau:b/lorenz/ours", 3, "median", 11600.0),
                aggregate("tableau:b/lorenz/odeint", 4, "median", 10000.0),
                aggregate("c/lorenz/ours", 5, "median", 10200.0), aggregate("c/lorenz/odeint", 6, "median", 10000.0)]
        context, timings = self.read({"context": {}, "benchmarks": rows})
        level = bench_document.level("-O2", "x.json", context, timings, None)
        self.assertEqual(level["above_target"], ["tableau:b/lorenz", "c/lorenz"])
        self.assertEqual([p["target"] for p in level["pairs"]], [1.15, 1.15, 1.0])
        self.assertEqual(level["pairs"][0]["method"], "tableau:a")

    def test_two_benchmarks_of_one_name_are_refused(self):
        rows = [repetition("rhs/pleiades", 0, 0, 1.0, steps=1), repetition("rhs/pleiades", 7, 0, 2.0, steps=1)]
        with self.assertRaises(bench_results.BenchError):
            self.read({"context": {}, "benchmarks": rows})

    def test_load_before_must_be_three_numbers(self):
        self.assertEqual(bench_document.parse_load("1.5 0.5 0.25"), [1.5, 0.5, 0.25])
        self.assertIsNone(bench_document.parse_load(None))
        with self.assertRaises(bench_results.BenchError):
            bench_document.parse_load("1.5 high")


if __name__ == "__main__":
    unittest.main()
