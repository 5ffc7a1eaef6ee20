// Compiled once: the analysis's rational and 100-digit arithmetic, which every file including
// the header would otherwise instantiate again.
#include <orderly/analysis/rosenbrock_order_conditions.hpp>

namespace orderly {

std::vector<rosenbrock_condition> rosenbrock_order_conditions(const rosenbrock_method& m, bool embedded) {
  const auto u = untransform(m, embedded);
  const auto s = u.b.size();
  const exact& g = m.gamma;
  std::vector<exact> alpha_sum(s, exact(0)), beta_sum(s, exact(0));
  auto beta = [&](std::size_t i, std::size_t k) { return k < i ? exact(u.alpha[i][k] + u.gamma[i][k]) : exact(0); };
  for (std::size_t i = 0; i < s; ++i)
    for (std::size_t k = 0; k < i; ++k) alpha_sum[i] += u.alpha[i][k], beta_sum[i] += beta(i, k);
  // sum_i b_i x_i for a per-stage quantity x.
  auto weighted = [&](auto&& x) {
    exact sum = 0;
    for (std::size_t i = 0; i < s; ++i) sum += u.b[i] * x(i);
    return sum;
  };
  // sum_k M_ik v_k for M = beta or alpha.
  auto apply = [&](auto&& matrix, const std::vector<exact>& v) {
    std::vector<exact> out(s, exact(0));
    for (std::size_t i = 0; i < s; ++i)
      for (std::size_t k = 0; k < i; ++k) out[i] += matrix(i, k) * v[k];
    return out;
  };
  auto alpha = [&](std::size_t i, std::size_t k) { return u.alpha[i][k]; };
  std::vector<exact> alpha_squared(s);
  for (std::size_t i = 0; i < s; ++i) alpha_squared[i] = alpha_sum[i] * alpha_sum[i];
  const auto beta_beta_sum = apply(beta, beta_sum);    // sum_k beta_ik beta'_k
  const auto alpha_beta_sum = apply(alpha, beta_sum);  // sum_k alpha_ik beta'_k
  const auto beta_alpha_squared = apply(beta, alpha_squared);
  const auto beta_beta_beta = apply(beta, beta_beta_sum);  // sum_k beta_ik sum_l beta_kl beta'_l
  return {
      {1, "sum b_i = 1", weighted([](std::size_t) { return exact(1); }) - 1},
      {2, "sum b_i beta'_i = 1/2 - gamma", weighted([&](std::size_t i) { return beta_sum[i]; }) - (exact(1, 2) - g)},
      {3, "sum b_i alpha_i^2 = 1/3", weighted([&](std::size_t i) { return alpha_squared[i]; }) - exact(1, 3)},
      {3, "sum b_i beta_ik beta'_k = 1/6 - gamma + gamma^2",
       weighted([&](std::size_t i) { return beta_beta_sum[i]; }) - (exact(1, 6) - g + g * g)},
      {4, "sum b_i alpha_i^3 = 1/4",
       weighted([&](std::size_t i) { return exact(alpha_squared[i] * alpha_sum[i]); }) - exact(1, 4)},
      {4, "sum b_i alpha_i alpha_ik beta'_k = 1/8 - gamma/3",
       weighted([&](std::size_t i) { return exact(alpha_sum[i] * alpha_beta_sum[i]); }) - (exact(1, 8) - g / 3)},
      {4, "sum b_i beta_ik alpha_k^2 = 1/12 - gamma/3",
       weighted([&](std::size_t i) { return beta_alpha_squared[i]; }) - (exact(1, 12) - g / 3)},
      {4, "sum b_i beta_ik beta_kl beta'_l = 1/24 - gamma/2 + 3 gamma^2/2 - gamma^3",
       weighted([&](std::size_t i) { return beta_beta_beta[i]; }) -
           (exact(1, 24) - g / 2 + exact(3, 2) * g * g - g * g * g)},
  };
}

exact rosenbrock_nonautonomous_residual(const rosenbrock_method& m) {
  const auto u = untransform(m, false);
  exact worst = 0;
  for (std::size_t i = 0; i < u.b.size(); ++i) {
    exact alpha_i = 0, gamma_i = 0;
    for (std::size_t k = 0; k < u.b.size(); ++k) alpha_i += u.alpha[i][k], gamma_i += u.gamma[i][k];
    for (const exact& r : {exact(m.c[i] - alpha_i), exact(m.d[i] - gamma_i)}) worst = std::max(worst, exact(abs(r)));
  }
  return worst;
}

int rosenbrock_order_from(const std::vector<rosenbrock_condition>& conditions, const exact& tolerance) {
  int order = rosenbrock_conditions_max_order;
  for (const auto& c : conditions)
    if (abs(c.residual) > tolerance) order = std::min(order, c.order - 1);
  return order;
}

exact rosenbrock_residual_tolerance(const rosenbrock_method& m) {
  if (m.coefficient_digits == 0) return exact(0);
  return exact(1) /
         boost::multiprecision::pow(boost::multiprecision::cpp_int(10),
                                    static_cast<unsigned>(m.coefficient_digits - rosenbrock_residual_digits_lost));
}

}  // namespace orderly
