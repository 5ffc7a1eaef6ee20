#pragma once
// A coefficient read back from a computation in floating point, and the simplest rational it can
// stand for. A step computed in double gives each coefficient rounded once or twice (a literal, a
// quotient of two integers, a product of two such); the rational p/q with the smallest denominator
// inside that rounding bound is found by continued fractions (the Stern-Brocot descent) and kept
// only when so small a denominator is unlikely to lie there by chance.
#include <orderly/exact.hpp>

#include <optional>

namespace orderly {

// The rounding a coefficient computed in double is taken to carry: this many units in the last
// place of its value (a correctly rounded literal is half a unit; a quotient or a product of two
// rounded numbers stays within two).
inline constexpr int recovered_rounding_ulps = 4;

// A rational with denominator q lies within a bound d of a random number with a chance of about
// (3 / pi^2) q^2 (2 d) summed over the denominators up to q: a recognised rational's denominator is
// kept below the value at which that chance reaches this.
inline constexpr double spurious_rational_chance = 1e-3;

// The largest denominator accepted for a value known to within +-bound.
exact max_recognised_denominator(double bound);

// The rational with the smallest denominator in [lo, hi] (lo <= hi).
exact simplest_rational_between(const exact& lo, const exact& hi);

// The simplest rational within +-bound of x, when its denominator is at most
// max_recognised_denominator(bound); nothing otherwise.
std::optional<exact> recognise_rational(double x, double bound);

// recovered_rounding_ulps units in the last place of x; 0 for x = 0 (a zero read back is exact:
// every term that made it was zero).
double rounding_bound(double x);

}  // namespace orderly
