"""`orderly check --stepper` as a user meets it: a correct library judged (exit 0, its JSON), and
libraries that cannot be judged refused in one line on stderr that names the library, exit 2,
without orderly crashing: a step that dereferences NULL (the child process dies of SIGSEGV), a step
that writes NaN on the harmonic oscillator, a library built for another ABI version, a symbol the
library does not define, a file that is not a library."""
import json
import os
import subprocess
import tempfile
import time
import unittest

ORDERLY = os.environ.get("ORDERLY", "build/bin/orderly")


def check(*args):
    result = subprocess.run([ORDERLY, "check", *args], capture_output=True, text=True, timeout=600)
    return result.returncode, result.stdout, result.stderr


class RefusedLibraries(unittest.TestCase):
    def assert_refused(self, library, argument=None, words=()):
        code, _, err = check("--stepper", argument or library)
        self.assertEqual(code, 2, err)
        lines = err.strip().splitlines()
        self.assertEqual(len(lines), 1, err)
        self.assertIn(library, lines[0])
        for word in words:
            self.assertIn(word, lines[0])

    def test_a_step_that_dereferences_null_is_refused_in_one_line(self):
        self.assert_refused(os.environ["NULL_DEREFERENCE_STEPPER"], words=("crashed", "signal"))

    def test_a_step_that_writes_nan_is_refused_in_one_line(self):
        self.assert_refused(os.environ["WRITES_NAN_STEPPER"], words=("non-finite", "harmonic oscillator"))

    def test_another_abi_version_is_refused_in_one_line(self):
        self.assert_refused(os.environ["FUTURE_ABI_STEPPER"], words=("has ABI version 3, this orderly reads versions 1 to 2",))

    def test_a_missing_symbol_is_refused_in_one_line(self):
        library = os.environ["RK4_STEPPER"]
        self.assert_refused(library, library + ":no_such_symbol", words=("no_such_symbol",))

    def test_a_file_that_is_not_a_library_is_refused_in_one_line(self):
        with tempfile.NamedTemporaryFile(suffix=".so") as text:
            text.write(b"not a shared library\n")
            text.flush()
            self.assert_refused(text.name, words=("cannot be loaded",))

    def test_json_onto_the_library_itself_is_refused_and_the_library_kept(self):
        with tempfile.TemporaryDirectory() as tmp:
            library = os.path.join(tmp, "librk4.so")
            with open(os.environ["RK4_STEPPER"], "rb") as original, open(library, "wb") as copy:
                copy.write(original.read())
            with open(library, "rb") as f:
                before = f.read()
            for argument in (library, library + ":orderly_stepper"):
                code, _, err = check("--stepper", argument, "--json", library)
                self.assertEqual(code, 2, err)
                self.assertIn(f"--json '{library}': is --stepper '{library}', an input", err)
            with open(library, "rb") as f:
                self.assertEqual(f.read(), before)

    def test_tableau_and_stepper_together_are_refused(self):
        code, _, err = check("--tableau", "x.json", "--stepper", os.environ["RK4_STEPPER"])
        self.assertEqual(code, 2, err)


class LatinOnePaths(unittest.TestCase):
    """A library under a directory whose name is Latin-1, not UTF-8 (b"lat\\xe9n"): a refusal is one
    line of valid UTF-8 naming --stepper and the path with the byte escaped as \\xe9; a library
    that can be judged gets its verdict."""

    def run_check(self, *args):
        result = subprocess.run([os.fsencode(ORDERLY), b"check", *args], capture_output=True, timeout=600)
        return result.returncode, result.stdout, result.stderr.decode("utf-8")  # strict: valid UTF-8

    def assert_refused_naming_the_path(self, argument, words):
        code, _, err = self.run_check(b"--stepper", argument)
        self.assertEqual(code, 2, err)
        lines = err.strip().splitlines()
        self.assertEqual(len(lines), 1, err)
        self.assertIn("--stepper", lines[0])
        self.assertIn("lat\\xe9n", lines[0])
        self.assertNotIn("\ufffd", lines[0])
        self.assertNotIn("json", lines[0].lower())
        for word in words:
            self.assertIn(word, lines[0])

    def test_latin_one_paths_are_escaped_in_refusals_and_judged_otherwise(self):
        with tempfile.TemporaryDirectory() as tmp:
            directory = os.path.join(os.fsencode(tmp), b"lat\xe9n")
            os.mkdir(directory)
            library = os.path.join(directory, b"librk4.so")
            with open(os.environ["RK4_STEPPER"], "rb") as original, open(library, "wb") as copy:
                copy.write(original.read())
            self.assert_refused_naming_the_path(library + b":no_such_symbol", ("no symbol 'no_such_symbol'",))
            self.assert_refused_naming_the_path(os.path.join(directory, b"absent.so"), ("no such file",))
            not_a_library = os.path.join(directory, b"text.so")
            with open(not_a_library, "wb") as f:
                f.write(b"not a shared library\n")
            self.assert_refused_naming_the_path(not_a_library, ("cannot be loaded",))
            code, out, err = self.run_check(b"--stepper", library, b"--json", b"-")
            self.assertEqual(code, 0, err)
            self.assertEqual(json.loads(out)["verdict"], "pass")


