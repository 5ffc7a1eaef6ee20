// A user's stepper gated through the installed package, as the README shows it.
#include <orderly/gtest.hpp>
#include <gtest/gtest-spi.h>

auto midpoint = [](auto&& f, double t, std::vector<double> y, double h) {
  auto k1 = f(t, y);
  std::vector<double> mid(y.size());
  for (std::size_t i = 0; i < y.size(); ++i) mid[i] = y[i] + h / 2 * k1[i];
  auto k2 = f(t + h / 2, mid);
  for (std::size_t i = 0; i < y.size(); ++i) y[i] += h * k2[i];
  return y;
};

TEST(MyIntegrator, IsSecondOrder) { EXPECT_CONVERGENCE_ORDER(midpoint, "nonlinear-na", 2); }

TEST(MyIntegrator, IsRefusedAsThirdOrder) {
  EXPECT_NONFATAL_FAILURE(EXPECT_CONVERGENCE_ORDER(midpoint, "nonlinear-na", 3), "measured order");
}

// The options: another scalar, the gate's problem set.
auto generic_midpoint = [](auto&& f, auto t, auto y, auto h) {
  const auto k1 = f(t, y);
  auto mid = y;
  for (std::size_t i = 0; i < y.size(); ++i) mid[i] = y[i] + h / 2 * k1[i];
  const auto k2 = f(t + h / 2, mid);
  for (std::size_t i = 0; i < y.size(); ++i) y[i] += h * k2[i];
  return y;
};

TEST(MyIntegrator, IsSecondOrderInLongDoubleOnTheGateSet) {
  EXPECT_CONVERGENCE_ORDER_WITH(long double, generic_midpoint, 2, {.problems = orderly::testing::gate_problems()});
}
