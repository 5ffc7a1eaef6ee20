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

rosenbrock_untransformed untransform(const rosenbrock_method& m, bool embedded);

rk_coefficients<exact> rosenbrock_linear_equivalent(const rosenbrock_method& m, bool embedded);

}  // namespace orderly
