// The energy study's growth fit on synthetic envelopes whose growth law is known by construction,
// and the Kahan-compensated update on sums whose exact value is known.
#include <orderly/compensated_sum.hpp>
#include <orderly/energy.hpp>

#include "random_walk_record.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <vector>

using namespace orderly;

namespace {

// Log-spaced times 1..1e6 (10 per decade) and an envelope running max of C t^p (1 + wiggle).
struct series {
  std::vector<double> t, envelope;
};

series power_law(double p, double C, double wiggle) {
  series s;
  double m = 0;
  for (int k = 0; k <= 60; ++k) {
    const double t = std::pow(10.0, k / 10.0);
    const double value = C * std::pow(t, p) * (1 + wiggle * std::sin(3.0 * k));
    m = std::max(m, value);
    s.t.push_back(t);
    s.envelope.push_back(m);
  }
  return s;
}

}  // namespace

TEST(EnergyGrowth, RecoversCleanExponentsAndClassesThem) {
  const energy_policy policy;
  struct expected {
    double p;
    orderly::energy_growth_class growth_class;
  };
  for (const auto& e :
       {expected{0, orderly::energy_growth_class::bounded}, expected{0.5, orderly::energy_growth_class::random_walk},
        expected{1, orderly::energy_growth_class::linear_drift}, expected{2, orderly::energy_growth_class::faster}}) {
    const auto s = power_law(e.p, 3e-12, 0);
    const auto fit = fit_growth(s.t, s.envelope, policy);
    ASSERT_TRUE(fit.found);
    EXPECT_NEAR(fit.exponent, e.p, 1e-9);
    EXPECT_LT(fit.uncertainty, 1e-9);
    EXPECT_EQ(fit.growth_class, e.growth_class);
    // The window is the last fit_decades decades: t in [1e4, 1e6], 21 points.
    EXPECT_NEAR(fit.t_from, 1e4, 1e-6);
    EXPECT_EQ(fit.points, 21);
  }
}

TEST(EnergyGrowth, ABoundedOscillationThatSaturatesEarlyIsBounded) {
  // A bounded error that reaches its plateau within the first decade: the window sees it flat.
  series s;
  double m = 0;
  for (int k = 0; k <= 60; ++k) {
    const double t = std::pow(10.0, k / 10.0);
    const double value = 1e-4 * std::fabs(std::sin(2.1 * t)) * (1 - std::exp(-t));
    m = std::max(m, value);
    s.t.push_back(t);
    s.envelope.push_back(m);
  }
  const auto fit = fit_growth(s.t, s.envelope, energy_policy{});
  EXPECT_EQ(fit.growth_class, orderly::energy_growth_class::bounded);
  EXPECT_LT(std::fabs(fit.exponent), 0.05);
}

TEST(EnergyGrowth, TheRunningMaximumOfARandomWalkGrowsLikeTheSquareRootOfTime) {
  // Random walks of +-1 steps (a fixed linear congruential sequence): the expected running maximum
  // of |S_n| is sqrt(pi n / 2) (Brouwer's law is this statement for round-off). One walk's maximum
  // wanders by a random factor over two decades, so the mean over independent walks is fitted.
  // Sampled at log-spaced n, 10 per decade, as the study samples.
  const auto walks = orderly::testing::mean_running_maximum_of_random_walks(64, 1000000, 1.0, 12345);
  const auto fit = fit_growth(walks.t, walks.value, energy_policy{});
  ASSERT_TRUE(fit.found);
  EXPECT_EQ(fit.growth_class, orderly::energy_growth_class::random_walk);
  EXPECT_NEAR(fit.exponent, 0.5, 0.05);
}

TEST(EnergyGrowth, ClassBoundariesAreTheMidpointsBetweenModels) {
  const energy_policy policy;
  EXPECT_EQ(growth_class_of(0.2499, policy), orderly::energy_growth_class::bounded);
  EXPECT_EQ(growth_class_of(0.25, policy), orderly::energy_growth_class::random_walk);
  EXPECT_EQ(growth_class_of(0.7499, policy), orderly::energy_growth_class::random_walk);
  EXPECT_EQ(growth_class_of(0.75, policy), orderly::energy_growth_class::linear_drift);
  EXPECT_EQ(growth_class_of(1.4999, policy), orderly::energy_growth_class::linear_drift);
  EXPECT_EQ(growth_class_of(1.5, policy), orderly::energy_growth_class::faster);
}