class HostileLibraries(unittest.TestCase):
    """Libraries that attack the child process the battery runs in. The parent keeps the time and
    reads the result; each library is judged or refused in one line, promptly."""

    def run_check(self, variable, *extra, limit=120):
        start = time.monotonic()
        result = subprocess.run([ORDERLY, "check", "--stepper", os.environ[variable], *extra],
                                capture_output=True, text=True, timeout=limit)
        return result, time.monotonic() - start

    def assert_last_line(self, result, code, *words):
        self.assertEqual(result.returncode, code, result.stderr)
        last = result.stderr.strip().splitlines()[-1]
        for word in words:
            self.assertIn(word, last)

    def test_a_step_that_forks_a_sleeping_child_is_judged_and_the_child_killed(self):
        result, seconds = self.run_check("FORKS_SLEEPER_STEPPER", "--json", "-")
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(json.loads(result.stdout)["verdict"], "pass")
        self.assertLess(seconds, 100)
        # The forked child carries orderly's command line, the library's path in it; it is killed with
        # the battery's process group (a moment for the kernel to reap it).
        for _ in range(50):
            sleepers = subprocess.run(["pgrep", "-f", os.environ["FORKS_SLEEPER_STEPPER"]], capture_output=True)
            if not sleepers.stdout:
                break
            time.sleep(0.1)
        self.assertEqual(sleepers.stdout, b"")

    def test_a_step_that_ignores_sigalrm_and_blocks_is_stopped_by_the_step_bound(self):
        result, seconds = self.run_check("IGNORES_ALARM_AND_BLOCKS_STEPPER", "--step-timeout", "2")
        self.assert_last_line(result, 2, "did not return within 2 s (--step-timeout)", "the first step")
        self.assertLess(seconds, 30)

    def test_a_library_that_uses_alarm_itself_is_stopped_by_the_step_bound(self):
        result, seconds = self.run_check("USES_ALARM_STEPPER", "--step-timeout", "2")
        self.assert_last_line(result, 2, "did not return within 2 s (--step-timeout)", "after 100 calls")
        self.assertLess(seconds, 30)

    def test_a_step_that_prints_leaves_json_on_standard_output_intact(self):
        result, _ = self.run_check("PRINTS_STEPPER", "--json", "-")
        self.assertEqual(result.returncode, 0, result.stderr[-2000:])
        self.assertEqual(json.loads(result.stdout)["verdict"], "pass")
        self.assertIn("stepping from t = ", result.stderr)

    def test_a_library_with_a_worker_thread_is_judged(self):
        result, _ = self.run_check("WORKER_THREAD_STEPPER", "--json", "-")
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(json.loads(result.stdout)["verdict"], "pass")

    def test_a_step_that_closes_descriptors_is_named_for_it(self):
        result, _ = self.run_check("CLOSES_DESCRIPTORS_STEPPER")
        self.assert_last_line(result, 2, "closed the descriptor of orderly's result pipe")
        self.assertEqual(len(result.stderr.strip().splitlines()), 1, result.stderr)

    def test_forged_json_on_the_result_pipe_is_refused_in_one_line(self):
        result, _ = self.run_check("FORGES_RESULT_STEPPER")
        self.assert_last_line(result, 2, "not what orderly's child writes")
        self.assertNotIn("json.exception", result.stderr)
        self.assertEqual(len(result.stderr.strip().splitlines()), 1, result.stderr)

    def test_a_slow_stage_shows_progress_and_ends_at_the_stage_bound(self):
        result, seconds = self.run_check("SLOW_STEP_STEPPER", "--stage-timeout", "12")
        self.assert_last_line(result, 2, "did not finish within 12 s (--stage-timeout)", "its steps return",
                              "the order on")
        self.assertIn("running for 10 s of 12 s", result.stderr)
        self.assertLess(seconds, 60)


