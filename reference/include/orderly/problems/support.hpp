#pragma once
// Helpers shared by the problem definitions: problem data reaches a scalar type only from exact
// text (a rational "a/b" or a decimal "0.000954786104043"), read at 100 digits and rounded once,
// so a float128 or 50-digit problem carries its published data, not a double approximation.
#include <orderly/exact.hpp>
#include <orderly/problem.hpp>

#include <boost/math/constants/constants.hpp>

#include <string>
#include <string_view>

namespace orderly::problems {

// "a/b", "-a/b", "a" (exact rationals) or a decimal "-1.25e-3" (exactly as written, to 100 digits).
inline high_precision parse_value(std::string_view text) {
  if (text.find_first_of(".eE") == std::string_view::npos) return to_high_precision(parse_exact(text));
  return high_precision(std::string(text));
}

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

}  // namespace orderly::problems
