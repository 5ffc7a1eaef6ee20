#!/usr/bin/python3
"""Independent generator of the expected values for the published-tableau corpus.

Reads every tableau file under tests/corpus/tableaus/ and tests/corpus/wrong/, and writes
tests/corpus/expected.json.  Uses only the Python standard library, sympy and mpmath; it imports
nothing from the Orderly repository and shares no code with it.

What it computes, per file:
  * max |Phi(t) - 1/gamma(t)| over the rooted trees of each order 1..declared+1, in exact rational
    arithmetic from the file's own digits (every decimal string is read as the exact decimal it
    spells), for b and, where present, for b_hat.  Trees are generated here and their counts
    checked against OEIS A000081.
  * the true order of the method the file denotes (from the source; confirmed here on the "truth":
    the exact rationals, the closed form, or the 60-100 digit values of the method), for b and b_hat.
  * A-stability, L-stability, the real and the imaginary stability limits of the TRUE method,
    R(z) = det(I - zA + z e b^T) / det(I - zA).

The truth of each method is one of:
  file     the exact rationals of a corpus file (rational tables), or a corpus file of high-precision
           published decimals (e.g. SUNDIALS 40-digit literals) read as exact decimals;
  data     transcribed high-precision data kept at the end of this script (Tsitouras 85 digits,
           Feagin 60 digits, the exact big rationals of Prince-Dormand RK8(7)13M, closed forms with
           sqrt(5) / sqrt(21));
  colloc   Gauss / Radau IA / Radau IIA / Lobatto IIIC nodes and coefficients computed here at
           120 digits from their defining conditions (roots of (shifted) Legendre combinations,
           simplifying conditions C(s), D(s) or C(s-1) with a_i1 = b_1);
  alg      SDIRK methods whose diagonal gamma is an algebraic number; coefficients are sympy
           expressions in a symbol g with its minimal polynomial; stability decided exactly in Q(g).

`--write-derived` (re)writes the derived tableau files (doubles printed as Python repr(float(x)),
i.e. shortest round-trip of the correctly rounded double; decimal40/decimal30 files printed with
every entry, c included, correctly rounded to 40 resp. 30 significant digits from the truth).  Without
that flag the script checks that the derived files on disk are exactly what it would write.

Usage:  /usr/bin/python3 tests/corpus/generate_expected.py [--write-derived]
"""
import json
import os
import sys
from fractions import Fraction
from math import gcd

import mpmath as mp
import sympy as sp

HERE = os.path.dirname(os.path.abspath(__file__))
A000081 = [1, 1, 2, 4, 9, 20, 48, 115, 286, 719, 1842]
WORK_DPS = 120

# ----------------------------------------------------------------------------------------------
# numbers


def exact(s):
    """A coefficient string ('p/q', integer, decimal, decimal with exponent) as an exact Fraction."""
    s = s.strip()
    if '/' in s:
        p, q = s.split('/')
        return Fraction(int(p), int(q))
    return Fraction(s)


def mpf_to_fraction(x):
    x = mp.mpf(x)
    if x == 0:
        return Fraction(0)
    sign, man, exp, _ = x._mpf_
    v = Fraction(int(man)) * (Fraction(2) ** exp)
    return -v if sign else v


def to_fraction(x):
    if isinstance(x, Fraction):
        return x
    if isinstance(x, int):
        return Fraction(x)
    if isinstance(x, mp.mpf):
        return mpf_to_fraction(x)
    raise TypeError(type(x))


