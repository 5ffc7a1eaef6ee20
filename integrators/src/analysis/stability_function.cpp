// Compiled once: the analysis's rational and 100-digit arithmetic, which every file including
// the header would otherwise instantiate again.
#include <orderly/analysis/stability_function.hpp>

namespace orderly {

stability_function_coefficients stability_function_of(const butcher_tableau& t, weight_set weights) {
  if (t.exact_entries()) return stability_function_of(exact_coefficients(t, weights));
  return stability_function_of(tableau_coefficients<high_precision>(t, weights));
}

}  // namespace orderly

namespace orderly::detail {

exact_polynomial squared_modulus_on_axis(const exact_polynomial& p) {
  exact_polynomial even(p.size(), exact(0)), odd(p.size(), exact(0));
  for (std::size_t k = 0; k < p.size(); ++k) {
    const bool negative = (k / 2) % 2 == 1;
    (k % 2 == 0 ? even : odd)[k] = negative ? exact(-p[k]) : p[k];
  }
  return trimmed(even) * trimmed(even) + trimmed(odd) * trimmed(odd);
}

exact_polynomial square_uncertainty(const exact_polynomial& p, const exact_polynomial& uncertainty) {
  exact_polynomial magnitude, widened;
  for (std::size_t k = 0; k < p.size(); ++k) {
    magnitude.push_back(abs(p[k]));
    widened.push_back(abs(p[k]) + (k < uncertainty.size() ? uncertainty[k] : exact(0)));
  }
  return widened * widened - magnitude * magnitude;
}

exact_polynomial without_terms_within_uncertainty(exact_polynomial margin, const stability_function_coefficients& r) {
  if (r.numerator_uncertainty.empty() && r.denominator_uncertainty.empty()) return margin;
  const auto bound = square_uncertainty(r.denominator, r.denominator_uncertainty) +
                     square_uncertainty(r.numerator, r.numerator_uncertainty);
  for (std::size_t k = 0; k < margin.size(); ++k)
    if (k < bound.size() && abs(margin[k]) <= bound[k]) margin[k] = 0;
  return trimmed(std::move(margin));
}

}  // namespace orderly::detail

namespace orderly {

exact_polynomial imaginary_axis_margin(const stability_function_coefficients& r) {
  return detail::without_terms_within_uncertainty(
      detail::squared_modulus_on_axis(r.denominator) - detail::squared_modulus_on_axis(r.numerator), r);
}

exact_polynomial real_axis_margin(const stability_function_coefficients& r) {
  return detail::without_terms_within_uncertainty(r.denominator * r.denominator - r.numerator * r.numerator, r);
}

std::vector<std::pair<int, exact>> margin_terms_within_uncertainty(const stability_function_coefficients& r) {
  std::vector<std::pair<int, exact>> dropped;
  const auto raw = detail::squared_modulus_on_axis(r.denominator) - detail::squared_modulus_on_axis(r.numerator);
  const auto kept = imaginary_axis_margin(r);
  for (std::size_t k = 0; k < raw.size(); ++k)
    if (raw[k] != 0 && (k >= kept.size() || kept[k] == 0)) dropped.emplace_back(static_cast<int>(k), raw[k]);
  return dropped;
}

}  // namespace orderly

namespace orderly::detail {

std::optional<high_precision> first_loss_of_stability(const exact_polynomial& margin,
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

}  // namespace orderly::detail

namespace orderly {

std::optional<high_precision> real_stability_limit(const stability_function_coefficients& r) {
  const auto margin = real_axis_margin(r);
  if (margin.empty()) return std::nullopt;  // |R| = 1 on the whole axis
  const exact bound = root_bound(margin);
  auto roots = real_roots(margin, exact(-bound), exact(0));
  std::reverse(roots.begin(), roots.end());  // from 0 outward
  return detail::first_loss_of_stability(margin, roots, exact(-1));
}

std::optional<high_precision> imaginary_stability_limit(const stability_function_coefficients& r) {
  const auto margin = imaginary_axis_margin(r);
  if (margin.empty()) return std::nullopt;  // |R(iy)| = 1 for every y (Gauss methods, trapezoidal rule)
  const exact bound = root_bound(margin);
  const auto roots = real_roots(margin, exact(0), bound);
  return detail::first_loss_of_stability(margin, roots, exact(1));
}

bool all_roots_in_open_left_half_plane(const exact_polynomial& polynomial) {
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

bool is_a_stable(const stability_function_coefficients& r) {
  if (!all_roots_in_open_left_half_plane(reflected(r.denominator))) return false;
  const auto margin = imaginary_axis_margin(r);
  if (margin.empty()) return true;
  if (margin.back() < 0) return false;  // |R(iy)| > 1 for large y
  const auto roots = real_roots(margin, exact(0), root_bound(margin));
  return !detail::first_loss_of_stability(margin, roots, exact(1)).has_value();
}

int stage_order(const butcher_tableau& t) {
  if (t.exact_entries()) return stage_order(exact_coefficients(t));
  return stage_order(tableau_coefficients<high_precision>(t), certified_coefficient_tolerance());
}

}  // namespace orderly
