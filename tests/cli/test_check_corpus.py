"""`orderly check` on published methods as users have them (tests/corpus: exact rationals, the doubles
other libraries ship, 30-40 digit decimals; explicit, embedded, implicit, SDIRK). The expected order,
residuals, stability limits and A-/L-stability are tests/corpus/expected.json, written by
tests/corpus/generate_expected.py with sympy and mpmath from the methods' definitions, never by
Orderly. Every published method must pass in the forms users have it; the deliberately wrong ones
(one coefficient off by 1e-6) must fail."""
import concurrent.futures
import json
import math
import os
import subprocess
import time
import unittest

ORDERLY = os.environ.get("ORDERLY", "build/bin/orderly")
CORPUS = os.path.join(os.path.dirname(__file__), "..", "corpus")
WORKERS = max(1, os.cpu_count() or 1)
# Stability limits of the method the coefficients denote, against the generator's of the true
# method: rounding to 17 digits moves a limit by about 1e-15 of its size; this leaves room for
# the published doubles that are not correctly rounded (their residuals reach 1e-14).
LIMIT_RELATIVE_TOLERANCE = 1e-6
# The residuals are the same exact rationals on both sides, printed as doubles.
RESIDUAL_RELATIVE_TOLERANCE = 1e-9


def run_check(relative):
    start = time.monotonic()
    result = subprocess.run([ORDERLY, "check", "--tableau", os.path.join(CORPUS, relative), "--json", "-",
                             "--threads", "1"], capture_output=True, text=True, timeout=600)
    elapsed = time.monotonic() - start
    try:
        out = json.loads(result.stdout)
    except json.JSONDecodeError:
        out = None
    return relative, result.returncode, out, result.stderr, elapsed


def same_limit(measured, expected):
    """Limits as the generator writes them: a number, null (unbounded real interval), 0 (none), or
    "unbounded"; check writes an imaginary limit of 0 as null and an unbounded one as "unbounded"."""
    if expected == "unbounded" or expected is None:
        return measured == expected or (expected is None and measured is None)
    if expected == 0:
        return measured is None or measured == 0
    if not isinstance(measured, (int, float)):
        return False
    return math.isclose(measured, expected, rel_tol=LIMIT_RELATIVE_TOLERANCE)


class CheckCorpus(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        with open(os.path.join(CORPUS, "expected.json")) as f:
            cls.expected = json.load(f)
        with concurrent.futures.ThreadPoolExecutor(WORKERS) as pool:
            cls.results = {r[0]: r[1:] for r in pool.map(run_check, sorted(cls.expected))}
        slowest = max(cls.results.items(), key=lambda item: item[1][3])
        print(f"\ncheck corpus: {len(cls.results)} files, slowest {slowest[0]} {slowest[1][3]:.1f} s, "
              f"total {sum(r[3] for r in cls.results.values()):.0f} s")

    def test_the_corpus_is_large_enough(self):
        methods = {e["method"] for e in self.expected.values() if e["expected_verdict"] == "pass"}
        self.assertGreaterEqual(len(methods), 40)
        self.assertTrue(any(e["expected_verdict"] == "fail" for e in self.expected.values()))

    def test_every_file_gets_its_expected_verdict(self):
        for relative, e in sorted(self.expected.items()):
            with self.subTest(file=relative):
                code, out, stderr, _ = self.results[relative]
                self.assertIsNotNone(out, stderr)
                self.assertEqual(out["verdict"], e["expected_verdict"], out.get("summary"))
                self.assertEqual(code, 0 if e["expected_verdict"] == "pass" else 1, out.get("summary"))

    def test_orders_and_residuals_agree_with_the_generator(self):
        for relative, e in sorted(self.expected.items()):
            if e["expected_verdict"] != "pass":
                continue
            _, out, stderr, _ = self.results[relative]
            if out is None:
                continue  # reported by the verdict test
            sets = [("b", e, e["declared_order"])]
            if e.get("b_hat"):
                sets.append(("b_hat", e["b_hat"], e["embedded_order"]))
            for label, expected_set, declared in sets:
                with self.subTest(file=relative, weights=label):
                    measured = next(w for w in out["weight_sets"] if w["weights"] == label)
                    self.assertEqual(measured["algebraic_verdict"], "pass", measured["algebraic_reason"])
                    self.assertEqual(measured["order_to_precision"], declared)
                    for order, (m, x) in enumerate(zip(measured["max_residual_by_order"],
                                                       expected_set["max_residual_by_order"]), start=1):
                        if x == 0:
                            self.assertEqual(m, 0, f"order {order}")
                        else:
                            self.assertTrue(math.isclose(m, x, rel_tol=RESIDUAL_RELATIVE_TOLERANCE),
                                            f"order {order}: {m} against {x}")

    def test_stability_agrees_with_the_generator(self):
        for relative, e in sorted(self.expected.items()):
            if e["expected_verdict"] != "pass":
                continue
            _, out, _, _ = self.results[relative]
            if out is None:
                continue
            primary = next(w for w in out["weight_sets"] if w["weights"] == "b")
            with self.subTest(file=relative):
                self.assertEqual(primary["A_stable"], e["A_stable"])
                self.assertEqual(primary["L_stable"], e["L_stable"])
                self.assertTrue(same_limit(primary["real_stability_limit"], e["real_stability_limit"]),
                                f"real limit {primary['real_stability_limit']} against {e['real_stability_limit']}")
                self.assertTrue(same_limit(primary["imaginary_stability_limit"], e["imaginary_stability_limit"]),
                                f"imaginary limit {primary['imaginary_stability_limit']} against "
                                f"{e['imaginary_stability_limit']}")

    def test_the_first_line_says_the_order_precision_and_scalars(self):
        for relative, e in sorted(self.expected.items()):
            _, out, _, _ = self.results[relative]
            if out is None:
                continue
            with self.subTest(file=relative):
                self.assertTrue(out["summary"].startswith(out["verdict"] + ": "), out["summary"])
                if e["expected_verdict"] == "pass" and e["form"] != "rational":
                    self.assertIn(f"order {e['declared_order']} to ", out["summary"])
                    self.assertIn("holds in double", out["summary"])


if __name__ == "__main__":
    unittest.main()
