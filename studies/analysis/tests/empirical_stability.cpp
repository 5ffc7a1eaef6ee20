// The empirical stability of a user's stepper against the closed-form limits of the methods it
// implements, and against the analysis of the catalog's own rk4.
#include <orderly/empirical_stability.hpp>
#include <orderly/method_analysis_study.hpp>

#include "../../../tests/support/example_user_steppers.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace orderly {
namespace {

// The measurement bisects each crossing to a few units of double round-off, and its stability test
// (growth <= 1 + 64 eps) moves a crossing where the growth rises at a rate of order 1 by ~10^-14:
// 10^-12 relative is that with a margin (the battery asks for 10^-3 or better).
constexpr double limit_tolerance = 1e-12;

TEST(EmpiricalStability, ClassicalRk4LimitsAreTheClosedForm) {
  const auto j = empirical_stability(example_steppers::classical_rk4()).test_equation.value();
  // RK4's R(x) = 1 + x + x^2/2 + x^3/6 + x^4/24 stays >= 0.27 on the real axis (its minimum, near
  // x = -1.6), so |R(x)| = 1 only where R(x) = 1: x (1 + x/2 + x^2/6 + x^3/24) = 0, the real root of
  // x^3 + 4 x^2 + 12 x + 24 = 0, x = -2.78529356340528162 (mpmath polyroots([1, 4, 12, 24]) at 30
  // digits, and findroot on R(x) - 1 from -2.8: the same digits).
  const double real_limit = -2.78529356340528162;
  // |R(i y)|^2 = 1 - y^6/72 + y^8/576 = 1 at y^2 = 8: y = 2 sqrt(2).
  const double imaginary_limit = 2 * std::sqrt(2.0);
  EXPECT_NEAR(j.real_stability_limit.value(), real_limit, limit_tolerance * -real_limit);
  EXPECT_NEAR(j.imaginary_stability_limit.value(), imaginary_limit, limit_tolerance * imaginary_limit);
  // The real axis is stable on [-2.785, 0] alone.
  ASSERT_EQ(j.real_axis_stable_stretches.size(), 1u);
  EXPECT_EQ(j.boundary_rays.size(), 25u);
  EXPECT_EQ(j.grid.stable.size(), static_cast<std::size_t>(j.grid.points));
}

TEST(EmpiricalStability, ClassicalRk4AgreesWithTheAnalysisOfTheCatalogRk4) {
  const auto measured = empirical_stability(example_steppers::classical_rk4()).test_equation.value();
  const auto analysed = analyse_method("rk4", false).runge_kutta.value().stability;
  const double real = analysed.real_stability_limit.value();
  const double imaginary = analysed.imaginary_stability_limit.value();
  EXPECT_NEAR(measured.real_stability_limit.value(), real, limit_tolerance * std::abs(real));
  EXPECT_NEAR(measured.imaginary_stability_limit.value(), imaginary, limit_tolerance * std::abs(imaginary));
}

TEST(EmpiricalStability, ForwardEulerIsTheUnitDiscAroundMinusOne) {
  // |1 + z| <= 1: the real interval [-2, 0]; the imaginary axis |1 + i y| = sqrt(1 + y^2) > 1 for
  // every y != 0, so unstable next to 0.
  const auto j = empirical_stability(example_steppers::forward_euler()).test_equation.value();
  EXPECT_NEAR(j.real_stability_limit.value(), -2, limit_tolerance * 2);
  EXPECT_EQ(j.imaginary_stability_limit.value(), 0);
  // On a ray at angle theta the disc's boundary is at r = -2 cos(theta).
  for (const auto& ray : j.boundary_rays)
    EXPECT_NEAR(ray.radius, -2 * std::cos(ray.angle), limit_tolerance * 2) << ray.angle;
}

TEST(EmpiricalStability, ARealIntervalWithAGapIsFoundWhole) {
  // Two stages, a21 = 1/10, b = (0, 1): R(z) = 1 + z + z^2/10. On the real axis R dips below -1
  // between the roots of x^2/10 + x + 2 = 0, x = -5 -+ sqrt(5), and exceeds 1 left of x = -10
  // (R(x) = 1 at x = 0 and x = -10): stable on [-10, -5 - sqrt(5)] and [-5 + sqrt(5), 0].
  const user_stepper gap{"test-gap", 1, false, "", [](const user_rhs& f, double t, state_of<double> y, double h) {
                           const auto stage = example_steppers::plus(y, h / 10, f(t, y));
                           return example_steppers::plus(y, h, f(t + h / 10, stage));
                         }};
  const auto j = empirical_stability(gap).test_equation.value();
  const double root = std::sqrt(5.0);
  EXPECT_NEAR(j.real_stability_limit.value(), -5 + root, limit_tolerance * (5 - root));
  const auto& stretches = j.real_axis_stable_stretches;
  ASSERT_EQ(stretches.size(), 2u);
  EXPECT_NEAR(stretches[0].first, -10, limit_tolerance * 10);
  EXPECT_NEAR(stretches[0].second, -5 - root, limit_tolerance * (5 + root));
  EXPECT_NEAR(stretches[1].first, -5 + root, limit_tolerance * (5 - root));
  EXPECT_EQ(stretches[1].second, 0);
}

TEST(EmpiricalStability, AStepThatFailsIsUnstableNotAnError) {
  // A step that throws integration_failure (as a Newton solve that cannot converge does) makes
  // every point unstable: limits 0, no stable stretch, no grid point stable.
  const auto j = empirical_stability(example_steppers::always_failing()).test_equation.value();
  EXPECT_EQ(j.real_stability_limit.value(), 0);
  EXPECT_EQ(j.imaginary_stability_limit.value(), 0);
  EXPECT_TRUE(j.real_axis_stable_stretches.empty());
  for (const auto& row : j.grid.stable)
    for (const bool point : row) EXPECT_FALSE(point);
}

TEST(EmpiricalStability, SemiImplicitEulerHarmonicLimitIsTwo) {
  // On q' = p, p' = -omega^2 q the step matrix [[1 - x^2, 1], [-x^2, 1]] (x = omega h) has
  // determinant 1 and trace 2 - x^2: stable while |2 - x^2| <= 2, i.e. x <= 2.
  const auto r = empirical_stability(example_steppers::semi_implicit_euler());
  const auto& j = r.harmonic.value();
  EXPECT_NEAR(j.harmonic_stability_limit.value(), 2, limit_tolerance * 2);
  // Damped, p' = -x^2 q - c p (c = damping_times_h): [[1 - x^2, 1 - c], [-x^2, 1 - c]], determinant
  // 1 - c < 1, so (Jury's test for a 2 x 2 matrix) stable while |trace| = |2 - c - x^2| <= 1 + det
  // = 2 - c, i.e. x^2 <= 4 - 2 c: x = sqrt(4 - 2 c) (c = 0.1: sqrt(3.8) = 1.9493588689617927).
  const double c = j.damping_times_h;
  const double damped_limit = std::sqrt(4 - 2 * c);
  EXPECT_NEAR(j.damped_harmonic_stability_limit.value(), damped_limit, limit_tolerance * damped_limit);
  EXPECT_FALSE(r.test_equation.has_value());
  EXPECT_FALSE(to_json(r).contains("real_stability_limit"));
}

}  // namespace
}  // namespace orderly
