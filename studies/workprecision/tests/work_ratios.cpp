// The work-precision comparison at equal achieved error (studies/workprecision/include/orderly/work_ratios.hpp)
// on curves whose interpolated work is known in closed form.
#include <orderly/work_ratios.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <utility>
#include <vector>

using namespace orderly;

namespace {

work_curve curve(const char* method, const std::vector<std::pair<double, std::uint64_t>>& error_and_work) {
  work_curve c{.method = method, .problem = "synthetic"};
  for (const auto& [error, work] : error_and_work) c.points.push_back({.error = error, .rhs_evaluations = work});
  return c;
}

}  // namespace

TEST(WorkRatios, ACurveAgainstItselfIsOneAtEveryPoint) {
  const auto c = curve("a", {{1e-2, 300}, {3e-4, 700}, {5e-7, 2100}});
  const auto ratios = ratios_at_equal_error(c, c);
  ASSERT_EQ(ratios.size(), 3u);
  for (const auto& r : ratios) EXPECT_NEAR(r.ratio, 1.0, 1e-12);
}

TEST(WorkRatios, TwiceTheWorkAtTheSameErrorsIsTwo) {
  const auto baseline = curve("b", {{1e-2, 300}, {3e-4, 700}, {5e-7, 2100}});
  const auto candidate = curve("c", {{1e-2, 600}, {3e-4, 1400}, {5e-7, 4200}});
  const auto ratios = ratios_at_equal_error(candidate, baseline);
  ASSERT_EQ(ratios.size(), 3u);
  for (const auto& r : ratios) EXPECT_NEAR(r.ratio, 2.0, 1e-12);
}

TEST(WorkRatios, InterpolationIsLinearInLogLog) {
  // 1e-3 is halfway between 1e-2 and 1e-4 in log error, so the baseline's work there is the
  // geometric mean of its neighbours' work, sqrt(251 * 631).
  const auto baseline = curve("b", {{1e-2, 251}, {1e-4, 631}});
  const auto ratios = ratios_at_equal_error(curve("c", {{1e-3, 500}}), baseline);
  ASSERT_EQ(ratios.size(), 1u);
  EXPECT_NEAR(ratios[0].baseline_evaluations, std::sqrt(251.0 * 631.0), 1e-9);
  EXPECT_NEAR(ratios[0].ratio, 500 / std::sqrt(251.0 * 631.0), 1e-12);
}

TEST(WorkRatios, TheEnvelopeKeepsTheRunsNoOtherBeats) {
  // (300, 1e-2) is beaten by (200, 1e-3): more work for a larger error. An error of 0 has no log.
  const auto front = monotone_envelope(
      curve("b", {{1e-1, 100}, {1e-3, 200}, {1e-2, 300}, {0.0, 350}, {1e-4, 400}, {1e-4, 500}}).points);
  ASSERT_EQ(front.size(), 3u);
  EXPECT_EQ(front[0].rhs_evaluations, 100u);
  EXPECT_EQ(front[1].rhs_evaluations, 200u);
  EXPECT_EQ(front[2].rhs_evaluations, 400u);
}

