// The Newton loop the implicit solvers share and its two controls, on made-up correction sizes
// whose verdicts follow by hand from the tests in implicit/newton.hpp.
#include <orderly/implicit/newton.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <optional>
#include <vector>

namespace orderly {
namespace {

// A sweep that reports the given correction sizes in turn (nothing stands for a non-finite one).
auto sizes(std::vector<std::optional<double>> list) {
  return [list = std::move(list)](int iteration) { return list.at(static_cast<std::size_t>(iteration)); };
}

// Corrections halving from 1: sizes 2^-k.
std::vector<std::optional<double>> halving(int count) {
  std::vector<std::optional<double>> list;
  for (int k = 0; k < count; ++k) list.push_back(std::ldexp(1.0, -k));
  return list;
}

newton_result judged_by_tolerance(const std::vector<std::optional<double>>& list, double tolerance, int max_iterations,
                                  tolerance_newton_control<double>* out = nullptr) {
  tolerance_newton_control<double> control(tolerance, max_iterations, 1.0);
  const auto result = newton_iteration(max_iterations, sizes(list),
                                       [&](int iteration, double size) { return control.judge(iteration, size); });
  if (out) *out = control;
  return result;
}

TEST(NewtonControl, FailureNamesOneEach) {
  EXPECT_EQ(newton_failure_name(newton_failure::not_finite), "not finite");
  EXPECT_EQ(newton_failure_name(newton_failure::diverged), "diverged");
  EXPECT_EQ(newton_failure_name(newton_failure::too_slow), "too slow");
  EXPECT_EQ(newton_failure_name(newton_failure::not_converged), "not converged");
}

// Halving corrections, tolerance 1/100, ten iterations allowed: theta = 1/2 from the second
// correction on, so eta = theta / (1 - theta) = 1, and the stop eta |dZ| <= 1/100 first holds at
// |dZ| = 2^-7 (2^-6 = 0.0156 is above): the eighth correction. The too-slow test never fires: at
// the k-th correction the predicted error is 2^-k 2^-(9-k) / (1/100) = 100/512 < 1.
TEST(NewtonControl, ToleranceControlStopsWhereEtaTimesTheCorrectionMeetsTheTolerance) {
  tolerance_newton_control<double> control(0, 0, 0);
  const auto result = judged_by_tolerance(halving(10), 1.0 / 100, 10, &control);
  EXPECT_TRUE(result.converged());
  EXPECT_EQ(result.iterations, 8);
  EXPECT_EQ(control.theta(), 0.5);
  EXPECT_EQ(control.eta(), 1.0);
}

// The same corrections with seven iterations allowed (RADAU5's default for three stages): at the
// second correction the predicted error at the bound is 2^-1 2^-5 / (1/100) = 100/64 >= 1, so the
// iteration gives up as too slow, with that prediction for the step-size cut.
TEST(NewtonControl, ToleranceControlGivesUpWhenTheBoundCannotBeMet) {
  tolerance_newton_control<double> control(0, 0, 0);
  const auto result = judged_by_tolerance(halving(7), 1.0 / 100, 7, &control);
  ASSERT_EQ(result.failure, newton_failure::too_slow);
  EXPECT_EQ(result.iterations, 1);
  EXPECT_DOUBLE_EQ(control.predicted_error(), 100.0 / 64);
}

// Corrections that do not shrink: theta = 1 >= 99/100 at the second.
TEST(NewtonControl, ToleranceControlCallsAStalledIterationDivergent) {
  const auto result = judged_by_tolerance({1.0, 1.0, 1.0}, 1.0 / 100, 3);
  EXPECT_EQ(result.failure, newton_failure::diverged);
  EXPECT_EQ(result.iterations, 1);
}

// With two iterations allowed the too-slow test has no iteration left to predict for, and the
// second correction (1/2) is above the tolerance: the bound is reached.
TEST(NewtonControl, ToleranceControlReachesTheIterationBound) {
  const auto result = judged_by_tolerance(halving(2), 1.0 / 100, 2);
  EXPECT_EQ(result.failure, newton_failure::not_converged);
  EXPECT_EQ(result.iterations, 2);
}

// Corrections 1, 1/10 (theta = 1/10, eta = 1/9: eta |dZ| = 0.011, above the tolerance), then a
// non-finite one.
TEST(NewtonControl, ANonFiniteSweepEndsTheIteration) {
  const auto result = judged_by_tolerance({1.0, 0.1, std::nullopt, 0.01}, 1.0 / 100, 4);
  EXPECT_EQ(result.failure, newton_failure::not_finite);
  EXPECT_EQ(result.iterations, 2);
}

// The round-off control with unit 1e-16: corrections 1, 0.5 (shrunk by less than 1/10: full Newton
// from here), 1e-3, 1e-9, 3e-16 (at or below 4 units: converged, fifth correction). The slowest
// contraction above the stagnation level (1e-10) is 0.5.
TEST(NewtonControl, RoundoffControlSwitchesToFullNewtonAndRecordsTheSlowestRate) {
  roundoff_newton_control<double> control(1e-16, 0);
  const auto result = newton_iteration(10, sizes({1.0, 0.5, 1e-3, 1e-9, 3e-16}),
                                       [&](int iteration, double size) { return control.judge(iteration, size); });
  EXPECT_TRUE(result.converged());
  EXPECT_EQ(result.iterations, 5);
  EXPECT_TRUE(control.full_newton());
  EXPECT_EQ(control.worst_rate(), 0.5);
}

// Corrections that stop shrinking below the stagnation level (1e6 units = 1e-10) have reached what
// the linear solve allows: converged at the second; above that level the same stall goes on to the
// iteration bound.
TEST(NewtonControl, RoundoffControlAcceptsStagnationOnlyNearRoundoff) {
  roundoff_newton_control<double> low(1e-16, 0);
  const auto stalled_low = newton_iteration(5, sizes({1e-12, 1e-12, 1e-12}),
                                            [&](int iteration, double size) { return low.judge(iteration, size); });
  EXPECT_TRUE(stalled_low.converged());
  EXPECT_EQ(stalled_low.iterations, 2);
  roundoff_newton_control<double> high(1e-16, 0);
  const auto stalled_high = newton_iteration(3, sizes({1e-6, 1e-6, 1e-6}),
                                             [&](int iteration, double size) { return high.judge(iteration, size); });
  EXPECT_EQ(stalled_high.failure, newton_failure::not_converged);
}

}  // namespace
}  // namespace orderly
