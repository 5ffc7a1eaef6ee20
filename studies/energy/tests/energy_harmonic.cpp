// The harmonic oscillator's energy after n steps, measured by running each method and predicted
// from the method's coefficients alone (predict_harmonic: |R(i omega h)|^(2n) from the stability
// function R = P/Q for Runge-Kutta methods, explicit or implicit, and Rosenbrock methods (whose
// steps on a linear problem with its exact Jacobian are those of their linear equivalent), the 2x2
// propagation matrix for splitting methods). The two must agree to within the round-off of the run
// for every method of the catalog but the seed specimens (the implicit ones' Newton iterations end
// at round-off, so their stage values carry the same rounding as explicit ones'), in double and in
// float128 (where the round-off is 10^-17 times smaller, so a prediction wrong by anything the
// double run could hide would show there).
#include <orderly/analysis/method_linear_model.hpp>
#include <orderly/energy.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

using namespace orderly;

namespace {

constexpr std::size_t steps = 2000;  // t = 200 at h = 1/10: 32 periods

// Round-off of a run of n steps. A Runge-Kutta step rounds each stage value Y_i = y + h sum_j a_ij k_j
// (error up to (s + 1) eps (|y| + h sum_j |a_ij| |k_j|)) and the update y + h sum_i b_i k_i; a stage's
// error reaches the update through h |b_i| |df/dy| (|df/dy| = omega = 1 here, |k| <= |y| for h
// omega <= 1). Per step, relative to |y|:
//   (s + 1) eps (1 + h B + h B (1 + h A)),  B = sum_i |b_i|, A = max_i sum_j |a_ij|,
// which is (s + 1) eps times a small number for most tableaus and ~10^3 (s + 1) eps for
// verner65 (|a_ij| and |b_i| up to ~170, the terms cancelling); a Rosenbrock method's are those of
// its linear equivalent, whose stages its linear solves produce. A splitting method's drifts and
// kicks round once each: B = A = 1 for them. A factor 8 covers the energy (quadratic in y: twice
// the relative error of y) and the evaluation; the steps' errors add up linearly (the worst case).
double roundoff_bound(const method_entry& m, std::size_t n, double eps) {
  double weights = 1, rows = 1;
  if (const auto linear = linear_coefficients(m)) {
    weights = 0;
    for (const auto& b : linear->b) weights += std::fabs(to_scalar<double>(b));
    rows = 0;
    for (const auto& row : linear->a) {
      double sum = 0;
      for (const auto& a : row) sum += std::fabs(to_scalar<double>(a));
      rows = std::max(rows, sum);
    }
  }
  const double h = 0.1;
  const double per_step = (m.stages + 1) * eps * (1 + h * weights + h * weights * (1 + h * rows));
  return 8.0 * per_step * static_cast<double>(n);
}

void expect_agreement(const method_entry& m, scalar_kind scalar, double eps) {
  const energy_request request{
      .method = &m, .problem = find_problem("harmonic"), .scalar = scalar, .h = "1/10", .steps = steps};
  const auto result = study_energy(request);
  ASSERT_FALSE(result.samples.empty()) << m.name;
  ASSERT_FALSE(result.theory.empty()) << m.name;
  double worst = 0;
  for (const auto& s : result.samples) {
    ASSERT_TRUE(s.predicted_energy_deviation.has_value());
    const double predicted = *s.predicted_energy_deviation, measured = s.energy_deviation;
    // Relative to the predicted energy H_n / H0 = 1 + predicted (it grows ~1.01^n for Euler).
    const double discrepancy = std::fabs(measured - predicted) / (1 + std::fabs(predicted));
    worst = std::max(worst, discrepancy / roundoff_bound(m, s.step, eps));
    EXPECT_LE(discrepancy, roundoff_bound(m, s.step, eps)) << m.name << " in " << result.scalar << " at step " << s.step
                                                           << ": measured " << measured << ", predicted " << predicted;
  }
  ::testing::Test::RecordProperty(m.name + "_" + result.scalar + "_worst_fraction_of_bound", std::to_string(worst));
}

}  // namespace

