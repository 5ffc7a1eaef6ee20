// The rounding twin's sine (declared in quad_twin.hpp).
#include <orderly/quad_twin.hpp>

#include <boost/math/constants/constants.hpp>

#include <array>
#include <cmath>
#include <cstdint>

namespace orderly {

namespace {

using fixed = unsigned __int128;  // a fraction f 2^-128, 0 <= f < 2^128
using wide =
    boost::multiprecision::number<boost::multiprecision::cpp_bin_float<256, boost::multiprecision::digit_base_2>>;

// Terms of the series in r^2: with |r| <= pi/4 the first term left out, at most (pi/4)^36 / 36!, is
// below 2^-150, and the coefficients from 1/35! on round to 0 in 128-bit fixed point anyway.
constexpr int series_terms = 17;
// Arguments up to 2^27 take the fast reduction: their quadrant's product with the first piece of
// pi/2 (100 bits) fits the 128-bit mantissa exactly, so the reduction loses nothing there.
constexpr double fast_reduction_limit = 134217728;  // 2^27
constexpr int first_piece_bits = 99, second_piece_bits = 198;

// floor(a b / 2^128), from four 64 x 64-bit products.
fixed high_product(fixed a, fixed b) {
  const auto a0 = static_cast<std::uint64_t>(a), a1 = static_cast<std::uint64_t>(a >> 64);
  const auto b0 = static_cast<std::uint64_t>(b), b1 = static_cast<std::uint64_t>(b >> 64);
  const fixed low = fixed(a0) * b0, cross1 = fixed(a1) * b0, cross2 = fixed(a0) * b1, high = fixed(a1) * b1;
  const fixed middle = (low >> 64) + static_cast<std::uint64_t>(cross1) + static_cast<std::uint64_t>(cross2);
  return high + (cross1 >> 64) + (cross2 >> 64) + (middle >> 64);
}

struct sine_constants {
  // floor(2^128 / n!) for n >= 2 (floor(floor(2^128 / (n-1)!) / n) = floor(2^128 / n!)); n < 2 unused.
  std::array<fixed, 2 * series_terms + 2> inverse_factorial{};
  // pi/2 = first + second + third: the first two cut to 100 and 99 bits, the third rounded.
  quad_twin half_pi_first, half_pi_second, half_pi_third;
  double two_over_pi = 0;  // only to choose the quadrant
  sine_constants() {
    inverse_factorial[2] = fixed(1) << 127;
    for (unsigned n = 3; n < inverse_factorial.size(); ++n) inverse_factorial[n] = inverse_factorial[n - 1] / n;
    const wide half_pi = boost::math::constants::half_pi<wide>();
    const wide first = ldexp(trunc(ldexp(half_pi, first_piece_bits)), -first_piece_bits);
    const wide second = ldexp(trunc(ldexp(half_pi - first, second_piece_bits)), -second_piece_bits);
    half_pi_first = quad_twin(first);
    half_pi_second = quad_twin(second);
    half_pi_third = quad_twin(half_pi - first - second);
    two_over_pi = static_cast<double>(boost::math::constants::two_div_pi<wide>());
  }
};

const sine_constants& sine_constants_once() {
  static const sine_constants c;
  return c;
}

// floor(v 2^128) for 0 <= v < 1, from the mantissa (v = bits 2^(exponent - 127)).
fixed to_fixed(const quad_twin& v) {
  if (v == 0) return 0;
  const auto& b = v.backend();
  const int shift = -1 - static_cast<int>(b.exponent());
  if (shift >= 128) return 0;
  const auto* limbs = b.bits().limbs();
  fixed m = limbs[0];
  if (b.bits().size() > 1) m |= fixed(limbs[1]) << 64;
  return m >> shift;
}

quad_twin from_fixed(fixed f) {
  return ldexp(quad_twin(static_cast<std::uint64_t>(f >> 64)), -64) +
         ldexp(quad_twin(static_cast<std::uint64_t>(f)), -128);
}

// 1 - u (c_1 - u (c_2 - u (... c_terms))) with c_j = 1/(2j + 1)! (sine, odd) or 1/(2j)! (cosine):
// every partial sum lies in [0, c_j] (alternating, decreasing terms, u < 1), so none wraps.
quad_twin one_minus_series(fixed u, bool odd) {
  const auto& c = sine_constants_once().inverse_factorial;
  const int offset = odd ? 1 : 0;
  fixed sum = c[2 * series_terms + offset];
  for (int j = series_terms - 1; j >= 1; --j) sum = c[2 * j + offset] - high_product(u, sum);
  const fixed tail = high_product(u, sum);
  return tail == 0 ? quad_twin(1) : from_fixed(fixed(0) - tail);
}

}  // namespace

}  // namespace orderly

namespace boost::multiprecision::backends {

void eval_sin(orderly::quad_twin_backend& result, const orderly::quad_twin_backend& x) {
  using orderly::quad_twin;
  const quad_twin argument(x);
  if (!(abs(argument) < orderly::fast_reduction_limit)) {
    default_ops::eval_sin(result, x);
    return;
  }
  const auto& k = orderly::sine_constants_once();
  const long long quadrant = std::llround(static_cast<double>(argument) * k.two_over_pi);
  quad_twin r = argument;
  if (quadrant != 0) {
    const quad_twin q(quadrant);
    r = ((argument - q * k.half_pi_first) - q * k.half_pi_second) - q * k.half_pi_third;
  }
  const auto u = orderly::to_fixed(quad_twin(r * r));
  quad_twin value;
  switch (quadrant & 3) {
    case 0:
      value = r * orderly::one_minus_series(u, true);
      break;
    case 1:
      value = orderly::one_minus_series(u, false);
      break;
    case 2:
      value = -(r * orderly::one_minus_series(u, true));
      break;
    default:
      value = -orderly::one_minus_series(u, false);
      break;
  }
  result = value.backend();
}

}  // namespace boost::multiprecision::backends
