// Method analysis against values derived independently of the code under test: published stability
// limits (Hairer-Wanner II, IV.2; Butcher, Numerical Methods for ODEs, 2016, 238), closed forms
// (Pade approximants of Gauss and Radau IIA, Hairer-Wanner II, IV.3-5), and a direct double-precision
// scan of the harmonic step matrix for splitting methods.
#include <orderly/analysis/method_analysis.hpp>
#include <orderly/analysis/method_stage_order.hpp>
#include <orderly/catalog.hpp>
#include <orderly/tableaus/implicit_methods.hpp>

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <optional>
#include <utility>
#include <vector>

namespace {

using namespace orderly;

constexpr double twelve_digits = 1e-12;

rk_analysis analyse(const std::string& name) {
  const auto* method = find_method(name);
  if (!method || !method->tableau()) throw std::invalid_argument("no tableau " + name);
  return analyse_tableau(*method->tableau());
}

double as_double(const std::optional<high_precision>& x) { return x ? x->convert_to<double>() : std::nan(""); }

exact_polynomial poly(std::initializer_list<std::string_view> coefficients) { return parse_exact(coefficients); }

TEST(ExactPolynomial, RealRootsAreIsolatedExactlyIncludingRationalAndRepeatedRoots) {
  // (x - 1)(x - 2)^2 (x + 3) (x^2 - 2): roots -3, -sqrt 2, 1, sqrt 2, 2 (double)
  const auto p = poly({"-1", "1"}) * poly({"-2", "1"}) * poly({"-2", "1"}) * poly({"3", "1"}) * poly({"-2", "0", "1"});
  const auto roots = real_roots(p, exact(-10), exact(10));
  ASSERT_EQ(roots.size(), 5u);
  const std::array<double, 5> expected = {-3, -std::sqrt(2.0), 1, std::sqrt(2.0), 2};
  for (std::size_t k = 0; k < expected.size(); ++k) EXPECT_NEAR(roots[k].convert_to<double>(), expected[k], 1e-15);
  // An end point that is a root is outside the open interval.
  EXPECT_EQ(real_roots(p, exact(1), exact(2)).size(), 1u);
}

TEST(ExactPolynomial, RouthHurwitzDecidesTheHalfPlane) {
  EXPECT_TRUE(all_roots_in_open_left_half_plane(poly({"2", "3", "1"})));        // (z + 1)(z + 2)
  EXPECT_FALSE(all_roots_in_open_left_half_plane(poly({"-2", "1", "1"})));      // (z - 1)(z + 2)
  EXPECT_FALSE(all_roots_in_open_left_half_plane(poly({"1", "0", "1"})));       // z^2 + 1: on the axis
  EXPECT_TRUE(all_roots_in_open_left_half_plane(poly({"6", "11", "6", "1"})));  // (z+1)(z+2)(z+3)
}

TEST(ExactPolynomial, RationalsAreRecognisedAndIrrationalsAreNot) {
  const auto third = recognise_rational(high_precision(1) / 3, high_precision("1e-80"), 1000000);
  ASSERT_TRUE(third.has_value());
  EXPECT_EQ(*third, exact(1, 3));
  EXPECT_FALSE(recognise_rational(sqrt(high_precision(2)), high_precision("1e-80"), 1000000000000LL).has_value());
}

TEST(StabilityAnalysis, Rk4LimitsMatchThePublishedValuesTo12Digits) {
  const auto a = analyse("rk4");
  EXPECT_EQ(a.order, 4);
  // The real interval [-2.785293563405..., 0] (Hairer-Wanner II, IV.2).
  EXPECT_NEAR(as_double(a.stability.real_limit), -2.785293563405, twelve_digits);
  EXPECT_NEAR(as_double(a.stability.imaginary_limit), 2 * std::sqrt(2.0), twelve_digits);
  // R(z) = sum_(k <= 4) z^k / k!
  EXPECT_EQ(a.stability.function.numerator, poly({"1", "1", "1/2", "1/6", "1/24"}));
  EXPECT_EQ(a.stability.function.denominator, poly({"1"}));
  EXPECT_FALSE(a.stability.a_stable);
}

TEST(StabilityAnalysis, LowOrderExplicitMethods) {
  const auto euler = analyse("euler");
  EXPECT_EQ(as_double(euler.stability.real_limit), -2.0);
  EXPECT_EQ(as_double(euler.stability.imaginary_limit), 0.0);  // |1 + iy| > 1 for every y != 0
  const auto heun = analyse("heun");
  EXPECT_EQ(as_double(heun.stability.real_limit), -2.0);
  EXPECT_EQ(as_double(heun.stability.imaginary_limit), 0.0);  // |R(iy)|^2 = 1 + y^4/4
  // Third order, three stages: 1 + x + x^2/2 + x^3/6 = -1 at x = -2.5127453266183..., |R(iy)| <= 1 to sqrt 3.
  const auto kutta3 = analyse("kutta3");
  EXPECT_NEAR(as_double(kutta3.stability.real_limit), -2.5127453266183286, twelve_digits);
  EXPECT_NEAR(as_double(kutta3.stability.imaginary_limit), std::sqrt(3.0), twelve_digits);
  EXPECT_EQ(kutta3.stage_order, 1);
  EXPECT_EQ(euler.stage_order, 1);  // B(1) and C(1) only: the quadrature b = 1 at c = 0 is first order
}

TEST(StabilityAnalysis, ImplicitMethodsAStabilityAndLStability) {
  struct expectation {
    const char* name;
    int order, stage_order;
    bool a_stable, l_stable;
  };
  for (const auto& e : std::vector<expectation>{{"backward-euler", 1, 1, true, true},
                                                {"implicit-midpoint", 2, 1, true, false},
                                                {"trapezoidal", 2, 2, true, false},
                                                {"gauss4", 4, 2, true, false},
                                                {"gauss6", 6, 3, true, false},
                                                {"radau5", 5, 3, true, true},
                                                {"radau13", 13, 7, true, true},
                                                {"sdirk", 2, 1, true, true}}) {
    SCOPED_TRACE(e.name);
    const auto a = analyse(e.name);
    EXPECT_EQ(a.order, e.order);
    EXPECT_EQ(a.stage_order, e.stage_order);
    EXPECT_EQ(a.stability.a_stable, e.a_stable);
    EXPECT_EQ(a.stability.l_stable, e.l_stable);
    EXPECT_FALSE(a.stability.real_limit.has_value());  // A-stable: the whole negative axis
  }
  for (const auto& t : explicit_tableaus()) EXPECT_FALSE(analyse(t.name).stability.a_stable) << t.name;
}

// The stage order asked of the method. Hairer-Wanner II, IV.5 (the simplifying assumptions the
// collocation families satisfy): s-stage Gauss, Radau IIA and Lobatto IIIA methods satisfy C(s), so
// gauss4 has stage order 2, gauss6 and radau5 3, the trapezoidal rule (2-stage Lobatto IIIA) 2, the
// implicit midpoint rule (1-stage Gauss) and backward Euler (1-stage Radau IIA) 1. An explicit
// method's second stage gives sum_j a_2j c_j = a_21 c_1 = 0, not c_2^2 / 2: C(2) fails unless c_2 = 0
// (rk4: c_2 = 1/2, dopri54: 1/5), so their stage order is 1. Families without a tableau have none.
TEST(StabilityAnalysis, TheStageOrderIsAskedOfTheMethodWhateverItsFamily) {
  const std::vector<std::pair<const char*, std::optional<int>>> expected{{"backward-euler", 1},
                                                                         {"implicit-midpoint", 1},
                                                                         {"trapezoidal", 2},
                                                                         {"gauss4", 2},
                                                                         {"gauss6", 3},
                                                                         {"radau5", 3},
                                                                         {"rk4", 1},
                                                                         {"dopri54", 1},
                                                                         {"rosenbrock4", {}},
                                                                         {"velocity-verlet", {}},
                                                                         {"seed-semi-implicit-euler", {}}};
  for (const auto& [name, order] : expected) {
    SCOPED_TRACE(name);
    const auto* method = find_method(name);
    ASSERT_NE(method, nullptr);
    EXPECT_EQ(stage_order(*method), order);
  }
}

TEST(StabilityAnalysis, GaussAndRadauStabilityFunctionsAreTheirPadeApproximants) {
  const auto gauss4 = analyse("gauss4").stability.function;
  EXPECT_TRUE(gauss4.all_coefficients_recognised);
  EXPECT_EQ(gauss4.numerator, poly({"1", "1/2", "1/12"}));
  EXPECT_EQ(gauss4.denominator, poly({"1", "-1/2", "1/12"}));
  const auto radau5 = analyse("radau5").stability.function;  // the (2,3) Pade approximant of e^z
  EXPECT_EQ(radau5.numerator, poly({"1", "2/5", "1/20"}));
  EXPECT_EQ(radau5.denominator, poly({"1", "-3/5", "3/20", "-1/60"}));
  // Gauss: |R(iy)| = 1 on the whole axis, so there is no finite imaginary limit.
  EXPECT_FALSE(analyse("gauss4").stability.imaginary_limit.has_value());
}

// The Radau IIA generator makes a method of every stage count, odd or even: order 2s - 1, stage
// order s, and R(z) the (s-1, s) Pade approximant of e^z (Hairer-Wanner II, IV.3-5), whose
// coefficients have the closed forms
//   P_k = (s-1)! (2s-1-k)! / ((2s-1)! k! (s-1-k)!),   Q_k = (-1)^k s! (2s-1-k)! / ((2s-1)! k! (s-k)!);
// A- and L-stable.
TEST(StabilityAnalysis, RadauIIAOfEveryStageCountIsItsPadeApproximant) {
  auto factorial = [](int n) {
    boost::multiprecision::cpp_int f = 1;
    for (int k = 2; k <= n; ++k) f *= k;
    return f;
  };
  for (int s = 1; s <= 5; ++s) {
    SCOPED_TRACE(s);
    const auto a = analyse_tableau(tableaus::radau_iia(s, "radau"));
    EXPECT_EQ(a.order, 2 * s - 1);
    EXPECT_EQ(a.stage_order, s);
    exact_polynomial p, q;
    for (int k = 0; k <= s - 1; ++k)
      p.push_back(exact(factorial(s - 1) * factorial(2 * s - 1 - k),
                        factorial(2 * s - 1) * factorial(k) * factorial(s - 1 - k)));
    for (int k = 0; k <= s; ++k)
      q.push_back(exact((k % 2 ? -1 : 1) * factorial(s) * factorial(2 * s - 1 - k),
                        factorial(2 * s - 1) * factorial(k) * factorial(s - k)));
    EXPECT_EQ(a.stability.function.numerator, p);
    EXPECT_EQ(a.stability.function.denominator, q);
    EXPECT_TRUE(a.stability.a_stable);
    EXPECT_TRUE(a.stability.l_stable);
  }
}

TEST(StabilityAnalysis, Dopri54ErrorNormsMatchDormandPrince) {
  const auto a = analyse("dopri54");
  EXPECT_EQ(a.order, 5);
  ASSERT_TRUE(a.embedded_order.has_value());
  EXPECT_EQ(*a.embedded_order, 4);
  // Dormand and Prince (1980), Table 2: ||T^(6)||_2 = 3.99e-4 (5th-order weights), 1.18e-3 for the 4th-order ones.
  EXPECT_NEAR(a.error.two_norm.convert_to<double>(), 3.99e-4, 0.005e-4);
  EXPECT_NEAR(a.embedded_error->two_norm.convert_to<double>(), 1.18e-3, 0.005e-3);
  EXPECT_LE(a.error.max_norm, a.error.two_norm);
}

// tr of the step matrix in double, directly from drifts and kicks (independent of the exact path).
double harmonic_trace(const splitting_method& m, double x) {
  double m00 = 1, m01 = 0, m10 = 0, m11 = 1;
  for (int i = 0; i < m.stages(); ++i) {
    const double a = m.drift[static_cast<std::size_t>(i)].convert_to<double>() * x;
    const double b = m.kick[static_cast<std::size_t>(i)].convert_to<double>() * x;
    m00 += a * m10, m01 += a * m11;  // drift: row 0 += a row 1
    m10 -= b * m00, m11 -= b * m01;  // kick: row 1 -= b row 0
  }
  return m00 + m11;
}

TEST(StabilityAnalysis, SplittingHarmonicLimitsAgreeWithADirectScan) {
  for (const auto& m : splitting_methods()) {
    SCOPED_TRACE(m.name);
    const auto a = analyse_splitting(m);
    EXPECT_EQ(a.order, m.order);
    ASSERT_TRUE(a.harmonic_limit.has_value());
    const double limit = a.harmonic_limit->convert_to<double>();
    // Stable just inside, unstable just outside.
    EXPECT_LE(std::abs(harmonic_trace(m, limit * (1 - 1e-9))), 2.0);
    EXPECT_GT(std::abs(harmonic_trace(m, limit * (1 + 1e-9))), 2.0);
    // and stable on a scan of (0, limit)
    for (int k = 1; k < 1000; ++k) EXPECT_LE(std::abs(harmonic_trace(m, limit * k / 1000)), 2.0 + 1e-12);
  }
  const auto verlet = analyse_splitting(*find_method("velocity-verlet")->splitting());
  EXPECT_EQ(verlet.harmonic_limit->convert_to<double>(), 2.0);  // omega h < 2 (Hairer-Lubich-Wanner I.5)
}

}  // namespace
