// The exact stability polynomials of the explicit catalog: a method of order p agrees with exp(z)
// through z^p, and the real stability intervals match the published ones.
#include <orderly/catalog.hpp>
#include <orderly/stability.hpp>
#include <orderly/tableaus/explicit_methods.hpp>

#include <gtest/gtest.h>

namespace orderly {
namespace {

exact inverse_factorial(int k) {
  exact f = 1;
  for (int i = 2; i <= k; ++i) f *= i;
  return 1 / f;
}

// R(z) = exp(z) + O(z^(p+1)) for order p; degree at most s. For each weight set of every method.
TEST(StabilityPolynomial, AgreesWithTheExponentialThroughTheOrder) {
  for (const auto& t : explicit_tableaus()) {
    for (auto weights : {weight_set::primary, weight_set::embedded}) {
      if (weights == weight_set::embedded && !t.b_embedded) continue;
      const int p = weights == weight_set::primary ? t.order : *t.embedded_order;
      const auto r = stability_polynomial(t, weights);
      SCOPED_TRACE(t.name + (weights == weight_set::primary ? " b" : " b_hat"));
      ASSERT_LE(static_cast<int>(r.size()) - 1, t.stages());
      ASSERT_GE(static_cast<int>(r.size()), p + 1);
      for (int k = 0; k <= p; ++k) EXPECT_EQ(r[static_cast<std::size_t>(k)], inverse_factorial(k)) << "z^" << k;
    }
  }
}

TEST(StabilityPolynomial, ExplicitMethodsWithAsManyStagesAsOrderShareTheTruncatedExponential) {
  // p = s <= 4: R is the Taylor polynomial of degree s, whatever the coefficients.
  for (const char* name : {"euler", "heun", "midpoint", "ralston2", "kutta3", "heun3", "ssprk3", "rk4", "rk4-38"}) {
    const auto* t = find_method(name)->tableau();
    const auto r = stability_polynomial(*t);
    ASSERT_EQ(static_cast<int>(r.size()), t->stages() + 1) << name;
  }
  // Dormand-Prince: 7 stages, but FSAL makes b^T A^6 1 = 0 (b7 = 0, and row 7 is b): degree 6,
  // with r_6 = 1/600 (Hairer-Norsett-Wanner I, Sec. IV.2).
  const auto dopri = stability_polynomial(*find_method("dopri54")->tableau());
  ASSERT_EQ(dopri.size(), 7u);
  EXPECT_EQ(dopri[6], parse_exact("1/600"));
}

// Real stability intervals (Hairer-Wanner II, Sec. IV.2): -2 for 1- and 2-stage methods of order
// s, -2.5127 for s = p = 3, -2.7853 for s = p = 4.
TEST(StabilityPolynomial, RealStabilityBoundaries) {
  auto limit = [](const char* name) {
    return real_stability_limit(stability_function_of(exact_coefficients(*find_method(name)->tableau())))
        ->convert_to<double>();
  };
  EXPECT_EQ(limit("euler"), -2.0);
  EXPECT_EQ(limit("heun"), -2.0);
  EXPECT_NEAR(limit("ssprk3"), -2.5127, 1e-4);
  EXPECT_NEAR(limit("rk4"), -2.7853, 1e-4);
}

TEST(StabilityPolynomial, EvaluatesAtComplexPoints) {
  // RK4 at z = i: 1 + i - 1/2 - i/6 + 1/24 = 13/24 + 5i/6.
  const auto value = stability_function<double>(stability_polynomial(*find_method("rk4")->tableau()), {0.0, 1.0});
  EXPECT_NEAR(value.real(), 13.0 / 24.0, 1e-15);
  EXPECT_NEAR(value.imag(), 5.0 / 6.0, 1e-15);
}

}  // namespace
}  // namespace orderly
