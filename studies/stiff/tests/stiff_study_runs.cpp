// The stiff study's runs on the closed-form problems: what must happen is known from theory.
#include <orderly/stiff_study.hpp>

#include <boost/numeric/odeint/stepper/rosenbrock4.hpp>
#include <boost/numeric/odeint/stepper/rosenbrock4_controller.hpp>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

namespace orderly {
namespace {

// A run stopped by its step budget: every step of the budget spent (accepted or rejected), the
// time it reached within (0, reached_below), and no accuracy (an unfinished run has none).
void expect_stopped_at_step_limit(const stiff_run& run, std::uint64_t budget, double reached_below) {
  EXPECT_EQ(run.status, stiff_run_status::step_limit);
  ASSERT_TRUE(run.accepted && run.rejected);
  EXPECT_EQ(*run.accepted + *run.rejected, budget);
  EXPECT_GT(run.failure_t, 0);
  EXPECT_LT(run.failure_t, reached_below);
  EXPECT_FALSE(run.digits.mescd);
}

// The stiff spring's fast mode is -1e5: an explicit pair is stable only for h of order 1e-5, so
// with a budget of 2000 steps it cannot get beyond t ~ 2000 * 1e-4 of the span [0, 10].
TEST(StiffStudyRuns, ExplicitPairOnStiffSpringStopsAtTheStepLimitEarly) {
  constexpr std::uint64_t budget = 2000;
  const auto run = run_stiff("dopri54", "stiff-spring", 1e-6, budget);
  expect_stopped_at_step_limit(run, budget, 0.2);
  EXPECT_NE(run.failure.find("t = "), std::string::npos);
}

// An L-stable order-5 method on the same problem: solved, to about the tolerance against the
// closed form, in far fewer steps than the explicit pair needs.
TEST(StiffStudyRuns, Radau5SolvesTheStiffSpringAgainstItsClosedForm) {
  const auto run = run_stiff("radau5", "stiff-spring", 1e-8, 100000);
  ASSERT_EQ(run.status, stiff_run_status::solved) << run.failure;
  ASSERT_TRUE(run.digits.mescd);
  EXPECT_GE(*run.digits.mescd, 6.5);
  ASSERT_TRUE(run.accepted);
  EXPECT_LT(*run.accepted, 1000u);
  EXPECT_GT(run.jacobian_evaluations, 0u);
  ASSERT_TRUE(run.lu_factorizations);
  EXPECT_GT(*run.lu_factorizations, 0u);
}

// The study's rosenbrock4 run against Boost.Odeint's rosenbrock4_controller driven directly here,
// with the analytic df/dt = -lambda cos t - sin t of Prothero-Robinson (the study differences it):
// the same accepted and rejected steps, and the study's count is odeint's own evaluations plus the
// two per Jacobian call that its central difference in t costs.
TEST(StiffStudyRuns, Rosenbrock4CountsAgreeWithADirectOdeintRun) {
  namespace odeint = boost::numeric::odeint;
  using vector = boost::numeric::ublas::vector<double>;
  using matrix = boost::numeric::ublas::matrix<double>;
  constexpr double lambda = -1e4, t_end = 10, rtol = 1e-4;  // the problem's defaults; atol = rtol
  std::uint64_t evaluations = 0, accepted = 0, rejected = 0;
  auto f = [&](const vector& x, vector& dxdt, double t) {
    ++evaluations;
    dxdt[0] = lambda * (x[0] - std::sin(t)) + std::cos(t);
  };
  auto jacobian = [&](const vector&, matrix& j, double t, vector& dfdt) {
    j(0, 0) = lambda;
    dfdt[0] = -lambda * std::cos(t) - std::sin(t);
  };
  odeint::rosenbrock4_controller<odeint::rosenbrock4<double>> controller(rtol, rtol);
  vector x(1);
  x[0] = 0;
  double t = 0, dt = 1e-2 * rtol;
  while (t < t_end) {
    dt = std::min(dt, t_end - t);
    if (controller.try_step(std::make_pair(f, jacobian), x, t, dt) == odeint::success)
      ++accepted;
    else
      ++rejected;
  }
  const auto run = run_stiff("odeint-rosenbrock4", "prothero-robinson", rtol, 100000);
  ASSERT_EQ(run.status, stiff_run_status::solved) << run.failure;
  ASSERT_TRUE(run.accepted && run.rejected);
  EXPECT_EQ(*run.accepted, accepted);
  EXPECT_EQ(*run.rejected, rejected);
  EXPECT_EQ(run.jacobian_evaluations, accepted + rejected);
  EXPECT_EQ(run.rhs_evaluations, evaluations + 2 * run.jacobian_evaluations);
  ASSERT_TRUE(run.digits.mescd);
  // mescd of the direct run's own error, |x - sin 10| / (atol/rtol + |sin 10|).
  EXPECT_NEAR(*run.digits.mescd, -std::log10(std::fabs(x[0] - std::sin(t_end)) / (1 + std::fabs(std::sin(t_end)))),
              0.05);
}

// A step limit is a result: odeint's rosenbrock4 at rtol 1e-8 on Prothero-Robinson (a direct
// odeint run with the analytic df/dt, as above, takes more than 200000 steps to reach t = 3.5: its
// d4 makes it first order wherever df/dt != 0) stops at the budget with the time it reached, and
// has no accuracy.
TEST(StiffStudyRuns, StepLimitIsReportedWithTheTimeReached) {
  constexpr std::uint64_t budget = 1000;
  const auto run = run_stiff("odeint-rosenbrock4", "prothero-robinson", 1e-8, budget);
  expect_stopped_at_step_limit(run, budget, 10);
}

// Orderly's rosenbrock4 (RODAS's d4) keeps its order where df/dt != 0: the same run finishes in a
// few thousand steps, its mescd measured against the exact solution sin t.
TEST(StiffStudyRuns, RodasSolvesProtheroRobinsonWhereOdeintsRosenbrock4Stalls) {
  const auto run = run_stiff("rosenbrock4", "prothero-robinson", 1e-8, 100000);
  ASSERT_EQ(run.status, stiff_run_status::solved) << run.failure;
  ASSERT_TRUE(run.accepted && run.rejected && run.digits.mescd);
  EXPECT_LT(*run.accepted + *run.rejected, 10000u);
  EXPECT_GT(*run.digits.mescd, 8.0);
}

const order_reduction_series& series(const order_reduction_result& r, const std::string& method,
                                     const std::string& regime) {
  const auto it = std::find_if(r.series.begin(), r.series.end(),
                               [&](const auto& s) { return s.method == method && s.regime == regime; });
  if (it == r.series.end()) throw std::runtime_error("no series " + method + " " + regime);
  return *it;
}

// Backward Euler has classical and stage order 1: no reduction, slope 1 in both regimes. Radau
// IIA with 3 stages has classical order 5, seen when h |lambda| << 1.
TEST(StiffStudyRuns, OrderReductionSlopes) {
  const auto r = run_order_reduction(1);
  for (const char* regime : {"stiff", "non-stiff"}) {
    const auto& be = series(r, "backward-euler", regime);
    ASSERT_TRUE(be.fit.found);
    EXPECT_NEAR(be.fit.order, 1, 0.1) << regime;
  }
  const auto& radau = series(r, "radau5", "non-stiff");
  ASSERT_TRUE(radau.fit.found);
  EXPECT_NEAR(radau.fit.order, 5, 0.3);
}

}  // namespace
}  // namespace orderly

