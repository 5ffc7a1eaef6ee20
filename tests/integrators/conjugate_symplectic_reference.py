#!/usr/bin/python3
"""Conjugate-symplectic orders of Runge-Kutta tableaus, computed without Orderly's code.

The definition is Hairer-Lubich-Wanner, Geometric Numerical Integration (2nd ed., 2006), Sect. VI.8.1:
a method Phi_h = B(a, .) is conjugate to a symplectic method up to order r if there is a B-series
chi_h = B(c, .) = id + O(h) with Phi_h = chi_h^-1 o Psi_h o chi_h + O(h^(r+1)) and Psi_h symplectic,
i.e. the coefficients psi = c^-1 a c (composition law of B-series, HLW III.1.4) satisfy the
symplecticity conditions psi(u o v) + psi(v o u) = psi(u) psi(v) (HLW VI.7, Theorem 7.6) for every
pair with |u| + |v| <= r. Every coefficient c(t), |t| <= r - 1, is an unknown; the conditions are
solved order by order in exact rationals with sympy (nonlinear where they are), so the order found
is the largest r for which the system has a solution: no modified-equation or Lie-bracket shortcut.

Independent of Orderly's own route (substitution law, linear rank test on the modified field): this
file uses the composition law over admissible cuts of labelled trees and the Butcher-group inverse.
It also computes the modified field by the logarithm of the character in the convolution algebra of
the Connes-Kreimer Hopf algebra (Murua 2006), a route Orderly does not take either, to compare the
printed leading terms of the modified equation.

Run as a script it prints every method's figures, writes them with --json FILE
(conjugate_symplectic_expected.json, read by the GoogleTest in geometric_properties.cpp) and with
--check FILE fails unless FILE holds what it computes (CTest: conjugate_symplectic_reference).
"""
import itertools
import json
import sys
from fractions import Fraction
from functools import lru_cache
from math import factorial

import sympy

# ---------------------------------------------------------------- rooted trees
# A tree is the sorted tuple of its children's trees; the single vertex is ().


def order(t):
    return 1 + sum(order(c) for c in t)


@lru_cache(maxsize=None)
def trees_of_order(n):
    """Every rooted tree with n vertices, each once."""
    if n == 1:
        return [()]
    out = set()
    # children: a multiset of trees whose orders sum to n - 1
    def forests(total, smallest):
        if total == 0:
            yield ()
            return
        for k in range(1, total + 1):
            for tree in trees_of_order(k):
                key = (k, tree)
                if smallest is not None and key < smallest:
                    continue
                for rest in forests(total - k, key):
                    yield (tree,) + rest
    for children in forests(n - 1, None):
        out.add(tuple(sorted(children)))
    return sorted(out)


def graft(u, v):
    """Butcher product u o v: v hangs from the root of u."""
    return tuple(sorted(u + (v,)))


def sigma(t):
    out = 1
    for child in set(t):
        m = t.count(child)
        out *= factorial(m) * sigma(child) ** m
    return out


def gamma(t):
    out = order(t)
    for child in t:
        out *= gamma(child)
    return out


def notation(t):
    if t == ():
        return "t"
    return "[" + ",".join(notation(c) for c in t) + "]"


# ---------------------------------------------------------------- labelled trees and cuts
def labelled(t):
    """(parent list, vertex -> subtree) for a labelled copy, root 0, parents before children."""
    parent, subtree = [], []

    def visit(s, p):
        v = len(parent)
        parent.append(p)
        subtree.append(s)
        for c in s:
            visit(c, v)
    visit(t, -1)
    return parent, subtree


def tree_of(vertices, root, parent):
    """The canonical tree spanned by the vertex set below root (within vertices)."""
    children = [v for v in vertices if parent[v] == root]
    return tuple(sorted(tree_of(vertices, c, parent) for c in children))


@lru_cache(maxsize=None)
def cuts(t):
    """Admissible cuts of t: (pruned forest, trunk) for every vertex set closed under parents
    (the trunk, containing the root or empty), one per subset of a labelled copy."""
    parent, _ = labelled(t)
    n = len(parent)
    out = []
    for mask in range(1 << n):
        trunk = [v for v in range(n) if mask >> v & 1]
        if any(parent[v] >= 0 and not (mask >> parent[v] & 1) for v in trunk):
            continue
        rest = [v for v in range(n) if not mask >> v & 1]
        roots = [v for v in rest if parent[v] < 0 or (mask >> parent[v] & 1)]
        pruned = tuple(sorted(tree_of(rest, r, parent) for r in roots))
        out.append((pruned, tree_of(trunk, 0, parent) if trunk else None))
    return out


