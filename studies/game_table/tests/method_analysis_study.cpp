// The analyze study and the game table against closed forms derived by hand:
// - undamped spring, x'' = -k x: the eigenvalues are +-i sqrt(k), so a method with imaginary
//   stability limit y is stable while h sqrt(k) <= y: RK4 (y = 2 sqrt 2) up to k = 8 / h^2; a
//   splitting method with harmonic limit 2 (Stormer-Verlet, symplectic Euler) up to k = 4 / h^2.
// - damped spring with b = 1 and explicit Euler: |1 + h lambda|^2 = 1 - h + h^2 k for k > 1/4, so
//   k_max = 1 / h.
#include <orderly/game_table.hpp>
#include <orderly/method_analysis_study.hpp>

#include <gtest/gtest.h>

#include <cmath>

namespace {

const orderly::game_table_result& table() {
  static const orderly::game_table_result t = orderly::game_table();
  return t;
}

orderly::game_cell cell(const std::string& method, int rate, double damping) {
  for (const auto& row : table().rows)
    if (row.method == method)
      for (const auto& c : row.cells)
        if (c.frame_rate == rate && c.damping == damping) return c;
  ADD_FAILURE() << "no cell for " << method;
  return {};
}

double confirmed(const std::string& method, int rate, double damping) {
  return cell(method, rate, damping).confirmed_k_max.value().k.value();
}

TEST(GameTable, UndampedLimitsMatchTheClosedForms) {
  for (int rate : {60, 120}) {
    const double h = 1.0 / rate;
    EXPECT_NEAR(confirmed("rk4", rate, 0), 8 / (h * h), 1e-6 * 8 / (h * h));
    EXPECT_NEAR(confirmed("velocity-verlet", rate, 0), 4 / (h * h), 1e-6 * 4 / (h * h));
    // The article's float code: the same limit to float resolution.
    EXPECT_NEAR(confirmed("seed-semi-implicit-euler", rate, 0), 4 / (h * h), 1e-4 * 4 / (h * h));
    EXPECT_NEAR(confirmed("seed-rk4", rate, 0), 8 / (h * h), 1e-4 * 8 / (h * h));
  }
  EXPECT_LT(confirmed("euler", 60, 0), 1.0);  // unstable for every undamped spring
}

TEST(GameTable, DampedEulerLimitIsOneOverH) {
  for (int rate : {60, 120}) EXPECT_NEAR(confirmed("euler", rate, 1), rate, 1e-6 * rate);
}

TEST(GameTable, EveryPredictionIsConfirmedAndShownBySimulation) {
  int simulated = 0;
  for (const auto& row : table().rows) {
    for (const auto& c : row.cells) {
      SCOPED_TRACE(row.method + " at " + std::to_string(c.frame_rate) + " Hz, b = " + std::to_string(c.damping));
      if (!c.agrees) continue;  // seeds: measured only
      EXPECT_TRUE(*c.agrees);
      if (c.simulation) {
        ++simulated;
        EXPECT_TRUE(c.simulation->bounded_inside);
        EXPECT_TRUE(c.simulation->blows_up_outside);
      }
    }
  }
  EXPECT_GT(simulated, 40);
  // A-stable methods: any k.
  EXPECT_TRUE(cell("radau5", 60, 0).confirmed_k_max.value().unbounded());
  EXPECT_TRUE(cell("backward-euler", 60, 1).predicted_k_max.value().unbounded());
}

TEST(AnalyzeStudy, EveryMethodWithAStepperAgreesWithItsAnalysis) {
  for (const auto& name : orderly::analysable_methods()) {
    SCOPED_TRACE(name);
    const auto m = orderly::analyse_method(name, false);
    ASSERT_TRUE(m.stepper_agrees().has_value()) << "no stepper ran";
    EXPECT_TRUE(*m.stepper_agrees()) << m.empirical_summary();
  }
}

TEST(AnalyzeStudy, Rk4JsonFields) {
  const auto m = orderly::analyse_method("rk4", false);
  const auto& rk4 = m.runge_kutta.value().stability;
  EXPECT_NEAR(rk4.real_stability_limit.value(), -2.785293563405, 1e-12);
  EXPECT_NEAR(rk4.imaginary_stability_limit.value(), 2 * std::sqrt(2.0), 1e-12);
  EXPECT_EQ(rk4.real_stability_limit_digits.value().substr(0, 15), "-2.785293563405");
  EXPECT_FALSE(rk4.a_stable);
  const auto json = orderly::to_json(m);
  EXPECT_EQ(json["real_stability_limit_digits"].get<std::string>().substr(0, 15), "-2.785293563405");
  const auto euler = orderly::to_json(orderly::analyse_method("euler", false));
  EXPECT_TRUE(euler["imaginary_stability_limit"].is_null());  // null when zero
  const auto gauss = orderly::analyse_method("gauss4", false);
  EXPECT_TRUE(orderly::to_json(gauss)["real_stability_limit"].is_null());  // null when unbounded
  EXPECT_TRUE(gauss.runge_kutta.value().stability.a_stable);
  EXPECT_FALSE(gauss.runge_kutta.value().stability.l_stable);
}

}  // namespace
