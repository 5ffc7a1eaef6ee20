#pragma once
// A Rosenbrock method's linear behaviour as a Runge-Kutta tableau, so that the stability analysis
// (stability_function.hpp) reads Rosenbrock methods like every other.
#include <orderly/order_conditions.hpp>
#include <orderly/tableaus/rosenbrock_methods.hpp>

#include <vector>

namespace orderly {

// A Rosenbrock method applied to y' = lambda y is the Runge-Kutta method with A = alpha + Gamma
// and weights b (Hairer-Wanner II, VI.7). From the transformed coefficients: Gamma = (I/gamma -
// C)^(-1), alpha = a Gamma, b^T = m^T Gamma; the embedded solution y1 - error has weights
// (m - e)^T Gamma. Exact rationals throughout (the published decimals are exact rationals).
// The untransformed coefficients (Hairer-Wanner II, (7.4)): k_i = h f(y0 + sum_j<i alpha_ij k_j)
// + h J sum_j<=i gamma_ij k_j, y1 = y0 + sum_i b_i k_i.
struct rosenbrock_untransformed {
  std::vector<std::vector<exact>> alpha, gamma;  // s x s; alpha strictly lower, gamma lower with gamma_ii = gamma
  std::vector<exact> b;
};

inline rosenbrock_untransformed untransform(const rosenbrock_method& m, bool embedded) {
  const auto s = static_cast<std::size_t>(m.stages());
  auto lower = [](const std::vector<std::vector<exact>>& rows, std::size_t i, std::size_t j) {
    return j < rows[i].size() ? rows[i][j] : exact(0);
  };
  rosenbrock_untransformed u;
  u.gamma.assign(s, std::vector<exact>(s, exact(0)));
  for (std::size_t column = 0; column < s; ++column)  // forward substitution, M = I/gamma - C
    for (std::size_t i = column; i < s; ++i) {
      exact sum = i == column ? exact(1) : exact(0);
      for (std::size_t k = column; k < i; ++k) sum += lower(m.C, i, k) * u.gamma[k][column];
      u.gamma[i][column] = sum * m.gamma;
    }
  u.alpha.assign(s, std::vector<exact>(s, exact(0)));
  u.b.assign(s, exact(0));
  for (std::size_t i = 0; i < s; ++i) {
    for (std::size_t j = 0; j < s; ++j)
      for (std::size_t k = 0; k < s; ++k) u.alpha[i][j] += lower(m.a, i, k) * u.gamma[k][j];
    const exact weight = embedded ? exact(m.m[i] - m.e[i]) : m.m[i];
    for (std::size_t j = 0; j < s; ++j) u.b[j] += weight * u.gamma[i][j];
  }
  return u;
}

inline rk_coefficients<exact> rosenbrock_linear_equivalent(const rosenbrock_method& m, bool embedded) {
  const auto u = untransform(m, embedded);
  const auto s = u.b.size();
  rk_coefficients<exact> r;
  r.a.assign(s, std::vector<exact>(s, exact(0)));
  for (std::size_t i = 0; i < s; ++i)
    for (std::size_t j = 0; j < s; ++j) r.a[i][j] = u.alpha[i][j] + u.gamma[i][j];
  r.b = u.b;
  r.complete();
  return r;
}

}  // namespace orderly
