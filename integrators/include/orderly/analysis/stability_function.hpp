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

template <class Number>
stability_function_coefficients stability_function_of(const rk_coefficients<Number>& m) {
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
inline stability_function_coefficients stability_function_of(const butcher_tableau& t,
                                                             weight_set weights = weight_set::primary) {
  if (t.exact_entries()) return stability_function_of(exact_coefficients(t, weights));
  return stability_function_of(tableau_coefficients<high_precision>(t, weights));
}

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
inline exact_polynomial squared_modulus_on_axis(const exact_polynomial& p) {
  exact_polynomial even(p.size(), exact(0)), odd(p.size(), exact(0));
  for (std::size_t k = 0; k < p.size(); ++k) {
    const bool negative = (k / 2) % 2 == 1;
    (k % 2 == 0 ? even : odd)[k] = negative ? exact(-p[k]) : p[k];
  }
  return trimmed(even) * trimmed(even) + trimmed(odd) * trimmed(odd);
}

// The most each coefficient of p^2 (or |p(iy)|^2, whose terms are those of p^2 with signs) can
// move when each coefficient of p moves by at most its uncertainty: (|p| + u)^2 - |p|^2.
inline exact_polynomial square_uncertainty(const exact_polynomial& p, const exact_polynomial& uncertainty) {
  exact_polynomial magnitude, widened;
  for (std::size_t k = 0; k < p.size(); ++k) {
    magnitude.push_back(abs(p[k]));
    widened.push_back(abs(p[k]) + (k < uncertainty.size() ? uncertainty[k] : exact(0)));
  }
  return widened * widened - magnitude * magnitude;
}

// A margin Q^2 - P^2 (either axis) with every term that its uncertainty could make zero dropped:
// such a term's sign is not known from rounded coefficients, and the method's own may be zero
// (Gauss methods: |R(iy)| = 1, the margin vanishes identically).
inline exact_polynomial without_terms_within_uncertainty(exact_polynomial margin,
                                                         const stability_function_coefficients& r) {
  if (r.numerator_uncertainty.empty() && r.denominator_uncertainty.empty()) return margin;
  const auto bound = square_uncertainty(r.denominator, r.denominator_uncertainty) +
                     square_uncertainty(r.numerator, r.numerator_uncertainty);
  for (std::size_t k = 0; k < margin.size(); ++k)
    if (k < bound.size() && abs(margin[k]) <= bound[k]) margin[k] = 0;
  return trimmed(std::move(margin));
}

}  // namespace detail

// |Q(iy)|^2 - |P(iy)|^2 as a polynomial in y: |R(iy)| <= 1 exactly where it is >= 0.
inline exact_polynomial imaginary_axis_margin(const stability_function_coefficients& r) {
  return detail::without_terms_within_uncertainty(
      detail::squared_modulus_on_axis(r.denominator) - detail::squared_modulus_on_axis(r.numerator), r);
}

// Q(x)^2 - P(x)^2 on the real axis: |R(x)| <= 1 exactly where it is >= 0 (and Q(x) != 0).
inline exact_polynomial real_axis_margin(const stability_function_coefficients& r) {
  return detail::without_terms_within_uncertainty(r.denominator * r.denominator - r.numerator * r.numerator, r);
}

// The margins' terms dropped for lying within their uncertainty of zero, as (power, value).
inline std::vector<std::pair<int, exact>> margin_terms_within_uncertainty(const stability_function_coefficients& r) {
  std::vector<std::pair<int, exact>> dropped;
  const auto raw = detail::squared_modulus_on_axis(r.denominator) - detail::squared_modulus_on_axis(r.numerator);
  const auto kept = imaginary_axis_margin(r);
  for (std::size_t k = 0; k < raw.size(); ++k)
    if (raw[k] != 0 && (k >= kept.size() || kept[k] == 0)) dropped.emplace_back(static_cast<int>(k), raw[k]);
  return dropped;
}

