// The fixed-step implicit Runge-Kutta solver (implicit/implicit_rk.hpp) runs every implicit tableau at its
// order. Problem: y' = cos t + y^2 - sin^2 t, manufactured so that y = sin t (nonlinear and
// non-autonomous, as gate problems must be); slopes between halved steps against the declared order.
#include <orderly/catalog.hpp>
#include <orderly/implicit/implicit_rk.hpp>
#include <orderly/tableaus/implicit_methods.hpp>

#include <gtest/gtest.h>

#include <boost/multiprecision/cpp_bin_float.hpp>
#include <boost/multiprecision/float128.hpp>

#include <cmath>
#include <cstdio>

namespace {

using namespace orderly;

using quad_scalar = boost::multiprecision::float128;

// 50 digits, so that radau13's errors (1e-17 at h = 1/2) stay far above round-off.
using number = boost::multiprecision::cpp_bin_float_50;

double error_with(const butcher_tableau& tableau, std::uint64_t steps) {
  auto f = [](const number& t, const std::vector<number>& y, std::vector<number>& dy) {
    dy[0] = cos(t) + y[0] * y[0] - sin(t) * sin(t);
  };
  auto jacobian = [](const number&, const std::vector<number>& y, std::vector<number>& j) { j = {2 * y[0]}; };
  std::vector<number> y = {0};
  const number t_end = 1;
  integrate_implicit_rk_fixed(f, jacobian, number(0), t_end, y, steps, numeric_coefficients<number>(tableau));
  return static_cast<double>(abs(y[0] - sin(t_end)));
}

TEST(ImplicitFixedStep, EveryImplicitTableauConvergesAtItsOrder) {
  for (const auto& t : implicit_tableaus()) {
    SCOPED_TRACE(t.name);
    const std::uint64_t coarse = t.order >= 10 ? 4 : (t.order >= 5 ? 8 : 32);
    const double e1 = error_with(t, coarse), e2 = error_with(t, 2 * coarse);
    const double slope = std::log2(e1 / e2);
    std::printf("%-18s order %2d: errors %.3e, %.3e, slope %.3f\n", t.name.c_str(), t.order, e1, e2, slope);
    EXPECT_NEAR(slope, t.order, 0.35) << "errors " << e1 << " " << e2;
  }
}

// Backward Euler on y' = -y^2, y0 = 1, one step of h = 4: y1 solves y1 = 1 - 4 y1^2, so
// y1 = (sqrt(17) - 1) / 8. Simplified Newton (J = -2 at y0) contracts by only ~0.54 per iteration
// here and would need ~125 iterations to reach float128's round-off; the switch to full Newton
// reaches it in a few.
TEST(ImplicitFixedStep, CoarseNonlinearStepReachesRoundOffInFloat128) {
  using quad = boost::multiprecision::float128;
  auto f = [](const quad&, const std::vector<quad>& y, std::vector<quad>& dy) { dy[0] = -y[0] * y[0]; };
  auto jacobian = [](const quad&, const std::vector<quad>& y, std::vector<quad>& j) { j = {-2 * y[0]}; };
  std::vector<quad> y = {1};
  const auto stats = integrate_implicit_rk_fixed(f, jacobian, quad(0), quad(4), y, 1,
                                                 numeric_coefficients<quad>(*find_method("backward-euler")->tableau()));
  const quad exact_y1 = (sqrt(quad(17)) - 1) / 8;
  EXPECT_LT(static_cast<double>(abs(y[0] - exact_y1)), 1e-32);
  EXPECT_LT(stats.newton_iterations, 20u);
}

TEST(ImplicitFixedStep, NewtonFailureIsReportedWithTheTime) {
  // y' = y^2 from y(0) = 1 blows up at t = 1; a step across it has no real stage solution.
  auto f = [](const double&, const std::vector<double>& y, std::vector<double>& dy) { dy[0] = y[0] * y[0]; };
  std::vector<double> y = {1};
  EXPECT_THROW(integrate_implicit_rk_fixed(f, nullptr, 0.0, 4.0, y, 1,
                                           numeric_coefficients<double>(*find_method("backward-euler")->tableau())),
               integration_failure);
}

// The stepper carries J, its factorisation and the extrapolated stages from step to step; solving
// every step from scratch (reset() before it: a fresh J, Newton from Z = 0) is the plain algorithm.
// Both solve the same stage systems to round-off, so they must agree to round-off. On 4096 steps J
// changes so little from step to step that Newton with the carried one contracts below the reuse
// threshold: carrying must save factorisations. For the methods of order >= 4 (Gauss and Radau
// with two stages or more) the extrapolated stages, accurate to O(h^(s+1)), start Newton so much
// closer than Z = 0 that it also takes fewer iterations; for those of order <= 2 the closer start
// and the older J roughly cancel (measured: up to 10 % more iterations, for 10 to 20 times fewer
// factorisations).
TEST(ImplicitFixedStep, CarryingJacobianAndStagesBetweenStepsChangesOnlyRoundOff) {
  using quad = boost::multiprecision::float128;
  auto f = [](const quad& t, const std::vector<quad>& y, std::vector<quad>& dy) {
    dy[0] = cos(t) + y[0] * y[0] - sin(t) * sin(t);
  };
  auto jacobian = [](const quad&, const std::vector<quad>& y, std::vector<quad>& j) { j = {2 * y[0]}; };
  constexpr int steps = 4096;
  const quad h = quad(1) / steps;
  for (const auto& t : implicit_tableaus()) {
    SCOPED_TRACE(t.name);
    implicit_rk_stepper<quad> carried(numeric_coefficients<quad>(t)), afresh(numeric_coefficients<quad>(t));
    std::vector<quad> y_carried(1, quad(0)), y_afresh(1, quad(0));
    for (int k = 0; k < steps; ++k) {
      carried.step(f, jacobian, quad(k) * h, y_carried, h);
      afresh.reset();
      afresh.step(f, jacobian, quad(k) * h, y_afresh, h);
    }
    std::printf("%-18s difference %.2e, LU %llu against %llu, iterations %llu against %llu\n", t.name.c_str(),
                static_cast<double>(abs(y_carried[0] - y_afresh[0])),
                static_cast<unsigned long long>(carried.stats().lu_decompositions),
                static_cast<unsigned long long>(afresh.stats().lu_decompositions),
                static_cast<unsigned long long>(carried.stats().newton_iterations),
                static_cast<unsigned long long>(afresh.stats().newton_iterations));
    // float128's epsilon is 1.9e-34: a few units per step of a solution of size 1, over 4096 steps.
    EXPECT_LT(static_cast<double>(abs(y_carried[0] - y_afresh[0])), 1e-30);
    EXPECT_EQ(afresh.stats().lu_decompositions, static_cast<std::uint64_t>(steps));
    EXPECT_LT(carried.stats().lu_decompositions, static_cast<std::uint64_t>(steps / 4));
    if (t.order >= 4) {
      EXPECT_LT(carried.stats().newton_iterations, afresh.stats().newton_iterations);
    }
  }
}

// HNW's nonlinear-na problem on 8 steps to t = 3/2: on the last step the stages extrapolated from
// the previous one start Newton where it does not converge (y2^(1/5) of a negative y2); the step is
// solved again from Z = 0 with a fresh J, and the run ends where solving every step from scratch does.
TEST(ImplicitFixedStep, AStepThatFailsFromTheExtrapolatedStagesIsSolvedAfresh) {
  using quad = boost::multiprecision::float128;
  auto f = [](const quad& t, const std::vector<quad>& y, std::vector<quad>& d) {
    d[0] = 2 * t * pow(y[1], quad(1) / 5) * y[3];
    d[1] = 10 * t * exp(5 * (y[2] - 1)) * y[3];
    d[2] = 2 * t * y[3];
    d[3] = -2 * t * log(y[0]);
  };
  for (const char* name : {"gauss6", "radau5"}) {
    SCOPED_TRACE(name);
    const auto coefficients = numeric_coefficients<quad>(*find_method(name)->tableau());
    implicit_rk_stepper<quad> carried(coefficients), afresh(coefficients);
    std::vector<quad> y_carried(4, quad(1)), y_afresh(4, quad(1));
    const quad h = quad(3) / 2 / 8;
    for (int k = 0; k < 8; ++k) {
      carried.step(f, nullptr, quad(k) * h, y_carried, h);
      afresh.reset();
      afresh.step(f, nullptr, quad(k) * h, y_afresh, h);
    }
    for (std::size_t i = 0; i < 4; ++i)
      EXPECT_LT(static_cast<double>(abs(y_carried[i] - y_afresh[i])), 1e-26 * static_cast<double>(abs(y_afresh[i])));
  }
}

// The catalog's irrational tableaus keep their 100-digit values as exact rationals: what reaches the
// steppers must be the generator's numbers themselves, bit for bit, for every Radau IIA stage count
// (the generator, not the tableau, is what the adaptive Radau code and the references run on).
TEST(ImplicitTableaus, HundredDigitEntriesAreStoredWithoutChangingAnyBit) {
  for (int stages = 1; stages <= 7; ++stages) {
    SCOPED_TRACE(stages);
    const auto tableau = tableaus::radau_iia(stages, "radau");
    const auto& generated = radau_iia_coefficients(stages);
    const auto s = static_cast<std::size_t>(stages);
    EXPECT_EQ(tableau.coefficient_digits, certified_coefficient_digits);
    EXPECT_FALSE(tableau.is_explicit());
    for (std::size_t i = 0; i < s; ++i) {
      EXPECT_EQ(to_high_precision(tableau.b[i]), generated.b[i]);
      EXPECT_EQ(to_high_precision(tableau.c[i]), generated.c[i]);
      for (std::size_t j = 0; j < s; ++j)
        EXPECT_EQ(to_high_precision(tableau.a_at(static_cast<int>(i), static_cast<int>(j))), generated.a[i * s + j]);
    }
    const auto rounded = numeric_coefficients<quad_scalar>(tableau);
    const auto direct = to_numeric<quad_scalar>(generated.a, generated.b, generated.c);
    EXPECT_EQ(rounded.a, direct.a);
    EXPECT_EQ(rounded.b, direct.b);
    EXPECT_EQ(rounded.c, direct.c);
    EXPECT_TRUE(rounded.stiffly_accurate);
  }
}

}  // namespace
