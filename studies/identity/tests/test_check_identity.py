"""`orderly check` names the method: a compiled stepper with a published library's sign error
(odeint's Dormand-Prince 5(4) before its fix, b_hat_7 = -1/40) and a tableau file with a perturbed
weight, each named with the coefficient that differs, both values and what it breaks. The values
expected are the bug report's and the file's own (tests/corpus/wrong/)."""
import json
import os
import subprocess
import unittest

ORDERLY = os.environ.get("ORDERLY", "build/bin/orderly")
CORPUS = os.path.join(os.path.dirname(__file__), "..", "..", "..", "tests", "corpus")


class CheckNamesTheMethod(unittest.TestCase):
    def test_a_compiled_stepper_with_odeints_sign_error(self):
        result = subprocess.run([ORDERLY, "check", "--stepper", os.environ["DOPRI5_ODEINT_SIGN_SPECIMEN"],
                                 "--json", "-", "--threads", "2"], capture_output=True, text=True, timeout=900)
        # The estimate's recovered weights have order 0 where the stepper declares 4: it fails.
        self.assertEqual(result.returncode, 1, result.stderr)
        battery = json.loads(result.stdout)
        self.assertEqual(battery["verdict"], "fail")
        self.assertIn("its estimate's recovered weights have order 0 (exactly), declared 4", battery["verdict_reason"])
        identity = battery["identity"]
        self.assertEqual(identity["recovery"]["kind"], "explicit Runge-Kutta")
        nearest = identity["identity"]["nearest"][0]
        self.assertIn("dopri54", nearest["aliases"] + [nearest["method"]])
        self.assertEqual([d["coefficient"] for d in nearest["differences"]], ["b_hat_7"])
        self.assertEqual(nearest["differences"][0]["given"], "-1/40")
        self.assertEqual(nearest["differences"][0]["published"], "1/40")
        # The recovered tableau checked as a file: its propagated weights keep order 5, its
        # estimate's weights fail the first condition (they sum to 1 - 1/20).
        weight_sets = identity["analysis"]["weight_sets"]
        self.assertEqual(weight_sets[0]["exact_order"], 5)
        self.assertEqual(weight_sets[1]["exact_order"], 0)
        self.assertIn("identity:", result.stderr)
        self.assertIn("b_hat_7: -1/40, published 1/40", result.stderr)

    def test_a_tableau_file_with_a_perturbed_weight(self):
        path = os.path.join(CORPUS, "wrong", "dopri5-b3.rational.json")
        result = subprocess.run([ORDERLY, "check", "--tableau", path, "--json", "-", "--threads", "2"],
                                capture_output=True, text=True, timeout=900)
        out = json.loads(result.stdout)
        nearest = out["identity"]["nearest"][0]
        self.assertEqual([d["coefficient"] for d in nearest["differences"]], ["b_3"])
        self.assertEqual(nearest["differences"][0]["given"], "500001113/1113000000")
        self.assertEqual(nearest["differences"][0]["published"], "500/1113")
        self.assertEqual(nearest["effects"]["order"]["given"], 0)  # the weights no longer sum to 1


if __name__ == "__main__":
    unittest.main()
