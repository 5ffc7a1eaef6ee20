// The Rosenbrock method (tableaus/rosenbrock_methods.hpp) and its stepper (implicit/rosenbrock.hpp):
// the published decimals read exactly, the df/dt coefficients checked against the method's own C,
// the order measured on a manufactured nonlinear non-autonomous problem, L-stability, the work
// counts, and adaptive runs under the shared controller.
#include <orderly/analysis/method_analysis.hpp>
#include <orderly/analysis/rosenbrock_equivalent.hpp>
#include <orderly/analysis/rosenbrock_order_conditions.hpp>
#include <orderly/catalog.hpp>
#include <orderly/implicit/rosenbrock.hpp>
#include <orderly/step_control.hpp>
#include <orderly/tableaus/rosenbrock_methods.hpp>

#include <gtest/gtest.h>

#include <boost/multiprecision/cpp_bin_float.hpp>

#include <cmath>
#include <complex>
#include <vector>

namespace {

using namespace orderly;
using state = std::vector<double>;

const rosenbrock_method& rodas() { return *find_method("rosenbrock4")->rosenbrock(); }

TEST(Rosenbrock, PublishedDecimalsAreReadAsTheRationalsTheyDenote) {
  EXPECT_EQ(orderly::parse_exact("0.3620000000000023e-01"), exact(3620000000000023LL, 100000000000000000LL));
  EXPECT_EQ(orderly::parse_exact("-0.1043"), exact(-1043, 10000));
  EXPECT_EQ(orderly::parse_exact("0.1544000000000000e+01"), exact(193, 125));
  EXPECT_EQ(orderly::parse_exact("1"), exact(1));
  EXPECT_EQ(orderly::parse_exact("0.386"), exact(193, 500));  // a leading zero is not an octal prefix
  EXPECT_EQ(orderly::parse_exact("-0.00"), exact(0));
  EXPECT_THROW(orderly::parse_exact("0.1x"), std::invalid_argument);
  EXPECT_THROW(orderly::parse_exact("e5"), std::invalid_argument);
}

// In the transformed form C = diag(1/gamma) - Gamma^(-1), so Gamma = (I/gamma - C)^(-1), and
// d_i = sum_j Gamma_ij (Hairer-Wanner II, VI.7). Computed here in exact rationals from C alone.
TEST(Rosenbrock, TimeDerivativeCoefficientsAreTheRowSumsOfGammaRecoveredFromC) {
  const auto& m = rodas();
  const auto s = static_cast<std::size_t>(m.stages());
  // Forward substitution on the lower-triangular M = I/gamma - C, one column of M^(-1) at a time.
  std::vector<exact> row_sums(s, exact(0));
  for (std::size_t column = 0; column < s; ++column) {
    std::vector<exact> x(s, exact(0));
    for (std::size_t i = 0; i < s; ++i) {
      exact sum = i == column ? exact(1) : exact(0);
      for (std::size_t k = 0; k < i; ++k) sum += m.C[i][k] * x[k];  // -M_ik = C_ik
      x[i] = sum * m.gamma;                                         // M_ii = 1/gamma
    }
    for (std::size_t i = 0; i < s; ++i) row_sums[i] += x[i];
  }
  for (std::size_t i = 0; i < s; ++i) {
    SCOPED_TRACE(i + 1);
    // The decimals carry 16 digits: the row sums agree with d to that.
    EXPECT_LT(std::fabs(to_scalar<double>(exact(row_sums[i] - m.d[i]))), 1e-14);
  }
  // d4 is negative, as in Hairer's RODAS; Boost.Odeint prints +0.0362.
  EXPECT_LT(to_scalar<double>(m.d[3]), -0.036);
}

// y' = cos t + y^2 - sin^2 t, y(0) = 0: y = sin t (nonlinear, non-autonomous; df/dt = -sin t - sin 2t).
struct manufactured {
  static void rhs(const double& t, const state& y, state& dy) {
    dy[0] = std::cos(t) + y[0] * y[0] - std::sin(t) * std::sin(t);
  }
  static void jacobian(const double&, const state& y, std::vector<double>& j) { j = {2 * y[0]}; }
};

double manufactured_error(int steps, bool analytic_jacobian = true) {
  rosenbrock_stepper<state> stepper(rodas(), analytic_jacobian ? manufactured::jacobian : nullptr,
                                    /*autonomous=*/false);
  state y(1, 0.0);  // y(0) = 0
  const double h = 1.0 / steps;
  for (int n = 0; n < steps; ++n) stepper.step(manufactured::rhs, n * h, y, h);
  return std::fabs(y[0] - std::sin(1.0));
}

// From 80 steps on (h = 1/80): coarser grids are pre-asymptotic here (slopes 1.9 and 3.5 between
// 10, 20 and 40 steps, the same in double and in 50 digits).
TEST(Rosenbrock, ConvergesAtOrderFourOnANonAutonomousNonlinearProblem) {
  const double e1 = manufactured_error(80), e2 = manufactured_error(160), e3 = manufactured_error(320);
  EXPECT_NEAR(std::log2(e1 / e2), 4.0, 0.3) << e1 << " " << e2;
  EXPECT_NEAR(std::log2(e2 / e3), 4.0, 0.3) << e2 << " " << e3;
}

TEST(Rosenbrock, FiniteDifferenceJacobianGivesTheSameSolutionToItsAccuracy) {
  EXPECT_NEAR(manufactured_error(20, false), manufactured_error(20, true), 1e-9);
}

// L-stable (A-stable and stiffly accurate): one step of y' = lambda y with h lambda -> -infinity
// gives y1 -> 0; for small z, R(z) agrees with e^z to O(z^5) (order 4).
TEST(Rosenbrock, StabilityFunctionIsLStableAndAccurateAtOrderFour) {
  auto one_step = [](double z) {
    const double lambda = z;  // h = 1
    rosenbrock_stepper<state> stepper(
        rodas(), [lambda](const double&, const state&, std::vector<double>& j) { j = {lambda}; }, true);
    state y = {1};
    stepper.step([lambda](const double&, const state& x, state& dx) { dx[0] = lambda * x[0]; }, 0.0, y, 1.0);
    return y[0];
  };
  EXPECT_LT(std::fabs(one_step(-1e12)), 1e-9);
  for (double z : {-1.0, -10.0, -100.0, -1e4, -1e6}) EXPECT_LT(std::fabs(one_step(z)), 1.0) << z;
  const double d1 = std::fabs(one_step(-0.1) - std::exp(-0.1)), d2 = std::fabs(one_step(-0.05) - std::exp(-0.05));
  EXPECT_NEAR(std::log2(d1 / d2), 5.0, 0.3) << d1 << " " << d2;
}

TEST(Rosenbrock, CountsTheWorkOfAStep) {
  rosenbrock_stepper<state> autonomous(rodas(), manufactured::jacobian, true);
  state y = {0.5};
  autonomous.step(manufactured::rhs, 0.0, y, 0.1);
  EXPECT_EQ(autonomous.rhs_evaluations(), 6u);  // six stages, df/dt not needed
  EXPECT_EQ(autonomous.jacobian_evaluations(), 1u);
  EXPECT_EQ(autonomous.lu_factorizations(), 1u);
  EXPECT_EQ(autonomous.linear_solves(), 6u);
  rosenbrock_stepper<state> forced(rodas(), nullptr, false);
  y = {0.5};
  forced.step(manufactured::rhs, 0.0, y, 0.1);
  EXPECT_EQ(forced.rhs_evaluations(), 6u + 2u + 1u);  // + central df/dt + one column of finite differences
}

// y' = -1000 (y - cos t) - sin t, y(0) = 1: y = cos t. Stiff (h |lambda| up to 1e3 at h = 1):
// the Rosenbrock pair under the shared controller follows the smooth solution in few steps; an
// explicit pair is held to h < 3.3e-3 by stability.
TEST(Rosenbrock, AdaptiveRunOnAStiffProblemIsAccurateAndCheap) {
  auto f = [](const double& t, const state& y, state& dy) { dy[0] = -1000 * (y[0] - std::cos(t)) - std::sin(t); };
  auto jac = [](const double&, const state&, std::vector<double>& j) { j = {-1000}; };
  step_control_options<double> options;
  options.rtol = options.atol = 1e-6;
  rosenbrock_stepper<state> stepper(rodas(), jac, false);
  state y = {1};
  const auto stats = integrate_adaptive(stepper, f, 0.0, 10.0, y, options);
  EXPECT_LT(std::fabs(y[0] - std::cos(10.0)), 1e-5);
  explicit_rk<state> dopri(*find_method("dopri54")->tableau());
  y = {1};
  const auto explicit_stats = integrate_adaptive(dopri, f, 0.0, 10.0, y, options);
  EXPECT_GT(explicit_stats.accepted, 2000u);  // 10 / 3.3e-3 = 3000 steps at the stability limit
  // Accuracy, not stability, sets the Rosenbrock steps: several times fewer.
  EXPECT_LT(5 * (stats.accepted + stats.rejected), explicit_stats.accepted + explicit_stats.rejected)
      << stats.accepted << " + " << stats.rejected << " against " << explicit_stats.accepted;
}

// The stiff study builds a stepper once and times repeated runs with it: a run with a stepper
// that has already run must do what a fresh stepper does, and the counters grow by that run's work.
TEST(Rosenbrock, AReusedStepperRepeatsAFreshStepsRun) {
  auto f = [](const double& t, const state& y, state& dy) { dy[0] = -1000 * (y[0] - std::cos(t)) - std::sin(t); };
  auto jac = [](const double&, const state&, std::vector<double>& j) { j = {-1000}; };
  step_control_options<double> options;
  options.rtol = options.atol = 1e-6;
  rosenbrock_stepper<state> fresh(rodas(), jac, false), reused(rodas(), jac, false);
  state y_fresh = {1}, y_first = {1}, y_again = {1};
  const auto fresh_stats = integrate_adaptive(fresh, f, 0.0, 10.0, y_fresh, options);
  (void)integrate_adaptive(reused, f, 0.0, 10.0, y_first, options);
  const auto lus_before = reused.lu_factorizations(), solves_before = reused.linear_solves();
  reused.reset();
  const auto again_stats = integrate_adaptive(reused, f, 0.0, 10.0, y_again, options);
  EXPECT_EQ(y_again[0], y_fresh[0]);  // bit for bit
  EXPECT_EQ(again_stats.accepted, fresh_stats.accepted);
  EXPECT_EQ(again_stats.rejected, fresh_stats.rejected);
  EXPECT_EQ(again_stats.rhs_evaluations, fresh_stats.rhs_evaluations);
  EXPECT_EQ(reused.lu_factorizations() - lus_before, fresh.lu_factorizations());
  EXPECT_EQ(reused.linear_solves() - solves_before, fresh.linear_solves());
}

TEST(Rosenbrock, RunsInMultiprecision) {
  using number = boost::multiprecision::cpp_bin_float_50;
  rosenbrock_stepper<std::vector<number>> stepper(
      rodas(), [](const number&, const std::vector<number>& y, std::vector<number>& j) { j = {2 * y[0]}; }, false);
  auto error = [&](int steps) {
    std::vector<number> y = {0};
    const number h = number(1) / steps;
    auto f = [](const number& t, const std::vector<number>& x, std::vector<number>& dx) {
      dx[0] = cos(t) + x[0] * x[0] - sin(t) * sin(t);
    };
    for (int n = 0; n < steps; ++n) stepper.step(f, n * h, y, h);
    return static_cast<double>(abs(y[0] - sin(number(1))));
  };
  // The method's coefficients are 16-digit decimals: the order is 4 up to their truncation, far
  // below these errors (1e-6 .. 1e-8).
  EXPECT_NEAR(std::log2(error(80) / error(160)), 4.0, 0.3);
}

// The stability function of the linear equivalent (A = alpha + Gamma, exact rationals) against the
// stepper's own step and against e^z; RODAS is A-stable and, being stiffly accurate, L-stable.
TEST(Rosenbrock, LinearEquivalentGivesTheStepperStabilityFunction) {
  const auto stability = analyse_linear_stability(stability_function_of(rosenbrock_linear_equivalent(rodas(), false)));
  EXPECT_TRUE(stability.a_stable);
  EXPECT_TRUE(stability.l_stable);
  for (double z : {-0.5, -2.0, -3.7, -50.0}) {
    rosenbrock_stepper<state> stepper(
        rodas(), [z](const double&, const state&, std::vector<double>& j) { j = {z}; }, true);
    state y = {1};
    stepper.step([z](const double&, const state& x, state& dx) { dx[0] = z * x[0]; }, 0.0, y, 1.0);
    const double algebra =
        std::real(evaluate_stability_function<double>(stability.function, std::complex<double>(z, 0)));
    EXPECT_NEAR(y[0], algebra, 1e-13) << z;
  }
  auto defect = [&](double z) {
    return std::abs(evaluate_stability_function<long double>(stability.function, std::complex<long double>(z, 0)) -
                    std::exp(static_cast<long double>(z)));
  };
  EXPECT_NEAR(std::log2(static_cast<double>(defect(-0.1) / defect(-0.05))), 5.0, 0.3);
}

// RODAS is published as order 4 with an embedded order-3 solution: its 16-digit coefficients satisfy
// every condition of Hairer-Wanner's Table IV.7.1 to their last digits, the embedded weights those
// of order <= 3 only (an order-4 condition off by far more than the digits explain), and a weight
// moved by 1e-6 breaks even the first condition.
TEST(Rosenbrock, RodasSatisfiesTheRosenbrockOrderConditionsToItsDigits) {
  const exact digits = exact(1, 1000000000000000LL);  // 1e-15: 16 digits, less one for the sums
  for (const auto& c : rosenbrock_order_conditions(rodas(), false)) EXPECT_LT(abs(c.residual), digits) << c.condition;
  EXPECT_EQ(rosenbrock_order_from(rosenbrock_order_conditions(rodas(), false), digits), 4);
  double worst_order4 = 0;
  for (const auto& c : rosenbrock_order_conditions(rodas(), true)) {
    if (c.order <= 3)
      EXPECT_LT(abs(c.residual), digits) << c.condition;
    else
      worst_order4 = std::max(worst_order4, std::fabs(static_cast<double>(c.residual)));
  }
  EXPECT_GT(worst_order4, 1e-3);
  EXPECT_EQ(rosenbrock_order_from(rosenbrock_order_conditions(rodas(), true), digits), 3);

  rosenbrock_method moved = rodas();
  moved.m[0] += exact(1, 1000000);
  EXPECT_EQ(rosenbrock_order_from(rosenbrock_order_conditions(moved, false), digits), 0);
}

// The non-autonomous conditions c_i = alpha_i, d_i = gamma_i: RODAS's d4 = -0.0362 meets them to its
// digits; odeint's +0.0362 misses by 2 x 0.0362.
TEST(Rosenbrock, NonAutonomousConditionsSeparateRodasFromOdeintsSign) {
  EXPECT_LT(static_cast<double>(rosenbrock_nonautonomous_residual(rodas())), 1e-15);
  rosenbrock_method odeint_sign = rodas();
  odeint_sign.d[3] = -odeint_sign.d[3];
  EXPECT_NEAR(static_cast<double>(rosenbrock_nonautonomous_residual(odeint_sign)), 2 * 0.0362, 1e-12);
}

TEST(ImplicitCatalog, CooperConditionMarksTheGaussMethodsSymplectic) {
  for (const char* name : {"implicit-midpoint", "gauss4", "gauss6"}) EXPECT_TRUE(find_method(name)->symplectic) << name;
  for (const char* name : {"backward-euler", "trapezoidal", "radau5", "radau13", "sdirk"})
    EXPECT_FALSE(find_method(name)->symplectic) << name;
}

}  // namespace
