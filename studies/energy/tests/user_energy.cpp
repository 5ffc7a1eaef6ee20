// The energy record of a user's stepper (user_energy): the study's probes and classifier on a step
// known only by its code, against what the methods the steppers implement do.
#include <orderly/energy.hpp>

#include "../../../tests/support/example_user_steppers.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstddef>
#include <limits>
#include <stdexcept>
#include <string>

namespace orderly {
namespace {

TEST(UserEnergy, ClassicalRk4DriftsLinearlyOnKepler) {
  // RK4 is not symplectic: its energy error on a bound orbit is a truncation error of the same sign
  // every period, a linear drift (Hairer, Lubich, Wanner, Geometric Numerical Integration, I.1 and X.3).
  const auto r = user_energy(example_steppers::classical_rk4(), "kepler");
  EXPECT_EQ(r.run.energy_growth.growth_class, energy_growth_class::linear_drift);
  const auto j = to_json(r);
  EXPECT_EQ(j["growth"]["class"], "linear-drift");
  EXPECT_TRUE(j["symplectic"].is_null());
  EXPECT_TRUE(j["roundoff_shadow"].is_string());
  // At the suite's horizon the drift is still overtaking a bounded oscillation of the error: the
  // exponent rises across the fit window towards 1 (the study's own horizon reading,
  // explain_by_horizon), so the window's second half is where the drift's exponent shows.
  const auto& growth = r.run.energy_growth;
  EXPECT_LT(std::abs(growth.second_half_exponent - 1), std::abs(growth.first_half_exponent - 1));
  EXPECT_LE(std::abs(growth.second_half_exponent - 1), growth.uncertainty);

  // The catalog's rk4 (its own tableau code) over the same run gives the same record: the two differ
  // only in the rounding of each step, a random walk of ~eps sqrt(n) = 2e-13 against energy errors
  // of 1e-7 and more, a relative change of the envelope of ~2e-6 at most, which over the window's
  // lever arm (ln 100 = 4.6) moves the fitted exponent by under 1e-6.
  constexpr double same_method_exponent = 1e-5;
  const energy_request catalog_run{.method = find_method("rk4"),
                                   .problem = find_problem("kepler"),
                                   .scalar = scalar_kind::float64,
                                   .h = r.run.h_text,
                                   .steps = r.run.steps};
  const auto catalog = study_energy(catalog_run);
  EXPECT_NEAR(growth.exponent, catalog.energy_growth.exponent, same_method_exponent);
}

TEST(UserEnergy, SemiImplicitEulerIsBoundedOnTheHarmonicOscillator) {
  // Symplectic: on x'' = -x the kick v -= h x then the drift x += h v conserve (x^2 + v^2 - h x v) / 2
  // exactly (one step from (1, 0) to (1 - h^2, -h) keeps it at 1/2), so the energy error oscillates
  // within O(h) and does not grow.
  const auto r = user_energy(example_steppers::semi_implicit_euler(), "harmonic");
  EXPECT_EQ(r.run.energy_growth.growth_class, energy_growth_class::bounded);
}

TEST(UserEnergy, ForwardEulerEnergyGrowsByOnePlusHSquaredPerStep) {
  // On x'' = -x (omega = 1, H = (x^2 + v^2) / 2) forward Euler maps (x, v) to (x + h v, v - h x):
  // H_{n+1} = (1 + h^2) H_n, so |H_n - H_0| / H_0 = (1 + h^2)^n - 1 until the run blows up.
  const auto r = user_energy(example_steppers::forward_euler(), "harmonic");
  EXPECT_FALSE(r.run.stable);
  EXPECT_EQ(r.run.energy_growth.growth_class, energy_growth_class::unstable);
  const long double h = r.run.h;
  // The states carry the run's rounding, a few eps per step added up over at most ~6000 steps (the
  // blow-up bound is reached at (1 + h^2)^n ~ 10^24): under 10^-11 relative, the evaluation in
  // float128 adding nothing visible.
  constexpr double relative_tolerance = 1e-10;
  ASSERT_FALSE(r.run.samples.empty());
  for (const auto& s : r.run.samples) {
    const auto n = s.step;
    const double expected = static_cast<double>(std::pow(1 + h * h, static_cast<long double>(n)) - 1);
    EXPECT_NEAR(s.energy_error, expected, relative_tolerance * expected) << "step " << n;
  }
}

TEST(UserEnergy, AStepThatFailsIsAnUnstableRun) {
  const auto r = user_energy(example_steppers::always_failing(), "kepler");
  EXPECT_FALSE(r.run.stable);
  EXPECT_EQ(r.run.energy_growth.growth_class, energy_growth_class::unstable);
}

TEST(UserEnergy, OtherProblemsAreRefused) {
  EXPECT_THROW(user_energy(example_steppers::classical_rk4(), "pendulum"), std::invalid_argument);
}

}  // namespace
}  // namespace orderly