namespace orderly {
namespace {

stiff_run made_up_run(const std::string& method, const std::string& problem, double rtol, double mescd,
                      std::uint64_t rhs, stiff_run_status status = stiff_run_status::solved) {
  stiff_run r;
  r.method = method;
  r.problem = problem;
  r.rtol = rtol;
  r.atol = rtol;
  r.status = status;
  if (status == stiff_run_status::solved) r.digits.mescd = mescd;
  r.rhs_evaluations = rhs;
  r.jacobian_evaluations = rhs / 10;
  return r;
}

// The acceptance rows on made-up runs: the cheapest finished run with mescd >= 6 is chosen (not
// the most accurate, not an unfinished one), and it is met only below 5000 evaluations.
TEST(StiffStudyJson, AcceptanceRowsPickTheCheapestRunReachingSixDigits) {
  stiff_suite_result result;
  result.settings.methods = {"radau5", "rosenbrock4"};
  result.runs = {made_up_run("radau5", "rober", 1e-4, 5.9, 900),   // too few digits
                 made_up_run("radau5", "rober", 1e-6, 7.8, 1700),  // the cheapest with >= 6
                 made_up_run("radau5", "rober", 1e-8, 9.8, 5000),
                 made_up_run("radau5", "rober", 1e-3, 0, 10, stiff_run_status::step_limit),
                 made_up_run("radau5", "hires", 1e-8, 8.4, 5000),  // 5000 is not fewer than 5000
                 made_up_run("rosenbrock4", "rober", 1e-6, 6.0, 4999)};
  const auto j = stiff_suite_json(result);
  const auto row = [&](const std::string& method, const std::string& problem) {
    for (const auto& r : j["efficiency_targets"])
      if (r["method"] == method && r["problem"] == problem) return r;
    throw std::runtime_error("no row " + method + " " + problem);
  };
  EXPECT_EQ(row("radau5", "rober")["rhs_evaluations"], 1700);
  EXPECT_EQ(row("radau5", "rober")["rtol"], 1e-6);
  EXPECT_TRUE(row("radau5", "rober")["met"]);
  EXPECT_FALSE(row("radau5", "hires")["met"]);
  EXPECT_TRUE(row("rosenbrock4", "rober")["met"]);
  EXPECT_FALSE(row("rosenbrock4", "hires")["met"]);
  EXPECT_TRUE(row("rosenbrock4", "hires").contains("reason"));
  EXPECT_EQ(j["schema"], "orderly.stiff/3");
}

}  // namespace
}  // namespace orderly