def round_sig(x, n):
    """Correctly rounded (half-even) decimal string of the exact value x with n significant digits."""
    x = to_fraction(x)
    if x == 0:
        return "0"
    neg = x < 0
    x = abs(x)
    # exponent e with 10^e <= x < 10^(e+1)
    e = len(str(x.numerator // x.denominator)) - 1 if x >= 1 else -1
    if x < 1:
        while Fraction(10) ** e > x:
            e -= 1
    while Fraction(10) ** (e + 1) <= x:
        e += 1
    scale = n - 1 - e                       # x * 10^scale has n digits before the point
    y = x * (Fraction(10) ** scale) if scale >= 0 else x / (Fraction(10) ** (-scale))
    q, r = divmod(y.numerator, y.denominator)
    if 2 * r > y.denominator or (2 * r == y.denominator and q % 2 == 1):
        q += 1
    if len(str(q)) > n:                     # rounded up to the next power of ten
        q //= 10
        scale -= 1
    digits = str(q)
    if -5 <= e < n:
        # positional notation
        if scale <= 0:
            s = digits + "0" * (-scale)
        elif scale >= len(digits):
            s = "0." + "0" * (scale - len(digits)) + digits
        else:
            s = digits[:len(digits) - scale] + "." + digits[len(digits) - scale:]
        if "." in s:
            s = s.rstrip("0").rstrip(".")
    else:
        mant = digits[0] + ("." + digits[1:].rstrip("0") if digits[1:].rstrip("0") else "")
        s = "%se%d" % (mant, e)
    return ("-" if neg else "") + s


def double_repr(x):
    f = float(to_fraction(x))          # float(Fraction) is correctly rounded
    r = repr(f)
    if r == "-0.0":
        r = "0.0"
    return r


def rat_str(x):
    x = to_fraction(x)
    return str(x.numerator) if x.denominator == 1 else "%d/%d" % (x.numerator, x.denominator)


# ----------------------------------------------------------------------------------------------
# rooted trees


def rooted_trees(nmax):
    """Trees as tuples of child indices (non-increasing); returns list `trees` of (order, children)
    and `by_order[n]` = list of tree indices of order n."""
    trees = []
    by_order = {1: []}
    trees.append((1, ()))
    by_order[1].append(0)

    def multisets(total, max_index):
        # non-increasing sequences of tree indices <= max_index whose orders sum to total
        if total == 0:
            yield ()
            return
        for i in range(max_index, -1, -1):
            o = trees[i][0]
            if o <= total:
                for rest in multisets(total - o, i):
                    yield (i,) + rest

    for n in range(2, nmax + 1):
        by_order[n] = []
        for ch in multisets(n - 1, len(trees) - 1):
            trees.append((n, ch))
            by_order[n].append(len(trees) - 1)
    return trees, by_order


TREES, BY_ORDER = rooted_trees(11)
for _n in range(1, 12):
    assert len(BY_ORDER[_n]) == A000081[_n - 1], (_n, len(BY_ORDER[_n]))
GAMMA = []
for _o, _ch in TREES:
    g = _o
    for _c in _ch:
        g *= GAMMA[_c]
    GAMMA.append(g)


def residuals_exact(A, b, pmax):
    """max |Phi(t) - 1/gamma(t)| per order 1..pmax, exact.  A, b are Fractions.  Uses integers over
    a common denominator when that is small (decimal files), Fractions otherwise."""
    s = len(b)
    den = 1
    for row in A:
        for x in row:
            den = den * x.denominator // gcd(den, x.denominator)
    dbd = 1
    for x in b:
        dbd = dbd * x.denominator // gcd(dbd, x.denominator)
    out = [Fraction(0)] * pmax
    if den.bit_length() < 1200:
        Ai = [[int(x * den) for x in row] for row in A]
        bi = [int(x * dbd) for x in b]
        U = {}          # tree -> integer vector, denominator den^(order-1)
        AU = {}         # tree -> A @ U[tree], denominator den^order
        for t, (o, ch) in enumerate(TREES):
            if o > pmax:
                break
            v = [1] * s
            for c in ch:
                w = AU[c]
                v = [v[i] * w[i] for i in range(s)]
            U[t] = v
            if o < pmax:
                AU[t] = [sum(Ai[i][j] * v[j] for j in range(s) if Ai[i][j]) for i in range(s)]
            phi = Fraction(sum(bi[i] * v[i] for i in range(s)), dbd * den ** (o - 1))
            r = abs(phi - Fraction(1, GAMMA[t]))
            if r > out[o - 1]:
                out[o - 1] = r
        return out
    AU = {}
    for t, (o, ch) in enumerate(TREES):
        if o > pmax:
            break
        v = [Fraction(1)] * s
        for c in ch:
            w = AU[c]
            v = [v[i] * w[i] for i in range(s)]
        if o < pmax:
            AU[t] = [sum(A[i][j] * v[j] for j in range(s) if A[i][j]) for i in range(s)]
        phi = sum(b[i] * v[i] for i in range(s))
        r = abs(phi - Fraction(1, GAMMA[t]))
        if r > out[o - 1]:
            out[o - 1] = r
    return out


def residuals_mp(A, b, pmax):
    s = len(b)
    out = [mp.mpf(0)] * pmax
    AU = {}
    for t, (o, ch) in enumerate(TREES):
        if o > pmax:
            break
        v = [mp.mpf(1)] * s
        for c in ch:
            w = AU[c]
            v = [v[i] * w[i] for i in range(s)]
        if o < pmax:
            AU[t] = [mp.fsum(A[i][j] * v[j] for j in range(s)) for i in range(s)]
        r = abs(mp.fsum(b[i] * v[i] for i in range(s)) - mp.mpf(1) / GAMMA[t])
        if r > out[o - 1]:
            out[o - 1] = r
    return out


def order_from_residuals(res, tol):
    p = 0
    for r in res:
        if r <= tol:
            p += 1
        else:
            break
    return p


def fnum(x):
    """A residual or limit as a JSON float to full double precision (0.0 for exact zero)."""
    x = float(x)
    return float(repr(x)) if x != 0 else 0.0


# ----------------------------------------------------------------------------------------------
# reading tableau files


def read_tableau(path):
    with open(path) as f:
        d = json.load(f)
    rows = d["A"]
    s = len(d["b"])
    lower = all(len(r) == i for i, r in enumerate(rows))
    square = all(len(r) == s for r in rows)
    assert len(rows) == s and (lower or square), path
    A = [[Fraction(0)] * s for _ in range(s)]
    for i, r in enumerate(rows):
        for j, x in enumerate(r):
            A[i][j] = exact(x)
    b = [exact(x) for x in d["b"]]
    bh = [exact(x) for x in d["b_hat"]] if d.get("b_hat") else None
    c = [exact(x) for x in d["c"]] if d.get("c") else None
    return d, A, b, bh, c


# ----------------------------------------------------------------------------------------------
# stability polynomials


def charpoly_det(M, one, zero):
    """Coefficients q_0..q_s of det(I - zM) via Faddeev-LeVerrier (works for Fraction and mpf)."""
    s = len(M)
    coeffs = [one]                 # det(lambda I - M) = lambda^s + p1 lambda^{s-1} + ... + ps
    Mk = [[zero] * s for _ in range(s)]
    p_prev = one
    for k in range(1, s + 1):
        # Mk = M*(M_{k-1}) + p_{k-1} I
        MM = [[sum((M[i][l] * Mk[l][j] for l in range(s)), zero) for j in range(s)] for i in range(s)]
        for i in range(s):
            MM[i][i] += p_prev
        Mk = MM
        AM = [[sum((M[i][l] * Mk[l][j] for l in range(s)), zero) for j in range(s)] for i in range(s)]
        tr = sum((AM[i][i] for i in range(s)), zero)
        pk = -tr / k
        coeffs.append(pk)
        p_prev = pk
    return coeffs                  # det(I - zM) = sum coeffs[k] z^k


def stability_PQ(A, b, one, zero):
    s = len(b)
    Q = charpoly_det(A, one, zero)
    M = [[A[i][j] - b[j] for j in range(s)] for i in range(s)]
    P = charpoly_det(M, one, zero)
    return trim(P, zero), trim(Q, zero)


def trim(p, zero):
    p = list(p)
    while len(p) > 1 and p[-1] == zero:
        p.pop()
    return p


def pade(k, j):
    """(k,j) Pade approximant of exp(z): numerator degree k, denominator degree j (exact)."""
    from math import factorial as fa
    P = [Fraction(fa(k + j - i) * fa(k), fa(k + j) * fa(i) * fa(k - i)) for i in range(k + 1)]
    Q = [Fraction(fa(k + j - i) * fa(j) * (-1) ** i, fa(k + j) * fa(i) * fa(j - i)) for i in range(j + 1)]
    return P, Q


def poly_mul(a, b, zero):
    out = [zero] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        for j, y in enumerate(b):
            out[i + j] += x * y
    return out


def imag_axis_poly(P, Q, zero):
    """E(t) = |Q(iy)|^2 - |P(iy)|^2 as coefficients in t = y^2."""
    def sq(p):
        pm = [x if i % 2 == 0 else -x for i, x in enumerate(p)]
        r = poly_mul(p, pm, zero)
        return [r[2 * m] * (-1) ** m for m in range((len(r) + 1) // 2)]
    q2, p2 = sq(Q), sq(P)
    n = max(len(q2), len(p2))
    q2 += [zero] * (n - len(q2))
    p2 += [zero] * (n - len(p2))
    return trim([q2[i] - p2[i] for i in range(n)], zero)


# ----------------------------------------------------------------------------------------------
# exact A-/L-stability decision (rational coefficients)


def hurwitz(coeffs):
    """Routh test: all roots of sum coeffs[k] x^k in Re x < 0.  Exact for Fraction coefficients."""
    c = trim(coeffs, Fraction(0))
    n = len(c) - 1
    if n == 0:
        return True
    hi = list(reversed(c))              # highest degree first
    if hi[0] < 0:
        hi = [-x for x in hi]
    r1 = hi[0::2]
    r2 = hi[1::2]
    first = [r1[0]]
    while r2:
        if r2[0] == 0:
            return False
        first.append(r2[0])
        r2p = r2 + [Fraction(0)] * (len(r1) - len(r2))
        r3 = [r1[i + 1] - r1[0] * r2p[i + 1] / r2[0] for i in range(len(r1) - 1)]
        r1, r2 = r2, r3
        while r2 and len(r2) > 0 and all(x == 0 for x in r2) and len(first) <= n:
            return False
        if len(first) == n + 1:
            break
        if not r2:
            break
    return len(first) == n + 1 and all(x > 0 for x in first)


def nonneg_on_positive_axis(E):
    """Exact: E(t) >= 0 for all t >= 0 (E has Fraction coefficients)."""
    if all(x == 0 for x in E):
        return True
    k = 0
    while E[k] == 0:
        k += 1
    F = E[k:]
    if F[0] < 0:
        return False
    t = sp.Symbol('t')
    poly = sp.Poly(list(reversed([sp.Rational(x.numerator, x.denominator) for x in F])), t)
    _, factors = poly.sqf_list()
    for f, mult in factors:
        if mult % 2 == 1 and f.degree() > 0 and f.count_roots(0, None) > 0:
            return False
    return True


def astab_exact(P, Q, snap_order=None):
    """(A_stable, L_stable) from exact rational P, Q (coefficient lists, lowest degree first).
    snap_order=p: the coefficients come from published digits of a method of order p; the
    coefficients of t^m, m <= p//2, of E(t) are then set to their exact value 0 (see structural_snap)."""
    z = sp.Symbol('z')
    Ps = sp.Poly(list(reversed([sp.Rational(x.numerator, x.denominator) for x in P])), z)
    Qs = sp.Poly(list(reversed([sp.Rational(x.numerator, x.denominator) for x in Q])), z)
    g = sp.gcd(Ps, Qs)
    if g.degree() > 0:
        Ps = sp.quo(Ps, g)
        Qs = sp.quo(Qs, g)
    P = [Fraction(int(sp.fraction(x)[0]), int(sp.fraction(x)[1])) for x in reversed(Ps.all_coeffs())]
    Q = [Fraction(int(sp.fraction(x)[0]), int(sp.fraction(x)[1])) for x in reversed(Qs.all_coeffs())]
    # poles in Re z > 0  <=>  Q(-x) has all roots in Re x < 0
    poles_ok = hurwitz([x * (-1) ** k for k, x in enumerate(Q)])
    E = imag_axis_poly(P, Q, Fraction(0))
    if snap_order is not None:
        for m in range(min(snap_order // 2, len(E) - 1) + 1):
            assert abs(E[m]) < Fraction(1, 10 ** 10)
            E[m] = Fraction(0)
    a = poles_ok and nonneg_on_positive_axis(E)
    l = a and (len(trim(P, Fraction(0))) < len(trim(Q, Fraction(0))))
    return a, l


def structural_snap(P, Q, p, explicit):
    """For a truth known only to finite precision: set to their exact values the coefficients that
    the order p fixes.  Explicit: P_k = 1/k! for k <= p (Q = 1).  Any method: |R(iy)|^2 = 1 + O(y^(p+1)),
    so E(t) = |Q(iy)|^2 - |P(iy)|^2 has zero coefficients of t^m for m <= p//2."""
    from math import factorial
    if explicit:
        assert Q == [1] or trim(Q, 0) == [Fraction(1)], Q
        for k in range(min(p, len(P) - 1) + 1):
            assert abs(P[k] - Fraction(1, factorial(k))) < Fraction(1, 10 ** 10), (k, float(P[k]))
            P[k] = Fraction(1, factorial(k))
    E = imag_axis_poly(P, Q, Fraction(0))
    for m in range(min(p // 2, len(E) - 1) + 1):
        assert abs(E[m]) < Fraction(1, 10 ** 10), (m, float(E[m]))
        E[m] = Fraction(0)
    return P, Q, E


# ----------------------------------------------------------------------------------------------
# stability limits (mpmath)


def real_roots(coeffs, lo, hi):
    c = [mp.mpf(x) for x in trim(coeffs, 0)]
    while len(c) > 1 and c[-1] == 0:
        c.pop()
    if len(c) <= 1:
        return []
    k = 0
    while c[k] == 0:
        k += 1
    c = c[k:]
    if len(c) <= 1:
        return []
    for steps, extra in ((400, 400), (3000, 1000), (20000, 3000)):
        try:
            roots = mp.polyroots(list(reversed(c)), maxsteps=steps, extraprec=extra)
            break
        except mp.libmp.libhyper.NoConvergence:
            continue
    else:
        raise RuntimeError("polyroots did not converge")
    out = []
    for r in roots:
        r = mp.mpc(r)
        if abs(r.imag) <= mp.mpf(10) ** -12 * (1 + abs(r.real)) and lo < r.real < hi:
            out.append(r.real)
    return out


def peval(p, x):
    return mp.polyval(list(reversed([mp.mpf(v) for v in p])), x)


def real_limit(P, Q):
    """The largest-magnitude x<0 with |R| <= 1 on [x, 0]; None if unbounded."""
    with mp.workdps(60):
        P = [mp.mpf(x) if not isinstance(x, Fraction) else mp.mpf(x.numerator) / x.denominator for x in P]
        Q = [mp.mpf(x) if not isinstance(x, Fraction) else mp.mpf(x.numerator) / x.denominator for x in Q]
        n = max(len(P), len(Q))
        Pp = P + [mp.mpf(0)] * (n - len(P))
        Qp = Q + [mp.mpf(0)] * (n - len(Q))
        cand = set()
        tiny = mp.mpf(10) ** -20
        for poly in ([Qp[i] - Pp[i] for i in range(n)], [Qp[i] + Pp[i] for i in range(n)], Q):
            for r in real_roots(poly, -mp.inf, -tiny):
                cand.add(r)
        cand = sorted(cand, reverse=True)
        pts = [mp.mpf(0)] + cand

        def exceeds(x):
            qv = peval(Q, x)
            if qv == 0:
                return True
            return abs(peval(P, x) / qv) > 1 + mp.mpf(10) ** -25

        for i in range(len(pts)):
            right = pts[i]
            left = pts[i + 1] if i + 1 < len(pts) else (right * 2 - 1)
            if exceeds((left + right) / 2):
                return right if i > 0 else mp.mpf(0)
        return None


def imag_limit(E):
    """First y>0 with |R(iy)| > 1: 0, a float, or 'unbounded'.  E(t) = |Q(iy)|^2-|P(iy)|^2, t=y^2."""
    if all(x == 0 for x in E):
        return "unbounded"
    k = 0
    while E[k] == 0:
        k += 1
    F = E[k:]
    if F[0] < 0:
        return 0
    with mp.workdps(60):
        Fm = [mp.mpf(x.numerator) / x.denominator if isinstance(x, Fraction) else mp.mpf(x) for x in F]
        roots = sorted(real_roots(Fm, mp.mpf(10) ** -30, mp.inf))
        pts = [mp.mpf(0)] + roots
        scale = max(abs(x) for x in Fm)
        for i in range(len(pts)):
            left = pts[i]
            right = pts[i + 1] if i + 1 < len(pts) else left * 2 + 1
            mid = (left + right) / 2
            if peval(Fm, mid) < -scale * mp.mpf(10) ** -40 * (1 + mid) ** len(Fm):
                return mp.sqrt(left)
        return "unbounded"


# ----------------------------------------------------------------------------------------------
# truths


def lower_to_square(rows, s):
    A = [[0] * s for _ in range(s)]
    for i, r in enumerate(rows):
        for j, x in enumerate(r):
            A[i][j] = x
    return A


def truth_from_data(key):
    """Exact Fractions from transcribed decimal / rational data."""
    d = TRUTH[key]
    s = len(d["b"]) if "b" in d else len(d["A"])
    A = lower_to_square([[exact(x) for x in r] for r in d["A"]], s)
    b = [exact(x) for x in d["b"]]
    bh = [exact(x) for x in d["b_hat"]] if "b_hat" in d else None
    c = [exact(x) for x in d["c"]] if "c" in d else [sum(r) for r in A]
    if key == "feagin10":
        ac = exact(d["adaptiveConst"])
        bh = list(b)
        bh[1] -= ac
        bh[15] += ac
    return {"kind": "exact", "A": A, "b": b, "b_hat": bh, "c": c}


def truth_from_closed(key):
    """sympy closed forms (sqrt) evaluated at WORK_DPS digits."""
    d = TRUTH[key]
    s = len(d["b"])

    def ev(x):
        return mp.mpf(sp.N(sp.sympify(x), WORK_DPS + 10))
    A = lower_to_square([[ev(x) for x in r] for r in d["A"]], s)
    A = [[x if not isinstance(x, int) else mp.mpf(x) for x in r] for r in A]
    b = [ev(x) for x in d["b"]]
    c = [ev(x) for x in d["c"]]
    return {"kind": "mp", "A": A, "b": b, "b_hat": None, "c": c}


def shifted_legendre(n):
    x = sp.Symbol('x')
    return sp.Poly(sp.expand(sp.legendre(n, 2 * x - 1)), x) if n > 0 else sp.Poly(1, x)


def poly_roots_real(poly):
    coeffs = [mp.mpf(sp.Rational(cf).p) / sp.Rational(cf).q for cf in poly.all_coeffs()]
    roots = mp.polyroots(coeffs, maxsteps=500, extraprec=600)
    rr = sorted(mp.re(r) for r in roots)
    # polish with Newton on the exact polynomial
    return [mp.findroot(lambda t: mp.polyval(coeffs, t), r) for r in rr]


def collocation(family, s):
    x = sp.Symbol('x')
    if family == "gauss":
        nodes = poly_roots_real(shifted_legendre(s))
    elif family == "radau-iia":
        nodes = poly_roots_real(shifted_legendre(s) - shifted_legendre(s - 1))
    elif family == "radau-ia":
        nodes = poly_roots_real(shifted_legendre(s) + shifted_legendre(s - 1))
    elif family.startswith("lobatto"):
        inner = poly_roots_real(sp.Poly(sp.diff(shifted_legendre(s - 1).as_expr(), x), x)) if s > 2 else []
        nodes = [mp.mpf(0)] + inner + [mp.mpf(1)]
    else:
        raise ValueError(family)
    c = [mp.mpf(v) for v in nodes]
    c = [mp.mpf(0) if abs(v) < mp.mpf(10) ** -100 else (mp.mpf(1) if abs(v - 1) < mp.mpf(10) ** -100 else v) for v in c]
    V = mp.matrix([[c[j] ** k for j in range(s)] for k in range(s)])
    b = mp.lu_solve(V, mp.matrix([mp.mpf(1) / (k + 1) for k in range(s)]))
    b = [b[j] for j in range(s)]
    A = [[mp.mpf(0)] * s for _ in range(s)]
    if family in ("gauss", "radau-iia", "lobatto-iiia"):           # C(s)
        for i in range(s):
            a = mp.lu_solve(V, mp.matrix([c[i] ** (k + 1) / (k + 1) for k in range(s)]))
            A[i] = [a[j] for j in range(s)]
    elif family in ("radau-ia", "lobatto-iiib"):                    # D(s)
        W = mp.matrix([[b[i] * c[i] ** k for i in range(s)] for k in range(s)])
        for j in range(s):
            col = mp.lu_solve(W, mp.matrix([b[j] * (1 - c[j] ** (k + 1)) / (k + 1) for k in range(s)]))
            for i in range(s):
                A[i][j] = col[i]
    elif family == "lobatto-iiic":                                  # a_i1 = b_1 and C(s-1)
        Vr = mp.matrix([[c[j] ** k for j in range(1, s)] for k in range(s - 1)])
        for i in range(s):
            rhs = mp.matrix([c[i] ** (k + 1) / (k + 1) - (b[0] if k == 0 else 0) for k in range(s - 1)])
            a = mp.lu_solve(Vr, rhs)
            A[i] = [b[0]] + [a[j] for j in range(s - 1)]
    return {"kind": "mp", "A": A, "b": b, "b_hat": None, "c": c}


PADE = {"gauss": lambda s: (s, s), "radau-iia": lambda s: (s - 1, s), "radau-ia": lambda s: (s - 1, s),
        "lobatto-iiia": lambda s: (s - 1, s - 1), "lobatto-iiib": lambda s: (s - 1, s - 1),
        "lobatto-iiic": lambda s: (s - 2, s)}

G = sp.Symbol('g')
# SDIRK methods with algebraic diagonal: (minimal polynomial of g, numeric bracket for the root,
# A, b, b_hat, c as sympy expressions in g)
ALG = {
    # Crouzeix (1975) / Norsett (1974): 2 stages, order 3, gamma = (3+sqrt 3)/6
    "crouzeix-sdirk23": dict(minpoly=6 * G**2 - 6 * G + 1, bracket=(0.7, 0.9),
                             A=[[G, 0], [1 - 2 * G, G]], b=[sp.Rational(1, 2), sp.Rational(1, 2)],
                             c=[G, 1 - G]),
    # Norsett (1974) / Crouzeix: 3 stages, order 4, gamma = 1/2 + cos(pi/18)/sqrt 3
    "norsett-sdirk34": dict(minpoly=24 * G**3 - 36 * G**2 + 12 * G - 1, bracket=(1.0, 1.1),
                            A=[[G, 0, 0], [sp.Rational(1, 2) - G, G, 0], [2 * G, 1 - 4 * G, G]],
                            b=[1 / (24 * (sp.Rational(1, 2) - G)**2), 1 - 2 / (24 * (sp.Rational(1, 2) - G)**2),
                               1 / (24 * (sp.Rational(1, 2) - G)**2)],
                            c=[G, sp.Rational(1, 2), 1 - G]),
    # Alexander (1977): 3 stages, L-stable, order 3; gamma root of g^3 - 3g^2 + 3g/2 - 1/6 in (1/6, 1/2)
    "alexander-sdirk3": dict(minpoly=6 * G**3 - 18 * G**2 + 9 * G - 1, bracket=(0.4, 0.5),
                             A=[[G, 0, 0], [(1 + G) / 2 - G, G, 0],
                                [-(6 * G**2 - 16 * G + 1) / 4, (6 * G**2 - 20 * G + 5) / 4, G]],
                             b=[-(6 * G**2 - 16 * G + 1) / 4, (6 * G**2 - 20 * G + 5) / 4, G],
                             c=[G, (1 + G) / 2, 1]),
    # TR-BDF2 as an ESDIRK (Bank et al. 1985; Hosea-Shampine 1996); here g = sqrt 2
    "trbdf2": dict(minpoly=G**2 - 2, bracket=(1.4, 1.5),
                   A=[[0, 0, 0], [(2 - G) / 2, (2 - G) / 2, 0], [G / 4, G / 4, (2 - G) / 2]],
                   b=[G / 4, G / 4, (2 - G) / 2],
                   b_hat=[(1 - G / 4) / 3, (3 * G / 4 + 1) / 3, (2 - G) / 6],
                   c=[0, 2 - G, 1]),
}


def alg_root(key):
    d = ALG[key]
    f = sp.lambdify(G, d["minpoly"], "mpmath")
    return mp.findroot(f, (mp.mpf(d["bracket"][0]), mp.mpf(d["bracket"][1])), solver="anderson")


def alg_reduce(expr, key):
    """expr (rational function of g) reduced to a polynomial in g modulo the minimal polynomial."""
    m = sp.Poly(ALG[key]["minpoly"], G)
    num, den = sp.fraction(sp.together(sp.sympify(expr)))
    num = sp.Poly(num, G)
    den = sp.Poly(den, G)
    inv = sp.invert(den.as_expr(), m.as_expr(), G)
    return sp.rem(sp.Poly(sp.expand(num.as_expr() * inv), G), m)


def alg_truth(key):
    d = ALG[key]
    gv = alg_root(key)

    def ev(e):
        return mp.mpf(sp.lambdify(G, sp.sympify(e), "mpmath")(gv))
    s = len(d["b"])
    A = [[ev(x) for x in r] for r in d["A"]]
    return {"kind": "mp", "A": A, "b": [ev(x) for x in d["b"]],
            "b_hat": [ev(x) for x in d["b_hat"]] if "b_hat" in d else None,
            "c": [ev(x) for x in d["c"]], "g": gv}


def alg_stability(key):
    """Exact A-/L-stability in Q(g); returns (A_stable, L_stable, P_mp, Q_mp, E_mp)."""
    d = ALG[key]
    gv = alg_root(key)
    z = sp.Symbol('z')
    s = len(d["b"])
    A = sp.Matrix(d["A"])
    e = sp.ones(s, 1)
    bT = sp.Matrix([d["b"]])
    Qe = sp.expand((sp.eye(s) - z * A).det())
    Pe = sp.expand((sp.eye(s) - z * A + z * e * bT).det())

    def coeffs(expr):
        pz = sp.Poly(sp.together(expr), z) if not sp.fraction(sp.together(expr))[1].has(z) else None
        num, den = sp.fraction(sp.together(expr))
        pz = sp.Poly(num, z)
        deg = pz.degree()
        return [alg_reduce(pz.coeff_monomial(z**k) / den, key) for k in range(deg + 1)]

    Pc, Qc = coeffs(Pe), coeffs(Qe)

    def val(p):
        return mp.mpf(sp.N(p.as_expr().subs(G, sp.Float(mp.nstr(gv, 110), 110)), 100)) if not p.is_zero else mp.mpf(0)

    def sign(p):
        if p.is_zero:
            return 0
        v = val(p)
        assert abs(v) > mp.mpf(10) ** -60, "sign undecided"
        return 1 if v > 0 else -1

    while len(Pc) > 1 and Pc[-1].is_zero:
        Pc.pop()
    while len(Qc) > 1 and Qc[-1].is_zero:
        Qc.pop()
    # poles: Q = prod (1 - a_ii z) for a lower-triangular A, poles 1/a_ii > 0 iff a_ii > 0
    poles_ok = all(sign(alg_reduce(A[i, i], key)) >= 0 for i in range(s))
    # E(t) in Q(g)
    def sq(p):
        pm = [x if i % 2 == 0 else -x for i, x in enumerate(p)]
        n = len(p)
        r = [sp.Poly(0, G)] * (2 * n - 1)
        for i in range(n):
            for j in range(n):
                r[i + j] = r[i + j] + p[i] * pm[j]
        return [r[2 * k] * (-1) ** k for k in range((len(r) + 1) // 2)]
    mpoly = sp.Poly(d["minpoly"], G)
    q2, p2 = sq(Qc), sq(Pc)
    n = max(len(q2), len(p2))
    q2 += [sp.Poly(0, G)] * (n - len(q2))
    p2 += [sp.Poly(0, G)] * (n - len(p2))
    E = [sp.rem(q2[i] - p2[i], mpoly) for i in range(n)]
    signs = [sign(x) for x in E]
    while len(signs) > 1 and signs[-1] == 0:
        signs.pop()
        E.pop()
    nz = [sg for sg in signs if sg != 0]
    if not nz:
        e_ok = True
    elif nz[0] < 0:
        e_ok = False
    elif all(sg >= 0 for sg in nz):
        e_ok = True
    else:   # mixed signs: not needed for the methods here
        raise RuntimeError("mixed-sign E(t) for %s" % key)
    a = poles_ok and e_ok
    l = a and len(Pc) < len(Qc)
    with mp.workdps(60):
        Pm = [val(p) for p in Pc]
        Qm = [val(p) for p in Qc]
        Em = [val(p) for p in E]
    return a, l, Pm, Qm, Em, signs


# ----------------------------------------------------------------------------------------------
# the corpus: methods, their truths and the derived files

HW1 = "E. Hairer, S.P. Norsett, G. Wanner, Solving ODEs I, 2nd ed. (1993)"
HW2 = "E. Hairer, G. Wanner, Solving ODEs II, 2nd ed. (1996)"

# key: family, order, embedded order, truth spec, derived forms {form: digits}, title for derived files
METHODS = {}


def method(key, family, order, truth, derived, title, citation, embedded=None, stab=None, approx=None):
    """approx (a tolerance): the published rationals only approximate the (irrational) method, so
    its order conditions hold to that level, not exactly."""
    METHODS[key] = dict(family=family, order=order, embedded=embedded, truth=truth, derived=derived,
                        title=title, citation=citation, stab=stab, approx=approx)


def published_digits(key):
    """The tolerance of the order conditions when the truth is a set of published finite-precision
    numbers (decimals, or rationals approximating an irrational method); 0 for exact truths."""
    m = METHODS[key]
    if m["approx"]:
        return m["approx"]
    if (m["truth"][0] == "data" and key != "prince-dormand87") or (m["truth"][0] == "file" and m["truth"][1] != "rational"):
        return Fraction(1, 10 ** 20)
    return Fraction(0)


D17 = {"double": 17}
D17_40 = {"double": 17, "decimal40": 40}
D17_30 = {"double": 17, "decimal40": 30}
_EX = [
    ("euler", 1, "Explicit Euler", HW1 + ", Sect. II.1"),
    ("heun2", 2, "Heun 2nd-order method (explicit trapezoidal rule)", HW1 + ", Sect. II.1"),
    ("midpoint2", 2, "Explicit midpoint rule (Runge)", HW1 + ", Sect. II.1"),
    ("ralston2", 2, "Ralston's 2nd-order method", "A. Ralston, Math. Comp. 16 (1962) 431-437"),
    ("heun3", 3, "Heun's 3rd-order method", HW1 + ", Sect. II.1"),
    ("ralston3", 3, "Ralston's 3rd-order method", "A. Ralston, Math. Comp. 16 (1962) 431-437"),
    ("ssprk33", 3, "SSPRK(3,3) (Shu-Osher)", "C.-W. Shu, S. Osher, J. Comput. Phys. 77 (1988) 439-471"),
    ("ssprk43", 3, "SSPRK(4,3)", "R.J. Spiteri, S.J. Ruuth, SIAM J. Numer. Anal. 40 (2002) 469-491"),
    ("ssprk104", 4, "SSPRK(10,4) (Ketcheson)", "D.I. Ketcheson, SIAM J. Sci. Comput. 30 (2008) 2113-2136"),
    ("rk38", 4, "Kutta's 3/8-rule", HW1 + ", Sect. II.1"),
    ("butcher6", 6, "Butcher's 7-stage 6th-order method", "J.C. Butcher, J. Austral. Math. Soc. 4 (1964) 179-194"),
]
for _k, _o, _t, _c in _EX:
    method(_k, "explicit", _o, ("file", "rational"), D17, _t, _c)
method("kutta3", "explicit", 3, ("file", "rational"), D17_40, "Kutta's 3rd-order method", HW1 + ", Sect. II.1")
method("rk4", "explicit", 4, ("file", "rational"), D17_40, "Classical Runge-Kutta 4th-order method", HW1 + ", Sect. II.1")
method("ralston4", "explicit", 4, ("closed", "ralston4"), D17_40, "Ralston's 4th-order method (minimum error bound; sqrt 5)",
       "A. Ralston, Math. Comp. 16 (1962) 431-437; closed form as in DiffEqDevTools.jl constructRalston4")
method("cooper-verner8", "explicit", 8, ("closed", "cooper-verner8"), D17_40, "Cooper-Verner 8th-order method, 11 stages (sqrt 21)",
       "G.J. Cooper, J.H. Verner, SIAM J. Numer. Anal. 9 (1972) 389-405; closed form as in DiffEqDevTools.jl constructCooperVerner8")
method("ssprk54", "explicit", 4, ("file", "decimal40"), {"double": "shu-osher"}, "SSPRK(5,4) (Spiteri-Ruuth)",
       "R.J. Spiteri, S.J. Ruuth, SIAM J. Numer. Anal. 40 (2002) 469-491")
for _k, _o, _e, _t, _c, _d in [
    ("bs3", 3, 2, "Bogacki-Shampine 3(2)", "P. Bogacki, L.F. Shampine, Appl. Math. Lett. 2 (1989) 321-325", D17),
    ("rkf45", 5, 4, "Runge-Kutta-Fehlberg 4(5)", "E. Fehlberg, NASA TR R-315 (1969)", D17),
    ("cash-karp", 5, 4, "Cash-Karp 5(4)", "J.R. Cash, A.H. Karp, ACM TOMS 16 (1990) 201-222", D17),
    ("dopri5", 5, 4, "Dormand-Prince 5(4) (DOPRI5)", "J.R. Dormand, P.J. Prince, J. Comput. Appl. Math. 6 (1980) 19-26", D17_40),
    ("bs5", 5, 4, "Bogacki-Shampine 5(4)", "P. Bogacki, L.F. Shampine, Comput. Math. Appl. 32(6) (1996) 15-28", D17),
    ("verner65", 6, 5, "Verner 'most efficient' 6(5)", "J.H. Verner, Numer. Algorithms 53 (2010) 383-396", {}),
    ("verner76", 7, 6, "Verner 'most efficient' 7(6)", "J.H. Verner, Numer. Algorithms 53 (2010) 383-396", {}),
    ("fehlberg78", 8, 7, "Runge-Kutta-Fehlberg 7(8) (8th-order weights, 7th-order embedded)", "E. Fehlberg, NASA TR R-287 (1968)", D17),
]:
    method(_k, "embedded", _o, ("file", "rational"), _d, _t, _c, embedded=_e)
method("calvo65", "embedded", 6, ("file", "rational"), D17, "Calvo-Montijano-Randez 6(5)",
       "M. Calvo, J.I. Montijano, L. Randez, Comput. Math. Appl. 20(1) (1990) 15-24", embedded=5, approx=Fraction(1, 10 ** 14))
method("tsit5", "embedded", 5, ("data", "tsit5"), {"decimal40": 40}, "Tsitouras 5(4)",
       "Ch. Tsitouras, Comput. Math. Appl. 62 (2011) 770-775, Table 1; 85-digit values as in DiffEqDevTools.jl constructTsitouras5", embedded=4)
method("feagin10", "embedded", 10, ("data", "feagin10"), {"decimal40": 40}, "Feagin 10(8), 17 stages",
       "T. Feagin (2007), 60-digit coefficients as in OrdinaryDiffEq.jl Feagin10ConstantCache (BigFloat); b_hat = b - (1/360)(e_2 - e_16)", embedded=8)
method("prince-dormand87", "embedded", 8, ("data", "prince-dormand87"), D17_40, "Prince-Dormand RK8(7)13M",
       "P.J. Prince, J.R. Dormand, J. Comput. Appl. Math. 7 (1981) 67-75; exact rationals of the method as in DiffEqDevTools.jl constructDormandPrince8", embedded=7)
for _k, _o, _t, _c in [
    ("backward-euler", 1, "Backward Euler (Radau IIA, s=1)", HW2 + ", Sect. IV.3"),
    ("implicit-midpoint", 2, "Implicit midpoint rule (Gauss, s=1)", HW2 + ", Sect. IV.5"),
    ("trapezoid", 2, "Trapezoidal rule (Lobatto IIIA, s=2)", HW2 + ", Sect. IV.5"),
    ("radau-ia2", 3, "Radau IA, 2 stages", HW2 + ", Sect. IV.5"),
    ("radau-iia2", 3, "Radau IIA, 2 stages", HW2 + ", Table IV.5.5"),
    ("lobatto-iiia3", 4, "Lobatto IIIA, 3 stages", HW2 + ", Sect. IV.5"),
    ("lobatto-iiib3", 4, "Lobatto IIIB, 3 stages", HW2 + ", Sect. IV.5"),
    ("lobatto-iiic3", 4, "Lobatto IIIC, 3 stages", HW2 + ", Sect. IV.51"),
]:
    method(_k, "implicit", _o, ("file", "rational"), D17, _t, _c)
for _k, _fam, _s, _o, _d, _t, _c in [
    ("gauss2", "gauss", 2, 4, D17_40, "Gauss-Legendre, 2 stages (order 4)", HW2 + ", Sect. IV.5"),
    ("gauss3", "gauss", 3, 6, D17_40, "Gauss-Legendre, 3 stages (order 6)", HW2 + ", Sect. IV.5"),
    ("radau-ia3", "radau-ia", 3, 5, D17_40, "Radau IA, 3 stages (order 5)", HW2 + ", Sect. IV.5"),
    ("radau-iia3", "radau-iia", 3, 5, D17_30, "Radau IIA, 3 stages (order 5)", HW2 + ", Sect. IV.5; Hairer radau5.f"),
    ("radau-iia5", "radau-iia", 5, 9, D17_40, "Radau IIA, 5 stages (order 9)", HW2 + ", Sect. IV.5 (Radau IIA, s=5), as in Hairer's radau.f"),
    ("lobatto-iiic4", "lobatto-iiic", 4, 6, D17_30, "Lobatto IIIC, 4 stages (order 6)", HW2 + ", Sect. IV.5; nodepy loadRKM LobattoIIIC4"),
]:
    method(_k, "implicit", _o, ("colloc", _fam, _s), _d, _t, _c, stab=("pade",) + PADE[_fam](_s))
method("hw-sdirk4", "sdirk", 4, ("file", "rational"), D17_40, "Hairer-Wanner L-stable SDIRK4, 5 stages", HW2 + ", Sect. IV.6", embedded=3)
method("ark324-esdirk", "sdirk", 3, ("file", "rational"), D17, "ARK3(2)4L[2]SA implicit ESDIRK part",
       "C.A. Kennedy, M.H. Carpenter, Appl. Numer. Math. 44 (2003) 139-181", embedded=2, approx=Fraction(1, 10 ** 20))
method("kvaerno423", "sdirk", 3, ("file", "decimal40"), D17, "Kvaerno(4,2,3) ESDIRK", "A. Kvaerno, BIT 44 (2004) 489-502", embedded=2)
method("cash-sdirk534", "sdirk", 4, ("file", "decimal40"), D17, "Cash(5,3,4) SDIRK", "J.R. Cash, J. Inst. Math. Appl. 24 (1979) 293-301", embedded=3)
method("crouzeix-sdirk23", "sdirk", 3, ("alg", "crouzeix-sdirk23"), D17_40, "Crouzeix/Norsett 2-stage SDIRK of order 3, gamma=(3+sqrt 3)/6",
       HW2 + ", Sect. IV.6; M. Crouzeix, Thesis (1975); S.P. Norsett (1974); nodepy loadRKM SDIRK23")
method("norsett-sdirk34", "sdirk", 4, ("alg", "norsett-sdirk34"), D17_40, "Norsett/Crouzeix 3-stage SDIRK of order 4, gamma=1/2+cos(pi/18)/sqrt 3",
       "S.P. Norsett (1974); M. Crouzeix (1975); " + HW2 + ", Sect. IV.6; nodepy loadRKM SDIRK34")
method("alexander-sdirk3", "sdirk", 3, ("alg", "alexander-sdirk3"), D17_40, "Alexander's 3-stage L-stable SDIRK of order 3",
       "R. Alexander, SIAM J. Numer. Anal. 14 (1977) 1006-1021; " + HW2 + ", Sect. IV.6")
method("trbdf2", "sdirk", 2, ("alg", "trbdf2"), D17_40, "TR-BDF2 as a 3-stage ESDIRK, 2nd order with 3rd-order embedding",
       "R.E. Bank et al., IEEE Trans. CAD 4 (1985) 436-451; M.E. Hosea, L.F. Shampine, Appl. Numer. Math. 20 (1996) 21-37; SUNDIALS ARKODE_TRBDF2_3_3_2", embedded=3)

EXPLICIT_FAMILIES = ("explicit", "embedded")


def corpus_file(key, form):
    return os.path.join(HERE, "tableaus", "%s.%s.json" % (key, form))


_TRUTH_CACHE = {}


def get_truth(key):
    if key in _TRUTH_CACHE:
        return _TRUTH_CACHE[key]
    m = METHODS[key]
    spec = m["truth"]
    if spec[0] == "file":
        _, A, b, bh, c = read_tableau(corpus_file(key, spec[1]))
        t = {"kind": "exact", "A": A, "b": b, "b_hat": bh, "c": c if c is not None else [sum(r) for r in A]}
    elif spec[0] == "data":
        t = truth_from_data(spec[1])
    elif spec[0] == "closed":
        t = truth_from_closed(spec[1])
    elif spec[0] == "colloc":
        t = collocation(spec[1], spec[2])
    elif spec[0] == "alg":
        t = alg_truth(spec[1])
    _TRUTH_CACHE[key] = t
    return t


# ----------------------------------------------------------------------------------------------
# writing derived files


def dump_tableau(path, d):
    keys = ["name", "title", "citation", "order", "embedded_order", "A", "b", "b_hat", "c"]
    items = [(k, d[k]) for k in keys if k in d and d[k] is not None]
    lines = ["{"]
    for n, (k, v) in enumerate(items):
        comma = "," if n < len(items) - 1 else ""
        if k == "A":
            rows = [json.dumps(r) for r in v]
            lines.append('  "A": [' + ",\n        ".join(rows) + "]" + comma)
        else:
            lines.append("  %s: %s%s" % (json.dumps(k), json.dumps(v), comma))
    lines.append("}")
    return "\n".join(lines) + "\n"


def ssprk54_from_shu_osher():
    """Butcher form of SSPRK(5,4) computed exactly from the published 15-digit Shu-Osher
    coefficients: stage rows are combinations of earlier rows, u_i = sum alpha_ik u_k + beta_ik h f(u_k)
    (the u_0 weight is taken as exactly 1, i.e. the alphas' sum of 1 +- 1e-15 is not propagated)."""
    d = {k: exact(v) for k, v in TRUTH["ssprk54-shu-osher"].items() if k != "note"}
    s = 5
    rows = [[Fraction(0)] * s]                                   # u0
    rows.append([d["beta10"]] + [Fraction(0)] * 4)               # u1
    def comb(parts, betas):
        r = [Fraction(0)] * s
        for coef, k in parts:
            r = [r[j] + coef * rows[k][j] for j in range(s)]
        for beta, k in betas:
            r[k] += beta
        return r
    rows.append(comb([(d["alpha21"], 1)], [(d["beta21"], 1)]))                    # u2
    rows.append(comb([(d["alpha32"], 2)], [(d["beta32"], 2)]))                    # u3
    rows.append(comb([(d["alpha43"], 3)], [(d["beta43"], 3)]))                    # u4
    b = comb([(d["alpha52"], 2), (d["alpha53"], 3), (d["alpha54"], 4)], [(d["beta53"], 3), (d["beta54"], 4)])
    A = rows
    c = [Fraction(0), d["c1"], d["c2"], d["c3"], d["c4"]]
    return A, b, c


def derived_text(key, form, digits):
    m = METHODS[key]
    if digits == "shu-osher":
        A, b, c = ssprk54_from_shu_osher()
        dd = {"name": "ssprk54-double", "title": "SSPRK(5,4) of Spiteri-Ruuth as doubles, from the published 15-digit Shu-Osher coefficients",
              "citation": m["citation"] + ", Shu-Osher coefficients (15 digits) as in OrdinaryDiffEq.jl lib/OrdinaryDiffEqSSPRK/src/ssprk_caches.jl SSPRK54ConstantCache; "
                          "converted exactly to Butcher form and printed as Python repr(float(x)); c as published (tests/corpus/generate_expected.py)",
              "order": 4, "A": [[double_repr(A[i][j]) for j in range(i)] for i in range(5)],
              "b": [double_repr(x) for x in b], "c": [double_repr(x) for x in c]}
        return dump_tableau(None, dd)
    t = get_truth(key)
    s = len(t["b"])
    explicit = m["family"] in EXPLICIT_FAMILIES
    fmt = double_repr if form == "double" else (lambda x: round_sig(x, digits))
    A = [[fmt(t["A"][i][j]) for j in range(i if explicit else s)] for i in range(s)]
    how = ("Python repr(float(x)) (shortest round-trip of the correctly rounded double)" if form == "double"
           else "every entry correctly rounded to %d significant digits" % digits)
    src = {"file": "the exact/published values in %s.%s.json" % (key, m["truth"][1]) if m["truth"][0] == "file" else "",
           "data": "the high-precision published values kept in generate_expected.py",
           "closed": "the closed form (sympy, %d digits)" % WORK_DPS,
           "colloc": "nodes and coefficients computed at %d digits from the defining conditions" % WORK_DPS,
           "alg": "the algebraic gamma (root of its minimal polynomial) at %d digits" % WORK_DPS}[m["truth"][0]]
    d = {"name": "%s-%s" % (key, form),
         "title": "%s, %s" % (m["title"], "as doubles" if form == "double" else "%d-digit decimals" % digits),
         "citation": "%s; %s from %s (tests/corpus/generate_expected.py)" % (m["citation"], how, src),
         "order": m["order"]}
    if t["b_hat"] is not None:
        d["embedded_order"] = m["embedded"]
    d["A"] = A
    d["b"] = [fmt(x) for x in t["b"]]
    if t["b_hat"] is not None:
        d["b_hat"] = [fmt(x) for x in t["b_hat"]]
    d["c"] = [fmt(x) for x in t["c"]]
    return dump_tableau(None, d)


# ----------------------------------------------------------------------------------------------
# stability of the truth


_STAB_CACHE = {}


def stability_of(key=None, exact_tableau=None):
    """Returns dict(A_stable, L_stable, real_stability_limit, imaginary_stability_limit)."""
    if key is not None and key in _STAB_CACHE:
        return _STAB_CACHE[key]
    note = ""
    if exact_tableau is not None:
        A, b = exact_tableau
        P, Q = stability_PQ(A, b, Fraction(1), Fraction(0))
        fam_explicit = all(A[i][j] == 0 for i in range(len(b)) for j in range(i, len(b)))
        a, l = (False, False) if fam_explicit else astab_exact(P, Q)
        E = imag_axis_poly(P, Q, Fraction(0))
    else:
        m = METHODS[key]
        t = get_truth(key)
        fam_explicit = m["family"] in EXPLICIT_FAMILIES
        if m["truth"][0] == "alg":
            a, l, P, Q, Em, signs = alg_stability(m["truth"][1])
            E = [Fraction(0) if sg == 0 else mpf_to_fraction(v) for v, sg in zip(Em, signs)] + \
                [mpf_to_fraction(v) for v in Em[len(signs):]]
            note = "exact in Q(g)"
        elif m["stab"] and m["stab"][0] == "pade":
            P, Q = pade(m["stab"][1], m["stab"][2])
            with mp.workdps(WORK_DPS):
                Pm, Qm = stability_PQ(t["A"], t["b"], mp.mpf(1), mp.mpf(0))
                for X, Y in ((P, Pm), (Q, Qm)):
                    for i in range(max(len(X), len(Y))):
                        xv = X[i] if i < len(X) else 0
                        yv = Y[i] if i < len(Y) else 0
                        assert abs(mp.mpf(xv.numerator if isinstance(xv, Fraction) else xv) /
                                   (xv.denominator if isinstance(xv, Fraction) else 1) - yv) < mp.mpf(10) ** -80, key
            a, l = astab_exact(P, Q)
            E = imag_axis_poly(P, Q, Fraction(0))
            note = "Pade"
        elif t["kind"] == "exact":
            P, Q = stability_PQ(t["A"], t["b"], Fraction(1), Fraction(0))
            snap_order = None
            if published_digits(key):
                if not fam_explicit:
                    # R(inf) = 0 by design (stiffly accurate ESDIRK): the top coefficients of P are
                    # zero for the method and ~1e-28..1e-40 in its published digits
                    P = [x if k < len(Q) - 1 or abs(x) > Fraction(1, 10 ** 20) else Fraction(0) for k, x in enumerate(P)]
                P, Q, E = structural_snap(P, Q, m["order"], fam_explicit)
                snap_order = m["order"]
                note = "snapped"
            else:
                E = imag_axis_poly(P, Q, Fraction(0))
            a, l = (False, False) if fam_explicit else astab_exact(trim(P, 0), trim(Q, 0), snap_order)
        else:  # mp closed forms (explicit only here)
            with mp.workdps(WORK_DPS):
                Pm, Qm = stability_PQ(t["A"], t["b"], mp.mpf(1), mp.mpf(0))
            P = [mpf_to_fraction(x) for x in Pm]
            Q = [mpf_to_fraction(x) for x in Qm]
            P, Q, E = structural_snap(P, Q, m["order"], fam_explicit)
            assert fam_explicit
            a, l = False, False
    rl = real_limit(P, Q)
    il = imag_limit(E)
    with mp.workdps(30):
        res = {"A_stable": bool(a), "L_stable": bool(l),
               "real_stability_limit": None if rl is None else float(mp.mpf(rl)),
               "imaginary_stability_limit": il if isinstance(il, (str, int)) else float(mp.mpf(il))}
    if key is not None:
        _STAB_CACHE[key] = res
    return res


# ----------------------------------------------------------------------------------------------
# truth order check


def truth_orders(key):
    m = METHODS[key]
    t = get_truth(key)
    out = {}
    for w, p in (("b", m["order"]), ("b_hat", m["embedded"])):
        if w == "b_hat" and t["b_hat"] is None:
            continue
        if t["kind"] == "exact":
            res = residuals_exact(t["A"], t[w], p + 1)
            tol = published_digits(key)
        else:
            with mp.workdps(WORK_DPS):
                res = residuals_mp(t["A"], t[w], p + 1)
            tol = mp.mpf(10) ** -80
        q = order_from_residuals(res, tol)
        assert q == p, "%s %s: truth has order %d, source says %d (%s)" % (key, w, q, p, [float(r) for r in res])
        out[w] = (q, float(max(res[:p])))
    return out


# ----------------------------------------------------------------------------------------------
# main

WRONG = {
    # file: (base method, family, declared order, embedded order)
    "wrong/rk4-a32.rational.json": ("rk4", "explicit", 4, None),
    "wrong/dopri5-b3.rational.json": ("dopri5", "embedded", 5, 4),
    "wrong/radau-iia3-a21.decimal40.json": ("radau-iia3", "implicit", 5, None),
    "wrong/tsit5-b4.decimal40.json": ("tsit5", "embedded", 5, 4),
}


def entry_for(rel, d, A, b, bh, c, key, family, declared, emb, verdict, stab, true_order, true_emb):
    e = {"method": key, "form": rel.split("/")[-1].split(".")[-2], "family": family,
         "declared_order": declared, "embedded_order": emb, "true_order": true_order}
    res = residuals_exact(A, b, declared + 1)
    e["max_residual_by_order"] = [fnum(r) for r in res]
    if bh is not None:
        rh = residuals_exact(A, bh, emb + 1)
        e["b_hat"] = {"declared_order": emb, "true_order": true_emb, "max_residual_by_order": [fnum(r) for r in rh]}
    else:
        e["b_hat"] = None
    e.update(stab)
    rows = [sum(r) for r in A]
    e["c_rowsum_max_deviation"] = fnum(max(abs(c[i] - rows[i]) for i in range(len(b)))) if c is not None else 0.0
    e["expected_verdict"] = verdict
    return e


def main():
    write = "--write-derived" in sys.argv
    mp.mp.dps = WORK_DPS
    # derived files
    stale = []
    for key, m in METHODS.items():
        for form, digits in m["derived"].items():
            path = corpus_file(key, form)
            txt = derived_text(key, form, digits)
            if write:
                with open(path, "w") as f:
                    f.write(txt)
            else:
                if not os.path.exists(path) or open(path).read() != txt:
                    stale.append(path)
    if stale:
        sys.exit("derived tableau files differ from what this script writes (run with --write-derived):\n  " +
                 "\n  ".join(stale))
    expected = {}
    files = sorted(os.listdir(os.path.join(HERE, "tableaus")))
    for fn in files:
        key, form, ext = fn.rsplit(".", 2)
        assert key in METHODS, fn
        m = METHODS[key]
        rel = "tableaus/" + fn
        d, A, b, bh, c = read_tableau(os.path.join(HERE, rel))
        assert d["name"] == "%s-%s" % (key, form), fn
        assert d["order"] == m["order"] and d.get("embedded_order") == (m["embedded"] if bh is not None else None), fn
        to = truth_orders(key)
        e = entry_for(rel, d, A, b, bh, c, key, m["family"], m["order"], m["embedded"] if bh is not None else None,
                      "pass", stability_of(key), to["b"][0], to["b_hat"][0] if "b_hat" in to and bh is not None else None)
        expected[rel] = e
    for rel, (key, family, declared, emb) in sorted(WRONG.items()):
        d, A, b, bh, c = read_tableau(os.path.join(HERE, rel))
        res = residuals_exact(A, b, declared + 1)
        tol = Fraction(1, 10 ** 12)
        q = order_from_residuals(res, tol)
        qh = order_from_residuals(residuals_exact(A, bh, emb + 1), tol) if bh is not None else None
        e = entry_for(rel, d, A, b, bh, c, key, family, declared, emb, "fail", stability_of(exact_tableau=(A, b)), q, qh)
        e["method"] = key + " (perturbed)"
        expected[rel] = e
    names = [expected_name for expected_name in expected]
    out = json.dumps(expected, indent=1, sort_keys=True) + "\n"
    with open(os.path.join(HERE, "expected.json"), "w") as f:
        f.write(out)
    print("wrote %d entries to expected.json" % len(names))


TRUTH = json.loads(r'''
{
 "tsit5": {
  "A": [
   [],
   [
    "161/1000"
   ],
   [
    "-.8480655492356988544426874250230774675121177393430391537369234245294192976164141156943e-2",
    ".3354806554923569885444268742502307746751211773934303915373692342452941929761641411569"
   ],
   [
    "2.897153057105493432130432594192938764924887287701866490314866693455023795137503079289",
    "-6.359448489975074843148159912383825625952700647415626703305928850207288721235210244366",
    "4.362295432869581411017727318190886861027813359713760212991062156752264926097707165077"
   ],
   [
    "5.325864828439256604428877920840511317836476253097040101202360397727981648835607691791",
    "-11.74888356406282787774717033978577296188744178259862899288666928009020615663593781589",
    "7.495539342889836208304604784564358155658679161518186721010132816213648793440552049753",
    "-.9249506636175524925650207933207191611349983406029535244034750452930469056411389539635e-1"
   ],
   [
    "5.861455442946420028659251486982647890394337666164814434818157239052507339770711679748",
    "-12.92096931784710929170611868178335939541780751955743459166312250439928519268343184452",
    "8.159367898576158643180400794539253485181918321135053305748355423955009222648673734986",
    "-.7158497328140099722453054252582973869127213147363544882721139659546372402303777878835e-1",
    "-.2826905039406838290900305721271224146717633626879770007617876201276764571291579142206e-1"
   ],
   [
    ".9646076681806522951816731316512876333711995238157997181903319145764851595234062815396e-1",
    "1/100",
    ".4798896504144995747752495322905965199130404621990332488332634944254542060153074523509",
    "1.379008574103741893192274821856872770756462643091360525934940067397245698027561293331",
    "-3.290069515436080679901047585711363850115683290894936158531296799594813811049925401677",
    "2.324710524099773982415355918398765796109060233222962411944060046314465391054716027841"
   ]
  ],
  "b": [
   ".9646076681806522951816731316512876333711995238157997181903319145764851595234062815396e-1",
   "1/100",
   ".4798896504144995747752495322905965199130404621990332488332634944254542060153074523509",
   "1.379008574103741893192274821856872770756462643091360525934940067397245698027561293331",
   "-3.290069515436080679901047585711363850115683290894936158531296799594813811049925401677",
   "2.324710524099773982415355918398765796109060233222962411944060046314465391054716027841",
   "0"
  ],
  "b_hat": [
   ".9468075576583945807478876255758922856117527357724631226139574065785592789071067303271e-1",
   ".9183565540343253096776363936645313759813746240984095238905939532922955247253608687270e-2",
   ".4877705284247615707855642599631228241516691959761363774365216240304071651579571959813",
   "1.234297566930478985655109673884237654035539930748192848315425833500484878378061439761",
   "-2.707712349983525454881109975059321670689605166938197378763992255714444407154902012702",
   "1.866628418170587035753719399566211498666255505244122593996591602841258328965767580089",
   "1/66"
  ],
  "c": [
   "0",
   "161/1000",
   "327/1000",
   "9/10",
   ".9800255409045096857298102862870245954942137979563024768854764293221195950761080302604",
   "1",
   "1"
  ]
 },
 "feagin10": {
  "A": [
   [],
   [
    "1/10"
   ],
   [
    "-0.915176561375291440520015019275342154318951387664369720564660",
    "1.45453440217827322805250021715664459117622483736537873607016"
   ],
   [
    "0.202259190301118170324681949205488413821477543637878380814562",
    "0",
    "0.606777570903354510974045847616465241464432630913635142443687"
   ],
   [
    "0.184024714708643575149100693471120664216774047979591417844635",
    "0",
    "0.197966831227192369068141770510388793370637287463360401555746",
    "-0.0729547847313632629185146671595558023015011608914382961421311"
   ],
   [
    "0.0879007340206681337319777094132125475918886824944548534041378",
    "0",
    "0",
    "0.410459702520260645318174895920453426088035325902848695210406",
    "0.482713753678866489204726942976896106809132737721421333413261"
   ],
   [
    "0.0859700504902460302188480225945808401411132615636600222593880",
    "0",
    "0",
    "0.330885963040722183948884057658753173648240154838402033448632",
    "0.489662957309450192844507011135898201178015478433790097210790",
    "-0.0731856375070850736789057580558988816340355615025188195854775"
   ],
   [
    "0.120930449125333720660378854927668953958938996999703678812621",
    "0",
    "0",
    "0",
    "0.260124675758295622809007617838335174368108756484693361887839",
    "0.0325402621549091330158899334391231259332716675992700000776101",
    "-0.0595780211817361001560122202563305121444953672762930724538856"
   ],
   [
    "0.110854379580391483508936171010218441909425780168656559807038",
    "0",
    "0",
    "0",
    "0",
    "-0.0605761488255005587620924953655516875526344415354339234619466",
    "0.321763705601778390100898799049878904081404368603077129251110",
    "0.510485725608063031577759012285123416744672137031752354067590"
   ],
   [
    "0.112054414752879004829715002761802363003717611158172229329393",
    "0",
    "0",
    "0",
    "0",
    "-0.144942775902865915672349828340980777181668499748506838876185",
    "-0.333269719096256706589705211415746871709467423992115497968724",
    "0.499269229556880061353316843969978567860276816592673201240332",
    "0.509504608929686104236098690045386253986643232352989602185060"
   ],
   [
    "0.113976783964185986138004186736901163890724752541486831640341",
    "0",
    "0",
    "0",
    "0",
    "-0.0768813364203356938586214289120895270821349023390922987406384",
    "0.239527360324390649107711455271882373019741311201004119339563",
    "0.397774662368094639047830462488952104564716416343454639902613",
    "0.0107558956873607455550609147441477450257136782823280838547024",
    "-0.327769124164018874147061087350233395378262992392394071906457"
   ],
   [
    "0.0798314528280196046351426864486400322758737630423413945356284",
    "0",
    "0",
    "0",
    "0",
    "-0.0520329686800603076514949887612959068721311443881683526937298",
    "-0.0576954146168548881732784355283433509066159287152968723021864",
    "0.194781915712104164976306262147382871156142921354409364738090",
    "0.145384923188325069727524825977071194859203467568236523866582",
    "-0.0782942710351670777553986729725692447252077047239160551335016",
    "-0.114503299361098912184303164290554670970133218405658122674674"
   ],
   [
    "0.985115610164857280120041500306517278413646677314195559520529",
    "0",
    "0",
    "0.330885963040722183948884057658753173648240154838402033448632",
    "0.489662957309450192844507011135898201178015478433790097210790",
    "-1.37896486574843567582112720930751902353904327148559471526397",
    "-0.861164195027635666673916999665534573351026060987427093314412",
    "5.78428813637537220022999785486578436006872789689499172601856",
    "3.28807761985103566890460615937314805477268252903342356581925",
    "-2.38633905093136384013422325215527866148401465975954104585807",
    "-3.25479342483643918654589367587788726747711504674780680269911",
    "-2.16343541686422982353954211300054820889678036420109999154887"
   ],
   [
    "0.895080295771632891049613132336585138148156279241561345991710",
    "0",
    "0.197966831227192369068141770510388793370637287463360401555746",
    "-0.0729547847313632629185146671595558023015011608914382961421311",
    "0",
    "-0.851236239662007619739049371445966793289359722875702227166105",
    "0.398320112318533301719718614174373643336480918103773904231856",
    "3.63937263181035606029412920047090044132027387893977804176229",
    "1.54822877039830322365301663075174564919981736348973496313065",
    "-2.12221714704053716026062427460427261025318461146260124401561",
    "-1.58350398545326172713384349625753212757269188934434237975291",
    "-1.71561608285936264922031819751349098912615880827551992973034",
    "-0.0244036405750127452135415444412216875465593598370910566069132"
   ],
   [
    "-0.915176561375291440520015019275342154318951387664369720564660",
    "1.45453440217827322805250021715664459117622483736537873607016",
    "0",
    "0",
    "-0.777333643644968233538931228575302137803351053629547286334469",
    "0",
    "-0.0910895662155176069593203555807484200111889091770101799647985",
    "0",
    "0",
    "0",
    "0",
    "0",
    "0.0910895662155176069593203555807484200111889091770101799647985",
    "0.777333643644968233538931228575302137803351053629547286334469"
   ],
   [
    "1/10",
    "0",
    "-0.157178665799771163367058998273128921867183754126709419409654",
    "0",
    "0",
    "0",
    "0",
    "0",
    "0",
    "0",
    "0",
    "0",
    "0",
    "0",
    "0.157178665799771163367058998273128921867183754126709419409654"
   ],
   [
    "0.181781300700095283888472062582262379650443831463199521664945",
    "27/40",
    "0.342758159847189839942220553413850871742338734703958919937260",
    "0",
    "0.259111214548322744512977076191767379267783684543182428778156",
    "-0.358278966717952089048961276721979397739750634673268802484271",
    "-1.04594895940883306095050068756409905131588123172378489286080",
    "0.930327845415626983292300564432428777137601651182965794680397",
    "1.77950959431708102446142106794824453926275743243327790536000",
    "1/10",
    "-0.282547569539044081612477785222287276408489375976211189952877",
    "-0.159327350119972549169261984373485859278031542127551931461821",
    "-0.145515894647001510860991961081084111308650130578626404945571",
    "-0.259111214548322744512977076191767379267783684543182428778156",
    "-0.342758159847189839942220553413850871742338734703958919937260",
    "-27/40"
   ]
  ],
  "b": [
   "1/30",
   "1/40",
   "1/30",
   "0",
   "1/20",
   "0",
   "1/25",
   "0",
   "0.189237478148923490158306404106012326238162346948625830327194",
   "0.277429188517743176508360262560654340428504319718040836339472",
   "0.277429188517743176508360262560654340428504319718040836339472",
   "0.189237478148923490158306404106012326238162346948625830327194",
   "-1/25",
   "-1/20",
   "-1/30",
   "-1/40",
   "1/30"
  ],
  "c": [
   "0",
   "1/10",
   "0.539357840802981787532485197881302436857273449701009015505500",
   "0.809036761204472681298727796821953655285910174551513523258250",
   "0.309036761204472681298727796821953655285910174551513523258250",
   "0.981074190219795268254879548310562080489056746118724882027805",
   "5/6",
   "0.354017365856802376329264185948796742115824053807373968324184",
   "0.882527661964732346425501486979669075182867844268052119663791",
   "0.642615758240322548157075497020439535959501736363212695909875",
   "0.357384241759677451842924502979560464040498263636787304090125",
   "0.117472338035267653574498513020330924817132155731947880336209",
   "5/6",
   "0.309036761204472681298727796821953655285910174551513523258250",
   "0.539357840802981787532485197881302436857273449701009015505500",
   "1/10",
   "1"
  ],
  "adaptiveConst": "1/360"
 },
 "prince-dormand87": {
  "A": [
   [],
   [
    "1/18"
   ],
   [
    "1/48",
    "1/16"
   ],
   [
    "1/32",
    "0",
    "3/32"
   ],
   [
    "5/16",
    "0",
    "-75/64",
    "75/64"
   ],
   [
    "3/80",
    "0",
    "0",
    "3/16",
    "3/20"
   ],
   [
    "215595617/4500000000",
    "0",
    "0",
    "202047683/1800000000",
    "-28693883/1125000000",
    "23124283/1800000000"
   ],
   [
    "14873762658037143/879168438156250000",
    "0",
    "0",
    "3467633544794897/8940695981250000",
    "1474287494383247/40978189914062500",
    "26709270507070017/135600555715625000",
    "-14591655588284/84484570233063"
   ],
   [
    "7586331039021946882049083502441337664277676907617750536566352/109794461601491217860220353338581031394059220336451160078730445",
    "0",
    "0",
    "-236057339412812449835946465344221735535939129430991059693568/372184615598275314780407977418918750488336340123563254504171",
    "-3299739166368883603096250588167927276977533790499480498577408/20470153857905142312922438758040531276858498706795978997729405",
    "4695919603694846215470554638065271273971468502369170235542016/33868800019443053645017125945121606294438606951244256159879561",
    "291851811898394201384602939640627532330843113837053004434432000000/310174233778061645620360730197195350622945922304711702829528117367",
    "6992959981041103840944260661352231159203510904000000/33042342481018810238716485165383193327572243242031481"
   ],
   [
    "99299034813490800741867453179778547/540971123539151162906952826011200000",
    "0",
    "0",
    "-2493835259080554724582/1010153717930905426875",
    "-48550347897506146536052/166675363458599395434375",
    "-24871192635697392099560348960246/939492072180864357472739828818125",
    "478776089216929482237673925052922000/168119099731629344552415590032785027",
    "6560308981643238155096750/23314158982833116227901307",
    "1586281686644478270321241459439899956623408540189275177/12818966182821619734532382093543907143647820508227904000"
   ],
   [
    "-102116003386322998978127600084904875522141269364791505043913504184525097818434721165778087547359160299919872547571820573487921693/84016717385376362440519288454722754561118206109968455863629915569413007015484884082989277327146750610032897620427741658059440288",
    "0",
    "0",
    "338590872606752219742507143357021902717271169524361004010718467428498066558752974165816979255870352236800/20308212073515087965058545521329962060416948491603802421256875704911573108931922671691153944392874968051",
    "68189290605616416787948548385820859588684790288743680764422049661712817412461535969920258787664375619072/74463444269555322538548000244876527554862144469213942211275210918009101399417049796200897796107208216187",
    "-1734282043732424474072631498514610096486835338935534079058145376760622893524503274680375038942168945756187943481380463560951840/286345537377499805912462279621622489249909215975695809863482134802066603511244489020404711919081949534640172065152437496912477",
    "-3399549280223124443696423490103003766707892326374755946138975000967466690241111348721006509128775254952212682658842765965521154240000000/212424385105117691648087703103838079790425456287912424851546922389328485500145214289225448961304538830766072442444722564103495915888123",
    "14452808190943733856347403293564049428070036006455540637351575894308889412108389906599600485253194980566957563315340127500000/973298753951638431793701721528200883789914680313298926814615071301495341142665245758696799918623095581715765886887649741383",
    "-847205714160239289113307424793539077951658318917591980262304042838612275700008766016957700930195545053374220841398660187944621107065829310608865394026418258355/63358704383980726998416112830322706485300332630289060627019459285960825979588560697460438306253611095891491565590971432387489415884103732012574255897878321824",
    "115188988949323598098458035263894669359112068207548636038131244599058496172710646622536373145562218909633738697549245770000/22435701423704647109276644681016984863989966659062291511947760084943925084166270812354794844590216383205333034660617626349"
   ],
   [
    "21969012306961489525323859125985377266525845354279828748/84868015648089839210997460517819380601933600521692915045",
    "0",
    "0",
    "-2291872762438069505504/480025046760766258851",
    "-3829018311866050387904/8800459190614048078935",
    "-607977714773374460437401016185253441418120832060126402968/199370728929424959394190105343852509479613745231838418799",
    "5302029233035772894614097632213626682295966947853615180783170000000/950538766256052885387161080614691196420735587733978871061913292363",
    "102968047255116137164987219663037502898143843145000000/16726911019578511096352500731821705820659977305290973",
    "-111383789341965407321602142444917514115800834690201329379027449761759895100011973929185171163615/22003454775272439861723739055800175619777853128055268766511800511549546753240522083740083243539",
    "44737471541467333111555512048686345065750/20391511842264262870398286145868618178341",
    "596546910748352988538198147432444829112451075399436970876618894337461087953328002664759407401623072330633057948252/4431076125983762085449284205348478790535717302043416234911901479328512794465980800998816354448181196721636373483787"
   ],
   [
    "1066221205855832326088695778460159015192405644968016897066521076847764032613686056268693633/1296431693610525557488309197474904206216262654240544950471874305723890174339356551609704000",
    "0",
    "0",
    "-1335791413506612664643690684478806471077526746614666064/114574907798601779179110271814903983120429559544320175",
    "-1591415543044168099882026495959288688569084060473110176/2100539976307699284950354983273239690541208591645869875",
    "33975758488532631832742416857645572913178866704247539610423012370193845167470455176890924/47586856225469573819304596274208152402640120925455970356063642741972959597009066064956075",
    "12176653428667113090492984656207574633063967759246601254930448409444470870786024235115138527800000/1008353786145118968620988891518234034224047994442049071310258686840184337101721351612973016221399",
    "-339784374935367314296824613776444883113869450234942131172912300100535979345925250000/159698690787587746004588725210359673189662237866695585709500421500486548151424426361",
    "4955095692700499418628052380948016677978733013841365878109775677669056866398110949788869771135857671298802131693154421086808143/2489789885462873158531234022579722982784822257458164105126884288597324542930882581099522281388970940826324647386340365850671680",
    "-563115171027780776675066866318087406247194110301648522108648094708415/2403532595444498372383116767918060257292523183751650851596520916634577",
    "147332487580158450887955957061658718012538967463083369806963200702426559434915876714751833908862217396388157664714990174448521780809/837599084085749358149340415048050308970085851893614803629073546048735327947816070400330404870816820234727495143522673498826476267825",
    "0"
   ]
  ],
  "b": [
   "212810988215683677989664967567559/5097575504458999984164528930580800",
   "0",
   "0",
   "0",
   "0",
   "-570667999368605802515460802224128/10291145812277763122885317774476825",
   "3970894643399159150754126826496000000000000/16592904867230933191457493387696939021741363",
   "177094288219480472437690862000000000000/251729356670100506734814442705774463449",
   "-66822609448295850920212176513645119787713273203022994500406050793972052314809461629969645683/87952305220338336969447643899150816363456821562985998778022435070001091778042097545895594560",
   "314652731163869955629145958568800000/476340207420551356675670184044905167",
   "177014954088789647707522848990757432519504314686067075784476503038212450536095365316360385634933688213244039743969578872631174179769/1119019983628991838522384101261104859676427163726922121733732080377576616485631933067985100908132443862205090961383250990215178108200",
   "-454665916000392064556420344242099/1909482158429176288068071462671400",
   "1/4"
  ],
  "b_hat": [
   "7136040226482108704342809557217/241464102842794736092004001974880",
   "0",
   "0",
   "0",
   "0",
   "-15349154422148033115423212285265536/18524062462099973621193571994058285",
   "45434521806506196832804182374790400000000/145978635195580057402851847985603569106229",
   "365696286946774693155766999232150000000/148214481030059176862554298041717674741",
   "-836336669851503831866889530158468123932231502753408325817124013619515886965077571/328368994730082689886153304749497093954319862912916225944630536728837081959128864",
   "294694385044387823293019951454286000/204145803180236295718144364590673643",
   "1759482754698187564675489259591170188433054767657805212470918093603353527288272972728828708146708084742711724049636/22155380629918810427246421026742393952678586510217081174559507396642563972329904004994081772240905983608181867418935",
   "2/45",
   "0"
  ],
  "c": [
   "0",
   "1/18",
   "1/12",
   "1/8",
   "5/16",
   "3/8",
   "59/400",
   "93/200",
   "5490023248/9719169821",
   "13/20",
   "30992876149296355/33518267164510641",
   "1",
   "1"
  ]
 },
 "cooper-verner8": {
  "A": [
   [],
   [
    "1/2"
   ],
   [
    "1/4",
    "1/4"
   ],
   [
    "1/7",
    "-1/14+3*sqrt(21)/98",
    "3/7-5*sqrt(21)/49"
   ],
   [
    "11/84-sqrt(21)/84",
    "0",
    "2/7-4*sqrt(21)/63",
    "sqrt(21)/252+1/12"
   ],
   [
    "5/48-sqrt(21)/48",
    "0",
    "1/4-sqrt(21)/36",
    "-77/120-7*sqrt(21)/180",
    "7*sqrt(21)/80+63/80"
   ],
   [
    "sqrt(21)/42+5/21",
    "0",
    "-48/35-92*sqrt(21)/315",
    "211/30+29*sqrt(21)/18",
    "-23*sqrt(21)/14-36/5",
    "13*sqrt(21)/35+9/5"
   ],
   [
    "1/14",
    "0",
    "0",
    "0",
    "sqrt(21)/42+1/9",
    "13/63+sqrt(21)/21",
    "1/9"
   ],
   [
    "1/32",
    "0",
    "0",
    "0",
    "91/576+7*sqrt(21)/192",
    "11/72",
    "-385/1152+25*sqrt(21)/384",
    "63/128-13*sqrt(21)/128"
   ],
   [
    "1/14",
    "0",
    "0",
    "0",
    "1/9",
    "-733/2205+sqrt(21)/15",
    "515/504-37*sqrt(21)/168",
    "-51/56+11*sqrt(21)/56",
    "132/245-4*sqrt(21)/35"
   ],
   [
    "0",
    "0",
    "0",
    "0",
    "-7/3-7*sqrt(21)/18",
    "-28*sqrt(21)/45-2/5",
    "-91/24+53*sqrt(21)/72",
    "301/72-53*sqrt(21)/72",
    "28/45+28*sqrt(21)/45",
    "7*sqrt(21)/18+49/18"
   ]
  ],
  "b": [
   "1/20",
   "0",
   "0",
   "0",
   "0",
   "0",
   "0",
   "49/180",
   "16/45",
   "49/180",
   "1/20"
  ],
  "c": [
   "0",
   "1/2",
   "1/2",
   "1/2-sqrt(21)/14",
   "1/2-sqrt(21)/14",
   "1/2",
   "sqrt(21)/14+1/2",
   "sqrt(21)/14+1/2",
   "1/2",
   "1/2-sqrt(21)/14",
   "1"
  ]
 },
 "ralston4": {
  "A": [
   [],
   [
    "2/5"
   ],
   [
    "-2889/1024+357*sqrt(5)/256",
    "3785/1024-405*sqrt(5)/256"
   ],
   [
    "-673/1208+1047*sqrt(5)/3020",
    "-1523*sqrt(5)/1276-975/2552",
    "203968*sqrt(5)/240845+93408/48169"
   ]
  ],
  "b": [
   "2*sqrt(5)/151+263/1812",
   "125/3828-250*sqrt(5)/957",
   "3426304/5924787+553984*sqrt(5)/1974929",
   "10/41-4*sqrt(5)/123"
  ],
  "c": [
   "0",
   "2/5",
   "7/8-3*sqrt(5)/16",
   "1"
  ]
 },
 "ssprk54-shu-osher": {
  "note": "Spiteri-Ruuth (2002) SSPRK(5,4) Shu-Osher coefficients, 15 digits, as OrdinaryDiffEq.jl SSPRK54ConstantCache ships them",
  "beta10": "0.39175222657189",
  "alpha20": "0.444370493651235",
  "alpha21": "0.555629506348765",
  "beta21": "0.368410593050371",
  "alpha30": "0.620101851488403",
  "alpha32": "0.379898148511597",
  "beta32": "0.251891774271694",
  "alpha40": "0.178079954393132",
  "alpha43": "0.821920045606868",
  "beta43": "0.544974750228521",
  "alpha52": "0.517231671970585",
  "alpha53": "0.096059710526147",
  "beta53": "0.06369246866629",
  "alpha54": "0.386708617503269",
  "beta54": "0.226007483236906",
  "c1": "0.39175222657189",
  "c2": "0.58607968931154",
  "c3": "0.4745423631214",
  "c4": "0.935010630967653"
 }
}
''')

if __name__ == "__main__":
    main()
