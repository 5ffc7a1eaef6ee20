#pragma once
// Exact coefficients. Tableau entries are written as rational strings ("-7200/2197") and kept as
// cpp_rational, so order conditions can be checked exactly; they reach a scalar type only through
// to_scalar<T>, which rounds once from a 100-digit value (more than any supported scalar holds).
#include <boost/multiprecision/cpp_bin_float.hpp>
#include <boost/multiprecision/cpp_int.hpp>

#include <algorithm>
#include <cstdlib>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace orderly {

using exact = boost::multiprecision::cpp_rational;
// Working precision for coefficients that are not rational (roots of order-condition equations,
// closed forms with radicals): 100 decimal digits, converted once to the scalar.
using high_precision = boost::multiprecision::cpp_bin_float_100;

// A coefficient's exponent beyond any scalar's range denotes nothing a method can use, and the exact
// rational behind 10^999999 alone has a million digits.
inline constexpr long max_coefficient_exponent = 400;

// A coefficient as it is written: the exact rational it denotes and, for a rounded decimal, how
// finely it was given.
struct written_coefficient {
  exact value;
  std::optional<exact> resolution;  // half a unit in the last given digit (rounded decimals); none when exact
  int significant_digits = 0;       // decimals: digits from the first nonzero one
};

// The one reader of coefficients written as text: "p" or "p/q" (integers of any length, a sign on
// p), or a decimal "[-]digits[.digits][e[+-]digits]" (published codes print them so), each read as
// the exact rational it denotes. Integers and zero are exact; any other decimal was rounded to its
// last digit. Throws std::invalid_argument saying what is wrong with the text (not repeating it).
written_coefficient read_coefficient(std::string_view text, long max_exponent = max_coefficient_exponent);

// The exact value of a coefficient written in the library's sources (read_coefficient); a
// malformed one is a programming error, reported with the text.
exact parse_exact(std::string_view text);

std::vector<exact> parse_exact(std::initializer_list<std::string_view> texts);

high_precision to_high_precision(const exact& value);

// A rational as it is written: "p/q", or "p" for an integer.
std::string exact_text(const exact& value);

// Rounds a high-precision value to the scalar type T (float, double, long double, float128,
// cpp_bin_float_50, ...).
template <class T>
T to_scalar(const high_precision& value) {
  if constexpr (std::is_arithmetic_v<T>)
    return value.template convert_to<T>();
  else
    return static_cast<T>(value);
}

template <class T>
T to_scalar(const exact& value) {
  return to_scalar<T>(to_high_precision(value));
}

// The exact value of a binary floating-point number (every cpp_bin_float is a dyadic rational):
// how a coefficient computed at 100 digits is stored among exact ones without changing its value.
exact exact_value_of(const high_precision& x);

// Coefficients computed at 100 digits (radicals, roots of defining conditions, and what is derived
// from them) are trusted to this many: the rest is rounding in their construction.
inline constexpr int certified_coefficient_digits = 80;

// A condition on such coefficients holds when its residual is below this.
const high_precision& certified_coefficient_tolerance();

}  // namespace orderly
