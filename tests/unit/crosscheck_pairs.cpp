// The odeint cross-check: the pairs that implement the same method agree within the round-off
// bound, and the pairs known to be different methods are told apart from the first step (which
// shows the comparison can fail: a truncation-size difference is far above the bound).
#include <orderly/crosscheck.hpp>

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <utility>

namespace {

using orderly::crosscheck_policy;
using orderly::crosscheck_result;

const std::vector<crosscheck_result>& results() {
  static const auto all = orderly::run_crosscheck();
  return all;
}

// Listed on purpose as different methods: odeint's modified_midpoint with one substep is Heun's
// method, z0 + h/2 (f(z0) + f(z0 + h f(z0))), and its symplectic_euler drifts first (variant B).
const std::set<std::pair<std::string, std::string>> different_methods = {
    {"midpoint", "modified_midpoint(steps = 1)"}, {"symplectic-euler-a", "symplectic_euler"}};

TEST(Crosscheck, SameMethodsAgreeWithinRoundoff) {
  int compared = 0;
  for (const auto& r : results()) {
    if (r.status == "not-run" || different_methods.count({r.method, r.odeint_stepper})) continue;
    EXPECT_FALSE(r.control) << r.method;
    ++compared;
    EXPECT_EQ(r.status, "pass") << r.method << " vs " << r.odeint_stepper << " (" << r.scalar << "): " << r.reason;
    EXPECT_LE(r.max_difference_units, crosscheck_policy::roundoff_units_bound) << r.method << " " << r.scalar;
  }
  EXPECT_GE(compared, 11);
}

TEST(Crosscheck, DifferentMethodsPartByATruncationSizedGap) {
  // Two different methods of order p differ by O(h^(p+1)) per step (h = 5e-3): 1e-8 or more,
  // over 1e6 round-off units (eps * |y| ~ 1e-15).
  constexpr double truncation_sized = 1e6;
  int found = 0;
  for (const auto& r : results()) {
    if (!different_methods.count({r.method, r.odeint_stepper})) continue;
    ++found;
    EXPECT_TRUE(r.control) << r.method;
    EXPECT_EQ(r.status, "pass") << r.method << ": a control passes when the check sees the methods part";
    EXPECT_GT(r.first_parting_step, 0u) << r.method;
    EXPECT_GT(r.max_difference_units, truncation_sized) << r.method;
  }
  EXPECT_EQ(found, 2);
}

TEST(Crosscheck, MultiprecisionPairsRun) {
  std::set<std::string> mp;
  for (const auto& r : results())
    if (r.scalar == "mp50") mp.insert(r.method);
  EXPECT_EQ(mp, (std::set<std::string>{"rk4", "rkf78"}));
}

}  // namespace
