// The energy study's class decision (classify_relative_error) on synthetic records whose class
// and exponent follow from how they were made: a bounded oscillation (exponent near 0), a random walk
// (the cumulative sum of seeded noise: exponent 1/2), a linear drift (exponent 1), a record that
// reaches the size of the quantity only in its last decade (saturated, whatever the fit window's
// slope) and an exponential blow-up that overflows (unstable).
#include <orderly/energy.hpp>

#include "random_walk_record.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <vector>

using namespace orderly;
using orderly::energy_growth_class;

namespace {

struct record {
  std::vector<double> t, error;
};

// Times 1..10^6, 10 per decade (as the study's bins), the error a function of t.
record sampled(const std::function<double(double)>& error_at) {
  record r;
  for (int k = 0; k <= 60; ++k) {
    const double t = std::pow(10.0, k / 10.0);
    r.t.push_back(t);
    r.error.push_back(error_at(t));
  }
  return r;
}

}  // namespace

TEST(EnergyClasses, ABoundedOscillationIsBounded) {
  // 10^-6 (1 + sin(3 t) / 2) lies in [0.5, 1.5] 10^-6, and its running maximum over the fit window
  // t in [10^4, 10^6] in [1, 1.5] 10^-6 (sin(3 t) > 0 at some sample before t = 10^4). A least-squares
  // slope of a non-decreasing record that rises by at most D in log10 over a lever of L decades is
  // at most 3 D / (2 L) (a step at the middle: cov/var = (L/8) D / (L^2/12)): here
  // 1.5 log10(1.5) / 2 = 0.13, below bounded_below.
  const auto r = sampled([](double t) { return 1e-6 * (1 + std::sin(3 * t) / 2); });
  const auto fit = classify_relative_error(r.t, r.error, energy_policy{});
  ASSERT_TRUE(fit.found);
  EXPECT_EQ(fit.growth_class, energy_growth_class::bounded);
  EXPECT_GE(fit.exponent, -1e-12);  // a flat record fits a slope of 0 to the fit's round-off
  EXPECT_LE(fit.exponent, 1.5 * std::log10(1.5) / 2);
}

TEST(EnergyClasses, ACumulativeSumOfSeededNoiseIsARandomWalkWithExponentOneHalf) {
  // The cumulative sum of +-eps steps (a fixed linear congruential sequence, eps = 2^-52 as for
  // round-off): the expected running maximum of |S_n| is eps sqrt(pi n / 2) (Feller), exponent 1/2.
  // One walk's maximum wanders by a random factor over two decades, so the record is the mean of
  // the running maxima over independent walks; the classifier takes running maxima as any record.
  const auto walks = orderly::testing::mean_running_maximum_of_random_walks(
      64, 1000000, std::numeric_limits<double>::epsilon(), 987654321);
  const auto fit = classify_relative_error(walks.t, walks.value, energy_policy{});
  ASSERT_TRUE(fit.found);
  EXPECT_EQ(fit.growth_class, energy_growth_class::random_walk);
  EXPECT_NEAR(fit.exponent, 0.5, 0.05);
}

TEST(EnergyClasses, ALinearDriftUnderABoundedOscillationHasExponentOne) {
  // 10^-12 t + 10^-12 |sin t|: over t in [10^4, 10^6] the oscillation is at most 10^-4 of the drift,
  // so d log(error) / d log t = 1 - O(10^-4).
  const auto r = sampled([](double t) { return 1e-12 * t + 1e-12 * std::fabs(std::sin(t)); });
  const auto fit = classify_relative_error(r.t, r.error, energy_policy{});
  ASSERT_TRUE(fit.found);
  EXPECT_EQ(fit.growth_class, energy_growth_class::linear_drift);
  EXPECT_NEAR(fit.exponent, 1, 1e-3);
}

TEST(EnergyClasses, AnErrorThatReachesTheQuantityOnlyAtTheEndIsSaturated) {
  // 0.81 (t / 10^6)^(1/2): the fit window's start (t = 10^4) sees 0.081, below saturated_at, and the
  // window's slope is exactly 1/2 (a random walk's); the record ends at 0.81, an error of the size of
  // the quantity (Euler on the outer solar system). Decided on the whole record: saturated, the
  // fitted exponent still reported.
  const energy_policy policy;
  const auto r = sampled([](double t) { return 0.81 * std::sqrt(t / 1e6); });
  ASSERT_LT(r.error[40], policy.saturated_at);  // t = 10^4, the window's start
  const auto fit = classify_relative_error(r.t, r.error, policy);
  EXPECT_EQ(fit.growth_class, energy_growth_class::saturated) << fit.reason;
  ASSERT_TRUE(fit.found);
  EXPECT_NEAR(fit.exponent, 0.5, 1e-9);
}

