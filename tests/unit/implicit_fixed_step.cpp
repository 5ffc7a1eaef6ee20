// The fixed-step implicit Runge-Kutta solver (implicit/radau.hpp) runs every implicit tableau at its
// order. Problem: y' = cos t + y^2 - sin^2 t, manufactured so that y = sin t (nonlinear and
// non-autonomous, as gate problems must be); slopes between halved steps against the declared order.
#include <orderly/tableaus/implicit_methods.hpp>

#include <gtest/gtest.h>

#include <boost/multiprecision/cpp_bin_float.hpp>
#include <boost/multiprecision/float128.hpp>

#include <cmath>
#include <cstdio>

namespace {

using namespace orderly;

// 50 digits, so that radau13's errors (1e-17 at h = 1/2) stay far above round-off.
using number = boost::multiprecision::cpp_bin_float_50;

double error_with(const implicit_tableau& tableau, std::uint64_t steps) {
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
                                                 numeric_coefficients<quad>(*find_implicit_tableau("backward-euler")));
  const quad exact_y1 = (sqrt(quad(17)) - 1) / 8;
  EXPECT_LT(static_cast<double>(abs(y[0] - exact_y1)), 1e-32);
  EXPECT_LT(stats.newton_iterations, 20u);
}

TEST(ImplicitFixedStep, NewtonFailureIsReportedWithTheTime) {
  // y' = y^2 from y(0) = 1 blows up at t = 1; a step across it has no real stage solution.
  auto f = [](const double&, const std::vector<double>& y, std::vector<double>& dy) { dy[0] = y[0] * y[0]; };
  std::vector<double> y = {1};
  EXPECT_THROW(integrate_implicit_rk_fixed(f, nullptr, 0.0, 4.0, y, 1, numeric_coefficients<double>(*find_implicit_tableau("backward-euler"))),
               integration_failure);
}

}  // namespace