TEST(WorkRatios, ANonMonotoneBaselineIsReadOnItsEnvelopeWithEveryBracketsSpread) {
  // Errors 1e-2, 3e-2, 1e-3, 1e-4 at work 100, 150, 200, 400: the second run is beaten by the first.
  // At 5e-3 the raw curve's only bracketing pair is (3e-2, 150)-(1e-3, 200): work
  // 150 (4/3)^s, s = log(1/6) / log(1/30). The envelope reads (1e-2, 100)-(1e-3, 200):
  // 100 * 2^(log(1/2) / log(1/10)).
  const auto baseline = curve("b", {{1e-2, 100}, {3e-2, 150}, {1e-3, 200}, {1e-4, 400}});
  const auto ratios = ratios_at_equal_error(curve("c", {{5e-3, 120}, {6e-3, 130}}), baseline);
  ASSERT_EQ(ratios.size(), 1u);  // the candidate's (130, 6e-3) is beaten by its (120, 5e-3)
  const double envelope = 100 * std::pow(2.0, std::log(0.5) / std::log(0.1));
  const double first = 150 * std::pow(4.0 / 3.0, std::log(1.0 / 6) / std::log(1.0 / 30));
  EXPECT_NEAR(ratios[0].baseline_evaluations, envelope, 1e-9);
  EXPECT_NEAR(ratios[0].ratio, 120 / envelope, 1e-12);
  EXPECT_EQ(ratios[0].brackets, 1u);
  EXPECT_NEAR(ratios[0].first_bracket_ratio, 120 / first, 1e-12);
  EXPECT_NEAR(ratios[0].lowest_bracket_ratio, 120 / first, 1e-12);
  EXPECT_NEAR(ratios[0].highest_bracket_ratio, 120 / first, 1e-12);
}

TEST(WorkRatios, EveryBracketingPairEntersTheSpread) {
  // Errors 1e-1, 1e-3, 1e-2, 1e-4 at work 100, 200, 300, 400: 1e-2 is bracketed by (1e-1, 1e-3),
  // halfway in log error: sqrt(100 * 200); by (1e-3, 1e-2) and (1e-2, 1e-4) at their point of work
  // 300. The envelope (100, 200, 400) reads sqrt(100 * 200).
  const auto baseline = curve("b", {{1e-1, 100}, {1e-3, 200}, {1e-2, 300}, {1e-4, 400}});
  const auto ratios = ratios_at_equal_error(curve("c", {{1e-2, 150}}), baseline);
  ASSERT_EQ(ratios.size(), 1u);
  EXPECT_NEAR(ratios[0].baseline_evaluations, std::sqrt(100.0 * 200.0), 1e-9);
  EXPECT_EQ(ratios[0].brackets, 3u);
  EXPECT_NEAR(ratios[0].first_bracket_ratio, 150 / std::sqrt(100.0 * 200.0), 1e-12);
  EXPECT_NEAR(ratios[0].lowest_bracket_ratio, 0.5, 1e-12);
  EXPECT_NEAR(ratios[0].highest_bracket_ratio, 150 / std::sqrt(100.0 * 200.0), 1e-12);
}

TEST(WorkRatios, ErrorsLooserThanTheBaselinesCheapestRunHaveNoRatio) {
  // The baseline's cheapest run reached 1e-2; at 2e-2 it would have needed less than its cheapest
  // run, which no run measured: no ratio, though the raw pair (1e-2, 3e-2) brackets 2e-2.
  const auto baseline = curve("b", {{1e-2, 100}, {3e-2, 150}, {1e-3, 200}});
  EXPECT_TRUE(ratios_at_equal_error(curve("c", {{2e-2, 90}}), baseline).empty());
}

TEST(WorkRatios, ErrorsOutsideTheBaselinesRangeHaveNoRatio) {
  const auto baseline = curve("b", {{1e-2, 300}, {1e-6, 2100}});
  EXPECT_TRUE(ratios_at_equal_error(curve("c", {{1e-1, 100}, {1e-8, 5000}}), baseline).empty());
}

