// Rational recognition by continued fractions, in exact arithmetic on the double's exact value.
#include <orderly/analysis/rational_recognition.hpp>

#include <boost/math/constants/constants.hpp>

#include <cmath>
#include <limits>

namespace orderly {
namespace {

exact floor_of(const exact& x) {
  using boost::multiprecision::cpp_int;
  const cpp_int n = numerator(x), d = denominator(x);
  cpp_int q = n / d;  // truncates toward zero
  if (n < 0 && q * d != n) q -= 1;
  return exact(q);
}

// lo <= hi, both positive.
exact simplest_positive(const exact& lo, const exact& hi) {
  const exact whole = floor_of(lo);
  if (whole == lo) return lo;
  if (whole + 1 <= hi) return whole + 1;
  // Both lie in (whole, whole + 1): whole + 1 / (the simplest in [1 / (hi - whole), 1 / (lo - whole)]).
  return whole + 1 / simplest_positive(1 / (hi - whole), 1 / (lo - whole));
}

}  // namespace

exact max_recognised_denominator(double bound) {
  if (bound <= 0) return exact(std::numeric_limits<std::int64_t>::max());
  const double pi = boost::math::constants::pi<double>();
  // sum over q' <= q of (6 / pi^2) q' * 2 bound ~ (6 / pi^2) q^2 bound = chance
  const double q = std::sqrt(spurious_rational_chance * pi * pi / (6 * bound));
  return exact(static_cast<std::int64_t>(std::floor(q)));
}

exact simplest_rational_between(const exact& lo, const exact& hi) {
  if (lo <= 0 && hi >= 0) return exact(0);
  if (hi < 0) return -simplest_positive(-hi, -lo);
  return simplest_positive(lo, hi);
}

double rounding_bound(double x) {
  if (x == 0 || !std::isfinite(x)) return 0;
  const double ax = std::fabs(x);
  return recovered_rounding_ulps * (std::nextafter(ax, std::numeric_limits<double>::infinity()) - ax);
}

std::optional<exact> recognise_rational(double x, double bound) {
  if (!std::isfinite(x)) return std::nullopt;
  const exact value = exact_value_of(high_precision(x));
  if (bound <= 0) return value;
  const exact delta = exact_value_of(high_precision(bound));
  const exact r = simplest_rational_between(value - delta, value + delta);
  if (exact(denominator(r)) > max_recognised_denominator(bound)) return std::nullopt;
  return r;
}

}  // namespace orderly