namespace detail {

// Walks away from zero along the ordered roots of `margin` and returns the first root after which
// the margin turns negative (its sign is decided exactly at a rational point between roots).
// Returns nothing when the margin stays non-negative out to beyond every root.
inline std::optional<high_precision> first_loss_of_stability(const exact_polynomial& margin,
                                                             const std::vector<high_precision>& roots_outward,
                                                             const exact& direction) {
  high_precision previous = 0;
  auto rational_between = [](const high_precision& x, const high_precision& y) { return exact_value_of((x + y) / 2); };
  for (std::size_t k = 0; k <= roots_outward.size(); ++k) {
    const exact probe =
        k < roots_outward.size() ? rational_between(previous, roots_outward[k]) : exact_value_of(previous) + direction;
    if (evaluate(margin, probe) < 0) return previous;
    if (k < roots_outward.size()) previous = roots_outward[k];
  }
  return std::nullopt;
}

}  // namespace detail

// The stability interval [x, 0] on the negative real axis: x, or nothing when unbounded.
inline std::optional<high_precision> real_stability_limit(const stability_function_coefficients& r) {
  const auto margin = real_axis_margin(r);
  if (margin.empty()) return std::nullopt;  // |R| = 1 on the whole axis
  const exact bound = root_bound(margin);
  auto roots = real_roots(margin, exact(-bound), exact(0));
  std::reverse(roots.begin(), roots.end());  // from 0 outward
  return detail::first_loss_of_stability(margin, roots, exact(-1));
}

// The stability interval [-iy, iy] on the imaginary axis: y (zero when the method is unstable on
// the axis arbitrarily close to 0), or nothing when unbounded.
inline std::optional<high_precision> imaginary_stability_limit(const stability_function_coefficients& r) {
  const auto margin = imaginary_axis_margin(r);
  if (margin.empty()) return std::nullopt;  // |R(iy)| = 1 for every y (Gauss methods, trapezoidal rule)
  const exact bound = root_bound(margin);
  const auto roots = real_roots(margin, exact(0), bound);
  return detail::first_loss_of_stability(margin, roots, exact(1));
}

// Routh-Hurwitz: every root of p lies in the open left half-plane. A zero in the first column
// (a root on the axis, or the singular case) counts as "not strictly".
inline bool all_roots_in_open_left_half_plane(const exact_polynomial& polynomial) {
  const auto p = trimmed(polynomial);
  const int n = static_cast<int>(p.size()) - 1;
  if (n <= 0) return true;
  // Rows of the Routh array, highest power first.
  std::vector<exact> upper, lower;
  for (int k = n; k >= 0; k -= 2) upper.push_back(p[static_cast<std::size_t>(k)]);
  for (int k = n - 1; k >= 0; k -= 2) lower.push_back(p[static_cast<std::size_t>(k)]);
  const int lead_sign = sign(p.back());
  for (int row = 1; row <= n; ++row) {
    if (lower.empty() || sign(lower.front()) != lead_sign) return false;
    std::vector<exact> next;
    for (std::size_t k = 0; k + 1 < upper.size(); ++k) {
      const exact right = k + 1 < lower.size() ? lower[k + 1] : exact(0);
      next.push_back((lower.front() * upper[k + 1] - upper.front() * right) / lower.front());
    }
    upper = std::move(lower);
    lower = std::move(next);
  }
  return true;
}

// A-stable: |R(z)| <= 1 on the closed left half-plane, i.e. no pole there (Q's roots all in the open
// right half-plane, Routh-Hurwitz on Q(-z)) and |R(iy)| <= 1 for every real y (the margin has no
// negative value: none of its sign-changing roots is followed by a negative stretch).
inline bool is_a_stable(const stability_function_coefficients& r) {
  if (!all_roots_in_open_left_half_plane(reflected(r.denominator))) return false;
  const auto margin = imaginary_axis_margin(r);
  if (margin.empty()) return true;
  if (margin.back() < 0) return false;  // |R(iy)| > 1 for large y
  const auto roots = real_roots(margin, exact(0), root_bound(margin));
  return !detail::first_loss_of_stability(margin, roots, exact(1)).has_value();
}

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
inline int stage_order(const butcher_tableau& t) {
  if (t.exact_entries()) return stage_order(exact_coefficients(t));
  return stage_order(tableau_coefficients<high_precision>(t), certified_coefficient_tolerance());
}

}  // namespace orderly