TEST(WorkRatios, TheSummaryPerProblemAndTheNullComparisonWithinTheExcessRange) {
  // Problem p: ratios 0.9, 1.2, 1.1, 0.8 (above 1 at errors 1e-2 and 1e-3). Three null curves: n1's
  // ratios inside [1e-3, 1e-2] are 1.05 and 1.08, outside it 2.0 (ignored); n2's is 1.2 there (it
  // reaches the worst, 1.2); n3 has no ratio there. Problem q: one ratio.
  const std::vector<work_ratio> candidate = {{"p", "c", 1e-1, 0, 0, 0.9},
                                             {"p", "c", 1e-2, 0, 0, 1.2},
                                             {"p", "c", 1e-3, 0, 0, 1.1},
                                             {"p", "c", 1e-4, 0, 0, 0.8},
                                             {"q", "c", 1e-2, 0, 0, 0.95}};
  const std::vector<work_ratio> null = {{"p", "n1", 5e-1, 0, 0, 2.0},  {"p", "n1", 5e-3, 0, 0, 1.05},
                                        {"p", "n1", 1e-3, 0, 0, 1.08}, {"p", "n1", 1e-5, 0, 0, 2.0},
                                        {"p", "n2", 2e-3, 0, 0, 1.2},  {"p", "n3", 1e-4, 0, 0, 1.5},
                                        {"q", "n1", 1e-2, 0, 0, 1.3}};
  const auto summary = summarise_ratios(candidate, null);
  ASSERT_EQ(summary.size(), 2u);
  const auto& p = summary[0];
  EXPECT_EQ(p.problem, "p");
  EXPECT_EQ(p.ratios, 4u);
  EXPECT_EQ(p.above_one, 2u);
  EXPECT_DOUBLE_EQ(p.worst, 1.2);
  // (0.9 * 1.2 * 1.1 * 0.8)^(1/4) = 0.9504^(1/4)
  EXPECT_NEAR(p.geometric_mean, std::pow(0.9504, 0.25), 1e-12);
  ASSERT_TRUE(p.errors_above_one.has_value());
  EXPECT_DOUBLE_EQ(p.errors_above_one->first, 1e-3);
  EXPECT_DOUBLE_EQ(p.errors_above_one->second, 1e-2);
  ASSERT_TRUE(p.null_worst_there.has_value());
  EXPECT_DOUBLE_EQ(*p.null_worst_there, 1.2);
  EXPECT_EQ(p.null_curves_there, 2u);           // n1 and n2
  EXPECT_EQ(p.null_curves_reaching_worst, 1u);  // n2 (1.2 >= 1.2); n1's 1.08 does not
  // q never needs more work: no range, so no null figure either.
  const auto& q = summary[1];
  EXPECT_EQ(q.problem, "q");
  EXPECT_EQ(q.above_one, 0u);
  EXPECT_DOUBLE_EQ(q.geometric_mean, 0.95);
  EXPECT_FALSE(q.errors_above_one.has_value());
  EXPECT_FALSE(q.null_worst_there.has_value());
  EXPECT_EQ(q.null_curves_there, 0u);
  EXPECT_EQ(q.null_curves_reaching_worst, 0u);
}

TEST(WorkRatios, TheSummaryKeepsEachCandidateOfAProblemApart) {
  // Two candidates on one problem: a (ratios 0.5 and 2, geometric mean 1) and b (0.25 and 0.25).
  const std::vector<work_ratio> ratios = {{"p", "a", 1e-2, 0, 0, 0.5},
                                          {"p", "b", 1e-2, 0, 0, 0.25},
                                          {"p", "a", 1e-4, 0, 0, 2.0},
                                          {"p", "b", 1e-4, 0, 0, 0.25}};
  const auto summary = summarise_ratios(ratios, {});
  ASSERT_EQ(summary.size(), 2u);
  EXPECT_EQ(summary[0].candidate, "a");
  EXPECT_EQ(summary[0].ratios, 2u);
  EXPECT_NEAR(summary[0].geometric_mean, 1.0, 1e-12);
  EXPECT_DOUBLE_EQ(summary[0].worst, 2.0);
  EXPECT_EQ(summary[0].above_one, 1u);
  EXPECT_EQ(summary[1].candidate, "b");
  EXPECT_NEAR(summary[1].geometric_mean, 0.25, 1e-12);
  EXPECT_EQ(summary[1].above_one, 0u);
  EXPECT_FALSE(summary[1].errors_above_one.has_value());
}