TEST(EnergyHarmonic, MeasuredEnergyFollowsThePredictionForEveryMethodButTheSeedSpecimens) {
  int methods = 0;
  for (const auto& m : method_catalog()) {
    if (m.family == method_family::seed) continue;  // an article's code, with no linear model
    ++methods;
    expect_agreement(m, scalar_kind::float64, std::numeric_limits<double>::epsilon());
    expect_agreement(m, scalar_kind::quad, std::ldexp(1.0, -112));
  }
  // 15 explicit and 8 implicit tableaus, 8 splitting methods and a Rosenbrock method in the catalog today
  EXPECT_GE(methods, 32);
}

TEST(EnergyHarmonic, ASeedSpecimenHasNoPrediction) {
  const auto result = study_energy({.method = find_method("seed-euler"),
                                    .problem = find_problem("harmonic"),
                                    .scalar = scalar_kind::float32,
                                    .h = "1/10",
                                    .steps = 100});
  EXPECT_TRUE(result.theory.empty());
  EXPECT_FALSE(result.samples.back().predicted_energy_deviation.has_value());
}

TEST(EnergyHarmonic, Rk4LosesEnergyByTheClosedFormOfItsStabilityPolynomial) {
  // Classical RK4: R(z) = 1 + z + z^2/2 + z^3/6 + z^4/24, so |R(iy)|^2 = 1 - y^6/72 + y^8/576
  // (by hand: Re R = 1 - y^2/2 + y^4/24, Im R = y - y^3/6).
  const double y = 0.1;  // the double nearest 1/10, as the run uses
  const double closed_form = -std::pow(y, 6) / 72 + std::pow(y, 8) / 576;
  const auto result = study_energy({.method = find_method("rk4"),
                                    .problem = find_problem("harmonic"),
                                    .scalar = scalar_kind::float64,
                                    .h = "1/10",
                                    .steps = 100});
  ASSERT_TRUE(result.per_step_energy_factor.has_value());
  EXPECT_NEAR(*result.per_step_energy_factor - 1, closed_form, 1e-15);
  EXPECT_LT(result.samples.back().energy_deviation, 0);  // RK4 loses energy
}

TEST(EnergyHarmonic, ExplicitEulerGainsEnergyByOnePlusHSquaredPerStep) {
  // R(z) = 1 + z: |R(ih)|^2 = 1 + h^2, H_n = (1 + h^2)^n H0.
  const auto result = study_energy({.method = find_method("euler"),
                                    .problem = find_problem("harmonic"),
                                    .scalar = scalar_kind::float64,
                                    .h = "1/10",
                                    .steps = 500});
  ASSERT_TRUE(result.per_step_energy_factor.has_value());
  EXPECT_NEAR(*result.per_step_energy_factor, 1.01, 1e-15);
  EXPECT_NEAR(result.samples.back().energy_deviation, std::pow(1.01, 500) - 1, 1e-9 * std::pow(1.01, 500));
}

// The round-off a float128 shadow run measures is signed so that the double run's deviation less it
// is the shadow's own deviation, which the prediction describes to float128's round-off. verner65 is
// the method whose double run departs furthest from its prediction (its rounding has a bias), so the
// identity is tested where the round-off is largest.
TEST(EnergyHarmonic, MeasuredLessItsRoundoffIsThePrediction) {
  const energy_request request{.method = find_method("verner65"),
                               .problem = find_problem("harmonic"),
                               .scalar = scalar_kind::float64,
                               .h = "1/10",
                               .steps = steps,
                               .roundoff_shadow = true};
  const auto result = study_energy(request);
  ASSERT_FALSE(result.samples.empty());
  const auto& last = result.samples.back();
  ASSERT_TRUE(last.roundoff_energy_deviation.has_value());
  ASSERT_TRUE(last.predicted_energy_deviation.has_value());
  const double shadow_deviation = last.energy_deviation - *last.roundoff_energy_deviation;
  // Beyond the float128 run's own bound, the two deviations were each rounded to double (relative
  // 2^-53) before the subtraction.
  const double to_double =
      std::ldexp(1.0, -53) * (std::fabs(last.energy_deviation) + std::fabs(*last.roundoff_energy_deviation));
  EXPECT_LE(std::fabs(shadow_deviation - *last.predicted_energy_deviation),
            roundoff_bound(*find_method("verner65"), last.step, std::ldexp(1.0, -112)) + to_double);
  // And the double run's own departure is not within that bound: the test sees the round-off.
  EXPECT_GT(std::fabs(last.energy_deviation - *last.predicted_energy_deviation),
            100 * roundoff_bound(*find_method("verner65"), last.step, std::ldexp(1.0, -112)));
}