# ---------------------------------------------------------------- characters and the Butcher group
# A character is a dict tree -> coefficient (the empty tree's value is 1), in the normalisation
# B(a, y) = y + sum h^|t| / sigma(t) a(t) F(t)(y) of HLW III.1.


def forest_value(a, forest):
    out = 1
    for t in forest:
        out *= a[t]
    return out


def compose(a, b, trees):
    """ab: first a, then b, i.e. B(b, B(a, y)) = B(ab, y) (HLW III.1.4): sum over cuts of
    a(pruned forest) b(trunk)."""
    out = {}
    for t in trees:
        value = 0
        for pruned, trunk in cuts(t):
            value += forest_value(a, pruned) * (1 if trunk is None else b[trunk])
        out[t] = value
    return out


def inverse(a, trees):
    """The Butcher-group inverse: a a^-1 = identity (0 on every tree), order by order."""
    inv = {}
    for t in trees:  # trees are listed by increasing order
        # (a inv)(t) = sum over cuts a(pruned) inv(trunk); the cut with trunk t gives inv(t)
        value = 0
        for pruned, trunk in cuts(t):
            if trunk == t:
                continue
            value += forest_value(a, pruned) * (1 if trunk is None else inv[trunk])
        inv[t] = -value
    return inv


def elementary_weights(A, b, trees):
    s = len(b)
    internal = {}

    def g(t):
        if t not in internal:
            vec = [Fraction(1)] * s
            for child in t:
                gc = g(child)
                Ag = [sum(A[i][j] * gc[j] for j in range(s)) for i in range(s)]
                vec = [vec[i] * Ag[i] for i in range(s)]
            internal[t] = vec
        return internal[t]
    return {t: sum(b[i] * g(t)[i] for i in range(s)) for t in trees}


def exact_flow(trees):
    return {t: Fraction(1, gamma(t)) for t in trees}


# ---------------------------------------------------------------- modified field by the logarithm
def modified_field(a, trees):
    """b = log*(a) in the convolution algebra of linear maps on forests, (x*y)(t) = sum over cuts
    x(pruned) y(trunk); a is a character, b an infinitesimal character: the B-series of h f_h
    (Murua, Found. Comput. Math. 6 (2006) 387-426; Chartier-Hairer-Vilmart 2010, Sect. 3.2)."""
    max_order = max(order(t) for t in trees)

    # Linear maps on forests: a function forest -> number; forests are sorted tuples of trees.
    def delta(forest):  # a - epsilon, extended as (character on forests) - (1 on the empty forest)
        return forest_value(a, forest) - (1 if forest == () else 0)

    @lru_cache(maxsize=None)
    def forest_cuts(forest):
        """Cuts of a forest: product of its trees' cuts; (pruned forest, trunk forest)."""
        out = []
        for choice in itertools.product(*[cuts(t) for t in forest]):
            pruned = tuple(sorted(sum((c[0] for c in choice), ())))
            trunk = tuple(sorted(c[1] for c in choice if c[1] is not None))
            out.append((pruned, trunk))
        return out

    def power(k):
        """(a - epsilon)^{*k} as a memoised function of forests."""
        if k == 1:
            return delta
        lower = power_cache[k - 1]

        @lru_cache(maxsize=None)
        def value(forest):
            return sum(lower(pruned) * delta(trunk) for pruned, trunk in forest_cuts(forest))
        return value

    power_cache = {}
    for k in range(1, max_order + 1):
        power_cache[k] = power(k)
    out = {}
    for t in trees:
        out[t] = sum(Fraction((-1) ** (k + 1), k) * power_cache[k]((t,)) for k in range(1, order(t) + 1))
    return out


# ---------------------------------------------------------------- conjugate symplecticity
def symplectic_defect(x, u, v):
    return x[graft(u, v)] + x[graft(v, u)] - x[u] * x[v]


