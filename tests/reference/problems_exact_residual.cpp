// Closed forms, Jacobians and invariants of the catalog problems, checked in 50-digit arithmetic.
//  - residual: y'(t) - f(t, y(t)) for every exact solution, y' by an 8th-order central difference;
//    the tolerance is the difference formula's own truncation error, estimated by Richardson
//    (|D(h) - D(h/2)| ~ (1 - 2^-8) |error of D(h)|), plus 50-digit rounding. A typo in a formula
//    leaves an O(1) residual; a deliberately wrong solution below must fail the same check.
//  - analytic Jacobians against central differences of the right-hand side;
//  - invariants constant along the exact solutions;
//  - the fifth root the gate problem's right-hand side takes, against Boost's 100-digit pow.
#include <orderly/problem_catalog.hpp>
#include <orderly/problems/hamiltonian.hpp>
#include <orderly/problems/support.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <sstream>
#include <string>
#include <vector>

namespace {

using orderly::mp50;
using orderly::state_of;
using orderly::typed_problem;

struct residual_result {
  bool passed = true;
  std::string detail;
};

// 8th-order central difference of the exact solution: coefficients 4/5, -1/5, 4/105, -1/280.
state_of<mp50> derivative(const std::function<state_of<mp50>(const mp50&)>& y, const mp50& t, const mp50& h) {
  static const mp50 c[4] = {mp50(4) / 5, mp50(-1) / 5, mp50(4) / 105, mp50(-1) / 280};
  state_of<mp50> d(y(t).size(), mp50(0));
  for (int k = 1; k <= 4; ++k) {
    const auto plus = y(t + k * h), minus = y(t - k * h);
    for (std::size_t i = 0; i < d.size(); ++i) d[i] += c[k - 1] * (plus[i] - minus[i]);
  }
  for (auto& x : d) x /= h;
  return d;
}

// The residual check applied to `exact` as a solution of p's right-hand side at `times`.
residual_result check_exact_residual(const typed_problem<mp50>& p,
                                     const std::function<state_of<mp50>(const mp50&)>& exact,
                                     const std::vector<mp50>& times) {
  using std::abs;
  residual_result result;
  const mp50 h = mp50(1) / 10000;
  const mp50 rounding = std::numeric_limits<mp50>::epsilon() * 1000;
  for (const auto& t : times) {
    const auto y = exact(t);
    state_of<mp50> f(y.size());
    p.rhs(t, y, f);
    const auto d1 = derivative(exact, t, h), d2 = derivative(exact, t, h / 2);
    mp50 scale = 0;
    for (const auto& x : f) scale = std::max(scale, mp50(abs(x)));
    for (std::size_t i = 0; i < y.size(); ++i) {
      const mp50 residual = abs(d2[i] - f[i]);
      // Truncation of D(h/2) is 2^-8 of D(h)'s; |D(h) - D(h/2)| estimates D(h)'s. Factor 4 of slack.
      const mp50 tolerance = 4 * abs(d1[i] - d2[i]) / 256 + rounding * (1 + scale) / h;
      if (!(residual <= tolerance)) {  // NaN fails too
        result.passed = false;
        std::ostringstream s;
        s << "t = " << t.str(10) << ", component " << i << ": residual " << residual.str(3) << " > tolerance "
          << tolerance.str(3) << "; ";
        result.detail += s.str();
      }
    }
  }
  return result;
}

std::vector<mp50> sample_times(const typed_problem<mp50>& p) {
  std::vector<mp50> times;
  for (int k = 1; k <= 5; ++k) times.push_back(p.t0 + (p.t_end - p.t0) * k / 5);
  times.push_back(p.t0 + (p.t_end - p.t0) / 7);
  return times;
}

TEST(ProblemsExactResidual, EveryClosedFormSolvesItsEquation) {
  int checked = 0;
  for (const auto& entry : orderly::problem_catalog()) {
    if (!entry.info.has_exact) continue;
    const auto p = orderly::instantiate<mp50>(entry);
    ASSERT_TRUE(static_cast<bool>(p.exact)) << entry.info.name << " claims an exact solution but has none";
    // The closed form starts at the initial value.
    const auto y0 = p.exact(p.t0);
    for (std::size_t i = 0; i < y0.size(); ++i)
      EXPECT_LT(abs(y0[i] - p.y0[i]), mp50("1e-45") * (1 + abs(p.y0[i]))) << entry.info.name << " component " << i;
    const auto result = check_exact_residual(p, p.exact, sample_times(p));
    EXPECT_TRUE(result.passed) << entry.info.name << ": " << result.detail;
    ++checked;
  }
  EXPECT_GE(checked, 12);  // seed problems, nonlinear-na, pendulum, kepler, stiff-spring, prothero-robinson...
}

TEST(ProblemsExactResidual, DeliberatelyWrongSolutionsFail) {
  // Spring-damper k = 15, b = 0.1 with the damping exponent's sign flipped (a typical typo).
  const auto* spring = orderly::find_problem("spring-damper-15");
  ASSERT_NE(spring, nullptr);
  const auto p = orderly::instantiate<mp50>(*spring);
  auto wrong_sign = [](const mp50& t) {
    const mp50 k = 15, b = mp50(1) / 10, x0 = 1000, gamma = b / 2, omega = sqrt(k - gamma * gamma);
    const mp50 A = x0, B = gamma * A / omega, e = exp(gamma * t);  // should be exp(-gamma t)
    return state_of<mp50>{e * (A * cos(omega * t) + B * sin(omega * t)),
                          e * ((B * omega + gamma * A) * cos(omega * t) - (A * omega - gamma * B) * sin(omega * t))};
  };
  EXPECT_FALSE(check_exact_residual(p, wrong_sign, sample_times(p)).passed);

  // Kepler with the eccentric anomaly's factor sqrt(1 - e^2) written as sqrt(1 - e).
  const auto* kepler = orderly::find_problem("kepler");
  ASSERT_NE(kepler, nullptr);
  const auto pk = orderly::instantiate<mp50>(*kepler);
  auto wrong_factor = [](const mp50& t) {
    const mp50 e = mp50(6) / 10;
    const mp50 E = orderly::problems::eccentric_anomaly(t, e);
    const mp50 c = cos(E), s = sin(E), w = sqrt(1 - e), d = 1 - e * c;
    return state_of<mp50>{c - e, w * s, -s / d, w * c / d};
  };
  EXPECT_FALSE(check_exact_residual(pk, wrong_factor, sample_times(pk)).passed);

  // A solution that is right at t0 but a hair off in frequency: 1e-12 relative must still be caught.
  const auto* harmonic = orderly::find_problem("harmonic");
  ASSERT_NE(harmonic, nullptr);
  const auto ph = orderly::instantiate<mp50>(*harmonic);
  auto detuned = [](const mp50& t) {
    const mp50 w = 1 + mp50("1e-12");
    return state_of<mp50>{cos(w * t), -w * sin(w * t)};
  };
  EXPECT_FALSE(check_exact_residual(ph, detuned, sample_times(ph)).passed);

  // A formula that evaluates to NaN (0/0 in a special case) must not pass silently.
  auto not_a_number = [](const mp50& t) {
    const mp50 zero = 0;
    return state_of<mp50>{cos(t) + zero / zero, -sin(t)};
  };
  EXPECT_FALSE(check_exact_residual(ph, not_a_number, sample_times(ph)).passed);
}

TEST(ProblemsExactResidual, AnalyticJacobiansMatchDifferences) {
  for (const auto& entry : orderly::problem_catalog()) {
    const auto p = orderly::instantiate<mp50>(entry);
    EXPECT_EQ(static_cast<bool>(p.jacobian), entry.info.has_jacobian) << entry.info.name;
    if (!p.jacobian) continue;
    const std::size_t n = p.y0.size();
    ASSERT_EQ(static_cast<int>(n), entry.info.dimension) << entry.info.name;
    // At y0 and at a perturbed state (so that Jacobian entries vanishing at y0 are exercised too).
    state_of<mp50> moved = p.y0;
    for (std::size_t i = 0; i < n; ++i) moved[i] += (abs(moved[i]) + mp50("1e-3")) * mp50(int(i % 3) + 1) / 50;
    const mp50 t = p.t0 + (p.t_end - p.t0) / 3;
    for (const auto& y : {p.y0, moved}) {
      std::vector<mp50> J;
      p.jacobian(t, y, J);
      ASSERT_EQ(J.size(), n * n) << entry.info.name;
      std::vector<mp50> D(n * n);
      for (std::size_t j = 0; j < n; ++j) {
        const mp50 h = mp50("1e-20") * (abs(y[j]) + mp50("1e-10"));
        auto plus = y, minus = y;
        plus[j] += h;
        minus[j] -= h;
        state_of<mp50> fp(n), fm(n);
        p.rhs(t, plus, fp);
        p.rhs(t, minus, fm);
        for (std::size_t i = 0; i < n; ++i) D[i * n + j] = (fp[i] - fm[i]) / (2 * h);
      }
      for (std::size_t i = 0; i < n; ++i) {
        mp50 row = 0;
        for (std::size_t j = 0; j < n; ++j) row = std::max(row, mp50(abs(D[i * n + j])));
        for (std::size_t j = 0; j < n; ++j) {
          const mp50 error = abs(J[i * n + j] - D[i * n + j]);
          EXPECT_LE(error, mp50("1e-15") * std::max(mp50(abs(D[i * n + j])), mp50(row * mp50("1e-10"))) + mp50("1e-30"))
              << entry.info.name << " J[" << i << "][" << j << "] = " << J[i * n + j].str(12)
              << ", difference quotient " << D[i * n + j].str(12);
        }
      }
    }
  }
}

TEST(ProblemsExactResidual, InvariantsConstantAlongExactSolutions) {
  int checked = 0;
  for (const auto& entry : orderly::problem_catalog()) {
    const auto p = orderly::instantiate<mp50>(entry);
    if (!p.exact) continue;
    for (const auto& invariant : p.invariants) {
      const mp50 initial = invariant.value(p.t0, p.y0);
      for (const auto& t : sample_times(p)) {
        const mp50 value = invariant.value(t, p.exact(t));
        EXPECT_LE(abs(value - initial), mp50("1e-40") * (1 + abs(initial))) << entry.info.name << " " << invariant.name;
      }
      ++checked;
    }
  }
  EXPECT_GE(checked, 5);  // constant-force, harmonic, pendulum, kepler (energy, angular momentum)
}

TEST(ProblemsExactResidual, SeparableSplitsAgreeWithTheRightHandSide) {
  for (const auto& entry : orderly::problem_catalog()) {
    const auto p = orderly::instantiate<mp50>(entry);
    EXPECT_EQ(p.split.has_value(), entry.info.separable) << entry.info.name;
    if (!p.split) continue;
    const std::size_t half = static_cast<std::size_t>(p.split->half_dimension);
    ASSERT_EQ(2 * half, p.y0.size()) << entry.info.name;
    const mp50 t = p.t0 + (p.t_end - p.t0) / 3;
    state_of<mp50> f(p.y0.size()), q(p.y0.begin(), p.y0.begin() + long(half)), v(p.y0.begin() + long(half), p.y0.end());
    p.rhs(t, p.y0, f);
    state_of<mp50> force, velocity;
    p.split->force(t, q, force);
    p.split->velocity(t, v, velocity);
    for (std::size_t i = 0; i < half; ++i) {
      EXPECT_EQ(velocity[i], f[i]) << entry.info.name;
      EXPECT_LE(abs(force[i] - f[half + i]), mp50("1e-45") * (1 + abs(f[half + i]))) << entry.info.name;
    }
  }
}

// fifth_root(y) against pow(y, 1/5) at 100 digits: the worst relative error in units of T's
// epsilon (an ulp of x is between epsilon |x| / 2 and epsilon |x|). Bound 1: the last Newton step
// r - (r^5 - y) / (5 r^4) starts from a root already correct to twice T's bits, so its error is
// that of the arithmetic: r^5 - y to about 1.5 epsilon |y|, which the division by 5 r^4 makes 0.3
// epsilon |r|, plus half an epsilon for the final subtraction. (double takes pow's value.)
template <class T>
double worst_fifth_root_relative_error_in_epsilons() {
  using orderly::high_precision;
  double worst = 0;
  for (int i = 1; i <= 400; ++i) {
    T y = T(i) * T(37) / 100 + T(1) / T(i);  // 0.37 i + 1/i: values from 0.38 to 148, and their inverses
    if (i % 3 == 0) y = T(1) / y;
    const high_precision exact = pow(high_precision(y), high_precision(1) / 5);
    const high_precision unit = high_precision(std::numeric_limits<T>::epsilon()) * exact;
    worst = std::max(worst,
                     std::fabs(static_cast<double>((high_precision(orderly::problems::fifth_root(y)) - exact) / unit)));
  }
  return worst;
}

TEST(ProblemsExactResidual, FifthRootIsWithinEpsilonInEveryScalar) {
  EXPECT_LE(worst_fifth_root_relative_error_in_epsilons<double>(), 1.0);
  EXPECT_LE(worst_fifth_root_relative_error_in_epsilons<long double>(), 1.0);
  EXPECT_LE(worst_fifth_root_relative_error_in_epsilons<orderly::float128>(), 1.0);
  EXPECT_LE(worst_fifth_root_relative_error_in_epsilons<mp50>(), 1.0);
  EXPECT_EQ(orderly::problems::fifth_root(mp50(0)), mp50(0));
  EXPECT_TRUE(isnan(orderly::problems::fifth_root(mp50(-2))));
  EXPECT_TRUE(std::isnan(orderly::problems::fifth_root(-2.0)));
}

TEST(ProblemsExactResidual, CatalogHoldsTheNamedProblems) {
  for (const char* name : {"constant-force",
                           "spring-damper-15",
                           "spring-damper-10",
                           "harmonic",
                           "thrust-drag",
                           "forced-oscillator",
                           "nonlinear-na",
                           "arenstorf",
                           "lotka-volterra",
                           "lorenz",
                           "pleiades",
                           "pendulum",
                           "kepler",
                           "henon-heiles",
                           "outer-solar-system",
                           "stiff-spring",
                           "prothero-robinson",
                           "rober",
                           "vdpol",
                           "hires",
                           "orego",
                           "e5"}) {
    const auto* entry = orderly::find_problem(name);
    ASSERT_NE(entry, nullptr) << name;
    // Every scalar instantiates and evaluates a finite right-hand side at y0.
    const auto pf = orderly::instantiate<float>(*entry);
    const auto pd = orderly::instantiate<double>(*entry);
    std::vector<double> f(pd.y0.size());
    pd.rhs(pd.t0, pd.y0, f);
    for (double x : f) EXPECT_TRUE(std::isfinite(x)) << name;
    EXPECT_EQ(static_cast<int>(pf.y0.size()), entry->info.dimension) << name;
  }
  EXPECT_EQ(orderly::find_problem("pleiades")->info.dimension, 28);
}

}  // namespace
