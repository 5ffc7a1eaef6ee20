// The test set's digit measures on made-up states whose answers are known by hand.
#include <orderly/stiff_study.hpp>

#include <gtest/gtest.h>

namespace orderly {
namespace {

constexpr double certified = 17;  // the reference's certified digits (the cap)

TEST(StiffStudyDigits, RelativeErrorAboveTheThreshold) {
  // ref = (1, 100), y off by 1e-7 relative in both: every component is far above atol/rtol = 1e-6,
  // so mescd ~ scd ~ 7 (the 1e-6 in the denominator shifts mescd by log10(1 + 1e-6)).
  const state_of<mp50> ref{mp50(1), mp50(100)};
  const state_of<double> y{1 + 1e-7, 100 * (1 + 1e-7)};
  const auto d = measure_correct_digits(y, ref, 1e-6, certified);
  ASSERT_TRUE(d.mescd && d.scd);
  EXPECT_NEAR(*d.scd, 7, 1e-6);
  EXPECT_NEAR(*d.mescd, 7 + std::log10(1 + 1e-6), 1e-6);
}

TEST(StiffStudyDigits, SmallComponentMeasuredAbsolutely) {
  // ref2 = 1e-14 is below atol/rtol = 1e-2: its error 1e-16 counts as 1e-16 / (1e-2 + 1e-14),
  // about 1e-14 (14 digits); relatively it is only 2 digits, which scd reports.
  const state_of<mp50> ref{mp50(1), mp50("1e-14")};
  const state_of<double> y{1 + 1e-9, 1e-14 + 1e-16};
  const auto d = measure_correct_digits(y, ref, 1e-2, certified);
  ASSERT_TRUE(d.mescd && d.scd);
  // The first component decides mescd: 1e-9 / (1e-2 + 1).
  EXPECT_NEAR(*d.mescd, 9 + std::log10(1.01), 1e-6);
  EXPECT_NEAR(*d.scd, 2, 1e-6);
}

TEST(StiffStudyDigits, ExactMatchIsCappedAtTheReference) {
  const state_of<mp50> ref{mp50(1), mp50("0.5")};
  const auto d = measure_correct_digits({1.0, 0.5}, ref, 1, certified);
  ASSERT_TRUE(d.mescd && d.scd);
  EXPECT_EQ(*d.mescd, certified);
  EXPECT_EQ(*d.scd, certified);
}

TEST(StiffStudyDigits, NonFiniteStateHasNoDigitsAndZeroReferenceNoScd) {
  const state_of<mp50> ref{mp50(1), mp50(0)};
  EXPECT_FALSE(measure_correct_digits({std::nan(""), 0.0}, ref, 1, certified).mescd);
  const auto d = measure_correct_digits({1.001, 1e-5}, ref, 1, certified);
  ASSERT_TRUE(d.mescd);
  EXPECT_FALSE(d.scd);
  EXPECT_NEAR(*d.mescd, -std::log10(1e-3 / 2), 1e-9);  // max(1e-3 / (1 + 1), 1e-5 / (1 + 0))
}

}  // namespace
}  // namespace orderly
