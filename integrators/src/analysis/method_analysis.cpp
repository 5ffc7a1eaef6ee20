// Compiled once: the analysis's rational and 100-digit arithmetic, which every file including
// the header would otherwise instantiate again.
#include <orderly/analysis/method_analysis.hpp>

namespace orderly {

linear_stability analyse_linear_stability(stability_function_coefficients function) {
  linear_stability s;
  s.real_limit = real_stability_limit(function);
  s.imaginary_limit = imaginary_stability_limit(function);
  s.a_stable = is_a_stable(function);
  s.l_stable = s.a_stable && degree(function.numerator) < degree(function.denominator);  // and R(infinity) = 0
  s.function = std::move(function);
  return s;
}

rk_analysis analyse_tableau(const butcher_tableau& t) {
  auto analyse = [&t]<class Number>(const Number&) {
    const auto primary = tableau_coefficients<Number>(t);
    if (!t.b_embedded) return analyse_runge_kutta(primary, t.order);
    const auto embedded = tableau_coefficients<Number>(t, weight_set::embedded);
    return analyse_runge_kutta(primary, t.order, &embedded, t.embedded_order);
  };
  return t.exact_entries() ? analyse(exact{}) : analyse(high_precision{});
}

exact_polynomial harmonic_step_trace(const splitting_method& m) {
  using poly = std::vector<high_precision>;
  auto multiply = [](const poly& p, const poly& q) {
    poly r(p.size() + q.size() - 1, high_precision(0));
    for (std::size_t i = 0; i < p.size(); ++i)
      for (std::size_t j = 0; j < q.size(); ++j) r[i + j] += p[i] * q[j];
    return r;
  };
  auto add = [](poly p, const poly& q) {
    if (p.size() < q.size()) p.resize(q.size(), high_precision(0));
    for (std::size_t k = 0; k < q.size(); ++k) p[k] += q[k];
    return p;
  };
  using matrix = std::array<std::array<poly, 2>, 2>;
  auto product = [&](const matrix& left, const matrix& right) {
    matrix r;
    for (int i = 0; i < 2; ++i)
      for (int j = 0; j < 2; ++j) r[i][j] = add(multiply(left[i][0], right[0][j]), multiply(left[i][1], right[1][j]));
    return r;
  };
  const poly one = {high_precision(1)}, zero = {high_precision(0)};
  matrix step = {{{one, zero}, {zero, one}}};
  for (int i = 0; i < m.stages(); ++i) {
    const auto a = m.drift[static_cast<std::size_t>(i)], b = m.kick[static_cast<std::size_t>(i)];
    const matrix drift = {{{one, poly{0, a}}, {zero, one}}};
    const matrix kick = {{{one, zero}, {poly{0, -b}, one}}};
    step = product(kick, product(drift, step));
  }
  bool recognised = true;
  return detail::as_exact_polynomial(add(step[0][0], step[1][1]), recognised);
}

splitting_analysis analyse_splitting(const splitting_method& m) {
  splitting_analysis a;
  const auto pair = partitioned_form(m);
  a.order = attained_order(pair.q_part, pair.p_part, m.order + 1, certified_coefficient_tolerance(), true);
  a.error = principal_error_norms<high_precision>(generate_trees(a.order + 1, 2, true), {&pair.q_part, &pair.p_part},
                                                  a.order + 1);
  const auto trace = harmonic_step_trace(m);
  const exact_polynomial margin = exact_polynomial{exact(4)} - trace * trace;  // >= 0 exactly where stable
  if (!margin.empty()) {
    const auto roots = real_roots(margin, exact(0), root_bound(margin));
    a.harmonic_limit = detail::first_loss_of_stability(margin, roots, exact(1));
  }
  return a;
}

}  // namespace orderly
