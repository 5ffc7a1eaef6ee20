"""The orderly CLI on bad input: exit code 2, one line on stderr naming the option and the value,
nothing written. Each row is (arguments, expected exit code, text the error line must contain)."""
import os
import subprocess
import tempfile
import unittest

ORDERLY = os.environ.get("ORDERLY", "build/bin/orderly")

# Rows that must be refused before any computation starts.
REFUSED = [
    (["gate", "--baseline", "/nonexistent.json"], "--baseline '/nonexistent.json'"),
    (["gate", "--baseline", "/etc/hostname"], "--baseline '/etc/hostname': not a valid"),
    (["convergence", "--suite", "default", "--out", "/proc/x"], "--out '/proc/x'"),
    (["convergence", "--method", "rk5", "--problem", "kepler"], "unknown method 'rk5'"),
    (["convergence", "--method", "rk4", "--problem", "kepler2"], "unknown problem 'kepler2'"),
    (["convergence", "--method", "rk4", "--problem", "kepler", "--json", "/nonexistent/dir/x.json"],
     "--json '/nonexistent/dir/x.json'"),
    (["convergence", "--method", "rk4", "--problem", "kepler", "--scalar", "float16"], "unknown scalar 'float16'"),
    (["convergence", "--method", "rk4", "--problem", "kepler", "--norm", "l3"], "unknown norm 'l3'"),
    (["convergence", "--suite", "nightly"], "--suite 'nightly'"),
    (["reference", "--problem", "kepler", "--t", "1e400"], "--t 1e400"),
    (["reference", "--problem", "kepler", "--t", "abc"], "--t 'abc'"),
    (["reference", "--problem", "arenstorf", "--t", "1e9"], "--t 1e9"),
    (["reference", "--problem", "kepler", "--t", "-1"], "--t -1"),
    (["reference", "--problem", "kepler", "--all"], "exactly one of --problem NAME and --all"),
    (["reference", "--problem", "kepler", "--t", "nan"], "--t 'nan'"),
    (["reference", "--problem", "kepler", "--t", "inf"], "--t 'inf'"),
    (["convergence", "--method", "rk4", "--problem", "kepler", "--min-steps", "abc"], "--min-steps"),
    (["convergence", "--method", "rk4", "--problem", "kepler", "--min-steps", "-4"], "--min-steps"),
    (["convergence", "--method", "rk4", "--problem", "kepler", "--min-steps", "64", "--max-steps", "8"],
     "--max-steps 8 is below --min-steps 64"),
    (["convergence", "--method", "rk4", "--problem", "kepler", "--weights", "embedded"], "rk4 has no embedded weights"),
    (["convergence", "--method", "velocity-verlet", "--problem", "arenstorf"], "needs a separable"),
    (["convergence", "--bogus"], "--bogus"),
    (["stiff", "--method", "radau9", "--problem", "rober", "--rtol", "1e-6"], "--method: unknown stiff-study solver 'radau9'"),
    (["stiff", "--method", "radau5", "--problem", "kepler", "--rtol", "1e-6"], "--problem: 'kepler' is not a stiff problem"),
    (["stiff", "--method", "radau5", "--problem", "rober", "--rtol", "1e-20"], "--rtol: 1e-20 is outside"),
    (["stiff", "--method", "radau5", "--problem", "rober", "--rtol", "nan"], "--rtol"),
    (["stiff", "--method", "radau5", "--problem", "rober"], "needs --method, --problem and --rtol"),
    (["analyze", "--method", "rk5"], "--method 'rk5': not analysable"),
    (["analyze", "--method", "seed-rk4"], "--method 'seed-rk4': not analysable"),
    (["analyze"], "give --method M or --suite default"),
    (["analyze", "--suite", "nightly", "--out", "/tmp"], "--suite 'nightly'"),
    (["analyze", "--suite", "default"], "--suite: give --out DIR"),
    (["analyze", "--suite", "default", "--out", "/proc/x"], "--out '/proc/x'"),
    (["analyze", "--method", "rk4", "--json", "/nonexistent/dir/x.json"], "--json '/nonexistent/dir/x.json'"),
    (["game-table", "--json", "/nonexistent/dir/x.json"], "--json '/nonexistent/dir/x.json'"),
    (["crosscheck", "--json", "/nonexistent/dir/x.json"], "--json '/nonexistent/dir/x.json'"),
    (["stiff", "--suite", "nightly"], "--suite: unknown suite 'nightly'"),
    ([], "A subcommand is required"),
    # Numbers are checked on their text before conversion: never wrapped, capped with the cap named.
    (["convergence", "--method", "euler", "--problem", "nonlinear-na", "--max-steps", "-1"], "--max-steps"),
    (["convergence", "--method", "euler", "--problem", "nonlinear-na", "--max-steps", "18446744073709551615"],
     "--max-steps"),
    (["convergence", "--method", "rk4", "--problem", "kepler", "--norm", "l2", "--max-steps", "100000000"],
     "--max-steps"),
    (["convergence", "--method", "rk4", "--problem", "kepler", "--norm", "l2", "--max-steps", "1000000"],
     "at most 65536 (a dense norm keeps"),
    (["convergence", "--method", "euler", "--problem", "nonlinear-na", "--min-steps", "2000000", "--max-steps",
      "2000000"], "--min-steps"),
    (["check", "--tableau", "t.json", "--threads", "4294967295"], "--threads"),
    (["convergence", "--suite", "default", "--threads", "-1"], "--threads"),
    (["stiff", "--method", "radau5", "--problem", "rober", "--rtol", "1e-6", "--step-budget", "-1"], "--step-budget"),
    (["reference", "--problem", "lorenz", "--t", "199"], "more than 50-digit arithmetic holds (certifiable up to t = 124)"),
    (["energy", "--method", "rk4", "--problem", "harmonic", "--h", "1e-46", "--t-end", "1e-40", "--scalar", "float"],
     "--h 1e-46: rounds to 0 in float"),
    # --shard i/N: 1 <= i <= N, on every suite command and run-studies.
    (["convergence", "--suite", "quick", "--shard", "0/3"], "--shard '0/3': give i/N with 1 <= i <= N"),
    (["stiff", "--suite", "default", "--shard", "4/3"], "--shard '4/3'"),
    (["energy", "--suite", "default", "--shard", "x"], "--shard 'x'"),
    (["analyze", "--suite", "default", "--out", "OUT", "--shard", "1/0"], "--shard '1/0'"),
    (["crosscheck", "--json", "x.json", "--shard", "0/1"], "--shard '0/1'"),
    (["odeint-orders", "--json", "x.json", "--shard", "2/1"], "--shard '2/1'"),
    (["workprecision", "--json", "x.json", "--shard", "1/"], "--shard '1/'"),
    (["game-table", "--json", "x.json", "--shard", "-1/3"], "--shard '-1/3'"),
    (["largest-step", "--json", "x.json", "--shard", "1/3/4"], "--shard '1/3/4'"),
    (["run-studies", "--out", "OUT", "--shard", "0/2"], "--shard '0/2'"),
    (["run-studies", "--out", "OUT", "--only", "convergance"], "--only 'convergance': not a study the report runs"),
    (["crosscheck", "--json", "-", "--shard", "1/2"], "--shard: give --json FILE"),
    (["convergence", "--method", "rk4", "--problem", "kepler", "--shard", "1/2"], "--shard: only with --suite"),
    (["merge", "--in", "/nonexistent", "--out", "OUT"], "--in '/nonexistent': not a directory"),
    (["check"], "check needs --tableau FILE, --tableau-dir DIR or --stepper LIBRARY"),
    (["check", "--tableau-dir", "/nonexistent", "--out", "OUT"], "--tableau-dir '/nonexistent': not a directory"),
    (["check", "--tableau", "t.json", "--shard", "1/2"], "--shard: only with --tableau-dir"),
    (["check", "--tableau-dir", ".", "--out", "OUT", "--shard", "3/2"], "--shard '3/2'"),
    # Runs estimated beyond --max-minutes are refused up front with the estimate (about 18 days
    # measured per step for this one); step counts printed sanely.
    (["energy", "--method", "radau13", "--problem", "pleiades", "--h", "1/10000", "--t-end", "10000", "--scalar",
      "float128"], "--max-minutes 10: the run would take about"),
    (["energy", "--method", "radau13", "--problem", "pleiades", "--h", "1/10000", "--t-end", "10000", "--scalar",
      "float128"], "days (1e+08 steps of radau13 on 28 components in float128); give a larger --h or a shorter span"),
    (["energy", "--method", "rk4", "--problem", "kepler", "--h", "1/100000", "--t-end", "1000", "--max-minutes", "0.01"],
     "--max-minutes 0.01: the run would take about"),
    (["energy", "--method", "rk4", "--problem", "kepler", "--h", "1/100", "--t-end", "1", "--max-minutes", "-1"],
     "--max-minutes: Value -1 not in range 0 to 525600"),
    # A computed reference far beyond its stored span: estimated from the stored computation's time.
    (["reference", "--problem", "pleiades", "--t", "300"], "--max-minutes 10: the reference to t = 300 would take about"),
    (["reference", "--problem", "pleiades", "--t", "300"], "this span is 100 times as long); give a shorter --t"),
    (["energy", "--method", "rk4", "--problem", "harmonic", "--h", "1", "--t-end", "1e300"],
     "the run would take 1e+300 steps; at most 1e8"),
    # A range is given as it is, not in fixed point ("0.000000 to 1.000000" hid the 1e-13 floor).
    (["largest-step", "--tolerance", "1e-300"], "--tolerance: Value 1e-300 not in range 1e-13 to 1"),
    (["largest-step", "--tolerance", "nan"], "--tolerance"),
    (["check", "--stepper", "x.so", "--step-timeout", "0"], "--step-timeout: Value 0 not in range 0.1 to 86400"),
    (["check", "--stepper", "x.so", "--stage-timeout", "1e9"], "--stage-timeout: Value 1e9 not in range 1 to 86400"),
]


