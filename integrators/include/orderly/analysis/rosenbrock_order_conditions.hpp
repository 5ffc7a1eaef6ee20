#pragma once
// A Rosenbrock method's order conditions up to order 4 (Hairer-Wanner II, Table IV.7.1), evaluated in
// exact rationals from the untransformed coefficients, and the two conditions a non-autonomous
// problem adds: the stage times c_i = alpha_i and the df/dt coefficients d_i = gamma_i (row sums).
// With beta_ij = alpha_ij + gamma_ij (j < i), beta'_i = sum_j<i beta_ij, alpha_i = sum_j<i alpha_ij:
//   1  sum b_i = 1
//   2  sum b_i beta'_i = 1/2 - gamma
//   3  sum b_i alpha_i^2 = 1/3;  sum b_i beta_ik beta'_k = 1/6 - gamma + gamma^2
//   4  sum b_i alpha_i^3 = 1/4;  sum b_i alpha_i alpha_ik beta'_k = 1/8 - gamma/3;
//      sum b_i beta_ik alpha_k^2 = 1/12 - gamma/3;
//      sum b_i beta_ik beta_kl beta'_l = 1/24 - gamma/2 + 3 gamma^2/2 - gamma^3
// The published coefficients are decimals, so the residuals are those of their last digits, not
// zero; the method's order is the highest p whose conditions all hold to the coefficients' digits.
#include <orderly/analysis/rosenbrock_equivalent.hpp>

#include <string>
#include <vector>

namespace orderly {

struct rosenbrock_condition {
  int order = 0;
  std::string condition;  // as printed above
  exact residual;         // left side minus right side
};

// The highest order the conditions below can show (Table IV.7.1 stops at 4).
inline constexpr int rosenbrock_conditions_max_order = 4;

std::vector<rosenbrock_condition> rosenbrock_order_conditions(const rosenbrock_method& m, bool embedded);

// Largest |residual| of the non-autonomous conditions c_i = alpha_i and d_i = gamma_i (row sums of
// Gamma): without them the method loses its order wherever df/dt != 0.
exact rosenbrock_nonautonomous_residual(const rosenbrock_method& m);

// The highest p whose conditions (of order <= p) all have |residual| <= tolerance; 0 when even the
// first fails. Cannot exceed rosenbrock_conditions_max_order.
int rosenbrock_order_from(const std::vector<rosenbrock_condition>& conditions, const exact& tolerance);

// Digits a sum of products of published coefficients may lose against their own precision
// (Rosenbrock order conditions: up to s^3 = 216 terms of products of four coefficients).
inline constexpr int rosenbrock_residual_digits_lost = 3;

// What counts as zero in a residual of the published coefficients: 10^-(digits - digits lost), 0
// for exact coefficients.
exact rosenbrock_residual_tolerance(const rosenbrock_method& m);

}  // namespace orderly
