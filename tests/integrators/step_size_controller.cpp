// The step-size controller every adaptive integrator shares (step_control.hpp), against the laws as
// Hairer and Wanner state them (HNW I, II.4 (4.13) and IV.2; HNW II, IV.8 (8.25): Gustafsson's
// predictive control), with numbers worked out by hand here. The end-to-end check, that the
// integrators built on it take DOPRI5's and RADAU5's steps, is studies/stiff/tests/hairer_codes.cpp.
#include <orderly/step_control.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace orderly {
namespace {

constexpr double relative = 1e-15;  // one law evaluated in a different order of operations

step_size_law<double> classical() {  // an order-4 estimate, Hairer's defaults otherwise
  return {.alpha = 0.2, .safety = 0.9, .min_factor = 0.2, .max_factor = 10};
}

// h_new = h * safety * err^(-1/5): an error of 0.9^5 = 0.59049 keeps the step, 1/32 doubles it
// times 0.9, and the growth and shrink stop at max_factor and min_factor.
TEST(StepSizeController, ClassicalLawAndItsBounds) {
  step_size_controller<double> control(classical());
  EXPECT_NEAR(control.accepted(2.0, 0.59049, 0.9), 2.0, 2.0 * relative);
  EXPECT_NEAR(control.accepted(2.0, 1.0 / 32, 0.9), 3.6, 3.6 * relative);
  EXPECT_NEAR(control.accepted(2.0, 1e-10, 0.9), 20.0, 20.0 * relative);  // 0.9 * 100 capped at 10
  EXPECT_NEAR(control.rejected(2.0, 1e10, 0.9), 0.4, 0.4 * relative);     // 0.9 / 100 floored at 0.2
  EXPECT_NEAR(control.rejected(2.0, std::numeric_limits<double>::infinity(), 0.9), 0.4, 0.4 * relative);
}

// After a rejection the next accepted step does not grow, however small its error; the one after
// that may.
TEST(StepSizeController, NoGrowthRightAfterARejection) {
  step_size_controller<double> control(classical());
  EXPECT_NEAR(control.rejected(1.0, 32.0, 0.9), 0.45, 0.45 * relative);  // 0.9 / 2
  EXPECT_TRUE(control.after_rejection());
  EXPECT_EQ(control.accepted(0.45, 1.0 / 32, 0.9), 0.45);
  EXPECT_FALSE(control.after_rejection());
  EXPECT_NEAR(control.accepted(0.45, 1.0 / 32, 0.9), 0.81, 0.81 * relative);
  control.abandoned();  // a Newton failure counts as a rejection too
  EXPECT_EQ(control.accepted(0.45, 1.0 / 32, 0.9), 0.45);
}

// The PI memory (DOPRI5, beta = 0.04, alpha = 0.2 - 0.75 beta = 0.17): the previous error enters as
// err_prev^beta. Starting from Hairer's 1e-4, an error of 1e-4 asks for 0.9 * 1e-4^(-0.13) =
// 0.9 * 10^0.52; a second step with err = 1e-4 after err_prev = 1e-2 asks for 0.9 * 10^(0.68-0.08).
TEST(StepSizeController, ProportionalIntegralMemory) {
  step_size_controller<double> control(
      {.alpha = 0.17, .beta = 0.04, .safety = 0.9, .min_factor = 0.2, .max_factor = 10});
  EXPECT_NEAR(control.accepted(1.0, 1e-4, 0.9), 0.9 * std::pow(10.0, 0.52), 1e-14);
  EXPECT_NEAR(control.accepted(1.0, 1e-2, 0.9), 0.9 * std::pow(10.0, 0.34 - 0.16), 1e-14);
  EXPECT_NEAR(control.accepted(1.0, 1e-4, 0.9), 0.9 * std::pow(10.0, 0.68 - 0.08), 1e-14);
}

// Gustafsson's predictive memory (RADAU5): after an accepted step h_acc with err_acc, the quotient
// (h_acc / h) (err^2 / err_acc)^alpha / safety is used when larger than the classical one. With
// h = h_acc = 1 and the error grown from 0.01 to 0.5, it is 25^(1/5) / 0.9 against 0.5^(1/5) / 0.9:
// the step is cut to 0.9 / 25^(1/5) although the classical law would let it grow.
TEST(StepSizeController, PredictiveMemoryCutsTheStepWhenTheErrorGrows) {
  step_size_law<double> law = classical();
  law.predictive = true;
  step_size_controller<double> control(law);
  control.accepted(1.0, 0.01, 0.9);  // the first step only sets the memory
  EXPECT_NEAR(control.accepted(1.0, 0.5, 0.9), 0.9 / std::pow(25.0, 0.2), 1e-15);
  // The memory keeps the error, floored at 1e-2: a constant error gives the classical step.
  EXPECT_NEAR(control.accepted(1.0, 0.5, 0.9), 0.9 / std::pow(0.5, 0.2), 1e-15);
}

// A lower safety for one step (Radau's Newton factor) lowers that step's proposal only, not the
// predictive quotient, which keeps the law's safety.
TEST(StepSizeController, StepSafetyLowersOnlyTheClassicalQuotient) {
  step_size_law<double> law = classical();
  law.predictive = true;
  step_size_controller<double> control(law);
  EXPECT_NEAR(control.accepted(1.0, 1e-3, 0.45), 0.45 * std::pow(10.0, 0.6), 1e-14);  // 0.45 / 1e-3^(1/5)
  // Memory: h_acc = 1, err_acc = 1e-2 (the floor). Then err = 0.5 at h = 1: the classical quotient
  // 0.5^(1/5) / 0.45 = 1.93 loses to Gustafsson's 25^(1/5) / 0.9 = 2.12 (with 0.45 there: 4.23).
  EXPECT_NEAR(control.accepted(1.0, 0.5, 0.45), 0.9 / std::pow(25.0, 0.2), 1e-15);
}

// RADAU5 cuts a rejected first step tenfold whatever its error; later rejections follow the law.
TEST(StepSizeController, FirstRejectionDivisor) {
  step_size_law<double> law = classical();
  law.first_rejection_divisor = 10;
  step_size_controller<double> control(law);
  EXPECT_TRUE(control.first_step());
  EXPECT_EQ(control.rejected(1.0, 1.5, 0.9), 0.1);
  control.accepted(0.1, 0.5, 0.9);
  EXPECT_FALSE(control.first_step());
  EXPECT_NEAR(control.rejected(1.0, 32.0, 0.9), 0.45, 0.45 * relative);
}

}  // namespace
}  // namespace orderly
