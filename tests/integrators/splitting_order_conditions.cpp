// Order conditions of the splitting methods, checked to 40 digits on bicoloured trees.
//
// A drift-then-kick splitting is the explicit partitioned Runge-Kutta method
//     Q_i = q_0 + h sum_{j<=i} drift_j v(P_j),   P_i = p_0 + h sum_{j<i} kick_j F(Q_j),
//     q_1 = q_0 + h sum_j drift_j v(P_j),        p_1 = p_0 + h sum_j kick_j F(Q_j),
// i.e. A_q[i][j] = drift_j (j <= i), b_q = drift; A_p[i][j] = kick_j (j < i), b_p = kick. For a
// separable system only alternating bicoloured trees carry conditions. Every condition up to the
// declared order must hold (|residual| < 1e-40) and at least one of the next order must fail.
#include <orderly/catalog.hpp>
#include <orderly/order_conditions.hpp>
#include <orderly/splitting.hpp>
#include <orderly/splitting/partitioned_form.hpp>
#include <orderly/splitting/yoshida6.hpp>

#include <gtest/gtest.h>

#include <cmath>

namespace orderly {
namespace {

const high_precision tolerance("1e-40");

TEST(SplittingOrderConditions, EveryMethodHasExactlyItsDeclaredOrder) {
  for (const auto& m : splitting_methods()) {
    SCOPED_TRACE(m.name);
    const auto pair = partitioned_form(m);
    const auto report = check_partitioned_order_conditions(pair.q_part, pair.p_part, m.order + 1, tolerance,
                                                           /*alternating_only=*/true);
    EXPECT_EQ(report.order_satisfied, m.order);
    // The conditions of the next order fail by a clear margin, not by rounding.
    high_precision largest_next = 0;
    for (const auto& failure : report.failures) {
      EXPECT_EQ(failure.order, m.order + 1) << failure.tree;
      largest_next = std::max(largest_next, high_precision(abs(failure.residual)));
    }
    EXPECT_GT(largest_next, high_precision("1e-6"));
  }
}

TEST(SplittingOrderConditions, TimeNodesAreTheDriftSums) {
  // The stepper evaluates the force of kick i at t + (drift_0 + ... + drift_i) h: the q-part's row
  // sums. Consistency (sum drift = sum kick = 1) is what makes the last kick land at t + h.
  for (const auto& m : splitting_methods()) {
    SCOPED_TRACE(m.name);
    high_precision drift_sum = 0, kick_sum = 0;
    for (std::size_t i = 0; i < m.drift.size(); ++i) {
      drift_sum += m.drift[i];
      kick_sum += m.kick[i];
    }
    EXPECT_LT(abs(drift_sum - 1), tolerance);
    EXPECT_LT(abs(kick_sum - 1), tolerance);
  }
}

TEST(SplittingOrderConditions, Yoshida6WeightsMatchPublishedDigits) {
  const auto& solution = yoshida6_detail::weights_solution();
  EXPECT_LT(solution.residual, high_precision("1e-90"));
  EXPECT_LE(solution.iterations, 8);
  // Leimkuhler & Reich, Simulating Hamiltonian Dynamics (2004), Table 6.2: 20 digits.
  EXPECT_LT(abs(solution.w[0] - high_precision("0.78451361047755726382")), high_precision("1e-20"));
  EXPECT_LT(abs(solution.w[1] - high_precision("0.23557321335935813368")), high_precision("1e-20"));
  EXPECT_LT(abs(solution.w[2] - high_precision("-1.17767998417887100695")), high_precision("1e-20"));
  // Yoshida's own 15 digits are a rounding of the root, not the root.
  EXPECT_GT(abs(solution.w[2] - high_precision("-1.17767998417887")), high_precision("1e-16"));
}

// Principal error norm of a splitting of order p: the 2-norm of (Phi(t) - 1/gamma(t)) / sigma(t)
// over the alternating trees of order p + 1.
high_precision principal_error(const splitting_method& m) {
  const auto pair = partitioned_form(m);
  const auto forest = generate_trees(m.order + 1, 2, true);
  const auto report = evaluate_order_conditions(forest, {&pair.q_part, &pair.p_part}, tolerance);
  high_precision sum = 0;
  for (std::size_t k = forest.order_begin[static_cast<std::size_t>(m.order + 1)]; k < forest.trees.size(); ++k) {
    const high_precision e = report.residuals[k] / forest.trees[k].symmetry;
    sum += e * e;
  }
  return sqrt(sum);
}

TEST(SplittingOrderConditions, McLachlanHasASmallerErrorConstantThanTheTripleJump) {
  // Why mclachlan4 is the "optimised" fourth-order method: its fifth-order error coefficients are
  // far smaller than the triple jump's, at one force evaluation more per step (4 vs 3).
  const auto e_mclachlan = principal_error(*find_method("mclachlan4")->splitting());
  const auto e_triple = principal_error(*find_method("yoshida4")->splitting());
  EXPECT_LT(e_mclachlan * 10, e_triple) << "mclachlan4 " << e_mclachlan.str(6) << " vs yoshida4 " << e_triple.str(6);
}

TEST(SplittingOrderConditions, ForceEvaluationsPerStep) {
  // Counted by hand from the coefficient lists (kick-drift-kick methods reuse their last force).
  const std::vector<std::pair<std::string, int>> expected = {
      {"symplectic-euler-a", 1}, {"symplectic-euler-b", 1}, {"velocity-verlet", 1}, {"leapfrog", 1}, {"ruth3", 3},
      {"yoshida4", 3},           {"yoshida6", 7},           {"mclachlan4", 4}};
  ASSERT_EQ(expected.size(), splitting_methods().size());
  for (const auto& [name, evaluations] : expected) {
    const auto* m = find_method(name)->splitting();
    ASSERT_NE(m, nullptr) << name;
    EXPECT_EQ(m->force_evaluations_per_step(), evaluations) << name;
  }
  EXPECT_EQ(find_method("no-such-method"), nullptr);
}

}  // namespace
}  // namespace orderly
