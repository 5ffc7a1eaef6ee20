#pragma once
// The stability function of a method known through rounded coefficients (a user's decimals), with
// what the rounding leaves undecided. Each entry of A and b is within a known amount of the
// method's own; that bounds how far each coefficient of P and Q can be from the method's, and
//  - a coefficient within its bound of a rational with a small denominator is that rational
//    (Gauss, Radau and Lobatto methods: Pade approximants; an L-stable method's P(z) top
//    coefficient 0), as `analyze` recognises the catalog's 100-digit methods;
//  - a term of a margin |Q|^2 - |P|^2 within its bound of zero has no known sign and is dropped
//    (stability_function.hpp): rounding to 40 digits moves a Gauss method's identically zero
//    margin by 1e-40, which read literally makes it unstable near y = 0 and at x = -1.8e41.
// Decisions made after either step hold "within the coefficients' precision".
#include <orderly/analysis/stability_function.hpp>

#include <boost/multiprecision/cpp_int.hpp>

#include <vector>

namespace orderly {

// The most each entry of A (square) and b may differ from the method's own.
struct entry_uncertainty {
  std::vector<std::vector<exact>> a;
  std::vector<exact> b;
};

namespace detail {

// Elementary symmetric polynomials e_0..e_s of x: the coefficients of prod (1 + x_i z).
std::vector<exact> elementary_symmetric(const std::vector<exact>& x);

// Bounds on the coefficients of det(I - z M) when each entry of M moves by at most delta_ij.
// The z^k coefficient is a signed sum over k-subsets and permutations of products of k entries,
// each of which moves by at most prod(|m| + delta) - prod|m|; summed over every choice of one entry
// per row (more nonnegative terms) that is at most e_k(r + dr) - e_k(r), r_i = sum_j |m_ij| and
// dr_i = sum_j delta_ij. Lower-triangular M: det = prod(1 - z m_ii), the diagonal alone.
std::vector<exact> determinant_coefficient_uncertainty(const std::vector<std::vector<exact>>& m,
                                                       const std::vector<std::vector<exact>>& delta,
                                                       bool lower_triangular);

// Explicit methods: P(z) = 1 + sum_k (b^T A^(k-1) 1) z^k, each coefficient moving by at most
// (|b| + db)^T (|A| + dA)^(k-1) 1 - |b|^T |A|^(k-1) 1.
std::vector<exact> explicit_polynomial_uncertainty(const rk_coefficients<exact>& m, const entry_uncertainty& delta);

// The rational with the smallest denominator in [lo, hi] (continued fractions; 0 <= lo <= hi).
exact simplest_rational_between(exact lo, exact hi);

// The simplest rational within `bound` of x: as good a value for the method's coefficient as x,
// and far shorter (a 40-digit table's P and Q carry 700-digit denominators, which the exact
// root isolation's remainder sequences would multiply further).
exact simplest_rational_within(const exact& x, const exact& bound);

// A rational within `bound` of x whose denominator q is small enough that q^2 bound <= this
// chance: a generic number has such an approximation with about this probability, so finding one
// is evidence that the method's coefficient is that rational.
inline constexpr double recognition_chance = 1e-6;

}  // namespace detail

// P/Q of the method the rounded coefficients denote: computed exactly from the given numbers, each
// coefficient with its uncertainty, then recognised (a small rational within reach, or zero) where
// it can be; a recognised coefficient is taken as exact.
//
// `order`: the order the coefficients were found to have within their precision. It fixes P's
// first coefficients given Q (R(z) = e^z + O(z^(order+1)): p_k = sum_j q_j / (k-j)! for k <= order),
// so a coefficient that misses that value by no more than the accepted residuals is taken as
// uncertain by that much (a table of 15-digit coefficients whose sum(b) is 1 + 5e-16).
stability_function_coefficients stability_function_within(const rk_coefficients<exact>& m,
                                                          const entry_uncertainty& delta, int order = 0);

}  // namespace orderly
