// Long-run energy behaviour of the splitting methods on the harmonic oscillator H = (p^2 + q^2)/2.
//
// The a-priori bound. A step of any drift/kick sequence on this problem is linear: drift d maps
// (q, p) to (q + d h p, p), kick k maps it to (q, p - k h q), and the step is the product
// M = [[a, b], [c, d]] of these 2x2 matrices (det M = 1: the method is symplectic). Because
// M^T J M = J with J = [[0, 1], [-1, 0]], the quadratic form Q(x) = x^T J M x
// = c q^2 + (d - a) q p - b p^2 is exactly invariant: every iterate lies on the ellipse
// Q(x) = Q(x_0). On that ellipse |x|^2 ranges over [Q0 / lambda_max, Q0 / lambda_min], with lambda
// the eigenvalues of the symmetric part S of J M, so the energy error can never exceed
// max(E_max - E_0, E_0 - E_min), whatever the number of steps. That bound is computed here from
// the coefficients in 100-digit arithmetic, independently of the stepper, and the run must (i) stay
// below it, (ii) reach it (the rotation by arccos((a+d)/2) per step sweeps the whole ellipse), and
// (iii) show the same maximum in the first and the last tenth of 10^5 steps (no drift). The bound
// itself is O(h^p): halving h divides it by at least 2^p.
#include <orderly/splitting.hpp>

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <vector>

namespace orderly {
namespace {

using matrix2 = std::array<std::array<high_precision, 2>, 2>;

matrix2 multiply(const matrix2& x, const matrix2& y) {
  matrix2 r;
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 2; ++j) r[i][j] = x[i][0] * y[0][j] + x[i][1] * y[1][j];
  return r;
}

// The step matrix of the method on q' = p, p' = -q.
matrix2 propagation_matrix(const splitting_method& m, const high_precision& h) {
  matrix2 step{{{1, 0}, {0, 1}}};
  for (std::size_t i = 0; i < m.drift.size(); ++i) {
    const matrix2 drift{{{1, m.drift[i] * h}, {0, 1}}};
    const matrix2 kick{{{1, 0}, {-m.kick[i] * h, 1}}};
    step = multiply(kick, multiply(drift, step));
  }
  return step;
}

// Largest |E - E0| on the invariant ellipse through x0 = (1, 0), E0 = 1/2.
high_precision energy_error_bound(const splitting_method& m, const high_precision& h) {
  const auto M = propagation_matrix(m, h);
  const high_precision a = M[0][0], b = M[0][1], c = M[1][0], d = M[1][1];
  // S = symmetric part of J M = [[c, (d - a)/2], [(d - a)/2, -b]]; Q0 = x0^T S x0 = c.
  const high_precision s11 = c, s12 = (d - a) / 2, s22 = -b;
  const high_precision mean = (s11 + s22) / 2;
  const high_precision radius = sqrt((s11 - s22) * (s11 - s22) / 4 + s12 * s12);
  high_precision l1 = mean - radius, l2 = mean + radius, q0 = s11;
  if (l2 < 0) {  // negative definite form: flip the sign of the whole equation
    const high_precision t = -l1;
    l1 = -l2;
    l2 = t;
    q0 = -q0;
  }
  if (l1 <= 0) throw std::runtime_error(m.name + ": unstable at this step size");
  const high_precision e_min = q0 / l2 / 2, e_max = q0 / l1 / 2, e0 = high_precision(1) / 2;
  return std::max(e_max - e0, e0 - e_min);
}

struct energy_run {
  double early = 0;  // max |E - E0| over steps [0, 10^4]
  double late = 0;   // max |E - E0| over steps [9*10^4, 10^5]
  double overall = 0;
};

energy_run run(const splitting_method& m, double h, int steps) {
  splitting_stepper<std::vector<double>> stepper(m);
  auto force = [](double, const std::vector<double>& q, std::vector<double>& f) { f[0] = -q[0]; };
  auto velocity = [](double, const std::vector<double>& p, std::vector<double>& v) { v[0] = p[0]; };
  std::vector<double> q{1.0}, p{0.0};
  energy_run r;
  double t = 0;
  for (int n = 1; n <= steps; ++n) {
    stepper.step(force, velocity, t, q, p, h);
    t += h;
    const double error = std::abs((q[0] * q[0] + p[0] * p[0]) / 2 - 0.5);
    if (n <= steps / 10) r.early = std::max(r.early, error);
    if (n >= steps - steps / 10) r.late = std::max(r.late, error);
    r.overall = std::max(r.overall, error);
  }
  return r;
}

TEST(SplittingEnergy, BoundedByTheInvariantEllipseOver100000Steps) {
  const high_precision h("0.1");
  const int steps = 100000;
  for (const auto& m : splitting_methods()) {
    SCOPED_TRACE(m.name);
    const double bound = energy_error_bound(m, h).convert_to<double>();
    const auto r = run(m, 0.1, steps);
    // Rounding: 10^5 steps of a few flops each move the energy by at most ~1e-12.
    const double rounding = 1e-12;
    EXPECT_LE(r.overall, bound * (1 + 1e-9) + rounding) << "bound " << bound;
    EXPECT_GE(r.early, 0.99 * bound - rounding) << "bound " << bound;
    EXPECT_GE(r.late, 0.99 * bound - rounding) << "bound " << bound;
    EXPECT_LT(r.late, 2 * r.early);
    EXPECT_LT(r.early, 2 * r.late);
    std::cout << "[ energy   ] " << m.name << ": bound " << bound << " (= " << bound / std::pow(0.1, m.order) << " h^"
              << m.order << "), max error first 10^4 steps " << r.early << ", last 10^4 steps " << r.late << "\n";
  }
}

TEST(SplittingEnergy, BoundShrinksAtTheMethodsOrder) {
  for (const auto& m : splitting_methods()) {
    SCOPED_TRACE(m.name);
    const auto coarse = energy_error_bound(m, high_precision("0.1"));
    const auto fine = energy_error_bound(m, high_precision("0.05"));
    const double exponent = log2(coarse / fine).convert_to<double>();
    EXPECT_GT(exponent, m.order - 0.1);
  }
}

TEST(SplittingEnergy, PropagationMatrixIsSymplectic) {
  for (const auto& m : splitting_methods()) {
    const auto M = propagation_matrix(m, high_precision("0.1"));
    EXPECT_LT(abs(M[0][0] * M[1][1] - M[0][1] * M[1][0] - 1), high_precision("1e-90")) << m.name;
  }
}

}  // namespace
}  // namespace orderly
