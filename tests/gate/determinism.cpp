// The gate's numbers do not depend on the thread count: the same jobs on one thread and on two
// give bit-identical errors and fits.
#include <orderly/convergence_suites.hpp>

#include <gtest/gtest.h>

using namespace orderly;

TEST(GateDeterminism, OneThreadAndTwoThreadsGiveIdenticalNumbers) {
  auto jobs = gate_set();
  // A handful of different families keeps the test short; the mechanism is the same for all.
  std::vector<convergence_request> some;
  for (const auto& job : jobs)
    if (job.method->name == "rk4" || job.method->name == "yoshida4" || job.method->name == "dopri54" ||
        job.method->name == "seed-rk4-double-dt")
      some.push_back(job);
  ASSERT_GE(some.size(), 4u);
  const auto serial = run_convergence_jobs(some, 1);
  const auto parallel = run_convergence_jobs(some, 2);
  for (std::size_t i = 0; i < some.size(); ++i) {
    ASSERT_TRUE(serial[i].result && parallel[i].result) << serial[i].error << parallel[i].error;
    const auto& a = *serial[i].result;
    const auto& b = *parallel[i].result;
    EXPECT_EQ(a.solution.fit.order, b.solution.fit.order) << a.method << " on " << a.problem;
    EXPECT_EQ(a.error_constant_declared, b.error_constant_declared);
    ASSERT_EQ(a.solution.points.size(), b.solution.points.size());
    for (std::size_t k = 0; k < a.solution.points.size(); ++k) {
      EXPECT_EQ(a.solution.points[k].error, b.solution.points[k].error);
      EXPECT_EQ(a.solution.points[k].rhs_evaluations, b.solution.points[k].rhs_evaluations);
    }
  }
}
