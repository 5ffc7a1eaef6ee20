"""Study JSON that parses but whose fields have other shapes than the studies write (a number where
a list was, a boolean for a sample, an object nested past Python's recursion limit): the report
refuses it as bad input (one line, exit 2) and never stops with a traceback.

The mutations are chosen by a fixed seed from every position in the synthetic documents the other
report tests use, so each run tries the same ones."""

import json
import random
import sys
import tempfile
import unittest
from pathlib import Path

sys.dont_write_bytecode = True
sys.path.insert(0, str(Path(__file__).resolve().parent))
import fixtures  # noqa: E402
from test_energy_section import document as energy_document  # noqa: E402
from test_stepper_battery_section import battery_document  # noqa: E402

sys.path.insert(0, str(fixtures.PACKAGE_PARENT))
from orderly_report.__main__ import make_report  # noqa: E402
from orderly_report.errors import InputError  # noqa: E402

SEED = 57
MUTATIONS_PER_DOCUMENT = 12
REPLACEMENTS = [0, True, None, "x", [], {}, -1e308]


def documents():
    return {
        "energy.json": energy_document(),
        "stepper-battery.json": battery_document(),
        "convergence.json": fixtures.fixed_run("rk4", "nonlinear-na", "explicit-rk", 4, 4.0, 0.02),
        "crosscheck.json": fixtures.crosscheck(),
        "odeint_orders.json": fixtures.odeint_orders(),
    }


def positions(value, path=()):
    """Every path to a value inside the document, the top level's schema excepted."""
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, child in items:
        if path == () and key == "schema":
            continue
        yield path + (key,)
        yield from positions(child, path + (key,))


def replaced(document, path, replacement):
    copy = json.loads(json.dumps(document))
    target = copy
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = replacement
    return copy


class ShapeChanges(unittest.TestCase):
    def build(self, name, document):
        """None when the report was built or refused; otherwise the exception's text."""
        with tempfile.TemporaryDirectory() as tmp:
            inputs = fixtures.write(Path(tmp) / "in", {name: document})
            try:
                make_report([inputs], Path(tmp) / "out", "final", 1, log=lambda *_: None)
            except InputError as refused:
                self.assertEqual(len(str(refused).splitlines()), 1, str(refused))
                self.assertIn(name, str(refused))
                return None
            except Exception as crash:  # noqa: BLE001 - any other exception is the defect under test
                return f"{type(crash).__name__}: {crash}"
        return None

    def test_fuzzed_type_changes_are_built_or_refused_never_a_traceback(self):
        chooser = random.Random(SEED)
        crashes = []
        for name, document in documents().items():
            paths = list(positions(document))
            for path in chooser.sample(paths, min(MUTATIONS_PER_DOCUMENT, len(paths))):
                replacement = chooser.choice(REPLACEMENTS)
                crash = self.build(name, replaced(document, path, replacement))
                if crash:
                    crashes.append(f"{name} {list(path)} = {replacement!r}: {crash}")
        self.assertEqual(crashes, [], "\n".join(crashes))

    def test_a_sample_replaced_by_true_in_energy_is_refused_or_drawn(self):
        document = energy_document()
        paths = [p for p in positions(document) if "samples" in map(str, p) and isinstance(p[-1], int)]
        self.assertTrue(paths)
        self.assertIsNone(self.build("energy.json", replaced(document, paths[0], True)))

    def test_an_array_nested_a_hundred_thousand_deep_is_one_line_exit_2(self):
        with tempfile.TemporaryDirectory() as tmp:
            inputs = Path(tmp) / "in"
            inputs.mkdir()
            depth = 100000
            (inputs / "deep.json").write_text('{"schema": "orderly.convergence/1", "points": ' + "[" * depth +
                                              "]" * depth + "}", encoding="utf-8")
            result = fixtures.run_report("--input", inputs, "--output", Path(tmp) / "out")
        self.assertEqual(result.returncode, 2, result.stderr[-2000:])
        self.assertEqual(len(result.stderr.strip().splitlines()), 1, result.stderr[-2000:])
        self.assertIn("deep.json: nested deeper", result.stderr)


if __name__ == "__main__":
    unittest.main()
