// EXPECT_CONVERGENCE_ORDER on users' steppers: passes on a correct one, fails on a broken one.
#include <orderly/gtest.hpp>

#include <gtest/gtest-spi.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

namespace {

using state = std::vector<double>;

// Explicit midpoint rule, written the way a user would: second order.
state midpoint(const orderly::testing::rhs_view<double>& f, double t, state y, double h) {
  const state k1 = f(t, y);
  state mid(y.size());
  for (std::size_t i = 0; i < y.size(); ++i) mid[i] = y[i] + h / 2 * k1[i];
  const state k2 = f(t + h / 2, mid);
  for (std::size_t i = 0; i < y.size(); ++i) y[i] += h * k2[i];
  return y;
}

// The same with the time argument of the second stage forgotten (a seed-article bug): on a
// non-autonomous problem the c-vector no longer matches A, and the method is first order.
state broken_midpoint(const orderly::testing::rhs_view<double>& f, double t, state y, double h) {
  const state k1 = f(t, y);
  state mid(y.size());
  for (std::size_t i = 0; i < y.size(); ++i) mid[i] = y[i] + h / 2 * k1[i];
  const state k2 = f(t, mid);
  for (std::size_t i = 0; i < y.size(); ++i) y[i] += h * k2[i];
  return y;
}

}  // namespace

TEST(UserStepperGate, PassesOnACorrectSecondOrderStepper) { EXPECT_CONVERGENCE_ORDER(midpoint, "nonlinear-na", 2); }

TEST(UserStepperGate, MeasuresTheBrokenStepperAsFirstOrder) {
  const auto m = orderly::testing::measure_stepper_order(broken_midpoint, "nonlinear-na");
  ASSERT_TRUE(m.fit.found);
  EXPECT_NEAR(m.fit.order, 1.0, 0.15);
}

TEST(UserStepperGate, FailsOnABrokenStepper) {
  EXPECT_NONFATAL_FAILURE(EXPECT_CONVERGENCE_ORDER(broken_midpoint, "nonlinear-na", 2), "measured order");
}

TEST(UserStepperGate, FailsWhenTheClaimedOrderIsTooLow) {
  // A second-order stepper claimed as first order is superconvergent beyond p + 0.5: refused.
  EXPECT_NONFATAL_FAILURE(EXPECT_CONVERGENCE_ORDER(midpoint, "nonlinear-na", 1), "measured order");
}

// --- Options: scalar, problem set, baseline ---

namespace {

// The midpoint rule for any scalar, as a generic lambda.
auto generic_midpoint = [](auto&& f, auto t, auto y, auto h) {
  const auto k1 = f(t, y);
  auto mid = y;
  for (std::size_t i = 0; i < y.size(); ++i) mid[i] = y[i] + h / 2 * k1[i];
  const auto k2 = f(t + h / 2, mid);
  for (std::size_t i = 0; i < y.size(); ++i) y[i] += h * k2[i];
  return y;
};

std::string write_baseline(const std::string& file, const std::string& key, double constant) {
  const auto path = (std::filesystem::temp_directory_path() / file).string();
  std::ofstream(path) << nlohmann::json{{"schema", "orderly.order-baseline/1"},
                                        {"entries",
                                         {{{"key", key}, {"measured_order", 2.0}, {"error_constant", constant}}}}}
                             .dump();
  return path;
}

}  // namespace

TEST(UserStepperGate, GateProblemsAreTheGateSuitesProblems) {
  const auto names = orderly::testing::gate_problems();
  // The gate suite: the nonlinear non-autonomous problems with exact solutions, and the pendulum.
  EXPECT_NE(std::find(names.begin(), names.end(), "nonlinear-na"), names.end());
  EXPECT_NE(std::find(names.begin(), names.end(), "pendulum"), names.end());
  for (const auto& name : names) {
    const auto& info = orderly::find_problem(name)->info;
    EXPECT_TRUE(name == "pendulum" ||
                (info.has(orderly::problem_tag::nonlinear) && info.has(orderly::problem_tag::nonautonomous) &&
                 info.has(orderly::problem_tag::exact_solution)))
        << name;
  }
}

TEST(UserStepperGate, MeasuresInLongDoubleOverTheGateSet) {
  EXPECT_CONVERGENCE_ORDER_WITH(long double, generic_midpoint, 2, {.problems = orderly::testing::gate_problems()});
}

TEST(UserStepperGate, MeasuresInFloat128AndMp50) {
  EXPECT_CONVERGENCE_ORDER_WITH(orderly::float128, generic_midpoint, 2, {});
  EXPECT_CONVERGENCE_ORDER_WITH(orderly::mp50, generic_midpoint, 2, {});
  auto claimed_third = [] { EXPECT_CONVERGENCE_ORDER_WITH(orderly::float128, generic_midpoint, 3, {}); };
  EXPECT_NONFATAL_FAILURE(claimed_third(), "expected 3");
}

TEST(UserStepperGate, BaselineHoldsTheErrorConstant) {
  const auto m = orderly::testing::measure_stepper_order(midpoint, "nonlinear-na");
  const std::vector<orderly::convergence_point> points(m.points.begin(), m.points.end());
  const double constant = orderly::error_constant_at(points, m.fit, 2);
  const std::string key = "my-midpoint/nonlinear-na/double";
  const auto same = write_baseline("orderly-baseline-same.json", key, constant);
  EXPECT_CONVERGENCE_ORDER_WITH(double, midpoint, 2, {.baseline = same, .name = "my-midpoint"});
  // A method whose error constant doubled against its baseline is refused, as in `orderly gate`.
  const auto better = write_baseline("orderly-baseline-better.json", key, constant / 2);
  auto against_better = [&] {
    EXPECT_CONVERGENCE_ORDER_WITH(double, midpoint, 2, {.baseline = better, .name = "my-midpoint"});
  };
  EXPECT_NONFATAL_FAILURE(against_better(), "worse than the baseline");
  auto unknown_name = [&] { EXPECT_CONVERGENCE_ORDER_WITH(double, midpoint, 2, {.baseline = same, .name = "other"}); };
  EXPECT_NONFATAL_FAILURE(unknown_name(), "no entry other/nonlinear-na/double");
  auto no_name = [&] { EXPECT_CONVERGENCE_ORDER_WITH(double, midpoint, 2, {.baseline = same}); };
  EXPECT_NONFATAL_FAILURE(no_name(), "needs the stepper's name");
}
