#pragma once
// What a Runge-Kutta tableau's coefficients promise about invariants and energy, decided from the
// coefficients alone: exactly in rationals when every entry is rational, otherwise at 100 digits to
// the certified precision of the entries (a residual below the tolerance counts as zero).
//
//   symplectic             M = B A + A^T B - b b^T = 0, B = diag(b) (Cooper; HLW Theorem VI.4.3)
//   symmetric              the adjoint (a*_ij = b_j - a_ij, b* = b) is the method with its stages
//                          permuted (HLW Sect. V.2). A method with redundant stages may be symmetric
//                          only after they are removed; this test asks of the tableau as written.
//   algebraically stable   b >= 0 and M positive semidefinite (Burrage-Butcher, Crouzeix;
//                          Hairer-Wanner II, Sect. IV.12), decided by symmetric elimination
//   SSP coefficient        the radius of absolute monotonicity (Kraaijevanger 1991): the largest r
//                          with (I + rK)^-1 existing, K (I + rK)^-1 >= 0 and r K (I + rK)^-1 e <= e,
//                          K = [[A, 0], [b^T, 0]]; bisected, each r decided in the arithmetic above
//   pseudo-symplectic      the largest q with a(u o v) + a(v o u) = a(u) a(v) for |u| + |v| <= q:
//   order                  the step preserves the symplectic form up to O(h^(q+1)) (Aubry-Chartier)
//   conjugate symplectic   the largest r such that a B-series change of variables makes the modified
//   order                  field Hamiltonian through its trees of order r: its Hamiltonian defect at
//                          each order n lies in the span of the Lie brackets [f, c], c on trees of
//                          order n - 1 (the linear test is exact through n = 2p, p the order: a
//                          change of variables id + h^p c alters the field at h^(2p) first).
//                          Order r is HLW's "conjugate to a symplectic method up to order r"
//                          (Sect. VI.8.1): Phi_h = chi_h^-1 o Psi_h o chi_h + O(h^(r+1)), Psi_h
//                          symplectic; equivalently a modified Hamiltonian exists through h^(r-1).
//                          Lobatto IIIA3 has r = 6 (= p + 2), Lobatto IIIB3 r = 4 (= p: HLW Example
//                          VI.8.4, and an independent solve of the definition in
//                          tests/integrators/conjugate_symplectic_reference.py)
//   modified equation      b(t) of the trees of orders p+1 and p+2 (bseries.hpp)
//
// Energy. The modified field of a symplectic method is Hamiltonian: the energy error stays bounded
// O(h^p) over exponentially long times (HLW Theorem IX.8.1). Conjugate symplectic through order r:
// the error is O(h^p) + O(t h^r), bounded up to t ~ h^-(r - p). Otherwise the energy drifts; on the
// harmonic oscillator (linear: only the chain trees count, F(chain_n) = L^n y) the relative drift
// rate is d ln H / dt = 2 sum over even n of (-1)^(n/2) b(chain_n) omega^n h^(n-1), whose first
// nonzero term is the prediction. On a reversible problem (Kepler, the oscillator) the odd-order
// trees give no secular drift (F(t)(rho y) = (-1)^|t| rho F(t)(y)), and a symmetric method's error
// stays bounded (reversible KAM theory, HLW Sect. XI).
#include <orderly/analysis/bseries.hpp>
#include <orderly/tableaus/rosenbrock_methods.hpp>
#include <orderly/splitting/method.hpp>
#include <orderly/tableau.hpp>

#include <optional>
#include <string>
#include <vector>

