#!/usr/bin/python3
"""`orderly analyze --method rosenbrock4`: what its coefficients promise about energy, against the
stability function derived here from the transformed coefficients as RODAS prints them, in exact
rationals with sympy (nothing of Orderly's own algebra).

On y' = lambda y, z = h lambda, the transformed stages (Hairer-Wanner II, (7.4'')) read
    (1/gamma - z) g_i = z (y0 + sum_j<i a_ij g_j) + sum_j<i C_ij g_j,    y1 = y0 + sum_i m_i g_i,
so y1 = R(z) y0. On the harmonic oscillator (z = i theta) the energy changes by |R(i theta)|^2 per
step: |R(i theta)|^2 = 1 + c theta^n + ..., the leading drift d ln H/dt = c omega^n h^(n-1), the law
Orderly's harmonic_drift states; and a symmetric method has R(z) R(-z) = 1, so c != 0 also says
"not symmetric".
"""
import json
import os
import subprocess
import tempfile
import unittest

import sympy

ORDERLY = os.environ.get("ORDERLY", "orderly")

# RODAS (Hairer's rodas.f, METH = 1; Boost.Odeint's rosenbrock4), as printed to 16 digits.
GAMMA = "0.25"
A = [[],
     ["0.1544000000000000e+01"],
     ["0.9466785280815826e+00", "0.2557011698983284e+00"],
     ["0.3314825187068521e+01", "0.2896124015972201e+01", "0.9986419139977817e+00"],
     ["0.1221224509226641e+01", "0.6019134481288629e+01", "0.1253708332932087e+02", "-0.6878860361058950e+00"],
     ["0.1221224509226641e+01", "0.6019134481288629e+01", "0.1253708332932087e+02", "-0.6878860361058950e+00",
      "1"]]
C = [[],
     ["-0.5668800000000000e+01"],
     ["-0.2430093356833875e+01", "-0.2063599157091915e+00"],
     ["-0.1073529058151375e+00", "-0.9594562251023355e+01", "-0.2047028614809616e+02"],
     ["0.7496443313967647e+01", "-0.1024680431464352e+02", "-0.3399990352819905e+02", "0.1170890893206160e+02"],
     ["0.8083246795921522e+01", "-0.7981132988064893e+01", "-0.3152159432874371e+02", "0.1631930543123136e+02",
      "-0.6058818238834054e+01"]]
M = ["0.1221224509226641e+01", "0.6019134481288629e+01", "0.1253708332932087e+02", "-0.6878860361058950e+00",
     "1", "1"]


def rational(text):
    return sympy.Rational(text)


def stability_function(z):
    gamma = rational(GAMMA)
    g = []
    for i in range(len(M)):
        rhs = z * (1 + sum(rational(A[i][j]) * g[j] for j in range(i))) + sum(rational(C[i][j]) * g[j]
                                                                             for j in range(i))
        g.append(sympy.together(rhs / (1 / gamma - z)))
    return sympy.together(1 + sum(rational(M[i]) * g[i] for i in range(len(M))))


# The decimals are printed to 16 digits: a coefficient they make nonzero only through their last
# digits (theta^2 and theta^4 come out near 1e-16) is the print's rounding, not the method's.
PRINTED_ROUNDING = sympy.Rational(1, 10**13)


def leading_energy_term():
    """(n, c) with |R(i theta)|^2 = 1 + c theta^n + O(theta^(n+1)), c beyond the print's rounding."""
    theta = sympy.symbols("theta", real=True)
    z = sympy.symbols("z")
    r = stability_function(z)
    squared = sympy.together(r.subs(z, sympy.I * theta) * r.subs(z, -sympy.I * theta))
    series = sympy.series(squared - 1, theta, 0, 10).removeO()
    poly = sympy.Poly(sympy.expand(series), theta)
    for (n,), c in sorted(poly.terms()):
        if abs(c) > PRINTED_ROUNDING:
            return n, c
    raise AssertionError("|R(i theta)| = 1 through theta^9")


class RosenbrockGeometry(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "analysis.json")
            subprocess.run([ORDERLY, "analyze", "--method", "rosenbrock4", "--json", path], check=True,
                           stdout=subprocess.DEVNULL)
            with open(path) as f:
                cls.geometric = json.load(f)["methods"][0]["geometric"]
        cls.power, cls.coefficient = leading_energy_term()

    def test_the_harmonic_drift_is_the_stability_function_s(self):
        drift = self.geometric["harmonic_drift"]
        self.assertEqual(drift["power"], self.power)
        self.assertAlmostEqual(drift["coefficient_double"] / float(self.coefficient), 1, delta=1e-9)

    def test_a_drifting_energy_is_neither_symplectic_nor_symmetric(self):
        self.assertNotEqual(self.coefficient, 0)
        self.assertFalse(self.geometric["symplectic"])
        self.assertFalse(self.geometric["symmetric"])
        self.assertEqual(self.geometric["energy"]["class"], "drift")

    def test_the_order_is_rodas_s_and_stage_properties_are_not_claimed(self):
        self.assertEqual(self.geometric["bseries_order"], 4)
        self.assertIsNone(self.geometric["algebraically_stable"])
        self.assertIsNone(self.geometric["ssp_coefficient"])


if __name__ == "__main__":
    unittest.main()
