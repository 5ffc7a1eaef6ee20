#pragma once
// Yoshida's sixth-order symmetric composition of a symmetric second-order method (Yoshida 1990,
// "solution A"), with weights computed to 100 digits.
//
// The method is  S(g1 h) S(g2 h) ... S(g7 h)  with g = (w1, w2, w3, w4, w3, w2, w1) and
// w4 = 1 - 2 (w1 + w2 + w3), S a symmetric second-order method. Yoshida published the weights to
// 15 digits (Phys. Lett. A 150 (1990) 262, Table 1, solution A). We take those as the starting
// point and solve the order-6 conditions for a symmetric composition of a symmetric method
// (Hairer, Lubich, Wanner, Geometric Numerical Integration, Sect. V.3.2; the consistency
// condition sum g = 1 is built into w4):
//     R1 = sum_k g_k^3 = 0
//     R2 = sum_k g_k^5 = 0
//     R3 = sum_k g_k^3 (g_1 + ... + g_{k-1} + g_k / 2)^2 = 0
// by Newton's method in high_precision. The Jacobian is a central difference with step 1e-40 in
// 100-digit arithmetic (accurate to ~1e-60 relative, far more than Newton needs); the iteration
// stops when the correction is below 1e-95. The converged weights agree with the 20-digit values of
// Leimkuhler & Reich, Simulating Hamiltonian Dynamics (2004), Table 6.2 (checked in the tests),
// and the resulting splitting method passes the bicolored-tree order conditions of order 6 to 40
// digits, which are independent of the three equations above.
#include <orderly/exact.hpp>

#include <array>
#include <cmath>
#include <stdexcept>

namespace orderly::yoshida6_detail {

using weights = std::array<high_precision, 3>;  // (w1, w2, w3): outermost first

inline std::array<high_precision, 7> composition(const weights& w) {
  const high_precision w4 = high_precision(1) - 2 * (w[0] + w[1] + w[2]);
  return {w[0], w[1], w[2], w4, w[2], w[1], w[0]};
}

inline std::array<high_precision, 3> residuals(const weights& w) {
  const auto g = composition(w);
  high_precision r1 = 0, r2 = 0, r3 = 0, before = 0;
  for (const auto& gk : g) {
    const high_precision cube = gk * gk * gk;
    r1 += cube;
    r2 += cube * gk * gk;
    const high_precision partial = before + gk / 2;
    r3 += cube * partial * partial;
    before += gk;
  }
  return {r1, r2, r3};
}

// Solves J x = r for 3x3 J by Gaussian elimination with partial pivoting.
inline std::array<high_precision, 3> solve3(std::array<std::array<high_precision, 3>, 3> J,
                                            std::array<high_precision, 3> r) {
  for (int col = 0; col < 3; ++col) {
    int pivot = col;
    for (int row = col + 1; row < 3; ++row)
      if (abs(J[row][col]) > abs(J[pivot][col])) pivot = row;
    std::swap(J[col], J[pivot]);
    std::swap(r[col], r[pivot]);
    if (J[col][col] == 0) throw std::runtime_error("yoshida6: singular Jacobian");
    for (int row = col + 1; row < 3; ++row) {
      const high_precision factor = J[row][col] / J[col][col];
      for (int k = col; k < 3; ++k) J[row][k] -= factor * J[col][k];
      r[row] -= factor * r[col];
    }
  }
  std::array<high_precision, 3> x;
  for (int row = 2; row >= 0; --row) {
    high_precision sum = r[row];
    for (int k = row + 1; k < 3; ++k) sum -= J[row][k] * x[k];
    x[row] = sum / J[row][row];
  }
  return x;
}

struct solution {
  weights w;
  int iterations = 0;
  high_precision residual;  // max |R_i| at the solution
};

// Newton's method from `start`.
inline solution solve(weights w) {
  const high_precision step("1e-40");
  const high_precision tolerance("1e-95");
  for (int iteration = 1; iteration <= 30; ++iteration) {
    const auto r = residuals(w);
    std::array<std::array<high_precision, 3>, 3> J;
    for (int j = 0; j < 3; ++j) {
      weights plus = w, minus = w;
      plus[j] += step;
      minus[j] -= step;
      const auto rp = residuals(plus), rm = residuals(minus);
      for (int i = 0; i < 3; ++i) J[i][j] = (rp[i] - rm[i]) / (2 * step);
    }
    const auto delta = solve3(J, r);
    high_precision largest = 0;
    for (int j = 0; j < 3; ++j) {
      w[j] -= delta[j];
      largest = std::max(largest, high_precision(abs(delta[j])));
    }
    if (largest < tolerance) {
      const auto final_r = residuals(w);
      high_precision worst = 0;
      for (const auto& x : final_r) worst = std::max(worst, high_precision(abs(x)));
      return {w, iteration, worst};
    }
  }
  throw std::runtime_error("yoshida6: Newton's method did not converge");
}

// Yoshida (1990), Table 1, solution A, as printed (15 digits), outermost weight first.
inline weights published_start() {
  return {high_precision("0.784513610477560"), high_precision("0.235573213359357"),
          high_precision("-1.17767998417887")};
}

// The converged weights, computed once.
inline const solution& weights_solution() {
  static const solution s = solve(published_start());
  return s;
}

}  // namespace orderly::yoshida6_detail
