"""`orderly check` on a user's implicit tableau file, right and wrong: the verdict, the structure and
the stability verdicts against the published facts (Hairer-Wanner II, IV.5: the 2-stage Radau IIA
method has order 3 and is A- and L-stable), and the tableau measured on the Newton stepper, not
only checked algebraically."""
import json
import os
import subprocess
import tempfile
import unittest

ORDERLY = os.environ.get("ORDERLY", "build/bin/orderly")
EXAMPLES = os.path.join(os.path.dirname(__file__), "..", "..", "examples", "tableaus")


def check(path):
    result = subprocess.run([ORDERLY, "check", "--tableau", path, "--json", "-", "--threads", "2"],
                            capture_output=True, text=True, timeout=600)
    return result.returncode, json.loads(result.stdout)


class CheckTableauFiles(unittest.TestCase):
    def test_an_implicit_tableau_file_is_measured_and_passes_at_its_order(self):
        code, out = check(os.path.join(EXAMPLES, "radau_iia3.json"))
        self.assertEqual(code, 0, out)
        self.assertEqual(out["verdict"], "pass")
        self.assertEqual(out["structure"], "fully implicit")
        weights = out["weight_sets"][0]
        self.assertEqual(weights["algebraic_verdict"], "pass")
        self.assertTrue(weights["A_stable"])
        self.assertTrue(weights["L_stable"])
        self.assertIsNone(weights["real_stability_limit"])  # unbounded: the whole negative axis
        measured = out["measurement"]
        self.assertIsInstance(measured, list)
        self.assertGreater(len(measured), 0)
        for m in measured:
            self.assertEqual(m["verdict"], "pass", m["problem"])
            self.assertAlmostEqual(m["measured_order"], 3, delta=0.1)

    def test_an_implicit_tableau_with_its_weights_swapped_fails(self):
        with open(os.path.join(EXAMPLES, "radau_iia3.json")) as f:
            tableau = json.load(f)
        tableau["b"] = list(reversed(tableau["b"]))  # 1/4, 3/4: b^T c = 5/6, not 1/2, so order 1
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "swapped.json")
            with open(path, "w") as f:
                json.dump(tableau, f)
            code, out = check(path)
        self.assertEqual(code, 1, out)
        self.assertEqual(out["verdict"], "fail")
        self.assertEqual(out["weight_sets"][0]["algebraic_verdict"], "fail")
        for m in out["measurement"]:
            self.assertEqual(m["verdict"], "fail", m["problem"])


if __name__ == "__main__":
    unittest.main()
