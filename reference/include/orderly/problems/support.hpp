#pragma once
// Helpers shared by the problem definitions: problem data reaches a scalar type only from exact
// text (a rational "a/b" or a decimal "0.000954786104043"), read at 100 digits and rounded once,
// so a float128 or 50-digit problem carries its published data, not a double approximation.
#include <orderly/exact.hpp>
#include <orderly/problem.hpp>

#include <boost/math/constants/constants.hpp>

#include <cmath>
#include <limits>
#include <string>
#include <string_view>

namespace orderly::problems {

// "a/b", "-a/b", "a" or a decimal "-1.25e-3": the exact rational it denotes (parse_exact), to 100 digits.
inline high_precision parse_value(std::string_view text) { return to_high_precision(parse_exact(text)); }

template <class T>
T value(std::string_view text) {
  return to_scalar<T>(parse_value(text));
}

// A problem parameter, e.g. parameter<T>(*info, "eccentricity").
template <class T>
T parameter(const problem_info& info, std::string_view key) {
  return value<T>(info.parameter(key));
}

// pi in T at full precision.
template <class T>
T pi() {
  return to_scalar<T>(boost::math::constants::pi<high_precision>());
}

// y^(1/5): Newton on r^5 = y from double's root, each step doubling the correct bits until T's
// precision (none in double, two in float128 and 50 digits). Why not pow: the gate's main problem
// takes a fifth root in every right-hand side, and powq costs 2.0 us in float128 and
// cpp_bin_float_50's pow 19 us, against 0.39 and 1.3 us for the iteration (measured here); it is
// as accurate (relative error at most 0.77 epsilon against a 100-digit root in long double,
// float128 and cpp_bin_float_50, where that pow is 8.6 epsilon off; double takes pow's own
// value). Zero, negative, NaN, and y beyond double's range go to pow: 0, NaN (a run that drives
// y negative has blown up).
template <class T>
T fifth_root(const T& y) {
  using std::pow;
  constexpr double one_fifth = 1.0 / 5;  // the starting guess only: Newton carries it to T
  const double guess = std::pow(static_cast<double>(y), one_fifth);
  if (!(guess > 0) || !std::isfinite(guess)) return pow(y, T(1) / 5);
  T root(guess);
  for (int bits = std::numeric_limits<double>::digits; bits < std::numeric_limits<T>::digits; bits *= 2) {
    const T square = root * root;
    const T fourth = square * square;
    root -= (fourth * root - y) / (5 * fourth);
  }
  return root;
}

}  // namespace orderly::problems