def pairs_of_total_order(n, by_order):
    out = []
    for k in range(1, n // 2 + 1):
        for u in by_order[k]:
            for v in by_order[n - k]:
                if k == n - k and v < u:
                    continue
                out.append((u, v))
    return out


def conjugate_symplectic_order(a, max_order, lowest=1):
    """The largest r <= max_order such that c^-1 a c satisfies the symplecticity conditions
    through |u| + |v| = r for some c; returns (r, capped).

    Exact polynomial arithmetic over QQ (sympy's sparse rings) builds psi = c^-1 a c with every
    c(t), |t| < max_order, a free unknown; the conditions of each total order n are then solved
    together with all earlier ones (sympy.solve on the whole system up to n, so that a choice made
    at a lower order never hides a solution that needs another one)."""
    by_order = {n: trees_of_order(n) for n in range(1, max_order + 1)}
    trees = [t for n in range(1, max_order + 1) for t in by_order[n]]
    unknown_trees = [t for t in trees if lowest <= order(t) < max_order]
    names = ["c%d" % k for k in range(len(unknown_trees))]
    ring, *gens = sympy.polys.rings.ring(",".join(names), sympy.QQ)
    c = {t: ring(0) for t in trees}
    c.update(dict(zip(unknown_trees, gens)))
    a_ring = {t: ring(sympy.QQ(a[t].numerator, a[t].denominator)) for t in trees}
    psi = compose(inverse(c, trees), compose(a_ring, c, trees), trees)  # first c^-1, then a, then c
    system = []
    for n in range(2, max_order + 1):
        system += [e.as_expr() for e in (symplectic_defect(psi, u, v) for u, v in pairs_of_total_order(n, by_order))
                   if e != 0]
        if not system:
            continue
        unknowns = sorted(set().union(*[e.free_symbols for e in system]), key=lambda s: int(str(s)[1:]))
        if not unknowns:  # a nonzero condition that no conjugacy reaches
            return n - 1, False
        if all(sympy.Poly(e, *unknowns).total_degree() <= 1 for e in system):
            solvable = sympy.linsolve(system, unknowns) != sympy.EmptySet
        else:
            solvable = bool(sympy.solve(system, unknowns, dict=True))
        if not solvable:
            return n - 1, False
    return max_order, True


def method_order(a, trees):
    e = exact_flow(trees)
    for t in trees:
        if a[t] != e[t]:
            return order(t) - 1
    return max(order(t) for t in trees)


def pseudo_symplectic_order(a, max_order, by_order):
    for n in range(2, max_order + 1):
        if any(symplectic_defect(a, u, v) != 0 for u, v in pairs_of_total_order(n, by_order)):
            return n - 1
    return max_order


F = Fraction
METHODS = {
    "implicit-midpoint": ([[F(1, 2)]], [F(1)]),
    "trapezoidal": ([[F(0), F(0)], [F(1, 2), F(1, 2)]], [F(1, 2), F(1, 2)]),
    "rk4": ([[0, 0, 0, 0], [F(1, 2), 0, 0, 0], [0, F(1, 2), 0, 0], [0, 0, 1, 0]],
            [F(1, 6), F(1, 3), F(1, 3), F(1, 6)]),
    "lobatto-iiia3": ([[0, 0, 0], [F(5, 24), F(1, 3), F(-1, 24)], [F(1, 6), F(2, 3), F(1, 6)]],
                      [F(1, 6), F(2, 3), F(1, 6)]),
    "lobatto-iiib3": ([[F(1, 6), F(-1, 6), 0], [F(1, 6), F(1, 3), 0], [F(1, 6), F(5, 6), 0]],
                      [F(1, 6), F(2, 3), F(1, 6)]),
    "lobatto-iiic3": ([[F(1, 6), F(-1, 3), F(1, 6)], [F(1, 6), F(5, 12), F(-1, 12)], [F(1, 6), F(2, 3), F(1, 6)]],
                      [F(1, 6), F(2, 3), F(1, 6)]),
}


def gauss2():
    """Gauss-Legendre, 2 stages, in Q(sqrt 3); its elementary weights are rational (the conjugation
    sqrt 3 -> -sqrt 3 swaps the stages)."""
    r = sympy.sqrt(3)
    A = [[sympy.Rational(1, 4), sympy.Rational(1, 4) - r / 6], [sympy.Rational(1, 4) + r / 6, sympy.Rational(1, 4)]]
    return A, [sympy.Rational(1, 2), sympy.Rational(1, 2)]


METHODS["gauss2"] = gauss2()


def rational_weights(A, b, trees):
    out = {}
    for t, v in elementary_weights(A, b, trees).items():
        if not isinstance(v, Fraction):
            v = sympy.nsimplify(sympy.radsimp(sympy.expand(v)))
            if not v.is_Rational:
                raise ValueError("an irrational elementary weight")
            v = Fraction(int(v.p), int(v.q))
        out[t] = v
    return out


def canonical(t):
    """Bracket notation with the children's strings sorted: the same key from any representation."""
    return "t" if t == () else "[" + ",".join(sorted(canonical(c) for c in t)) + "]"


# Hairer-Lubich-Wanner, GNI (2nd ed.), Example VI.8.4: the symplecticity defects of the 3-stage
# Lobatto methods with |u| + |v| = 5, in the book's sign, a(u, v) = a(u) a(v) - a(u o v) - a(v o u)
# (the negative of symplectic_defect below); every other pair is zero.
GNI_EXAMPLE_VI_8_4 = {
    "lobatto-iiib3": {("[t]", "[t,t]"): Fraction(1, 144)},
    "lobatto-iiia3": {("[t]", "[t,t]"): Fraction(-1, 144), ("[t]", "[[t]]"): Fraction(-1, 288)},
}


def analyse(name, max_order, full_order):
    """The figures of one method: conjugate symplectic order with chi = id + O(h^p) through trees of
    max_order (linear conditions), and with an unrestricted chi through full_order."""
    A, b = METHODS[name]
    by_order = {n: trees_of_order(n) for n in range(1, max_order + 1)}
    trees = [t for n in range(1, max_order + 1) for t in by_order[n]]
    a = rational_weights(A, b, trees)
    p = method_order(a, trees)
    r, capped = conjugate_symplectic_order(a, max_order, lowest=max(p, 1))
    r_full, capped_full = conjugate_symplectic_order(a, full_order, lowest=1)
    defects5 = {canonical(u) + " o " + canonical(v): str(symplectic_defect(a, u, v))
                for u, v in pairs_of_total_order(5, by_order) if symplectic_defect(a, u, v) != 0}
    field = modified_field(a, [t for t in trees if order(t) <= min(max_order, p + 2)])
    leading = {canonical(t): str(field[t]) for t in trees if p < order(t) <= p + 2}
    return {
        "order": p,
        "pseudo_symplectic_order": pseudo_symplectic_order(a, max_order, by_order),
        "conjugate_symplectic_order": r,
        "conjugate_symplectic_capped": capped,
        "unrestricted_conjugacy": {"through_order": full_order, "conjugate_symplectic_order": r_full,
                                   "capped": capped_full},
        "symplecticity_defects_order5": defects5,
        "modified_field_leading": leading,
    }


def check_published(name, figures):
    """The defects of GNI Example VI.8.4, where the book gives them."""
    published = GNI_EXAMPLE_VI_8_4.get(name)
    if published is None:
        return
    computed = {tuple(k.split(" o ")): -Fraction(v) for k, v in figures["symplecticity_defects_order5"].items()}
    expected = {(canonical(parse(u)), canonical(parse(v))): x for (u, v), x in published.items()}
    assert computed == expected, (name, computed, expected)


def parse(text):
    """A tree from bracket notation ("t", "[t,[t]]")."""
    def read(i):
        if text[i] == "t":
            return (), i + 1
        assert text[i] == "["
        children, i = [], i + 1
        while True:
            child, i = read(i)
            children.append(child)
            if text[i] == "]":
                return tuple(sorted(children)), i + 1
            i += 1  # ","
    tree, end = read(0)
    assert end == len(text)
    return tree


# Unrestricted conjugacy (every c(t) free, nonlinear conditions) costs minutes per order on this
# machine beyond trees of order 5; the restricted search goes to 7, where Lobatto IIIA3 first fails.
MAX_ORDER = 7
FULL_ORDER = 5


def main(argv):
    out = {}
    for name in METHODS:
        out[name] = analyse(name, MAX_ORDER, FULL_ORDER)
        check_published(name, out[name])
        print(name, json.dumps(out[name]), flush=True)
    if "--check" in argv:  # the committed expectations are what this script computes
        with open(argv[argv.index("--check") + 1]) as f:
            committed = json.load(f)
        if committed["methods"] != json.loads(json.dumps(out)):
            print("conjugate_symplectic_expected.json differs from the computation", file=sys.stderr)
            sys.exit(1)
        print("the committed expectations agree; GNI Example VI.8.4 reproduced")
    if "--json" in argv:
        with open(argv[argv.index("--json") + 1], "w") as f:
            json.dump({"source": "tests/integrators/conjugate_symplectic_reference.py", "max_order": MAX_ORDER,
                       "conjugate_symplectic_order": "largest r <= max_order with Phi = chi^-1 o Psi o chi + "
                       "O(h^(r+1)), Psi symplectic, chi = id + O(h^p) (HLW VI.8.1); capped: no failure through "
                       "max_order; unrestricted_conjugacy: chi = id + O(h), through its own order",
                       "symplecticity_defects_order5": "a(u o v) + a(v o u) - a(u) a(v), |u| + |v| = 5, nonzero "
                       "pairs (GNI Example VI.8.4 prints the negative)",
                       "modified_field_leading": "b(t), trees of orders p+1 and p+2: the field is sum h^(|t|-1) "
                       "b(t)/sigma(t) F(t), from log a in the convolution algebra",
                       "methods": out}, f, indent=1)
            f.write("\n")


if __name__ == "__main__":
    main(sys.argv)
