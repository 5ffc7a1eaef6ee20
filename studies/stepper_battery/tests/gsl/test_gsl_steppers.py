"""GSL 2.7's explicit steppers through `orderly check --stepper`, as a user meets them: each gets the
verdict its evidence supports, by the gate's rules, with its documented exit code.

What is asserted comes from GSL's own documentation and sources, not from Orderly:
- rk2 is documented as the "embedded Runge-Kutta (2, 3) method"; it propagates the third-order
  solution, so a stepper declared 2 measures 3: "above the declared order" (exit 4), never fail.
- rkf45 and rkck (declared 5, the solution GSL propagates) and rk8pd (declared 8): pass, or
  inconclusive with the reason (double's window is short for order 8), never fail.
- rk4 estimates its error by step doubling: one step of h (4 evaluations) and two of h/2 (4 + 3,
  the first derivative shared), 11 evaluations per step, against rk4's 4."""
import json
import os
import subprocess
import unittest

ORDERLY = os.environ.get("ORDERLY", "build/bin/orderly")
LIBRARY = os.environ.get("GSL_STEPPERS", "build/lib/libgsl_steppers.so")

EXIT = {"pass": 0, "fail": 1, "inconclusive": 3, "above the declared order": 4}


def battery(kind):
    result = subprocess.run([ORDERLY, "check", "--stepper", f"{LIBRARY}:gsl_{kind}", "--json", "-"],
                            capture_output=True, text=True, timeout=900)
    data = json.loads(result.stdout)
    return result, data


class GslSteppers(unittest.TestCase):
    def assert_exit_matches(self, result, data):
        self.assertEqual(result.returncode, EXIT[data["verdict"]], result.stderr)
        # The verdict line first, after any progress line the watchdog printed while a stage ran.
        lines = [line for line in result.stderr.splitlines() if not line.startswith("check --stepper: stage")]
        self.assertTrue(lines[0].startswith(data["verdict"] + ": gsl "), result.stderr)

    def test_rk2_measures_three_above_its_declared_two(self):
        result, data = battery("rk2")
        self.assert_exit_matches(result, data)
        self.assertEqual(data["verdict"], "above the declared order", data.get("verdict_reason"))
        self.assertIn("measures 3 on every problem; declared 2", data["verdict_reason"])
        for run in data["order"]["runs"]:
            self.assertAlmostEqual(run["measured_order"], 3, delta=0.1, msg=run["problem"])

    def test_rkf45_rkck_and_rk8pd_pass_or_are_inconclusive_with_the_reason(self):
        for kind in ("rkf45", "rkck", "rk8pd"):
            with self.subTest(kind=kind):
                result, data = battery(kind)
                self.assert_exit_matches(result, data)
                self.assertIn(data["verdict"], ("pass", "inconclusive"), data["verdict_reason"])
                if data["verdict"] == "inconclusive":
                    # Each unsettled run named with its reason.
                    self.assertRegex(data["verdict_reason"], r"(nonlinear-na|forced-duffing|pendulum): inconclusive \(.+\)")

    def test_rk4_passes_and_the_battery_says_it_costs_eleven_evaluations(self):
        result, data = battery("rk4")
        self.assert_exit_matches(result, data)
        self.assertEqual(data["verdict"], "pass", data["verdict_reason"])
        self.assertEqual(data["cost"]["rhs_evaluations_per_step"], 11)
        self.assertTrue(any("costs 11, 2.75 times rk4's 4" in line for line in data["what_it_does"]),
                        data["what_it_does"])
        self.assertIn("what it does: costs 11", result.stderr)


if __name__ == "__main__":
    unittest.main()
