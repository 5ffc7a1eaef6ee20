"""`orderly check --stepper` as a user meets it: a correct library judged (exit 0, its JSON), and
libraries that cannot be judged refused in one line on stderr that names the library, exit 2,
without orderly crashing: a step that dereferences NULL (the child process dies of SIGSEGV), a step
that writes NaN on the harmonic oscillator, a library built for another ABI version, a symbol the
library does not define, a file that is not a library."""
import json
import os
import subprocess
import tempfile
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
        self.assert_refused(os.environ["FUTURE_ABI_STEPPER"], words=("ABI version 2",))

    def test_a_missing_symbol_is_refused_in_one_line(self):
        library = os.environ["RK4_STEPPER"]
        self.assert_refused(library, library + ":no_such_symbol", words=("no_such_symbol",))

    def test_a_file_that_is_not_a_library_is_refused_in_one_line(self):
        with tempfile.NamedTemporaryFile(suffix=".so") as text:
            text.write(b"not a shared library\n")
            text.flush()
            self.assert_refused(text.name, words=("cannot be loaded",))

    def test_tableau_and_stepper_together_are_refused(self):
        code, _, err = check("--tableau", "x.json", "--stepper", os.environ["RK4_STEPPER"])
        self.assertEqual(code, 2, err)


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
