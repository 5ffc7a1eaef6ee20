#!/usr/bin/python3
"""Modified equations of explicit Runge-Kutta methods on a scalar ODE y' = f(y), derived with sympy
independently of Orderly (the tableaus are typed from Hairer-Norsett-Wanner I, Sect. II.1).

The derivatives f^(m)(y0) are symbols F0, F1, ...; d/dy maps F_m to F_(m+1). The modified field is
f~ = f_1 + h f_2 + h^2 f_3 + ... (f_1 = f); its exact time-h flow is y0 + sum_k h^k / k! L^(k-1) f~
with L(P) = P' f~. The coefficient of h^k of the method's step and of that flow differ first by
f_k, which is solved for order by order.

Prints JSON: {method: {k: [[exponents, "p/q"], ...]}}, exponents[m] the power of F_m in a monomial
of f_k (each a product of elementary-differential factors of trees of order k).
"""
import json
import sys

import sympy as sp

MAX_ORDER = 6
F = sp.symbols("F0:%d" % (MAX_ORDER + 2))
h = sp.Symbol("h")

TABLEAUS = {
    "midpoint": ([[0, 0], [sp.Rational(1, 2), 0]], [0, 1]),
    "rk4": (
        [[0, 0, 0, 0], [sp.Rational(1, 2), 0, 0, 0], [0, sp.Rational(1, 2), 0, 0], [0, 0, 1, 0]],
        [sp.Rational(1, 6), sp.Rational(1, 3), sp.Rational(1, 3), sp.Rational(1, 6)],
    ),
}


def truncate(expr, order):
    expr = sp.expand(expr)
    return sum(expr.coeff(h, k) * h**k for k in range(order + 1))


def f_at(delta, order):
    """f(y0 + delta) as a series in h, delta = O(h)."""
    total, power = 0, 1
    for m in range(order + 1):
        total += F[m] * power / sp.factorial(m)
        power = truncate(power * delta, order)
    return truncate(total, order)


def step_series(a, b, order):
    s = len(b)
    k = [None] * s
    for i in range(s):
        delta = h * sum(a[i][j] * k[j] for j in range(i))
        k[i] = f_at(delta, order)
    return truncate(h * sum(b[i] * k[i] for i in range(s)), order)


def derivative(expr):
    return sp.expand(sum(sp.diff(expr, F[m]) * F[m + 1] for m in range(MAX_ORDER + 1)))


def flow_series(field, order):
    total, term = 0, field
    for k in range(1, order + 1):
        total += h**k / sp.factorial(k) * term
        term = truncate(derivative(term) * field, order)
    return truncate(total, order)


def modified_equation(a, b, order):
    step = step_series(a, b, order)
    terms = [None, F[0]]
    for k in range(2, order + 1):
        field = sum(h ** (j - 1) * terms[j] for j in range(1, k))
        flow = flow_series(field, k)
        terms.append(sp.expand(step.coeff(h, k) - flow.coeff(h, k)))
    return terms


def main():
    out = {}
    for name, (a, b) in TABLEAUS.items():
        terms = modified_equation(a, b, MAX_ORDER)
        out[name] = {}
        for k in range(2, MAX_ORDER + 1):
            poly = sp.Poly(terms[k], *F) if terms[k] != 0 else None
            out[name][str(k)] = (
                [[list(monom), str(coeff)] for monom, coeff in poly.terms()] if poly is not None else []
            )
    json.dump(out, sys.stdout)


if __name__ == "__main__":
    main()
