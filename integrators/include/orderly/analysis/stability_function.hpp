#pragma once
// Linear stability of a Runge-Kutta method, read from its coefficients. Applied to y' = lambda y,
// one step multiplies y by the stability function R(z), z = h lambda,
//     R(z) = 1 + z b^T (I - z A)^(-1) 1 = P(z) / Q(z),
//     Q(z) = det(I - z A),   P(z) = det(I - z (A - 1 b^T))
// (Hairer-Wanner II, IV.3, Prop. 3.2). det(I - z M) = sum_k m_k z^k follows from the
// characteristic polynomial of M (Faddeev-LeVerrier), so P and Q are exact when the tableau is
// rational. Methods with irrational coefficients (Gauss, Radau, SDIRK) are given at 100 digits;
// each coefficient of P and Q is then recognised as the rational it is (Pade approximants) when a
// small-denominator rational matches it to 80 digits, otherwise kept as the exact value of its
// 100-digit approximation, coefficients below the certified precision being zero.
//
// Every verdict below is decided on the polynomials with exact rational arithmetic (Sturm
// sequences, Routh-Hurwitz), never by sampling R.
#include <orderly/analysis/exact_polynomial.hpp>
#include <orderly/order_conditions.hpp>

#include <complex>
#include <optional>
#include <string>
#include <vector>