class InterfaceVersions(unittest.TestCase):
    """A version-1 library keeps working; a version-2 library's wider steps refine its order runs."""

    def battery(self, argument):
        result = subprocess.run([ORDERLY, "check", "--stepper", argument, "--json", "-"], capture_output=True,
                                text=True, timeout=900)
        return result, json.loads(result.stdout)

    def test_a_version_one_library_is_judged_reading_only_its_fields(self):
        result, data = self.battery(os.environ["VERSION_ONE_STEPPER"])
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(data["verdict"], "pass", data["verdict_reason"])
        self.assertEqual(data["name"], "midpoint, version 1")
        self.assertTrue(all(run["scalar"] == "double" for run in data["order"]["runs"]))

    def test_wider_steps_confirm_an_order_above_the_declared_one(self):
        result, data = self.battery(os.environ["KUTTA3_WIDE_STEPPER"])
        self.assertEqual(result.returncode, 4, result.stderr)
        self.assertEqual(data["verdict"], "above the declared order")
        self.assertIn("measures 3 on every problem; declared 2 (settled, clear of the band, confirmed in a wider "
                      "scalar)", data["verdict_reason"])
        for run in data["order"]["runs"]:
            self.assertEqual(run["scalar"], "float128", run["problem"])
            self.assertEqual(run["verdict"], "superconvergent", run["verdict_reason"])
            self.assertEqual(run["refined_from"]["scalar"], "double")

    def test_without_wider_steps_the_order_above_is_said_unconfirmed(self):
        result, data = self.battery(os.environ["KUTTA3_WIDE_STEPPER"] + ":double_only")
        self.assertEqual(result.returncode, 4, result.stderr)
        self.assertIn("measures 3 on every problem; declared 2", data["verdict_reason"])
        self.assertIn("not confirmed in a wider scalar", data["verdict_reason"])
        for run in data["order"]["runs"]:
            self.assertIn("double only", run["not_refined"])


class JudgedLibrary(unittest.TestCase):
    def test_the_rk4_example_passes_and_its_json_is_the_battery(self):
        code, out, err = check("--stepper", os.environ["RK4_STEPPER"], "--json", "-")
        self.assertEqual(code, 0, err)
        battery = json.loads(out)
        self.assertEqual(battery["schema"], "orderly.stepper-battery/1")
        self.assertEqual(battery["verdict"], "pass")
        self.assertTrue(err.startswith("pass: "), err)

    def test_the_report_draws_the_stepper_beside_the_method_it_names(self):
        with tempfile.TemporaryDirectory() as tmp:
            code, out, err = check("--stepper", os.environ["RK4_STEPPER"], "--report", tmp, "--json", "-")
            self.assertEqual(code, 0, err)
            self.assertEqual(json.loads(out)["schema"], "orderly.stepper-battery/1")  # the report's lines on stderr
            self.assertTrue(os.path.isfile(os.path.join(tmp, "html", "index.html")), out)
            with open(os.path.join(tmp, "json", "stepper-battery.json")) as f:
                battery = json.load(f)
            self.assertEqual(battery["closest"]["method"], "rk4")
            with open(os.path.join(tmp, "html", "stepper-battery", "stepper-battery-0.json")) as f:
                figure = json.load(f)
        runs = battery["order"]["runs"]
        self.assertEqual(len(figure["panels"]), len(runs))
        for panel in figure["panels"]:
            labels = {series["label"] for series in panel["series"] if series.get("role") == "measured"}
            self.assertEqual(labels, {"rk4 in C", "rk4 (catalog)"}, panel["title"])


if __name__ == "__main__":
    unittest.main()
