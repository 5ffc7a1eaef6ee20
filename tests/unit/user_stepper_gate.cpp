// EXPECT_CONVERGENCE_ORDER on users' steppers: passes on a correct one, fails on a broken one.
#include <orderly/gtest.hpp>

#include <gtest/gtest-spi.h>

namespace {

using state = std::vector<double>;

// Explicit midpoint rule, written the way a user would: second order.
state midpoint(const orderly::testing::rhs_view<double>& f, double t, state y, double h) {
  const state k1 = f(t, y);
  state mid(y.size());
  for (std::size_t i = 0; i < y.size(); ++i) mid[i] = y[i] + h / 2 * k1[i];
  const state k2 = f(t + h / 2, mid);
  for (std::size_t i = 0; i < y.size(); ++i) y[i] += h * k2[i];
  return y;
}

// The same with the time argument of the second stage forgotten (a seed-article bug): on a
// non-autonomous problem the c-vector no longer matches A, and the method is first order.
state broken_midpoint(const orderly::testing::rhs_view<double>& f, double t, state y, double h) {
  const state k1 = f(t, y);
  state mid(y.size());
  for (std::size_t i = 0; i < y.size(); ++i) mid[i] = y[i] + h / 2 * k1[i];
  const state k2 = f(t, mid);
  for (std::size_t i = 0; i < y.size(); ++i) y[i] += h * k2[i];
  return y;
}

}  // namespace

TEST(UserStepperGate, PassesOnACorrectSecondOrderStepper) { EXPECT_CONVERGENCE_ORDER(midpoint, "nonlinear-na", 2); }

TEST(UserStepperGate, MeasuresTheBrokenStepperAsFirstOrder) {
  const auto m = orderly::testing::measure_stepper_order(broken_midpoint, "nonlinear-na");
  ASSERT_TRUE(m.fit.found);
  EXPECT_NEAR(m.fit.order, 1.0, 0.15);
}

TEST(UserStepperGate, FailsOnABrokenStepper) {
  EXPECT_NONFATAL_FAILURE(EXPECT_CONVERGENCE_ORDER(broken_midpoint, "nonlinear-na", 2), "measured order");
}

TEST(UserStepperGate, FailsWhenTheClaimedOrderIsTooLow) {
  // A second-order stepper claimed as first order is superconvergent beyond p + 0.5: refused.
  EXPECT_NONFATAL_FAILURE(EXPECT_CONVERGENCE_ORDER(midpoint, "nonlinear-na", 1), "measured order");
}
