// Orderly's adaptive dopri54 and radau5 against the codes they follow: Hairer and Wanner's DOPRI5
// and RADAU5 (dopri5.f with hinit.f; radau5.f with decsol.f and dc_decsol.f), compiled with
// gfortran -O2 on this machine and run on the same problems with the same tolerances. The numbers
// below are what those runs printed; the errors are measured against Orderly's certified
// references. The same method under the same step-size control takes the same steps.
#include <orderly/convergence_measure.hpp>  // detail::distance
#include <orderly/method_runner.hpp>
#include <orderly/problem_catalog.hpp>
#include <orderly/reference_solution.hpp>
#include <orderly/stiff_study.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <iterator>

namespace orderly {
namespace {

// DOPRI5 on the Arenstorf orbit over one period, RTOL = ATOL = tol (ITOL = 0), H = 0 (its own
// starting step, HINIT), no dense output: function evaluations (NFCN, which is 2 + 6 NSTEP),
// computed steps (NSTEP) and the Euclidean norm of the final state's error.
TEST(HairerCodes, Dopri54TakesDopri5sStepsOnArenstorf) {
  struct dopri5_run {
    double tolerance;
    std::uint64_t evaluations, steps;
    double error;
  };
  constexpr dopri5_run dopri5_f[] = {{1e-4, 494, 82, 3.391e-01},
                                     {1e-6, 986, 164, 4.167e-02},
                                     {1e-8, 2168, 361, 8.331e-05},
                                     {1e-10, 5060, 843, 2.578e-06}};
  // Round-off differs (the order of the weighted sums), so a step decision near the acceptance
  // threshold may fall the other way; the errors then differ in their third digit.
  constexpr double count_tolerance = 0.01;
  constexpr double error_tolerance = 0.02;
  const auto* entry = find_problem("arenstorf");
  ASSERT_NE(entry, nullptr);
  const auto problem = instantiate<double>(*entry);
  // The stored reference, at the period in 50 digits; both codes end at its double rounding, which
  // moves the final state by |dt| max|f| < 1e-14, eight orders below the smallest error compared.
  const auto reference = reference_at(*entry, {instantiate<mp50>(*entry).t_end});
  ASSERT_EQ(reference.origin, "stored");
  const auto& end_state = reference.states.back();
  // One runner for every tolerance, as the studies sweep: each run starts from a reset stepper.
  const auto run_dopri54 = make_adaptive_runner(*find_method("dopri54"), problem);
  for (const auto& theirs : dopri5_f) {
    const auto run = run_dopri54(theirs.tolerance);
    ASSERT_TRUE(run.completed) << run.failure;
    const double error = detail::distance(run.final_state, end_state);  // Euclidean, in mp50
    const auto steps = run.stats.accepted + run.stats.rejected;
    EXPECT_NEAR(double(run.stats.rhs_evaluations), double(theirs.evaluations), count_tolerance * theirs.evaluations)
        << "tolerance " << theirs.tolerance;
    EXPECT_NEAR(double(steps), double(theirs.steps), count_tolerance * theirs.steps)
        << "tolerance " << theirs.tolerance;
    EXPECT_EQ(run.stats.rhs_evaluations, 2 + 6 * steps) << "DOPRI5's count: two to start, six per step (FSAL)";
    EXPECT_NEAR(error, theirs.error, error_tolerance * theirs.error) << "tolerance " << theirs.tolerance;
  }
}

// A run of Hairer's RADAU5 or RADAU on ROBER: internal rtol, accepted steps (NACCPT), evaluations
// (NFCN) and the final state's mescd.
struct radau_code_run {
  double rtol;
  std::uint64_t accepted, evaluations;
  double mescd;
};

// Each run's accepted steps and evaluations within count_tolerance (relative) of the code's, and
// the mean mescd within half a digit of its mean (one run's accuracy scatters by up to a digit
// between neighbouring tolerances).
template <std::size_t N>
void expect_radau_code_runs(const char* method, const radau_code_run (&runs)[N], double count_tolerance) {
  constexpr double mean_digits_tolerance = 0.5;
  double ours = 0, theirs = 0;
  for (const auto& reference : runs) {
    const auto run = run_stiff(method, "rober", reference.rtol, 100000);
    ASSERT_EQ(run.status, stiff_run_status::solved) << run.failure;
    ASSERT_TRUE(run.accepted && run.digits.mescd);
    EXPECT_NEAR(double(*run.accepted), double(reference.accepted), count_tolerance* reference.accepted)
        << method << " at rtol " << reference.rtol;
    EXPECT_NEAR(double(run.rhs_evaluations), double(reference.evaluations), count_tolerance * reference.evaluations)
        << method << " at rtol " << reference.rtol;
    ours += *run.digits.mescd / N;
    theirs += reference.mescd / N;
  }
  EXPECT_NEAR(ours, theirs, mean_digits_tolerance) << method;
}

// RADAU5 on ROBER over [0, 1e11] with the analytic Jacobian, H = 0 and ATOL = 1e-2 RTOL, called
// with the user RTOL that its tolerance transform 0.1 RTOL^(2/3) turns into the internal rtol
// below, which is what Orderly's radau5 controls directly: accepted steps, evaluations and the
// mescd of the final state. (With a Newton stop of rtol^(1/4) instead of RADAU5's
// rtol^(1/2) the steps were the same and the mean 11.30 mescd: the iteration error, not the
// truncation error, set the accuracy.)
TEST(HairerCodes, Radau5TakesRadau5sStepsOnRoberToItsAccuracy) {
  constexpr radau_code_run radau5_f[] = {
      {1e-8, 742, 5317, 12.08}, {1e-9, 1331, 9458, 13.89}, {1e-10, 2379, 16845, 15.70}};
  constexpr double count_tolerance = 0.02;  // relative: the first step is chosen differently
  expect_radau_code_runs("radau5", radau5_f, count_tolerance);
}

// RADAU (radau.f, Hairer's variable-order Radau IIA code) held at seven stages (IWORK(11..13) = 7)
// on ROBER as above, called with the user RTOL that its transform 0.1 RTOL^(4/7) turns into the
// internal rtol below; analytic Jacobian, H = 1e-6. Printed: accepted steps (NACCPT), evaluations
// (NFCN) and the final state's mescd. Between 1e-6 and 1e-9 both codes take the same steps to
// within a few; at 1e-4 the step size is bounded by Newton's convergence, not by the error test:
// RADAU's 184 computed steps are 107 accepted and 77 cut short by Newton, so a count there
// depends on how each code judges contraction.
TEST(HairerCodes, Radau13TakesSevenStageRadausStepsOnRober) {
  constexpr radau_code_run radau_f[] = {
      {1e-6, 73, 2656, 9.58}, {1e-7, 86, 3278, 11.46}, {1e-8, 103, 4037, 14.24}, {1e-9, 126, 4669, 14.33}};
  // RADAU measures the Newton increment in its transformed variables and chooses the first step
  // itself (H = 1e-6 here); ours measures the increment itself and starts from Hairer's formula.
  constexpr double count_tolerance = 0.05;
  expect_radau_code_runs("radau13", radau_f, count_tolerance);
}

// Where Newton bounds the step (rtol 1e-3: both codes leave the physical branch, y1 < 0, and
// thousands of steps end in a Newton failure), the work is set by the Newton iteration's limits:
// RADAU allows 17 iterations at seven stages and rates the contraction by the geometric mean of
// the last two quotients. RADAU took 104715 evaluations, 3467 accepted steps; with 15 iterations
// and the last quotient alone Orderly took 293933 and 10655.
TEST(HairerCodes, Radau13NeedsRadausWorkWhereNewtonBoundsTheStep) {
  constexpr std::uint64_t radau_evaluations = 104715, radau_accepted = 3467;
  constexpr double count_tolerance = 0.1;  // thousands of Newton failures: a chaotic sequence of steps
  const auto run = run_stiff("radau13", "rober", 1e-3, 100000);
  ASSERT_EQ(run.status, stiff_run_status::solved) << run.failure;
  ASSERT_TRUE(run.accepted && run.newton_failures && run.rejected);
  EXPECT_NEAR(double(run.rhs_evaluations), double(radau_evaluations), count_tolerance * radau_evaluations);
  EXPECT_NEAR(double(*run.accepted), double(radau_accepted), count_tolerance* radau_accepted);
  EXPECT_GT(*run.newton_failures, *run.rejected / 2) << "Newton, not the error test, bounds the step here";
}

}  // namespace
}  // namespace orderly
