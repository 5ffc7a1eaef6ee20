// The order-condition checker itself: tree generation against known counts and identities,
// elementary weights against hand-written formulas, deliberately wrong coefficients, partitioned
// (bicoloured) conditions, and the high-precision path for irrational coefficients.
#include <orderly/catalog.hpp>
#include <orderly/order_conditions.hpp>
#include <orderly/tableaus/explicit_methods.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <set>

namespace orderly {
namespace {

// OEIS A000081: rooted trees with n vertices, n = 1..9.
TEST(RootedTrees, CountsMatchTheKnownSequence) {
  const auto forest = generate_trees(9);
  const std::vector<std::size_t> a000081 = {1, 1, 2, 4, 9, 20, 48, 115, 286};
  for (int p = 1; p <= 9; ++p) EXPECT_EQ(forest.count(p), a000081[static_cast<std::size_t>(p - 1)]) << "order " << p;
  EXPECT_EQ(forest.trees.size(), 486u);
}

// Bicoloured rooted trees (P-trees, Hairer-Lubich-Wanner III.2): 2 * A000151(n) = 2, 4, 14, 52,
// 214, 916; alternating ones are an ordinary tree plus a root colour: 2 * A000081(n).
TEST(RootedTrees, BicolouredCountsMatchTheKnownSequences) {
  const auto all = generate_trees(6, 2);
  const std::vector<std::size_t> p_trees = {2, 4, 14, 52, 214, 916};
  for (int p = 1; p <= 6; ++p) EXPECT_EQ(all.count(p), p_trees[static_cast<std::size_t>(p - 1)]) << "order " << p;
  const auto alternating = generate_trees(7, 2, true);
  const std::vector<std::size_t> twice_a000081 = {2, 2, 4, 8, 18, 40, 96};
  for (int p = 1; p <= 7; ++p)
    EXPECT_EQ(alternating.count(p), twice_a000081[static_cast<std::size_t>(p - 1)]) << "order " << p;
  for (const auto& t : alternating.trees)
    for (int child : t.children) EXPECT_NE(alternating.trees[static_cast<std::size_t>(child)].colour, t.colour);
}

TEST(RootedTrees, EachTreeAppearsOnce) {
  const auto forest = generate_trees(8, 2);
  std::set<std::string> notations;
  for (const auto& t : forest.trees) notations.insert(t.notation);
  EXPECT_EQ(notations.size(), forest.trees.size());
}

// Density and symmetry together: the number of monotone labellings of t is |t|! / (sigma gamma),
// and summed over the trees of order n it counts all increasing trees on n vertices, (n-1)!.
TEST(RootedTrees, DensityAndSymmetrySatisfyTheLabellingIdentity) {
  const auto forest = generate_trees(10);
  std::int64_t factorial = 1;  // n!
  for (int n = 1; n <= 10; ++n) {
    factorial *= n;
    std::int64_t sum = 0;
    for (std::size_t k = forest.order_begin[static_cast<std::size_t>(n)];
         k < forest.order_begin[static_cast<std::size_t>(n) + 1]; ++k) {
      const auto& t = forest.trees[k];
      ASSERT_EQ(factorial % (t.symmetry * t.density), 0) << t.notation;
      sum += factorial / (t.symmetry * t.density);
    }
    EXPECT_EQ(sum, factorial / n) << "order " << n;
  }
}

TEST(RootedTrees, KnownDensitiesAndSymmetries) {
  const auto forest = generate_trees(4);
  auto find = [&](const std::string& notation) -> const rooted_tree& {
    auto it = std::find_if(forest.trees.begin(), forest.trees.end(),
                           [&](const rooted_tree& t) { return t.notation == notation; });
    EXPECT_NE(it, forest.trees.end()) << notation;
    return *it;
  };
  // Hairer-Norsett-Wanner I, Table II.2.1.
  EXPECT_EQ(find("[t,t,t]").density, 4);
  EXPECT_EQ(find("[t,t,t]").symmetry, 6);
  EXPECT_EQ(find("[t,[t]]").density, 8);
  EXPECT_EQ(find("[t,[t]]").symmetry, 1);
  EXPECT_EQ(find("[[t,t]]").density, 12);
  EXPECT_EQ(find("[[t,t]]").symmetry, 2);
  EXPECT_EQ(find("[[[t]]]").density, 24);
  EXPECT_EQ(find("[[[t]]]").symmetry, 1);
}

// Elementary weights of the tall and bushy trees, written out by hand for RK4:
// Phi([[..[t]..]]) = b^T A^(k-1) 1 and Phi([t,...,t]) = b^T c^(k-1).
TEST(ElementaryWeights, MatchHandWrittenSumsForTallAndBushyTrees) {
  const auto m = exact_coefficients(*find_method("rk4")->tableau());
  const auto forest = generate_trees(6);
  const auto phi = elementary_weights(forest, m);
  const int s = m.stages();
  std::string tall = "t", bushy_inner = "t";
  std::vector<exact> power(static_cast<std::size_t>(s), exact(1));  // A^(k-1) 1
  for (int k = 1; k <= 6; ++k) {
    exact tall_weight = 0, bushy_weight = 0;
    for (int i = 0; i < s; ++i) {
      tall_weight += m.b[i] * power[i];
      exact c_power = 1;
      for (int e = 1; e < k; ++e) c_power *= m.c[i];
      bushy_weight += m.b[i] * c_power;
    }
    const std::string bushy = k == 1 ? "t" : "[" + bushy_inner + "]";
    for (std::size_t j = 0; j < forest.trees.size(); ++j) {
      if (forest.trees[j].notation == tall) {
        EXPECT_EQ(phi[j], tall_weight) << tall;
      }
      if (forest.trees[j].notation == bushy) {
        EXPECT_EQ(phi[j], bushy_weight) << bushy;
      }
    }
    std::vector<exact> next(static_cast<std::size_t>(s), exact(0));
    for (int i = 0; i < s; ++i)
      for (int j = 0; j < s; ++j) next[i] += m.a[i][j] * power[j];
    power = next;
    tall = "[" + tall + "]";
    if (k > 1) bushy_inner += ",t";
  }
}

// The proof that the checks can fail: one coefficient off by 10^-6 and the order drops.
TEST(OrderConditionChecker, WrongRk4CoefficientIsCaught) {
  const auto good = exact_coefficients(*find_method("rk4")->tableau());
  ASSERT_EQ(attained_order(good, 5), 4);
  const exact delta = parse_exact("1/1000000");

  // a32 = 1/2 + 10^-6 moves the third stage's abscissa (A 1)_3 off c3 = 1/2, so already
  // b^T A 1 = 1/2 fails by b3 * 10^-6 = 10^-6 / 3: order 1.
  auto m = good;
  m.a[2][1] += delta;
  auto report = check_order_conditions(m, 5);
  EXPECT_EQ(report.order_satisfied, 1);
  ASSERT_FALSE(report.failures.empty());
  EXPECT_EQ(report.failures.front().tree, "[t]");
  EXPECT_EQ(report.failures.front().residual, delta / 3);

  // Subtler: a32 + 10^-6 and a31 - 10^-6 keep the row sum, so every quadrature condition
  // b^T c^(k-1) = 1/k still holds; b^T A c = 1/6 (tree [[t]]) fails by b3 * 10^-6 * (c2 - c1).
  m = good;
  m.a[2][1] += delta;
  m.a[2][0] -= delta;
  report = check_order_conditions(m, 5);
  EXPECT_EQ(report.order_satisfied, 2);
  ASSERT_FALSE(report.failures.empty());
  EXPECT_EQ(report.failures.front().tree, "[[t]]");
  EXPECT_EQ(report.failures.front().residual, delta / 6);
}

TEST(OrderConditionChecker, WrongDopriCoefficientIsCaught) {
  const auto good = exact_coefficients(*find_method("dopri54")->tableau());
  ASSERT_EQ(attained_order(good, 6), 5);
  const exact delta = parse_exact("1/1000000");
  auto m = good;
  m.b[3] += delta;  // b4 = 125/192 + 10^-6: the weights no longer sum to one
  EXPECT_EQ(attained_order(m, 6), 0);
  m = good;
  m.a[4][2] += delta;  // a53 + 10^-6: stage 5's abscissa moves, b5 != 0, so b^T A 1 = 1/2 fails
  EXPECT_EQ(attained_order(m, 6), 1);
  m = good;
  m.a[4][2] += delta;  // ... and with a52 compensating, the row sum is kept: an order >= 3 condition fails
  m.a[4][1] -= delta;
  const int broken = attained_order(m, 6);
  EXPECT_GE(broken, 2);
  EXPECT_LT(broken, 5);
  // The embedded weights are checked the same way.
  auto e = exact_coefficients(*find_method("dopri54")->tableau(), weight_set::embedded);
  ASSERT_EQ(attained_order(e, 5), 4);
  e.b[6] += delta;
  EXPECT_EQ(attained_order(e, 5), 0);
}

TEST(OrderConditionChecker, ReportsEveryFailureWithItsTree) {
  const auto m = exact_coefficients(*find_method("euler")->tableau());
  const auto report = check_order_conditions(m, 3);
  EXPECT_EQ(report.order_satisfied, 1);
  EXPECT_EQ(report.conditions_checked, 4);
  ASSERT_EQ(report.failures.size(), 3u);  // [t], [t,t], [[t]]: Phi = 0 for all of them
  EXPECT_EQ(report.failures[0].tree, "[t]");
  EXPECT_EQ(report.failures[0].residual, parse_exact("-1/2"));
}

TEST(OrderConditionChecker, RejectsInconsistentShapes) {
  rk_coefficients<exact> m;
  m.a = {{exact(0)}};
  m.b = {exact(1), exact(0)};
  EXPECT_THROW(m.complete(), std::invalid_argument);
  EXPECT_THROW(generate_trees(0), std::invalid_argument);
  EXPECT_THROW(generate_trees(3, 1, true), std::invalid_argument);
}

// Irrational coefficients through high_precision: the 2-stage Gauss method (c = 1/2 -+ sqrt(3)/6)
// has order 4 and not 5; with a tolerance far above 100-digit round-off and far below any true
// residual, the answer is the exact one.
TEST(OrderConditionChecker, HighPrecisionGaussLegendre) {
  const high_precision r3 = sqrt(high_precision(3));
  const high_precision quarter = high_precision(1) / 4;
  const auto m = make_rk_coefficients<high_precision>({{quarter, quarter - r3 / 6}, {quarter + r3 / 6, quarter}},
                                                      {high_precision(1) / 2, high_precision(1) / 2});
  EXPECT_EQ(attained_order(m, 6, high_precision("1e-90")), 4);
  // And an explicit method in double: rounding the coefficients leaves residuals near 1e-16.
  const auto rk4 = tableau_coefficients<double>(*find_method("rk4")->tableau());
  EXPECT_EQ(attained_order(rk4, 5, 1e-14), 4);
}

// Principal error norms published with the methods (2-norm of the order p+1 error coefficients).
TEST(OrderConditionChecker, PrincipalErrorNormsMatchPublishedValues) {
  // Verner names his coefficient files by it: RKV65.IIIXb.Efficient.00000144617.
  const double verner =
      principal_error_norm(exact_coefficients(*find_method("verner65")->tableau()), 7).convert_to<double>();
  EXPECT_NEAR(verner, 1.44617e-6, 0.000005e-6);
  // Dormand and Prince (1980), RK5(4)7M: A^(6) = 3.99e-4.
  const double dopri =
      principal_error_norm(exact_coefficients(*find_method("dopri54")->tableau()), 6).convert_to<double>();
  EXPECT_NEAR(dopri, 3.99e-4, 0.005e-4);
  // Explicit Euler: the single tree [t] of order 2 has residual -1/2 and symmetry 1.
  EXPECT_EQ(principal_error_norm(exact_coefficients(*find_method("euler")->tableau()), 2), high_precision(1) / 2);
}

// ---------------------------------------------------------------------------------------------
// Partitioned Runge-Kutta methods

// Stormer-Verlet as the Lobatto IIIA-IIIB pair (Hairer-Lubich-Wanner II.2.2): q with IIIA, p with IIIB.
TEST(PartitionedConditions, StormerVerletHasOrderTwo) {
  const exact half = parse_exact("1/2");
  const auto lobatto_3a = make_rk_coefficients<exact>({{exact(0), exact(0)}, {half, half}}, {half, half});
  const auto lobatto_3b = make_rk_coefficients<exact>({{half, exact(0)}, {half, exact(0)}}, {half, half});
  EXPECT_EQ(attained_order(lobatto_3a, lobatto_3b, 4, exact(0), false), 2);
  EXPECT_EQ(attained_order(lobatto_3a, lobatto_3b, 4, exact(0), true), 2);
  // Each half alone is a symmetric order-2 method as well.
  EXPECT_EQ(attained_order(lobatto_3a, 3), 2);
  EXPECT_EQ(attained_order(lobatto_3b, 3), 2);
}

// Symplectic Euler: q by implicit Euler, p by explicit Euler.
TEST(PartitionedConditions, SymplecticEulerHasOrderOne) {
  const auto implicit_euler = make_rk_coefficients<exact>({{exact(1)}}, {exact(1)});
  const auto explicit_euler = make_rk_coefficients<exact>({{exact(0)}}, {exact(1)});
  EXPECT_EQ(attained_order(implicit_euler, explicit_euler, 3, exact(0), false), 1);
  EXPECT_EQ(attained_order(implicit_euler, explicit_euler, 3, exact(0), true), 1);
}

// A partitioned method whose halves are the same RK method has that method's order: bicoloured
// conditions reduce to the ordinary ones.
TEST(PartitionedConditions, IdenticalHalvesGiveTheMethodsOrder) {
  for (const char* name : {"heun3", "rk4", "bs32"}) {
    const auto m = exact_coefficients(*find_method(name)->tableau());
    EXPECT_EQ(attained_order(m, m, find_method(name)->tableau()->order + 1, exact(0), false),
              find_method(name)->tableau()->order)
        << name;
  }
}

// A splitting method "for i: p += h d_i F(q); q += h c_i v(p)" is the partitioned RK method with
// q-part a_ij = c_j (j < i), b = c and p-part a_ij = d_j (j <= i), b = d. It is meant for separable
// problems only, so it satisfies the alternating conditions but not the general ones: the tree
// q[q] needs sum_i c_i sum_(j<i) c_j = (1 - sum c_i^2) / 2 to be 1/2, false for any real c != 0.
rk_coefficients<exact> drift_part(const std::vector<exact>& c) {
  const std::size_t s = c.size();
  std::vector<std::vector<exact>> a(s, std::vector<exact>(s, exact(0)));
  for (std::size_t i = 0; i < s; ++i)
    for (std::size_t j = 0; j < i; ++j) a[i][j] = c[j];
  return make_rk_coefficients<exact>(a, c);
}
rk_coefficients<exact> kick_part(const std::vector<exact>& d) {
  const std::size_t s = d.size();
  std::vector<std::vector<exact>> a(s, std::vector<exact>(s, exact(0)));
  for (std::size_t i = 0; i < s; ++i)
    for (std::size_t j = 0; j <= i; ++j) a[i][j] = d[j];
  return make_rk_coefficients<exact>(a, d);
}

// Ruth's third-order method (R. D. Ruth, IEEE Trans. Nucl. Sci. 30 (1983) 2669): kicks
// d = (7/24, 3/4, -1/24), drifts c = (2/3, -2/3, 1).
TEST(PartitionedConditions, RuthsMethodHasOrderThreeOnlyForSeparableProblems) {
  const auto q_part = drift_part(parse_exact({"2/3", "-2/3", "1"}));
  const auto p_part = kick_part(parse_exact({"7/24", "3/4", "-1/24"}));
  EXPECT_EQ(attained_order(q_part, p_part, 4, exact(0), true), 3);
  EXPECT_EQ(attained_order(q_part, p_part, 4, exact(0), false), 1);
  const auto full = check_partitioned_order_conditions(q_part, p_part, 4, exact(0), false);
  const auto alternating = check_partitioned_order_conditions(q_part, p_part, 4, exact(0), true);
  EXPECT_LT(alternating.conditions_checked, full.conditions_checked);
  // Swapping two kick weights breaks the method: the order-3 alternating conditions fail.
  const auto broken = kick_part(parse_exact({"3/4", "7/24", "-1/24"}));
  EXPECT_LT(attained_order(q_part, broken, 4, exact(0), true), 3);
}

// Position Verlet in the same form: kicks (0, 1), drifts (1/2, 1/2).
TEST(PartitionedConditions, VerletAsASplittingHasOrderTwo) {
  const auto q_part = drift_part(parse_exact({"1/2", "1/2"}));
  const auto p_part = kick_part(parse_exact({"0", "1"}));
  EXPECT_EQ(attained_order(q_part, p_part, 3, exact(0), true), 2);
}

}  // namespace
}  // namespace orderly