TEST(EnergyClasses, AnOrbitLostEarlyIsSaturatedNotBounded) {
  // Reaches 1 by t = 100 and stays there: the window sees a flat record (exponent 0), which must not
  // read as bounded.
  const auto r = sampled([](double t) { return std::min(1.0, 1e-4 * t * t); });
  const auto fit = classify_relative_error(r.t, r.error, energy_policy{});
  EXPECT_EQ(fit.growth_class, energy_growth_class::saturated) << fit.reason;
  EXPECT_NEAR(fit.exponent, 0, 1e-12);
}

TEST(EnergyClasses, JustBelowTheSaturationThresholdKeepsItsGrowthClass) {
  // The same square-root record scaled to end just below saturated_at: a random walk.
  const energy_policy policy;
  const double end = policy.saturated_at * (1 - 1e-9);
  const auto r = sampled([end](double t) { return end * std::sqrt(t / 1e6); });
  const auto fit = classify_relative_error(r.t, r.error, policy);
  EXPECT_EQ(fit.growth_class, energy_growth_class::random_walk) << fit.reason;
}

TEST(EnergyClasses, AnExponentialBlowUpThatOverflowsIsUnstable) {
  // 10^-12 e^(t / 1000): finite up to t ~ 7.4 10^5 (e^709 is the largest double), infinite after.
  const auto r = sampled([](double t) { return 1e-12 * std::exp(t / 1000); });
  ASSERT_TRUE(std::isinf(r.error.back()));
  const auto fit = classify_relative_error(r.t, r.error, energy_policy{});
  EXPECT_EQ(fit.growth_class, energy_growth_class::unstable) << fit.reason;
}

TEST(EnergyClasses, ANaNAnywhereIsUnstableEvenIfLaterValuesAreSmall) {
  // A NaN is lost by a running maximum built with std::max; the classifier must see it.
  auto r = sampled([](double) { return 1e-10; });
  r.error[30] = std::numeric_limits<double>::quiet_NaN();
  const auto fit = classify_relative_error(r.t, r.error, energy_policy{});
  EXPECT_EQ(fit.growth_class, energy_growth_class::unstable) << fit.reason;
}

namespace {

// A run's record as study_energy leaves it, for the theory checks: its energy and phase fits.
energy_result run_with(bool symplectic, const record& energy, const record& phase) {
  energy_result r;
  r.symplectic = symplectic;
  r.epsilon = std::numeric_limits<double>::epsilon();
  for (std::size_t i = 0; i < energy.t.size(); ++i)
    r.samples.push_back({.step = static_cast<std::size_t>(energy.t[i] * 100),
                         .t = energy.t[i],
                         .bin_max = energy.error[i],
                         .envelope = energy.error[i]});
  r.energy_growth = classify_relative_error(energy.t, energy.error, r.policy);
  std::vector<double> running(phase.error.size());
  double m = 0;
  for (std::size_t i = 0; i < phase.error.size(); ++i) running[i] = m = std::max(m, phase.error[i]);
  r.phase_growth = fit_growth(phase.t, running, r.policy);
  return r;
}

}  // namespace

TEST(EnergyTheory, ALinearPhaseUnderABoundedEnergyAgrees) {
  // A symplectic method: bounded energy, phase 10^-6 t (a constant frequency error): the model t.
  const auto r = run_with(true, sampled([](double t) { return 1e-6 * (1 + std::sin(3 * t) / 2); }),
                          sampled([](double t) { return 1e-6 * t; }));
  EXPECT_TRUE(energy_theory_of(r).agrees);
  const auto phase = phase_theory_of(r);
  EXPECT_TRUE(phase.agrees);
  EXPECT_EQ(*phase.exponent_low, 1);
}

TEST(EnergyTheory, APhaseStillLinearAtTheWindowsStartIsExplainedByTheHorizon) {
  // A drifting energy (10^-12 t) and a phase a t + b t^2 with a / b = 10^5, the middle (in log t) of
  // the window t in [10^4, 10^6]: the local exponent 1 + b t / (a + b t) rises from 1.09 to 1.91
  // across it, so the fit over the window is well short of 2, and nearer to 2 over the window's
  // second half than its first.
  const auto r = run_with(false, sampled([](double t) { return 1e-12 * t; }),
                          sampled([](double t) { return 1e-5 * t + 1e-10 * t * t; }));
  EXPECT_TRUE(energy_theory_of(r).agrees);
  const auto phase = phase_theory_of(r);
  EXPECT_EQ(*phase.exponent_low, 2);
  EXPECT_FALSE(phase.agrees);
  EXPECT_EQ(phase.reason.rfind("horizon", 0), 0u) << phase.reason;
}

TEST(EnergyTheory, AnExponentFallingAwayFromTheModelIsNotExplained) {
  // Phase 10^-2 t^2 / (1 + t / 10^4): quadratic at first, linear by the window's end, under a
  // drifting energy: the exponent moves away from 2 across the window; no horizon explains it.
  const auto r = run_with(false, sampled([](double t) { return 1e-12 * t; }),
                          sampled([](double t) { return 1e-2 * t * t / (1 + t / 1e4); }));
  const auto phase = phase_theory_of(r);
  EXPECT_FALSE(phase.agrees);
  EXPECT_TRUE(phase.reason.empty()) << phase.reason;
}