# Malformed tableau files: (file content, text the error line must contain).
GOOD = {"name": "k3", "order": 3, "A": [[], ["1/2"], ["-1", "2"]], "b": ["1/6", "2/3", "1/6"]}
MALFORMED_TABLEAUS = [
    ("{not json", "not valid JSON"),
    ('["a list"]', "one JSON object"),
    ({k: v for k, v in GOOD.items() if k != "b"}, "field 'b' is missing"),
    ({k: v for k, v in GOOD.items() if k != "name"}, "field 'name' is missing"),
    (dict(GOOD, order=0), "field 'order'"),
    (dict(GOOD, A=[[], ["1/2"]]), "field 'A' must have 3 rows"),
    (dict(GOOD, A=[[], ["1/2", "1", "2", "3"], ["-1", "2"]]), "field 'A', row 2: has 4 entries"),
    (dict(GOOD, A=[[], ["1/2"], ["-1", "two"]]), "field 'A', row 3, column 2: 'two'"),
    (dict(GOOD, A=[[], ["1/0"], ["-1", "2"]]), "field 'A', row 2, column 1: '1/0' has a zero denominator"),
    (dict(GOOD, b=["1/6", "2/3", 0.5]), "field 'b', column 3"),
    (dict(GOOD, c=["0", "1/2"]), "field 'c' has 2 entries"),
    (dict(GOOD, c=["0", "1/3", "1"]), "field 'c', column 2"),
    (dict(GOOD, b_hat=["1", "0", "0"]), "field 'embedded_order'"),
    (dict(GOOD, embedded_order=2), "'b_hat' is not"),
    (dict(GOOD, b=["1/6", "2/3", "1e"]), "field 'b', column 3: '1e' has a malformed exponent"),
    # Ranges and limits: refused before any arithmetic, never wrapped.
    (dict(GOOD, b_hat=["1", "0", "0"], embedded_order=19), "field 'embedded_order' must be an integer from 1 to 12"),
    (dict(GOOD, b_hat=["1", "0", "0"], embedded_order=-1), "field 'embedded_order' must be an integer from 1 to 12"),
    (dict(GOOD, b_hat=["1", "0", "0"], embedded_order=0), "field 'embedded_order' must be an integer from 1 to 12"),
    (dict(GOOD, b_hat=["1", "0", "0"], embedded_order=13), "field 'embedded_order' must be an integer from 1 to 12"),
    (dict(GOOD, order=-4294967293), "field 'order' must be an integer from 1 to 12"),
    ('{"name": "k3", "order": 18446744073709551615, "A": [[], ["1/2"], ["-1", "2"]], "b": ["1/6", "2/3", "1/6"]}',
     "field 'order' must be an integer from 1 to 12"),
    (dict(GOOD, order=3.5), "field 'order' must be an integer from 1 to 12"),
    (dict(GOOD, b=["1e999999", "2/3", "1/6"]), "field 'b', column 1: '1e999999' has an exponent beyond +-400"),
    (dict(GOOD, b=["0." + "1" * 1200, "2/3", "1/6"]), "has more than 1000 characters"),
    (dict(GOOD, title=5), "field 'title' must be a string"),
    (dict(GOOD, row_sum_condition="no"), "field 'row_sum_condition' must be true or false"),
    ('{"name": "k3", "order": 3, "A": [[], ["1/2"], ["-1", "2"]], "b": ["1/6", "2/3", 1e400]}', "not valid JSON"),
    ({"name": "big", "order": 4, "A": [["1/100"] * 50] * 50, "b": ["1/50"] * 50}, "exact operations for its order conditions"),
    # Under the operation bound, but every operation is on 100-digit rationals (the README's "Limits").
    ({"name": "long-digits", "order": 12, "row_sum_condition": False,
      "A": [[]] + [["0." + "7" * 100] * i for i in range(1, 13)], "b": ["0." + "3" * 100] * 13},
     "digit-weighted operations for its order conditions; at most 7.5e+08 are run"),
    ({"name": "huge", "order": 1, "A": [["0"] * 65] * 65, "b": ["1/65"] * 65}, "at most 64 stages"),
    (dict(GOOD, A=[["0", "0", "0"], ["1/2"], ["-1", "2"]]),
     "field 'A', row 2: strictly lower (1 entries) but row 1 is square"),
    # A key given twice is refused, not silently the last one's.
    ('{"name": "k3", "order": 3, "order": 4, "A": [[], ["1/2"], ["-1", "2"]], "b": ["1/6", "2/3", "1/6"]}',
     "not valid JSON (the key 'order' appears twice in one object)"),
    # A name is printed: a NUL would end the printed line, a newline would split it.
    (dict(GOOD, name="k3\u0000hidden"), "field 'name' holds a control character (U+0000 at byte 2)"),
    (dict(GOOD, title="two\nlines"), "field 'title' holds a control character (U+000A at byte 3)"),
    # A NUL byte ends a text for some readers; here the whole file is the text, and a NUL is no JSON.
    ('{"name": "k3", "order": 3, "A": [[], ["1/2"], ["-1", "2"]], "b": ["1/6", "2/3", "1/6"]}\0{"order": 4}',
     "not valid JSON (a NUL byte at offset 87"),
]