TEST(EnergyGrowth, TooFewPointsIsUndetermined) {
  const auto fit = fit_growth({1, 2, 3}, {1e-10, 2e-10, 3e-10}, energy_policy{});
  EXPECT_FALSE(fit.found);
  EXPECT_EQ(fit.growth_class, orderly::energy_growth_class::undetermined);
}

TEST(CompensatedSum, AddsIncrementsBelowHalfAnUlpThatPlainSummationLoses) {
  // 1 + 10^6 x 2^-60: each increment is below half an ulp of 1 (2^-53), so plain summation never
  // moves; the exact sum is 1 + 10^6 2^-60 = 1 + 8.67e-13, representable to within an ulp.
  const double tiny = std::ldexp(1.0, -60);
  double plain = 1, compensated = 1, carry = 0;
  for (int i = 0; i < 1000000; ++i) {
    plain += tiny;
    compensated_add(compensated, carry, tiny);
  }
  EXPECT_EQ(plain, 1.0);
  const double exact = 1 + 1e6 * tiny;
  EXPECT_LE(std::fabs(compensated - exact), std::ldexp(1.0, -52));
}

TEST(EnergyGrowth, AnOrbitThatIsLostIsSaturatedNotBounded) {
  // Explicit Euler gains energy on Kepler at every step (|R(i omega h)|^2 = 1 + omega^2 h^2 > 1 in
  // the linearisation): at h = 1/100 the orbit unbinds within a few hundred periods, after which
  // |H - H0| / |H0| stays of order 1 -- a flat envelope that must not read as "bounded".
  const auto result = study_energy({.method = find_method("euler"),
                                    .problem = find_problem("kepler"),
                                    .scalar = scalar_kind::float64,
                                    .h = "1/100",
                                    .steps = 1000000});
  EXPECT_EQ(result.energy_growth.growth_class, orderly::energy_growth_class::saturated) << result.energy_growth.reason;
  // velocity Verlet at the same step keeps its bounded O(h^2) error far below the threshold.
  const auto verlet = study_energy({.method = find_method("velocity-verlet"),
                                    .problem = find_problem("kepler"),
                                    .scalar = scalar_kind::float64,
                                    .h = "1/100",
                                    .steps = 1000000});
  EXPECT_EQ(verlet.energy_growth.growth_class, orderly::energy_growth_class::bounded);
}

TEST(EnergyGrowth, AGaussMethodConservesTheAngularMomentumOnlyWhenItsStagesAreSolved) {
  // Gauss collocation conserves every quadratic invariant exactly (Hairer-Lubich-Wanner, Sect.
  // IV.2.1), Kepler's angular momentum among them, as the exact solution of its stage equations: solved to
  // round-off, what is left of L's error is round-off, which does not drift; stopped at a correction
  // of 10^-8 (10^8 times round-off), every step leaves an iteration error that conserves nothing, and
  // L drifts. The energy stays bounded when solved (a symplectic method).
  auto run = [](double newton_tolerance) {
    return study_energy({.method = find_method("gauss6"),
                         .problem = find_problem("kepler"),
                         .scalar = scalar_kind::float64,
                         .h = "1/100",
                         .steps = 100000,
                         .newton_tolerance = newton_tolerance});
  };
  const auto solved = run(0), loose = run(1e-8);
  EXPECT_EQ(solved.energy_growth.growth_class, orderly::energy_growth_class::bounded);
  EXPECT_NE(solved.momentum_growth.growth_class, orderly::energy_growth_class::linear_drift);
  EXPECT_EQ(loose.momentum_growth.growth_class, orderly::energy_growth_class::linear_drift);
  ASSERT_TRUE(solved.newton_tolerance.has_value());
  EXPECT_EQ(*loose.newton_tolerance, 1e-8);
  EXPECT_LT(loose.newton_iterations, solved.newton_iterations);  // a looser stop takes fewer iterations
}
