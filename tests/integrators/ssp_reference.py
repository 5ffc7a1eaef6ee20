#!/usr/bin/python3
"""The radius of absolute monotonicity of an explicit Runge-Kutta tableau file, bisected in exact
rationals (fractions) independently of Orderly: r is admissible when Y = (I + rK)^-1 K >= 0 and
r Y e <= e, K = [[A, 0], [b^T, 0]] (Kraaijevanger 1991; nodepy's absolute_monotonicity_radius).
Usage: ssp_reference.py FILE.json  ->  prints the bracket [lower, upper] after 60 bisections of [0, 16].
"""
import json, sys
from fractions import Fraction as F
def load(path):
    j = json.load(open(path)); s = len(j["b"])
    A = [[F(0)]*s for _ in range(s)]
    for i, row in enumerate(j["A"]):
        for k, x in enumerate(row): A[i][k] = F(x)
    return A, [F(x) for x in j["b"]]
def am(A, b, r):
    s = len(b); n = s + 1
    K = [[F(0)]*n for _ in range(n)]
    for i in range(s):
        for k in range(s): K[i][k] = A[i][k]
    for k in range(s): K[s][k] = b[k]
    # solve (I + rK) Y = K, lower triangular for explicit methods
    X = [[(1 if i == k else 0) + r*K[i][k] for k in range(n)] for i in range(n)]
    Y = [[F(0)]*n for _ in range(n)]
    for i in range(n):
        for c in range(n):
            v = K[i][c] - sum(X[i][k]*Y[k][c] for k in range(i))
            Y[i][c] = v / X[i][i]
    return all(y >= 0 for row in Y for y in row) and all(r*sum(row) <= 1 for row in Y)
A, b = load(sys.argv[1])
lo, hi = F(0), F(16)
for _ in range(60):
    mid = (lo + hi)/2
    if am(A, b, mid): lo = mid
    else: hi = mid
print(float(lo), float(hi))
