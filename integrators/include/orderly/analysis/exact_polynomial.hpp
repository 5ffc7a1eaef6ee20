#pragma once
// Polynomials with exact rational coefficients, and the real-root machinery the stability analysis
// decides with: Sturm sequences count distinct real roots in an interval exactly, bisection on
// those counts isolates each root, and Boost.Math's TOMS 748 refines it in 100-digit arithmetic.
// Nothing here samples a function: a sign is known exactly or the root is bracketed exactly.
#include <orderly/exact.hpp>

#include <boost/math/tools/roots.hpp>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <vector>

namespace orderly {

// Coefficients in ascending powers: p(x) = c[0] + c[1] x + ... ; trailing zeros are trimmed.
using exact_polynomial = std::vector<exact>;

exact_polynomial trimmed(exact_polynomial p);

inline int degree(const exact_polynomial& p) { return static_cast<int>(trimmed(p).size()) - 1; }

exact evaluate(const exact_polynomial& p, const exact& x);

high_precision evaluate(const exact_polynomial& p, const high_precision& x);

exact_polynomial operator+(const exact_polynomial& p, const exact_polynomial& q);

exact_polynomial operator-(const exact_polynomial& p, const exact_polynomial& q);

exact_polynomial operator*(const exact_polynomial& p, const exact_polynomial& q);

exact_polynomial derivative(const exact_polynomial& p);

// p = quotient * d + remainder, deg remainder < deg d.
std::pair<exact_polynomial, exact_polynomial> divide(exact_polynomial p, const exact_polynomial& divisor);

exact_polynomial monic(exact_polynomial p);

exact_polynomial greatest_common_divisor(exact_polynomial a, exact_polynomial b);

// p with every root made simple (same roots, same sign changes at odd-multiplicity roots).
exact_polynomial square_free_part(const exact_polynomial& p);

// p(-x): reflects the roots through zero.
exact_polynomial reflected(exact_polynomial p);

inline int sign(const exact& x) { return x > 0 ? 1 : (x < 0 ? -1 : 0); }

// A Sturm sequence of a square-free polynomial: the number of distinct real roots in (a, b] is
// variations(a) - variations(b). Kept in integers: each member is a positive multiple of the
// rational remainder sequence's (the same signs everywhere), built by pseudo-division and
// evaluated at x = n/d as d^deg p(n/d), without a gcd.
class sturm_sequence {
 public:
  explicit sturm_sequence(const exact_polynomial& square_free);

  int variations(const exact& x) const;

 private:
  std::vector<std::vector<boost::multiprecision::cpp_int>> chain_;
};

// Cauchy's bound: every root x of p has |x| < 1 + max_k |c_k / c_n|.
exact root_bound(const exact_polynomial& p);

// The distinct real roots of p in the open interval (lo, hi), ascending, each to about 95 digits.
// Isolation is exact: Sturm counts at rational points that are never roots (a root found exactly
// at an end point is divided out; a bisection point that hits a root is moved off it). Each
// isolated root is simple in the square-free part, so it is bracketed by a sign change and
// narrowed with TOMS 748 in 100-digit arithmetic.
std::vector<high_precision> real_roots(const exact_polynomial& p, const exact& lo, const exact& hi);

// The simplest rational within `tolerance` of x whose denominator stays below `max_denominator`
// (continued fractions), or nothing: how a coefficient computed at 100 digits is recognised as the
// rational it is (the stability functions of Gauss and Radau methods are Pade approximants).
std::optional<exact> recognise_rational(const high_precision& x, const high_precision& tolerance,
                                        const boost::multiprecision::cpp_int& max_denominator);

}  // namespace orderly
