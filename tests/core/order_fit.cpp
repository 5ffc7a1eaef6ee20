// The order fit on synthetic error sequences whose order is known by construction.
#include <orderly/order_fit.hpp>

#include <gtest/gtest.h>

#include <cmath>

using namespace orderly;

namespace {

// err = C h^p (1 + D h) on h = h0 / r^k, plus a round-off floor `floor` that the errors cannot go under.
std::vector<convergence_point> synthetic(double p, double C, double D, double h0, double ratio, int n, double floor) {
  std::vector<convergence_point> points;
  for (int k = 0; k < n; ++k) {
    const double h = h0 / std::pow(ratio, k);
    const double truncation = C * std::pow(h, p) * (1 + D * h);
    // Past the floor the error is rounding noise of size ~floor (alternating factor mimics noise).
    const double error = truncation > floor ? truncation : floor * (k % 2 ? 1.7 : 0.6);
    points.push_back({.h = h, .error = error, .status = point_status::ok, .noise_floor = floor / 10});
  }
  return points;
}

}  // namespace

TEST(OrderFit, RecoversTheOrderOfACleanPowerLaw) {
  auto points = synthetic(4, 0.3, 0, 0.5, 2, 8, 0);
  const auto fit = fit_order(points);
  ASSERT_TRUE(fit.found);
  EXPECT_NEAR(fit.order, 4.0, 1e-9);
  EXPECT_NEAR(fit.error_constant, 0.3, 1e-9);
  EXPECT_EQ(fit.first, 0u);
  EXPECT_EQ(fit.last, 7u);
}

TEST(OrderFit, DropsPreAsymptoticPointsAndTheRoundoffPlateau) {
  // Strong h-correction at coarse h (D = 8: local slopes 3.1, 3.6, ... -> 4) and a floor at 1e-13.
  const double floor = 1e-13;
  auto points = synthetic(4, 1, 8, 0.5, 2, 14, floor);
  const auto fit = fit_order(points);
  ASSERT_TRUE(fit.found);
  EXPECT_NEAR(fit.order, 4.0, 0.05);
  EXPECT_GT(fit.first, 0u) << "coarse points with slopes far from 4 must be left out";
  // Every point in the window is truncation error, none is rounding noise.
  for (std::size_t i = fit.first; i <= fit.last; ++i) {
    const double h = points[i].h;
    EXPECT_GT(std::pow(h, 4) * (1 + 8 * h), floor) << "window reaches into the plateau at h = " << h;
  }
  EXPECT_EQ(points.back().status, point_status::roundoff);
}

TEST(OrderFit, LocalSlopesAreCorrectForAStepRatioOtherThanTwo) {
  // Ratio 3: the mean of log2 ratios would give 4 log2(3) = 6.34; the pairwise slope gives 4.
  auto points = synthetic(4, 1, 0, 0.5, 3, 5, 0);
  const auto fit = fit_order(points);
  ASSERT_EQ(fit.local_slopes.size(), 4u);
  for (double s : fit.local_slopes) EXPECT_NEAR(s, 4.0, 1e-9);
}

TEST(OrderFit, UnstablePointsNeverEnterTheFit) {
  auto points = synthetic(2, 1, 0, 0.5, 2, 6, 0);
  points[0].status = point_status::unstable;
  points[0].error = 1e300;
  const auto fit = fit_order(points);
  ASSERT_TRUE(fit.found);
  EXPECT_EQ(fit.first, 1u);
  EXPECT_NEAR(fit.order, 2.0, 1e-9);
}

TEST(OrderFit, TooFewPointsIsNotAFit) {
  auto points = synthetic(2, 1, 0, 0.5, 2, 1, 0);
  EXPECT_FALSE(fit_order(points).found);
}

TEST(OrderFit, UncertaintyCoversTheDriftOfTheLocalSlopes) {
  auto points = synthetic(3, 1, 2, 0.25, 2, 6, 0);
  const auto fit = fit_order(points);
  ASSERT_TRUE(fit.found);
  EXPECT_GE(fit.uncertainty, std::fabs(fit.order - fit.local_slopes.back()) - 1e-12);
  EXPECT_LE(std::fabs(fit.order - 3.0), fit.uncertainty + 0.02);
}