namespace orderly {

struct stability_function_coefficients {
  exact_polynomial numerator;               // P, ascending powers
  exact_polynomial denominator;             // Q, Q(0) = 1; {1} for explicit methods
  bool exact_from_rational_tableau = true;  // false: coefficients recognised or rounded from 100 digits
  bool all_coefficients_recognised = true;  // every coefficient identified as a small rational
  // Coefficients read from rounded entries (a user's decimals): the most each coefficient of P and
  // Q may differ from the method's own (empty: they are its own). The margins below then drop the
  // terms that lie within their own bound of zero (rounded_stability.hpp).
  exact_polynomial numerator_uncertainty, denominator_uncertainty;
};

namespace detail {

// det(I - z M) = z^s chi(1/z), chi(x) = det(x I - M) = x^s + c_1 x^(s-1) + ... + c_s, so the
// coefficient of z^k is c_k. Faddeev-LeVerrier: N_1 = I, c_k = -tr(M N_k) / k, N_(k+1) = M N_k + c_k I.
template <class Number>
std::vector<Number> det_one_minus_z_times(const std::vector<std::vector<Number>>& m) {
  const std::size_t s = m.size();
  std::vector<Number> coefficients = {Number(1)};
  std::vector<std::vector<Number>> n(s, std::vector<Number>(s, Number(0)));
  for (std::size_t i = 0; i < s; ++i) n[i][i] = 1;
  for (std::size_t k = 1; k <= s; ++k) {
    std::vector<std::vector<Number>> mn(s, std::vector<Number>(s, Number(0)));
    for (std::size_t i = 0; i < s; ++i)
      for (std::size_t l = 0; l < s; ++l)
        if (m[i][l] != 0)
          for (std::size_t j = 0; j < s; ++j) mn[i][j] += m[i][l] * n[l][j];
    Number trace = 0;
    for (std::size_t i = 0; i < s; ++i) trace += mn[i][i];
    const Number c = -trace / Number(static_cast<int>(k));
    coefficients.push_back(c);
    for (std::size_t i = 0; i < s; ++i) mn[i][i] += c;
    n = std::move(mn);
  }
  return coefficients;
}

template <class Number>
exact_polynomial as_exact_polynomial(const std::vector<Number>& values, bool& all_recognised) {
  exact_polynomial p;
  if constexpr (std::is_same_v<Number, exact>) {
    p = values;
  } else {
    high_precision largest = 0;
    for (const auto& v : values) largest = std::max(largest, high_precision(abs(v)));
    const high_precision zero_below = largest * certified_coefficient_tolerance();
    constexpr long long max_denominator = 1000000000000LL;  // Pade coefficients of s <= 7 stages are far below
    for (const auto& v : values) {
      const high_precision x(v);
      if (abs(x) <= zero_below) {
        p.push_back(exact(0));
      } else if (auto r = recognise_rational(x, abs(x) * certified_coefficient_tolerance(),
                                             boost::multiprecision::cpp_int(max_denominator))) {
        p.push_back(*r);
      } else {
        all_recognised = false;
        p.push_back(exact_value_of(x));
      }
    }
  }
  return trimmed(std::move(p));
}

}  // namespace detail

namespace detail {

// Whether A is strictly lower triangular: an explicit method, whose Q = det(I - z A) is 1.
template <class Number>
bool strictly_lower_triangular(const std::vector<std::vector<Number>>& a) {
  for (std::size_t i = 0; i < a.size(); ++i)
    for (std::size_t j = i; j < a[i].size(); ++j)
      if (a[i][j] != 0) return false;
  return true;
}

// An explicit method's P(z) = R(z) = 1 + sum_k z^k b^T A^(k-1) 1 (A^s = 0): s matrix-vector
// products instead of the s matrix products of Faddeev-LeVerrier, the same rationals.
inline std::vector<exact> explicit_stability_polynomial(const rk_coefficients<exact>& m) {
  const std::size_t s = m.b.size();
  std::vector<exact> coefficients = {exact(1)}, power(s, exact(1));  // A^(k-1) 1
  for (std::size_t k = 1; k <= s; ++k) {
    exact term = 0;
    for (std::size_t i = 0; i < s; ++i)
      if (m.b[i] != 0 && power[i] != 0) term += m.b[i] * power[i];
    coefficients.push_back(term);
    std::vector<exact> next(s, exact(0));
    for (std::size_t i = 0; i < s; ++i)
      for (std::size_t j = 0; j < i; ++j)
        if (m.a[i][j] != 0 && power[j] != 0) next[i] += m.a[i][j] * power[j];
    power = std::move(next);
  }
  return coefficients;
}

}  // namespace detail

template <class Number>
stability_function_coefficients stability_function_of(const rk_coefficients<Number>& m) {
  if constexpr (std::is_same_v<Number, exact>)
    if (detail::strictly_lower_triangular(m.a)) {
      stability_function_coefficients r;
      r.numerator =
          detail::as_exact_polynomial(detail::explicit_stability_polynomial(m), r.all_coefficients_recognised);
      r.denominator = detail::as_exact_polynomial(std::vector<exact>{exact(1)}, r.all_coefficients_recognised);
      return r;
    }
  const std::size_t s = m.b.size();
  auto a_minus_one_b = m.a;
  for (std::size_t i = 0; i < s; ++i)
    for (std::size_t j = 0; j < s; ++j) a_minus_one_b[i][j] -= m.b[j];
  stability_function_coefficients r;
  r.exact_from_rational_tableau = std::is_same_v<Number, exact>;
  r.numerator =
      detail::as_exact_polynomial(detail::det_one_minus_z_times(a_minus_one_b), r.all_coefficients_recognised);
  r.denominator = detail::as_exact_polynomial(detail::det_one_minus_z_times(m.a), r.all_coefficients_recognised);
  return r;
}

// A tableau's, in the arithmetic its coefficients allow: exact when every entry is rational, from
// the 100-digit values otherwise (their P and Q recognised as rationals where they are).
stability_function_coefficients stability_function_of(const butcher_tableau& t,
                                                      weight_set weights = weight_set::primary);

// R(z) in the scalar T (coefficients rounded once from their exact values).
template <class T>
std::complex<T> evaluate_stability_function(const stability_function_coefficients& r, const std::complex<T>& z) {
  auto horner = [&](const exact_polynomial& p) {
    std::complex<T> value(0);
    for (auto it = p.rbegin(); it != p.rend(); ++it) value = value * z + std::complex<T>(to_scalar<T>(*it));
    return value;
  };
  return horner(r.numerator) / horner(r.denominator);
}

namespace detail {

// p(iy) = even(y) + i odd(y): |p(iy)|^2 = even^2 + odd^2, even(y) = sum_(k even) p_k (-1)^(k/2) y^k.
exact_polynomial squared_modulus_on_axis(const exact_polynomial& p);

// The most each coefficient of p^2 (or |p(iy)|^2, whose terms are those of p^2 with signs) can
// move when each coefficient of p moves by at most its uncertainty: (|p| + u)^2 - |p|^2.
exact_polynomial square_uncertainty(const exact_polynomial& p, const exact_polynomial& uncertainty);

// A margin Q^2 - P^2 (either axis) with every term that its uncertainty could make zero dropped:
// such a term's sign is not known from rounded coefficients, and the method's own may be zero
// (Gauss methods: |R(iy)| = 1, the margin vanishes identically).
exact_polynomial without_terms_within_uncertainty(exact_polynomial margin, const stability_function_coefficients& r);

}  // namespace detail

// |Q(iy)|^2 - |P(iy)|^2 as a polynomial in y: |R(iy)| <= 1 exactly where it is >= 0.
exact_polynomial imaginary_axis_margin(const stability_function_coefficients& r);

// Q(x)^2 - P(x)^2 on the real axis: |R(x)| <= 1 exactly where it is >= 0 (and Q(x) != 0).
exact_polynomial real_axis_margin(const stability_function_coefficients& r);

// The margins' terms dropped for lying within their uncertainty of zero, as (power, value).
std::vector<std::pair<int, exact>> margin_terms_within_uncertainty(const stability_function_coefficients& r);

namespace detail {

// Walks away from zero along the ordered roots of `margin` and returns the first root after which
// the margin turns negative (its sign is decided exactly at a rational point between roots).
// Returns nothing when the margin stays non-negative out to beyond every root.
std::optional<high_precision> first_loss_of_stability(const exact_polynomial& margin,
                                                      const std::vector<high_precision>& roots_outward,
                                                      const exact& direction);

}  // namespace detail

// The stability interval [x, 0] on the negative real axis: x, or nothing when unbounded.
std::optional<high_precision> real_stability_limit(const stability_function_coefficients& r);

// The stability interval [-iy, iy] on the imaginary axis: y (zero when the method is unstable on
// the axis arbitrarily close to 0), or nothing when unbounded.
std::optional<high_precision> imaginary_stability_limit(const stability_function_coefficients& r);

// Routh-Hurwitz: every root of p lies in the open left half-plane. A zero in the first column
// (a root on the axis, or the singular case) counts as "not strictly".
bool all_roots_in_open_left_half_plane(const exact_polynomial& polynomial);

// A-stable: |R(z)| <= 1 on the closed left half-plane, i.e. no pole there (Q's roots all in the open
// right half-plane, Routh-Hurwitz on Q(-z)) and |R(iy)| <= 1 for every real y (the margin has no
// negative value: none of its sign-changing roots is followed by a negative stretch).
bool is_a_stable(const stability_function_coefficients& r);

// Stage order: the largest q for which B(q) and C(q) hold (Hairer-Wanner II, IV.5 and IV.15):
//   B(q): sum_i b_i c_i^(k-1) = 1/k,                 k = 1..q (the quadrature's order),
//   C(q): sum_j a_ij c_j^(k-1) = c_i^k / k for each i, k = 1..q (each stage's own order).
// (Without B, explicit Euler's single stage at c = 0 would satisfy C(q) for every q.)
template <class Number>
int stage_order(const rk_coefficients<Number>& m, const Number& tolerance = Number(0)) {
  using std::abs;
  const std::size_t s = m.b.size();
  auto power = [](const Number& x, int e) {
    Number r = 1;
    for (int k = 0; k < e; ++k) r *= x;
    return r;
  };
  constexpr int search_limit = 40;
  for (int k = 1; k <= search_limit; ++k) {
    Number quadrature = 0;
    for (std::size_t i = 0; i < s; ++i) quadrature += m.b[i] * power(m.c[i], k - 1);
    if (abs(quadrature - Number(1) / Number(k)) > tolerance) return k - 1;
    for (std::size_t i = 0; i < s; ++i) {
      Number sum = 0;
      for (std::size_t j = 0; j < s; ++j) sum += m.a[i][j] * power(m.c[j], k - 1);
      if (abs(sum - power(m.c[i], k) / Number(k)) > tolerance) return k - 1;
    }
  }
  return search_limit;
}

// A tableau's: exactly, or to the certified precision of 100-digit coefficients.
int stage_order(const butcher_tableau& t);

}  // namespace orderly
