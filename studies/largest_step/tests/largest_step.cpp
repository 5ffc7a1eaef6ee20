// The largest-step study against answers known without it:
// - the search on made-up error curves whose crossing is known (power laws, an unstable start, a
//   curve that never meets the tolerance);
// - rk4 on the harmonic oscillator x'' = -x, x(0) = 1, x'(0) = 0 over 90 s: with z = x + i x',
//   z' = -i z, one step multiplies z by R(-ih), R(w) = 1 + w + w^2/2 + w^3/6 + w^4/24, so the error
//   after N steps is |R(-ih)^N - exp(-90 i)| in closed form; the smallest N within 1e-6 is found
//   here by scanning N in long double, without Orderly's stepper.
#include <orderly/largest_step.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <limits>

namespace {

TEST(LargestStepSearch, FindsTheCrossingOfAPowerLaw) {
  // e(N) = 1 / N^2 <= 1e-6 first at N = 1000.
  const auto found = orderly::search_largest_step([](std::uint64_t n) { return 1.0 / (double(n) * double(n)); }, 1e-6,
                                                  std::uint64_t{1} << 20);
  ASSERT_TRUE(found.steps);
  EXPECT_EQ(*found.steps, 1000u);
}

TEST(LargestStepSearch, TreatsUnstableRunsAsFailing) {
  // Unstable (infinite error) below 100 steps, then 10 / N: first within 1e-2 at N = 1000.
  auto error = [](std::uint64_t n) { return n < 100 ? std::numeric_limits<double>::infinity() : 10.0 / double(n); };
  const auto found = orderly::search_largest_step(error, 1e-2, std::uint64_t{1} << 20);
  ASSERT_TRUE(found.steps);
  EXPECT_EQ(*found.steps, 1000u);
}

TEST(LargestStepSearch, OneStepCanBeEnough) {
  const auto found = orderly::search_largest_step([](std::uint64_t) { return 0.5; }, 1.0, 16);
  ASSERT_TRUE(found.steps);
  EXPECT_EQ(*found.steps, 1u);
}

TEST(LargestStepSearch, GivesUpAtTheBudget) {
  // 1 / N reaches 1e-6 only at 10^6 steps, beyond a budget of 2^10.
  const auto found = orderly::search_largest_step([](std::uint64_t n) { return 1.0 / double(n); }, 1e-6, 1024);
  EXPECT_FALSE(found.steps);
  EXPECT_EQ(found.evaluated.back().first, 1024u);
}

std::uint64_t rk4_harmonic_steps(long double tolerance) {
  const long double t_end = 90;
  const std::complex<long double> exact = std::exp(std::complex<long double>(0, -t_end));
  for (std::uint64_t n = 1;; ++n) {
    const std::complex<long double> w(0, -t_end / static_cast<long double>(n));
    const auto r = 1.0L + w + w * w / 2.0L + w * w * w / 6.0L + w * w * w * w / 24.0L;
    if (std::abs(std::pow(r, static_cast<long double>(n)) - exact) <= tolerance) return n;
  }
}

TEST(LargestStepStudy, Rk4OnTheHarmonicOscillatorMatchesItsClosedForm) {
  const auto study = orderly::study_largest_step({.problem = "harmonic", .tolerance = 1e-6});
  const orderly::largest_step_result* rk4 = nullptr;
  for (const auto& m : study.methods)
    if (m.method == "rk4") rk4 = &m;
  ASSERT_NE(rk4, nullptr);
  ASSERT_TRUE(rk4->steps) << rk4->reason;
  EXPECT_EQ(*rk4->steps, rk4_harmonic_steps(1e-6L));
  EXPECT_LE(rk4->error, 1e-6);
  ASSERT_TRUE(rk4->error_one_fewer);
  EXPECT_GT(*rk4->error_one_fewer, 1e-6);
  EXPECT_EQ(rk4->rhs_evaluations, 4 * *rk4->steps);  // four stages, no reuse
}

TEST(LargestStepStudy, RefusesATolerancePastTheReference) {
  // The harmonic oscillator's reference is its closed form in 50 digits: 1e-60 is past it.
  EXPECT_THROW(orderly::study_largest_step({.problem = "harmonic", .tolerance = 1e-60}), std::invalid_argument);
}

}  // namespace
