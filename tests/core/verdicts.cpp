// Verdicts on synthetic error sequences whose answer is known by construction: the study may claim
// fail or superconvergence only on settled, unambiguous evidence, and says why when it cannot.
#include <orderly/verdict.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <functional>

using namespace orderly;

namespace {

struct verdict_case {
  const char* name;
  int declared;
  std::function<double(double)> error_of_h;  // the error a run with step h would have
  int points;
  double noise_floor;  // a-priori rounding estimate; errors below it are noise of that size
  bool confirmed;
  verdict expected;
  verdict_code expected_code;
};

judgement judge_case(const verdict_case& c) {
  std::vector<convergence_point> points;
  for (int k = 0; k < c.points; ++k) {
    const double h = 0.5 / std::pow(2.0, k);
    double error = std::fabs(c.error_of_h(h));
    // Below the rounding level the error is rounding noise of a few times the estimate.
    if (c.noise_floor > 0 && error < 3 * c.noise_floor) error = c.noise_floor * (k % 2 ? 3.0 : 1.5);
    points.push_back({.h = h, .error = error, .status = point_status::ok, .noise_floor = c.noise_floor});
  }
  const auto fit = fit_order(points);
  return judge_order(points, fit, c.declared, /*solution_scale=*/1.0, c.confirmed);
}

const verdict_case cases[] = {
    {"clean order 4", 4, [](double h) { return 0.3 * std::pow(h, 4); }, 10, 0, false, verdict::pass,
     verdict_code::in_band},
    {"pre-asymptotic head, then order 4", 4, [](double h) { return std::pow(h, 4) * (1 + 8 * h); }, 12, 0, false,
     verdict::pass, verdict_code::in_band},
    {"errors still of the solution's size", 1, [](double h) { return 0.9 - 0.1 * h; }, 10, 0, false,
     verdict::inconclusive, verdict_code::pre_asymptotic},
    // 1e-6 h^8: 3.9e-9, 1.5e-11, then 6e-14 under 10x the 1e-14 floor: two usable points.
    {"round-off plateau after two grids", 8, [](double h) { return 1e-6 * std::pow(h, 8); }, 8, 1e-14, false,
     verdict::inconclusive, verdict_code::round_off},
    {"error passing through zero at h = 1/8", 4, [](double h) { return std::pow(h, 4) * (1 - 8 * h); }, 12, 0, false,
     verdict::pass, verdict_code::in_band},
    {"a true loss of order (3 declared 4)", 4, [](double h) { return 0.2 * std::pow(h, 3); }, 10, 0, false,
     verdict::fail, verdict_code::below_band},
    {"a genuine superconvergence, confirmed", 4, [](double h) { return 0.2 * std::pow(h, 5); }, 10, 0, true,
     verdict::superconvergent, verdict_code::above_band},
    {"superconvergence not yet confirmed", 4, [](double h) { return 0.2 * std::pow(h, 5); }, 10, 0, false,
     verdict::inconclusive, verdict_code::unconfirmed_superconvergence},
    {"two points only", 2, [](double h) { return 1e-3 * h * h; }, 2, 0, false, verdict::inconclusive,
     verdict_code::too_few_points},
};

}  // namespace

TEST(Verdicts, EachSyntheticSequenceGetsTheVerdictItsConstructionImplies) {
  for (const auto& c : cases) {
    SCOPED_TRACE(c.name);
    const auto j = judge_case(c);
    EXPECT_EQ(j.outcome, c.expected) << j.reason;
    EXPECT_EQ(j.code, c.expected_code) << verdict_code_name(j.code) << ": " << j.reason;
    EXPECT_FALSE(j.reason.empty());
  }
}

TEST(Verdicts, EveryGridBlowingUpIsInconclusiveNotFail) {
  std::vector<convergence_point> points(4, convergence_point{.h = 0.1, .error = 0, .status = point_status::unstable});
  for (int k = 0; k < 4; ++k) points[static_cast<std::size_t>(k)].h = 0.1 / (1 << k);
  const auto fit = fit_order(points);
  const auto j = judge_order(points, fit, 4, 1.0, false);
  EXPECT_EQ(j.outcome, verdict::inconclusive);
  EXPECT_EQ(j.code, verdict_code::unstable);
}

TEST(Verdicts, ALossOfOrderWhoseSlopesStillDriftIsNotAFail) {
  // err = h^4 / (1 + 200 h^2): local slopes 4 - 400 h^2 / (1 + 200 h^2) rise from about 2.1
  // towards 4; on the coarse grids the order is far below 4 but the slopes have not settled.
  std::vector<convergence_point> points;
  for (int k = 0; k < 4; ++k) {
    const double h = 0.5 / std::pow(2.0, k);
    points.push_back({.h = h, .error = std::pow(h, 4) / (1 + 200 * h * h), .status = point_status::ok});
  }
  const auto fit = fit_order(points);
  ASSERT_TRUE(fit.found);
  ASSERT_LT(fit.order, 4 - 0.15);
  const auto j = judge_order(points, fit, 4, 1.0, false);
  EXPECT_EQ(j.outcome, verdict::inconclusive) << j.reason;
}
