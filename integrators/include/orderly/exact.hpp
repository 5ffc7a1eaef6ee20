#pragma once
// Exact coefficients. Tableau entries are written as rational strings ("-7200/2197") and kept as
// cpp_rational, so order conditions can be checked exactly; they reach a scalar type only through
// to_scalar<T>, which rounds once from a 100-digit value (more than any supported scalar holds).
#include <boost/multiprecision/cpp_bin_float.hpp>
#include <boost/multiprecision/cpp_int.hpp>

#include <cstdlib>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace orderly {

using exact = boost::multiprecision::cpp_rational;
// Working precision for coefficients that are not rational (roots of order-condition equations,
// closed forms with radicals): 100 decimal digits, converted once to the scalar.
using high_precision = boost::multiprecision::cpp_bin_float_100;

// Parses "p", "p/q" or "-p/q" (integers of any length) into an exact rational.
inline exact parse_exact(std::string_view text) {
  const auto slash = text.find('/');
  auto integer = [&](std::string_view digits) {
    if (digits.empty()) throw std::invalid_argument("empty integer in coefficient '" + std::string(text) + "'");
    return boost::multiprecision::cpp_int(std::string(digits));
  };
  if (slash == std::string_view::npos) return exact(integer(text));
  const auto denominator = integer(text.substr(slash + 1));
  if (denominator == 0) throw std::invalid_argument("zero denominator in coefficient '" + std::string(text) + "'");
  return exact(integer(text.substr(0, slash)), denominator);
}

inline std::vector<exact> parse_exact(std::initializer_list<std::string_view> texts) {
  std::vector<exact> values;
  values.reserve(texts.size());
  for (auto text : texts) values.push_back(parse_exact(text));
  return values;
}

inline high_precision to_high_precision(const exact& value) {
  return high_precision(numerator(value)) / high_precision(denominator(value));
}

// Rounds a high-precision value to the scalar type T (float, double, long double, float128,
// cpp_bin_float_50, ...).
template <class T>
T to_scalar(const high_precision& value) {
  if constexpr (std::is_arithmetic_v<T>) return value.template convert_to<T>();
  else return static_cast<T>(value);
}

template <class T>
T to_scalar(const exact& value) {
  return to_scalar<T>(to_high_precision(value));
}

// The exact value of a binary floating-point number (every cpp_bin_float is a dyadic rational):
// how a coefficient computed at 100 digits is stored among exact ones without changing its value.
inline exact exact_value_of(const high_precision& x) {
  if (x == 0) return exact(0);
  int exponent = 0;
  const high_precision mantissa = frexp(x, &exponent);
  constexpr int mantissa_bits = 400;  // more than cpp_bin_float_100's 333 bits
  const auto integer = static_cast<boost::multiprecision::cpp_int>(ldexp(mantissa, mantissa_bits));
  exact value(integer);
  const int shift = exponent - mantissa_bits;
  const boost::multiprecision::cpp_int power = boost::multiprecision::pow(boost::multiprecision::cpp_int(2), std::abs(shift));
  return shift >= 0 ? exact(value * power) : exact(value / power);
}

// Coefficients computed at 100 digits (radicals, roots of defining conditions, and what is derived
// from them) are trusted to this many: the rest is rounding in their construction.
inline constexpr int certified_coefficient_digits = 80;

// A condition on such coefficients holds when its residual is below this.
inline const high_precision& certified_coefficient_tolerance() {
  static const high_precision tolerance = pow(high_precision(10), -certified_coefficient_digits);
  return tolerance;
}

}  // namespace orderly