namespace orderly {

// The radius of absolute monotonicity, bracketed: absolutely monotonic at `lower`, not at `upper`.
struct ssp_coefficient {
  high_precision lower = 0, upper = 0;
  bool unbounded = false;  // absolutely monotonic up to the search's cap (ssp_search_cap)
  int digits = 0;          // significant digits on which lower and upper agree
  std::string text;        // e.g. "1.508180049" or ">= 1024 (unbounded)"
};
// Where the bisection stops looking: an implicit method monotonic beyond it (backward Euler) is
// reported unbounded; bisection steps bring the bracket to 2^-70 of it (about 20 digits at r ~ 1).
inline constexpr int ssp_search_cap = 1024;
inline constexpr int ssp_bisection_steps = 80;

struct modified_term {
  int order = 0;       // |t|: the term is h^(|t|-1) / sigma(t) b(t) F(t)
  int tree_index = 0;  // in bseries_trees_up_to(max_tree_order).forest
  std::string tree;    // Butcher bracket notation
  std::int64_t symmetry = 1;
  std::string value;  // b(t): the exact rational, or 30 digits
  double value_double = 0;
};

// The leading energy drift on the harmonic oscillator x'' = -omega^2 x from the modified equation:
// d ln H / dt = coefficient * omega^power * h^(power - 1).
struct harmonic_drift_rate {
  int power = 0;
  std::string coefficient;  // exact or 30 digits
  double coefficient_double = 0;
};

struct geometric_properties {
  bool exact_arithmetic = true;  // decided in rationals; otherwise at 100 digits to the certified tolerance
  // false for a Rosenbrock method: algebraic stability and the SSP coefficient are properties of
  // Runge-Kutta stage equations and are not decided; symmetry is read from the modified field.
  bool stage_equations = true;
  int max_tree_order = 0;  // the B-series checks reach trees of this order
  int order = 0;           // from the B-series (a(t) = e(t) through this order), capped at max_tree_order
  bool symplectic = false;
  bool symmetric = false;
  std::vector<int> symmetric_permutation;  // stage i of the method is stage [i] of its adjoint
  bool symmetry_undecided = false;         // the permutation search stopped at max_symmetry_search_nodes
  bool nonnegative_weights = false;
  bool positive_semidefinite_m = false;
  bool algebraically_stable = false;
  std::string algebraic_stability_reason;  // why not, when not
  ssp_coefficient ssp;
  int pseudo_symplectic_order = 0;  // == max_tree_order when every checked condition holds
  bool pseudo_symplectic_capped = false;
  int conjugate_symplectic_order = 0;
  // The conjugacy test stopped without a failure: at max_tree_order or at 2p, its reach.
  bool conjugate_symplectic_capped = false;
  std::vector<modified_term> modified_equation;       // trees of orders p+1 and p+2 (within max_tree_order)
  std::optional<harmonic_drift_rate> harmonic_drift;  // none: no drift through max_tree_order (or symplectic)
  // In words: "bounded: symplectic (exact)", "bounded up to t ~ h^-k: ...", "drift: ...".
  std::string energy_expectation;
  std::string energy_class;  // "bounded", "bounded-to-horizon", "drift"
};

inline constexpr int default_geometric_tree_order = 8;
// The stage permutation search tries one stage at a time; a tableau whose stages look alike defeats
// its pruning, so it stops after this many placements (a catalog tableau needs at most a few dozen).
inline constexpr long max_symmetry_search_nodes = 200000;
// Exact rationals are kept while the analysis stays cheap: up to this many stages, and while
// stages^2 times the longest entry's digits stays below max_exact_geometric_work. Beyond that the
// tableau is analysed at 100 digits, where its rational entries hold to 1e-100 and a residual below
// 1e-80 is zero, as for the catalog's irrational tableaus. (Exact Gaussian elimination in the SSP
// bisection grows its rationals with every pivot: 17 stages of 40-digit entries already take minutes.)
inline constexpr int max_exact_geometric_stages = 16;
inline constexpr long max_exact_geometric_work = 200000;

// Every property of the tableau's primary weights, the B-series ones through trees of max_tree_order:
// exactly when its entries are rational and the analysis stays within the exact limits above.
geometric_properties analyse_geometric_properties(const butcher_tableau& t,
                                                  int max_tree_order = default_geometric_tree_order);
// Whether that analysis is exact (rational entries, within the exact limits).
bool geometric_analysis_exact(const butcher_tableau& t);

// A Rosenbrock method with the exact Jacobian is a B-series method (Hairer-Wanner II, Sect. IV.7):
// its symplecticity, pseudo- and conjugate-symplectic orders and modified equation follow from its
// series as a Runge-Kutta method's do; it is symmetric exactly when its modified field is even in
// h (b(t) = 0 on every tree of even order, HLW Sect. IX.2). At 100 digits from the published
// decimals, a residual below rosenbrock_residual_tolerance counting as zero.
geometric_properties analyse_rosenbrock_geometry(const rosenbrock_method& m,
                                                 int max_tree_order = default_geometric_tree_order);

// The same for coefficients given in a number type: exact (tolerance 0) or 100 digits (tolerance:
// what counts as zero).
template <class Number>
geometric_properties analyse_geometric_properties(const rk_coefficients<Number>& m, const Number& tolerance,
                                                  int max_tree_order = default_geometric_tree_order);

// Symmetric elimination of a symmetric matrix: positive semidefinite, decided exactly (tolerance 0)
// or treating pivots up to `tolerance` as zero (their rows must then vanish to sqrt(tolerance)).
template <class Number>
bool positive_semidefinite(std::vector<std::vector<Number>> m, const Number& tolerance);

// Absolute monotonicity of K = [[A, 0], [b^T, 0]] at radius r.
template <class Number>
bool absolutely_monotonic(const rk_coefficients<Number>& m, const Number& r, const Number& tolerance);

// A partitioned pair (A, b) for q and (A^, b^) for p is symplectic when b_i a^_ij + b^_j a_ji = b_i b^_j
// and b = b^ (HLW Theorem VI.4.6): the Lobatto IIIA-IIIB pair is, neither method alone.
template <class Number>
bool partitioned_symplectic(const rk_coefficients<Number>& q_part, const rk_coefficients<Number>& p_part,
                            const Number& tolerance);

// Splitting methods: a composition of exact flows of T and V, symplectic by construction.
struct splitting_geometry {
  bool symmetric = false;  // the sequence of flows (zero ones dropped, neighbours merged) is a palindrome
  // The modified Hamiltonian H~ = H + h^k H_(k+1) + ...: k is the order (the first nonzero term; even for a
  // symmetric method, whose series has even powers only).
  int modified_hamiltonian_order = 0;
  std::string energy_expectation;
};

splitting_geometry analyse_splitting_geometry(const splitting_method& m, int order);

extern template geometric_properties analyse_geometric_properties<exact>(const rk_coefficients<exact>&, const exact&,
                                                                         int);
extern template geometric_properties analyse_geometric_properties<high_precision>(
    const rk_coefficients<high_precision>&, const high_precision&, int);
extern template bool partitioned_symplectic<exact>(const rk_coefficients<exact>&, const rk_coefficients<exact>&,
                                                   const exact&);
extern template bool partitioned_symplectic<high_precision>(const rk_coefficients<high_precision>&,
                                                            const rk_coefficients<high_precision>&,
                                                            const high_precision&);
extern template bool positive_semidefinite<exact>(std::vector<std::vector<exact>>, const exact&);
extern template bool positive_semidefinite<high_precision>(std::vector<std::vector<high_precision>>,
                                                           const high_precision&);
extern template bool absolutely_monotonic<exact>(const rk_coefficients<exact>&, const exact&, const exact&);
extern template bool absolutely_monotonic<high_precision>(const rk_coefficients<high_precision>&, const high_precision&,
                                                          const high_precision&);

}  // namespace orderly
