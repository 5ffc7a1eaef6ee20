// Orderly's adaptive radau5 against the code it follows: Hairer and Wanner's RADAU5 (radau5.f with
// decsol.f and dc_decsol.f), compiled with gfortran -O2 on this machine and run on the same problem
// with the same tolerances. The numbers
// below are what those runs printed; the errors are measured against Orderly's certified
// references. The same method under the same step-size control takes the same steps.
#include <orderly/stiff_study.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <iterator>

namespace orderly {
namespace {

// RADAU5 on ROBER over [0, 1e11] with the analytic Jacobian, H = 0 and ATOL = 1e-2 RTOL, called
// with the user RTOL that its tolerance transform 0.1 RTOL^(2/3) turns into the internal rtol
// below, which is what Orderly's radau5 controls directly: accepted steps and the mescd of the
// final state. The accuracy of one run scatters by up to a digit between neighbouring tolerances,
// so the mean over the three is compared. (With a Newton stop of rtol^(1/4) instead of RADAU5's
// rtol^(1/2) the steps were the same and the mean 11.30 mescd: the iteration error, not the
// truncation error, set the accuracy.)
TEST(HairerCodes, Radau5TakesRadau5sStepsOnRoberToItsAccuracy) {
  struct radau5_run {
    double rtol;
    std::uint64_t accepted;
    double mescd;
  };
  constexpr radau5_run radau5_f[] = {{1e-8, 742, 12.08}, {1e-9, 1331, 13.89}, {1e-10, 2379, 15.70}};
  constexpr double step_count_tolerance = 0.02;  // relative: the first step is chosen differently
  constexpr double mean_digits_tolerance = 0.5;
  double ours = 0, theirs = 0;
  for (const auto& reference : radau5_f) {
    const auto run = run_stiff("radau5", "rober", reference.rtol, 100000);
    ASSERT_EQ(run.status, stiff_run_status::solved) << run.failure;
    ASSERT_TRUE(run.accepted && run.digits.mescd);
    EXPECT_NEAR(double(*run.accepted), double(reference.accepted), step_count_tolerance * reference.accepted)
        << "rtol " << reference.rtol;
    ours += *run.digits.mescd / std::size(radau5_f);
    theirs += reference.mescd / std::size(radau5_f);
  }
  EXPECT_NEAR(ours, theirs, mean_digits_tolerance);
}

}  // namespace
}  // namespace orderly
