// Compiled once: the analysis's rational and 100-digit arithmetic, which every file including
// the header would otherwise instantiate again.
#include <orderly/analysis/rounded_stability.hpp>

namespace orderly::detail {

std::vector<exact> elementary_symmetric(const std::vector<exact>& x) {
  std::vector<exact> e(x.size() + 1, exact(0));
  e[0] = 1;
  for (std::size_t i = 0; i < x.size(); ++i)
    for (std::size_t k = i + 1; k >= 1; --k) e[k] += e[k - 1] * x[i];
  return e;
}

std::vector<exact> determinant_coefficient_uncertainty(const std::vector<std::vector<exact>>& m,
                                                       const std::vector<std::vector<exact>>& delta,
                                                       bool lower_triangular) {
  std::vector<exact> r, widened;
  for (std::size_t i = 0; i < m.size(); ++i) {
    exact row = 0, moved = 0;
    for (std::size_t j = 0; j < m[i].size(); ++j)
      if (!lower_triangular || j == i) row += abs(m[i][j]), moved += delta[i][j];
    r.push_back(row);
    widened.push_back(row + moved);
  }
  const auto low = elementary_symmetric(r), high = elementary_symmetric(widened);
  std::vector<exact> bound;
  for (std::size_t k = 0; k < low.size(); ++k) bound.push_back(high[k] - low[k]);
  return bound;
}

std::vector<exact> explicit_polynomial_uncertainty(const rk_coefficients<exact>& m, const entry_uncertainty& delta) {
  const std::size_t s = m.b.size();
  std::vector<exact> low(s, exact(1)), high(s, exact(1));  // |A|^(k-1) 1 and its widened form
  std::vector<exact> bound{exact(0)};
  for (std::size_t k = 1; k <= s; ++k) {
    exact dot_low = 0, dot_high = 0;
    for (std::size_t i = 0; i < s; ++i) {
      dot_low += abs(m.b[i]) * low[i];
      dot_high += (abs(m.b[i]) + delta.b[i]) * high[i];
    }
    bound.push_back(dot_high - dot_low);
    std::vector<exact> next_low(s, exact(0)), next_high(s, exact(0));
    for (std::size_t i = 0; i < s; ++i)
      for (std::size_t j = 0; j < s; ++j) {
        next_low[i] += abs(m.a[i][j]) * low[j];
        next_high[i] += (abs(m.a[i][j]) + delta.a[i][j]) * high[j];
      }
    low = std::move(next_low);
    high = std::move(next_high);
  }
  return bound;
}

exact simplest_rational_between(exact lo, exact hi) {
  using boost::multiprecision::cpp_int;
  // x = a_0 + 1/(a_1 + 1/(...)): the common leading terms, then the smallest integer that fits.
  std::vector<cpp_int> terms;
  for (;;) {
    const cpp_int whole = numerator(lo) / denominator(lo);  // floor, lo >= 0
    if (exact(whole) == lo || exact(whole + 1) <= hi) {
      terms.push_back(exact(whole) == lo ? whole : whole + 1);
      break;
    }
    terms.push_back(whole);
    const exact next_lo = 1 / (hi - whole), next_hi = 1 / (lo - whole);
    lo = next_lo, hi = next_hi;
  }
  exact value = exact(terms.back());
  for (auto it = terms.rbegin() + 1; it != terms.rend(); ++it) value = exact(*it) + 1 / value;
  return value;
}

exact simplest_rational_within(const exact& x, const exact& bound) {
  if (abs(x) <= bound) return exact(0);
  return x > 0 ? simplest_rational_between(x - bound, x + bound)
               : exact(-simplest_rational_between(-x - bound, -x + bound));
}

}  // namespace orderly::detail

namespace orderly {

stability_function_coefficients stability_function_within(const rk_coefficients<exact>& m,
                                                          const entry_uncertainty& delta, int order) {
  auto r = stability_function_of(m);
  const std::size_t s = m.b.size();
  bool is_explicit = true, lower_triangular = true;
  for (std::size_t i = 0; i < s; ++i)
    for (std::size_t j = i; j < s; ++j)
      if (m.a[i][j] != 0 || delta.a[i][j] != 0) {
        is_explicit = false;
        if (j > i) lower_triangular = false;
      }
  std::vector<std::vector<exact>> p_matrix = m.a, p_delta = delta.a;
  for (std::size_t i = 0; i < s; ++i)
    for (std::size_t j = 0; j < s; ++j) p_matrix[i][j] -= m.b[j], p_delta[i][j] += delta.b[j];
  r.numerator_uncertainty = is_explicit ? detail::explicit_polynomial_uncertainty(m, delta)
                                        : detail::determinant_coefficient_uncertainty(p_matrix, p_delta, false);
  r.denominator_uncertainty = is_explicit ? exact_polynomial{exact(0)}
                                          : detail::determinant_coefficient_uncertainty(m.a, delta.a, lower_triangular);
  auto recognise = [&](exact_polynomial& p, exact_polynomial& uncertainty) {
    p.resize(std::max(p.size(), uncertainty.size()), exact(0));
    for (std::size_t k = 0; k < p.size() && k < uncertainty.size(); ++k) {
      if (uncertainty[k] == 0) continue;
      const high_precision bound = to_high_precision(uncertainty[k]);
      if (abs(p[k]) <= uncertainty[k]) {
        p[k] = 0, uncertainty[k] = 0;
        continue;
      }
      const high_precision largest_denominator = sqrt(high_precision(detail::recognition_chance) / bound);
      const auto q = largest_denominator < 1
                         ? std::nullopt
                         : recognise_rational(to_high_precision(p[k]), bound,
                                              static_cast<boost::multiprecision::cpp_int>(floor(largest_denominator)));
      if (q) {
        p[k] = *q, uncertainty[k] = 0;
      } else {
        // Kept uncertain, as its simplest value within reach: the method's own is then within
        // twice the bound of it.
        r.all_coefficients_recognised = false;
        p[k] = detail::simplest_rational_within(p[k], uncertainty[k]);
        uncertainty[k] *= 2;
      }
    }
    p = trimmed(std::move(p));
  };
  r.exact_from_rational_tableau = false;
  recognise(r.denominator, r.denominator_uncertainty);
  auto& p = r.numerator;
  auto& uncertainty = r.numerator_uncertainty;
  p.resize(std::max(p.size(), uncertainty.size()), exact(0));
  uncertainty.resize(p.size(), exact(0));
  exact factorial = 1;
  for (int k = 1; k <= order && static_cast<std::size_t>(k) < p.size(); ++k) {
    factorial *= k;
    exact implied = 0, implied_uncertainty = 0, inverse_factorial = 1 / factorial;  // 1/(k-j)! from j = 0
    for (int j = 0; j <= k; ++j) {
      if (static_cast<std::size_t>(j) < r.denominator.size()) implied += r.denominator[j] * inverse_factorial;
      if (static_cast<std::size_t>(j) < r.denominator_uncertainty.size())
        implied_uncertainty += r.denominator_uncertainty[j] * inverse_factorial;
      inverse_factorial *= k - j;  // 1/(k-j-1)! next
    }
    uncertainty[k] = std::max(uncertainty[k], exact(abs(p[k] - implied) + implied_uncertainty));
  }
  recognise(r.numerator, r.numerator_uncertainty);
  return r;
}

}  // namespace orderly