def run(args):
    return subprocess.run([ORDERLY, *args], capture_output=True, text=True, timeout=120)


class BadInput(unittest.TestCase):
    def test_each_row_exits_2_with_one_line_naming_the_value(self):
        for args, text in REFUSED:
            with self.subTest(args=" ".join(args)):
                result = run(args)
                self.assertEqual(result.returncode, 2, result.stderr)
                lines = [line for line in result.stderr.splitlines() if line.strip()]
                self.assertEqual(len(lines), 1, result.stderr)
                self.assertIn(text, lines[0])

    def test_each_malformed_tableau_file_is_refused_naming_field_row_and_column(self):
        import json
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "t.json")
            for content, text in MALFORMED_TABLEAUS:
                with self.subTest(text=text):
                    with open(path, "w") as f:
                        f.write(content if isinstance(content, str) else json.dumps(content))
                    result = run(["check", "--tableau", path])
                    self.assertEqual(result.returncode, 2, result.stderr + result.stdout)
                    lines = [line for line in result.stderr.splitlines() if line.strip()]
                    self.assertEqual(len(lines), 1, result.stderr)
                    self.assertIn(text, lines[0])
            missing = run(["check", "--tableau", os.path.join(tmp, "none.json")])
            self.assertEqual(missing.returncode, 2)
            self.assertIn("cannot read the file", missing.stderr)
            directory = run(["check", "--tableau", tmp])
            self.assertEqual(directory.returncode, 2)
            self.assertIn("is a directory", directory.stderr)
            # The results never overwrite the tableau they were read from.
            with open(path, "w") as f:
                json.dump(GOOD, f)
            overwrite = run(["check", "--tableau", path, "--json", path])
            self.assertEqual(overwrite.returncode, 2, overwrite.stderr)
            self.assertIn(f"--json '{path}': is --tableau '{path}', an input", overwrite.stderr)
            with open(path) as f:
                self.assertEqual(json.load(f), GOOD)

    def test_a_tableau_file_beyond_the_size_cap_is_refused_unread(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "big.json")
            with open(path, "w") as f:
                f.write('{"name": "big", "padding": "' + "x" * (5 << 20) + '"}')
            result = run(["check", "--tableau", path])
            self.assertEqual(result.returncode, 2, result.stderr)
            self.assertIn("bytes, more than a tableau file's 4194304 (4 MiB)", result.stderr)

    def refused_check(self, tableau, bound, text):
        """`check --tableau` of a generated file under --max-minutes `bound`: one line, exit 2, no
        output written, nothing on standard output."""
        import json
        with tempfile.TemporaryDirectory() as tmp:
            path, out = os.path.join(tmp, "t.json"), os.path.join(tmp, "out.json")
            with open(path, "w") as f:
                json.dump(tableau, f)
            result = run(["check", "--tableau", path, "--max-minutes", bound, "--json", out])
            self.assertEqual(result.returncode, 2, result.stderr)
            lines = [line for line in result.stderr.splitlines() if line.strip()]
            self.assertEqual(len(lines), 1, result.stderr)
            self.assertIn(text, lines[0])
            self.assertEqual(result.stdout, "")
            self.assertFalse(os.path.exists(out))

    def test_long_coefficients_are_estimated_before_the_algebra_starts(self):
        # 13 stages declaring order 12 with 70-digit random decimals: within the operation bounds
        # (7.04e8 digit-weighted operations of 7.5e8), the check took 127 s without a line before.
        import random
        rng = random.Random(13)
        entry = lambda: "0." + "".join(rng.choice("0123456789") for _ in range(70))
        tableau = {"name": "explicit-13", "order": 12, "row_sum_condition": False,
                   "A": [[]] + [[entry() for _ in range(i)] for i in range(1, 13)], "b": [entry() for _ in range(13)]}
        self.refused_check(tableau, "0.5", "--max-minutes 0.5: the coefficients' algebra of explicit-13 would take "
                                           "about")
        self.refused_check(tableau, "0.5", "(order 12 with 13 stages, from the length of its coefficients)")

    def test_a_fully_implicit_20_stage_table_is_estimated_from_a_pilot(self):
        # A full 20 x 20 A of small random rationals (2 KB), declaring order 1: cheap algebra, but
        # its Newton iteration makes the measurement take minutes.
        from fractions import Fraction
        import random
        rng = random.Random(57)
        a = [[Fraction(rng.randint(-9, 9), rng.randint(1, 9)) for _ in range(20)] for _ in range(20)]
        tableau = {"name": "random-full-20", "order": 1, "A": [[str(x) for x in row] for row in a],
                   "b": ["1/20"] * 20, "c": [str(sum(row)) for row in a]}
        self.refused_check(tableau, "0.2", "--max-minutes 0.2: the check of random-full-20 would take about")
        self.refused_check(tableau, "0.2", "; the measurement about")

    def test_max_steps_bounds_every_grid_of_the_run_and_its_refinement(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "run.json")
            result = run(["convergence", "--method", "radau13", "--problem", "pleiades", "--max-steps", "16",
                          "--json", path])
            self.assertIn(result.returncode, (0, 1), result.stderr)
            import json
            with open(path) as f:
                data = json.load(f)
        self.assertTrue(data["points"])
        self.assertLessEqual(max(p["steps"] for p in data["points"]), 16)
        for attempt in data.get("refinement", {}).get("attempts", []):
            self.assertLessEqual(attempt["max_steps"], 16, attempt)

    def test_a_failed_write_exits_2_and_leaves_no_partial_file(self):
        result = run(["convergence", "--method", "euler", "--problem", "nonlinear-na", "--max-steps", "64",
                      "--json", "/dev/full"])
        self.assertEqual(result.returncode, 2, result.stderr)
        self.assertIn("--json '/dev/full': is a device", result.stderr)
        with tempfile.TemporaryDirectory() as tmp:
            target = os.path.join(tmp, "out.json")
            ok = run(["convergence", "--method", "euler", "--problem", "nonlinear-na", "--max-steps", "64",
                      "--json", target])
            self.assertEqual(ok.returncode, 0, ok.stderr)
            self.assertEqual(os.listdir(tmp), ["out.json"])  # the temporary was renamed, none left

    def test_a_baseline_that_could_loosen_the_gate_is_refused(self):
        import json
        with open(os.path.join(os.path.dirname(__file__), "..", "baselines", "order.json")) as f:
            good = json.load(f)
        first = good["entries"][0]
        cases = [
            (dict(good, entries=good["entries"] + [dict(first, error_constant=1e9)]), f"entry '{first['key']}' appears twice"),
            (dict(good, entries=good["entries"] + [dict(first, key="rk4/nowhere/primary")]),
             "entry 'rk4/nowhere/primary' names no measurement of the gate"),
            ({k: v for k, v in good.items() if k != "schema"}, "its schema is not orderly.order-baseline/1"),
            (dict(good, entries=[dict(first, error_constant="big")]), "'error_constant' is not a finite number"),
        ]
        # A valid baseline followed by a NUL byte and anything: refused, not read up to the NUL.
        cases.append((json.dumps(good) + "\0" + json.dumps(dict(good, entries=[])), "a NUL byte at offset"))
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "baseline.json")
            for content, text in cases:
                with self.subTest(text=text):
                    with open(path, "w") as f:
                        f.write(content) if isinstance(content, str) else json.dump(content, f)
                    result = run(["gate", "--baseline", path])
                    self.assertEqual(result.returncode, 2, result.stderr + result.stdout)
                    self.assertIn(text, result.stderr)

    def test_a_killed_writer_s_temporary_is_removed_by_the_next_run(self):
        with tempfile.TemporaryDirectory() as tmp:
            gone = subprocess.Popen(["true"])
            gone.wait()  # its pid now belongs to no process
            stale = os.path.join(tmp, f".out.json.tmp{gone.pid}")
            open(stale, "w").close()
            target = os.path.join(tmp, "out.json")
            ok = run(["convergence", "--method", "euler", "--problem", "nonlinear-na", "--max-steps", "64",
                      "--json", target])
            self.assertEqual(ok.returncode, 0, ok.stderr)
            self.assertEqual(os.listdir(tmp), ["out.json"])

    def test_a_failed_write_to_standard_output_exits_2(self):
        with open("/dev/full", "w") as full:
            result = subprocess.run([ORDERLY, "list", "methods", "--json"], stdout=full, stderr=subprocess.PIPE,
                                    text=True, timeout=60)
        self.assertEqual(result.returncode, 2, result.stderr)
        self.assertIn("standard output: write failed", result.stderr)

    def test_version_names_commit_compiler_and_boost(self):
        result = run(["--version"])
        self.assertEqual(result.returncode, 0)
        for word in ("orderly", "commit", "compiler", "boost"):
            self.assertIn(word, result.stdout)

    def test_large_exact_time_is_certified_only_as_far_as_t_resolves(self):
        # At t = 1e20 the 50-digit time carries an absolute error of about 1e-30: the certificate
        # must not claim much more than 30 digits (it claimed 50 before).
        result = run(["reference", "--problem", "kepler", "--t", "1e20", "--json"])
        self.assertEqual(result.returncode, 0, result.stderr)
        import json
        digits = json.loads(result.stdout)["certified_digits"]
        self.assertLess(digits, 31.5)
        self.assertGreater(digits, 25)


if __name__ == "__main__":
    unittest.main()
