// The exact-coefficient reader and conversions declared in exact.hpp, compiled once: they
// instantiate cpp_int and cpp_rational arithmetic (division, gcd, Karatsuba products) that every
// file including the header would otherwise compile again.
#include <orderly/exact.hpp>

#include <sstream>

#include <algorithm>
#include <cstdlib>
#include <initializer_list>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace orderly {

written_coefficient read_coefficient(std::string_view text, long max_exponent) {
  using boost::multiprecision::cpp_int;
  auto fail = [](const std::string& why) -> written_coefficient { throw std::invalid_argument(why); };
  auto digits_only = [](std::string_view s) {
    if (s.empty()) return false;
    for (char ch : s)
      if (ch < '0' || ch > '9') return false;
    return true;
  };
  // cpp_int reads a leading 0 as an octal prefix: leading zeros are dropped (one digit kept).
  auto decimal_integer = [](std::string_view digits) {
    digits.remove_prefix(std::min(digits.find_first_not_of('0'), digits.size() - 1));
    return cpp_int(std::string(digits));
  };
  if (text.empty()) return fail("is empty");
  bool negative = false;
  std::string_view body = text;
  if (body.front() == '-' || body.front() == '+') {
    negative = body.front() == '-';
    body.remove_prefix(1);
  }
  if (const auto slash = body.find('/'); slash != std::string_view::npos) {
    const std::string_view num = body.substr(0, slash), den = body.substr(slash + 1);
    if (!digits_only(num) || !digits_only(den)) return fail("is not a rational p/q");
    const cpp_int denominator = decimal_integer(den);
    if (denominator == 0) return fail("has a zero denominator");
    const exact value(decimal_integer(num), denominator);
    return {negative ? exact(-value) : value, std::nullopt};
  }
  std::string digits;
  long fraction_digits = 0;
  bool seen_point = false;
  std::size_t i = 0;
  for (; i < body.size() && body[i] != 'e' && body[i] != 'E'; ++i) {
    if (body[i] == '.') {
      if (seen_point) return fail("is not a number");
      seen_point = true;
    } else if (body[i] >= '0' && body[i] <= '9') {
      digits += body[i];
      if (seen_point) ++fraction_digits;
    } else {
      return fail("is not a number (use a decimal or p/q)");
    }
  }
  if (digits.empty()) return fail("is not a number");
  long exponent = 0;
  if (i < body.size()) {
    std::string_view e = body.substr(i + 1);
    if (e.size() > 6) return fail("has a malformed exponent");
    const bool negative_exponent = !e.empty() && e.front() == '-';
    if (!e.empty() && (e.front() == '-' || e.front() == '+')) e.remove_prefix(1);
    if (!digits_only(e)) return fail("has a malformed exponent");
    exponent = std::stol(std::string(e)) * (negative_exponent ? -1 : 1);
    if (std::labs(exponent) > max_exponent) return fail("has an exponent beyond +-" + std::to_string(max_exponent));
  }
  const long scale = exponent - fraction_digits;  // value = digits * 10^scale
  const cpp_int mantissa = decimal_integer(digits);
  const cpp_int ten_power = boost::multiprecision::pow(cpp_int(10), static_cast<unsigned>(std::labs(scale)));
  exact value = scale >= 0 ? exact(mantissa * ten_power) : exact(mantissa, ten_power);
  if (negative) value = -value;
  // Integers written without a point or exponent ("3") are exact, and so is a zero ("0.0": no
  // digit to round); anything else was rounded.
  if ((!seen_point && exponent == 0) || mantissa == 0) return {value, std::nullopt};
  const exact unit = scale >= 0 ? exact(ten_power) : exact(cpp_int(1), ten_power);
  return {value, unit / 2, static_cast<int>(decimal_integer(digits).str().size())};
}

exact parse_exact(std::string_view text) {
  try {
    return read_coefficient(text).value;
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument("coefficient '" + std::string(text) + "' " + e.what());
  }
}

std::vector<exact> parse_exact(std::initializer_list<std::string_view> texts) {
  std::vector<exact> values;
  values.reserve(texts.size());
  for (auto text : texts) values.push_back(parse_exact(text));
  return values;
}

high_precision to_high_precision(const exact& value) {
  return high_precision(numerator(value)) / high_precision(denominator(value));
}

exact exact_value_of(const high_precision& x) {
  if (x == 0) return exact(0);
  int exponent = 0;
  const high_precision mantissa = frexp(x, &exponent);
  constexpr int mantissa_bits = 400;  // more than cpp_bin_float_100's 333 bits
  const auto integer = static_cast<boost::multiprecision::cpp_int>(ldexp(mantissa, mantissa_bits));
  exact value(integer);
  const int shift = exponent - mantissa_bits;
  const boost::multiprecision::cpp_int power =
      boost::multiprecision::pow(boost::multiprecision::cpp_int(2), std::abs(shift));
  return shift >= 0 ? exact(value * power) : exact(value / power);
}

const high_precision& certified_coefficient_tolerance() {
  static const high_precision tolerance = pow(high_precision(10), -certified_coefficient_digits);
  return tolerance;
}

std::string exact_text(const exact& value) {
  std::ostringstream out;
  out << value;
  return out.str();
}

}  // namespace orderly
