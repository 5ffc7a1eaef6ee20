#pragma once
// The scalar of a float128 run's rounding twin, and its sine.
#include <boost/multiprecision/cpp_bin_float.hpp>

namespace orderly {

// 128 significant bits, 15 more than float128's 113, so the twin's own rounding is about 2^-15 of
// the rounding it measures (which the verdicts compare with a tenth of the error, or scale by a
// tenth as a floor), where mp50 would carry 50 digits it does not need: two 64-bit limbs against
// mp50's three, and sines summed to fewer terms.
using quad_twin_backend = boost::multiprecision::cpp_bin_float<128, boost::multiprecision::digit_base_2>;
using quad_twin = boost::multiprecision::number<quad_twin_backend>;

}  // namespace orderly

namespace boost::multiprecision::backends {

// The twin's sine (found by argument-dependent lookup, in place of Boost's generic series, for
// every sin of a quad_twin in a unit that includes this header, which every unit naming quad_twin
// does): the pendulum's twin runs evaluate one per stage, and Boost's sums a hypergeometric series
// with a division per term. Here: the argument reduced by pi/2 in three pieces (the first two short
// enough that their products with the quadrant are exact), then sin r = r (1 - r^2 S(r^2)) or
// cos r = 1 - r^2 C(r^2) for |r| <= pi/4, S and C by Horner's rule in 128-bit fixed point with the
// reciprocal factorials floor(2^128 / n!) as coefficients. Beyond 2^27 (no run in the catalog gets
// there), and for infinities and NaN, Boost's own.
void eval_sin(orderly::quad_twin_backend& result, const orderly::quad_twin_backend& x);

}  // namespace boost::multiprecision::backends
