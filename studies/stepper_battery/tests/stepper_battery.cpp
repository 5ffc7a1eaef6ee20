// The stepper battery on the example steppers (examples/steppers, built as shared libraries and
// loaded through the C interface) and on a C++ callable, against values known without Orderly.
#include <orderly/method_analysis_study.hpp>
#include <orderly/problem_catalog.hpp>
#include <orderly/stepper_battery.hpp>
#include <orderly/stepper_library.hpp>
#include <orderly/stepper_order.hpp>
#include <orderly/verdict.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

namespace {

using orderly::load_stepper_library;
using orderly::parse_stepper_library_spec;

orderly::battery_result battery_of(const char* library) {
  return orderly::stepper_battery(load_stepper_library(parse_stepper_library_spec(library)));
}

const orderly::battery_result& rk4_battery() {
  static const orderly::battery_result battery = battery_of(RK4_STEPPER);
  return battery;
}

const orderly::battery_result& seed_rk4_battery() {
  static const orderly::battery_result battery = battery_of(SEED_RK4_SIMPLIFIED_STEPPER);
  return battery;
}

const orderly::battery_result& semi_implicit_euler_battery() {
  static const orderly::battery_result battery = battery_of(SEMI_IMPLICIT_EULER_STEPPER);
  return battery;
}

// The game table's cell for a frame rate and damping.
const nlohmann::json& game_cell(const orderly::battery_result& battery, int frame_rate, double damping) {
  for (const auto& cell : battery.game_table["cells"])
    if (cell["frame_rate"].get<int>() == frame_rate && cell["damping"].get<double>() == damping) return cell;
  throw std::out_of_range("no game-table cell");
}

// A root of p on [lo, hi], where p changes sign, by bisection.
double bisect_root(double (*p)(double), double lo, double hi) {
  for (int i = 0; i < 200; ++i) {
    const double mid = (lo + hi) / 2;
    ((p(lo) < 0) == (p(mid) < 0) ? lo : hi) = mid;
  }
  return (lo + hi) / 2;
}

bool nonautonomous(const std::string& problem) { return orderly::find_problem(problem)->info.nonautonomous; }

TEST(StepperLibrarySpec, TheSymbolFollowsTheLastColonUnlessAPathDoes) {
  EXPECT_EQ(parse_stepper_library_spec("./libx.so").symbol, "orderly_stepper");
  const auto named = parse_stepper_library_spec("./libx.so:my_rk4");
  EXPECT_EQ(named.path, "./libx.so");
  EXPECT_EQ(named.symbol, "my_rk4");
  const auto directory = parse_stepper_library_spec("./a:b/libx.so");
  EXPECT_EQ(directory.path, "./a:b/libx.so");
  EXPECT_EQ(directory.symbol, "orderly_stepper");
}

TEST(StepperLibrary, AMissingSymbolIsRefusedNamingTheLibraryAndTheSymbol) {
  try {
    (void)load_stepper_library({RK4_STEPPER, "no_such_stepper"});
    FAIL() << "loaded a symbol the library does not define";
  } catch (const orderly::stepper_library_error& e) {
    EXPECT_NE(std::string(e.what()).find(RK4_STEPPER), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("no_such_stepper"), std::string::npos) << e.what();
  }
}

// Classical RK4: four right-hand-side evaluations per step (k1..k4), order 4 (Butcher 2016, 232).
TEST(StepperBattery, TheCorrectRk4InCPassesAtOrderFourAtFourEvaluationsPerStep) {
  const auto& b = rk4_battery();
  EXPECT_EQ(to_json(b)["schema"], "orderly.stepper-battery/1");
  EXPECT_EQ(b.cost.rhs_evaluations_per_step, 4);
  ASSERT_FALSE(b.runs.empty());
  for (const auto& run : b.runs) {
    EXPECT_EQ(run.verdict, "pass") << run.problem << ": " << run.verdict_reason;
    ASSERT_TRUE(run.measured_order) << run.problem;
    EXPECT_NEAR(*run.measured_order, 4, 0.15) << run.problem;
  }
  EXPECT_EQ(b.verdict.verdict, "pass");
}

// The isolated battery's parent reads the child's JSON back into the typed result: nothing is lost
// or changed on the way (the seed's battery has failing runs, the rk4's passing ones).
TEST(StepperBattery, ItsJsonReadsBackToTheSameResult) {
  for (const auto* b : {&rk4_battery(), &seed_rk4_battery(), &semi_implicit_euler_battery()}) {
    const auto written = to_json(*b);
    const auto read = orderly::battery_from_json(nlohmann::json::parse(written.dump()));
    EXPECT_EQ(to_json(read).dump(), written.dump()) << b->name;
    EXPECT_EQ(orderly::battery_text(read), orderly::battery_text(*b)) << b->name;
    ASSERT_EQ(read.runs.size(), b->runs.size());
    for (std::size_t i = 0; i < read.runs.size(); ++i) EXPECT_EQ(read.runs[i].verdict, b->runs[i].verdict);
  }
}

// RK4's stability function R(z) = 1 + z + z^2/2 + z^3/6 + z^4/24. On the real axis |R(-x)| = 1
// first at R(-x) = 1 besides 0: -x + x^2/2 - x^3/6 + x^4/24 = 0, i.e. x^3 - 4x^2 + 12x - 24 = 0
// (root 2.785293563...); on the imaginary axis |R(iy)|^2 = 1 - y^6/72 + y^8/576 = 1 at y^2 = 8,
// y = 2 sqrt 2 (Hairer and Wanner, Solving ODEs II, IV.2). The measured limits must agree with
// these and with `orderly analyze --method rk4` to 1e-3.
TEST(StepperBattery, TheRk4InCHasRk4sStabilityLimits) {
  constexpr double agreement = 1e-3;
  const auto& stability = rk4_battery().stability;
  const double real_limit = bisect_root([](double x) { return ((x - 4) * x + 12) * x - 24; }, 2, 3);
  // The real limit is the point -x on the axis, as orderly analyze gives it.
  EXPECT_NEAR(stability["real_stability_limit"].get<double>(), -real_limit, agreement);
  EXPECT_NEAR(stability["imaginary_stability_limit"].get<double>(), 2 * std::sqrt(2.0), agreement);
  const auto analysed = orderly::analyse_method("rk4", false).runge_kutta.value().stability;
  EXPECT_NEAR(stability["real_stability_limit"].get<double>(), analysed.real_stability_limit.value(), agreement);
  EXPECT_NEAR(stability["imaginary_stability_limit"].get<double>(), analysed.imaginary_stability_limit.value(),
              agreement);
}

// RK4 is not symplectic: on Kepler its energy error grows linearly in t (Hairer, Lubich, Wanner,
// Geometric Numerical Integration, I.2 and X.3: non-symplectic one-step methods drift).
TEST(StepperBattery, TheRk4InCDriftsLinearlyInEnergyOnKepler) {
  EXPECT_EQ(rk4_battery().energy.at("kepler")["growth"]["class"], "linear-drift");
}

// The seed's simplified RK4 samples every stage at the step's start t. For y' = f(y) that is the
// classical RK4 exactly, so it passes where the problem is autonomous; for y' = f(t, y) the stage
// k2 misses f_t h/2 and the step's local error is O(h^2): first order (the Taylor expansion of
// the step against the solution's, y(t + h) = y + h f + h^2/2 (f_t + f_y f) + ...).
TEST(StepperBattery, TheSeedRk4FailsItsOrderOnNonAutonomousProblemsWithTheReason) {
  const auto& b = seed_rk4_battery();
  EXPECT_EQ(b.verdict.verdict, "fail");
  int nonautonomous_runs = 0;
  for (const auto& run : b.runs) {
    const std::string& problem = run.problem;
    if (nonautonomous(problem)) {
      ++nonautonomous_runs;
      EXPECT_EQ(run.verdict, "fail") << problem;
      EXPECT_FALSE(run.verdict_reason.empty()) << problem;
      ASSERT_TRUE(run.measured_order) << problem;
      EXPECT_NEAR(*run.measured_order, 1, 0.15) << problem;
    } else {
      EXPECT_EQ(run.verdict, "pass") << problem << ": " << run.verdict_reason;
    }
  }
  EXPECT_GT(nonautonomous_runs, 0);
  EXPECT_NE(orderly::battery_text(b).find("fails on"), std::string::npos);
}

// A separable stepper is measured on the separable second-order problems only.
TEST(StepperBattery, TheSemiImplicitEulerIsMeasuredOnSeparableProblemsAtOrderOne) {
  const auto& b = semi_implicit_euler_battery();
  ASSERT_FALSE(b.runs.empty());
  for (const auto& run : b.runs) {
    const auto* problem = orderly::find_problem(run.problem);
    EXPECT_TRUE(problem->info.separable && problem->info.second_order) << problem->info.name;
    EXPECT_EQ(run.verdict, "pass") << problem->info.name << ": " << run.verdict_reason;
  }
  EXPECT_EQ(b.cost.rhs_evaluations_per_step, 1);
}

// Semi-implicit Euler on x'' = -k x has the step matrix [[1, h], [-k h, 1 - k h^2]] (position
// update with the new velocity) of determinant 1 and trace 2 - (omega h)^2: stable while
// omega h < 2, so k < (2 / h)^2 = 4 * 60^2 = 14400 N/m at 60 Hz, 57600 N/m at 120 Hz.
TEST(StepperBattery, TheSemiImplicitEulersStiffestSpringAtSixtyHertzIsFourteenThousandFourHundred) {
  constexpr double resolution = 1e-6;  // relative: the bisection in k resolves far finer
  const auto& b = semi_implicit_euler_battery();
  EXPECT_NEAR(game_cell(b, 60, 0)["confirmed_k_max"].get<double>(), 14400, resolution * 14400);
  EXPECT_NEAR(game_cell(b, 120, 0)["confirmed_k_max"].get<double>(), 57600, resolution * 57600);
  EXPECT_NEAR(b.stability["harmonic_stability_limit"].get<double>(), 2, 1e-3);
}

// Semi-implicit Euler is symplectic (symplectic Euler A, Hairer, Lubich, Wanner, VI.3): at a stable
// step it conserves a modified energy, so the energy error stays bounded on both problems.
TEST(StepperBattery, TheSemiImplicitEulersEnergyIsBounded) {
  for (const char* problem : {"harmonic", "kepler"})
    EXPECT_EQ(semi_implicit_euler_battery().energy.at(problem)["growth"]["class"], "bounded") << problem;
}

// The midpoint rule from C++, without a library: two evaluations per step, order 2.
TEST(StepperBattery, ACppCallableRunsTheSameBattery) {
  const auto midpoint = [](auto&& f, double t, std::vector<double> y, double h) {
    const auto k1 = f(t, y);
    std::vector<double> mid(y.size());
    for (std::size_t i = 0; i < y.size(); ++i) mid[i] = y[i] + h / 2 * k1[i];
    const auto k2 = f(t + h / 2, mid);
    for (std::size_t i = 0; i < y.size(); ++i) y[i] += h * k2[i];
    return y;
  };
  const auto stepper = orderly::as_user_stepper(midpoint, "midpoint", 2);
  EXPECT_EQ(orderly::battery_order_problems(stepper), orderly::testing::gate_problems());
  const auto b = orderly::stepper_battery(stepper);
  EXPECT_EQ(b.cost.rhs_evaluations_per_step, 2);
  EXPECT_EQ(b.verdict.verdict, "pass");
}

// The overall verdict on made-up runs whose verdicts are given: the gate's rules decide it.
orderly::battery_order_run made_up_run(const char* problem, const char* verdict, orderly::verdict_code code,
                                       double order) {
  return {.problem = problem,
          .measured_order = order,
          .verdict = verdict,
          .verdict_reason = "given",
          .verdict_code = orderly::verdict_code_name(code),
          .judged = true};
}

TEST(BatteryVerdict, FollowsTheGatesRulesOnMadeUpRuns) {
  using orderly::overall_battery_verdict;
  using code = orderly::verdict_code;
  const auto pass = made_up_run("a", "pass", code::in_band, 2.01);
  const auto unsettled = made_up_run("b", "inconclusive", code::unsettled_slopes, 2.3);
  const auto below = made_up_run("c", "fail", code::below_band, 1.0);
  const auto above = made_up_run("d", "inconclusive", code::unconfirmed_superconvergence, 2.99);
  const auto above_too = made_up_run("e", "inconclusive", code::unconfirmed_superconvergence, 3.02);
  const auto confirmed = made_up_run("f", "superconvergent", code::above_band, 3.0);
  EXPECT_EQ(overall_battery_verdict({pass, pass}, 2).verdict, "pass");
  EXPECT_EQ(overall_battery_verdict({pass, unsettled, below}, 2).verdict, "fail");
  const auto open = overall_battery_verdict({pass, unsettled}, 2);
  EXPECT_EQ(open.verdict, "inconclusive");
  EXPECT_EQ(open.reason, "b: inconclusive (given)");
  const auto higher = overall_battery_verdict({above, above_too}, 2);
  EXPECT_EQ(higher.verdict, orderly::above_declared_verdict);
  EXPECT_EQ(
      higher.reason.rfind("measures 3 on every problem; declared 2 (settled, clear of the band; not confirmed", 0), 0u)
      << higher.reason;
  EXPECT_NE(overall_battery_verdict({confirmed, confirmed}, 2).reason.find("confirmed in a wider scalar)"),
            std::string::npos);
  EXPECT_EQ(
      overall_battery_verdict({above, made_up_run("g", "inconclusive", code::unconfirmed_superconvergence, 3.6)}, 2)
          .reason.rfind("measures 2.99 to 3.60 on the 2 problems; declared 2", 0),
      0u);
  EXPECT_EQ(overall_battery_verdict({above, pass}, 2).verdict, "inconclusive");
  EXPECT_EQ(overall_battery_verdict({pass}, 0).verdict, "not declared");
}

TEST(StepperBattery, AStepThatWritesNaNIsRefused) {
  const auto stepper = orderly::as_user_stepper(
      [](auto&&, double, std::vector<double> y, double) {
        for (auto& v : y) v = std::nan("");
        return y;
      },
      "nan", 1);
  EXPECT_THROW(orderly::require_benign_step(stepper), orderly::stepper_refused);
}

}  // namespace
