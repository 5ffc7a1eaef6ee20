// The explicit tableau catalog, checked exactly: for every tableau and both weight sets of every
// embedded pair, all Butcher conditions up to the declared order vanish in rational arithmetic and
// at least one of the next order does not, so the declared order is the true order. Parameterised
// over the catalog: a new tableau gets every check by being listed in explicit_tableaus().
#include <orderly/catalog.hpp>
#include <orderly/order_conditions.hpp>
#include <orderly/scalars.hpp>
#include <orderly/tableaus/explicit_methods.hpp>

#include "../support/weight_sets.hpp"

#include <gtest/gtest.h>

#include <limits>
#include <set>
#include <string>

namespace orderly {
namespace {

class WeightSetOrder : public testing::TestWithParam<weights_case> {};

TEST_P(WeightSetOrder, DeclaredOrderIsTheExactOrder) {
  const auto& [name, weights] = GetParam();
  const butcher_tableau* t = find_method(name)->tableau();
  ASSERT_NE(t, nullptr);
  const int declared = weights == weight_set::primary ? t->order : *t->embedded_order;
  ASSERT_GE(declared, 1);
  const auto report = check_order_conditions(exact_coefficients(*t, weights), declared + 1);
  EXPECT_EQ(report.order_satisfied, declared);
  // Every violated condition is of the next order: nothing below it is merely "close".
  ASSERT_FALSE(report.failures.empty()) << "order " << declared + 1 << " would hold as well";
  for (const auto& failure : report.failures) EXPECT_EQ(failure.order, declared + 1) << failure.tree;
}

INSTANTIATE_TEST_SUITE_P(Catalog, WeightSetOrder, testing::ValuesIn(every_weight_set()), case_name);

class Tableau : public testing::TestWithParam<std::string> {};

std::vector<std::string> every_tableau() {
  std::vector<std::string> names;
  for (const auto& t : explicit_tableaus()) names.push_back(t.name);
  return names;
}

std::string tableau_name(const testing::TestParamInfo<std::string>& info) {
  std::string name = info.param;
  for (auto& ch : name)
    if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
  return name;
}

TEST_P(Tableau, IsExplicitWithConsistentShapeAndRowSums) {
  const butcher_tableau& t = *find_method(GetParam())->tableau();
  EXPECT_TRUE(t.is_explicit());
  EXPECT_EQ(t.a.size(), t.b.size());
  EXPECT_EQ(t.c.size(), t.b.size());
  for (std::size_t i = 0; i < t.a.size(); ++i) EXPECT_LE(t.a[i].size(), i) << "row " << i;
  EXPECT_TRUE(t.row_sum_condition);
  EXPECT_TRUE(row_sums_consistent(t));
  EXPECT_EQ(t.c.front(), 0);
  EXPECT_FALSE(t.title.empty());
  EXPECT_FALSE(t.citation.empty());
  EXPECT_EQ(t.embedded_order.has_value(), t.b_embedded.has_value());
}

// Each coefficient rounded to the scalar is within one unit of its precision of the exact value
// (|x_T - x| <= eps_T |x|): to_scalar rounds once from 100 digits, never through double.
template <class T>
void expect_rounded_once(const butcher_tableau& t, const char* scalar) {
  const high_precision eps = static_cast<high_precision>(std::numeric_limits<T>::epsilon());
  const numeric_tableau<T> n(t);
  auto check = [&](const T& value, const exact& x, const std::string& where) {
    const high_precision exact_value = to_high_precision(x);
    const high_precision rounded = static_cast<high_precision>(value);
    EXPECT_LE(abs(rounded - exact_value), eps * abs(exact_value)) << scalar << " " << where;
  };
  // Labels built with += (GCC 12 warns falsely about "x" + std::to_string(i), -Wrestrict).
  auto label = [](const char* what, int i, int j = -1) {
    std::string text = what;
    text += std::to_string(i + 1);
    if (j >= 0) text += std::to_string(j + 1);
    return text;
  };
  for (int i = 0; i < t.stages(); ++i) {
    const auto si = static_cast<std::size_t>(i);
    for (int j = 0; j < i; ++j) check(n.a[si][static_cast<std::size_t>(j)], t.a_at(i, j), label("a", i, j));
    check(n.b[si], t.b[si], label("b", i));
    check(n.c[si], t.c[si], label("c", i));
    if (t.b_embedded) check(n.b_embedded[si], (*t.b_embedded)[si], label("bhat", i));
  }
}

TEST_P(Tableau, ScalarCoefficientsAreRoundedOnce) {
  const butcher_tableau& t = *find_method(GetParam())->tableau();
  expect_rounded_once<float>(t, "float");
  expect_rounded_once<double>(t, "double");
  expect_rounded_once<long double>(t, "long double");
  expect_rounded_once<float128>(t, "float128");
  expect_rounded_once<mp50>(t, "mp50");
}

INSTANTIATE_TEST_SUITE_P(Catalog, Tableau, testing::ValuesIn(every_tableau()), tableau_name);

// ---------------------------------------------------------------------------------------------
// The catalog as a whole

TEST(TableauCatalog, HoldsEveryNamedMethodOnce) {
  const std::set<std::string> expected = {"euler", "heun",        "midpoint", "ralston2", "kutta3",
                                          "heun3", "ssprk3",      "rk4",      "rk4-38",   "bs32",
                                          "rkf45", "cash-karp54", "dopri54",  "verner65", "rkf78"};
  std::set<std::string> names;
  for (const auto& t : explicit_tableaus()) EXPECT_TRUE(names.insert(t.name).second) << "duplicate " << t.name;
  EXPECT_EQ(names, expected);
  EXPECT_EQ(find_method("no-such-method"), nullptr);
}

// Stage counts and orders as published (stages, order of b, order of b_hat; 0 = no pair).
TEST(TableauCatalog, StagesAndOrdersAsPublished) {
  struct published {
    const char* name;
    int stages, order, embedded;
    bool fsal;
  };
  const published table[] = {
      {"euler", 1, 1, 0, false},    {"heun", 2, 2, 0, false},    {"midpoint", 2, 2, 0, false},
      {"ralston2", 2, 2, 0, false}, {"kutta3", 3, 3, 0, false},  {"heun3", 3, 3, 0, false},
      {"ssprk3", 3, 3, 0, false},   {"rk4", 4, 4, 0, false},     {"rk4-38", 4, 4, 0, false},
      {"bs32", 4, 3, 2, true},      {"rkf45", 6, 4, 5, false},   {"cash-karp54", 6, 5, 4, false},
      {"dopri54", 7, 5, 4, true},   {"verner65", 9, 6, 5, true}, {"rkf78", 13, 8, 7, false},
  };
  for (const auto& p : table) {
    const auto* t = find_method(p.name)->tableau();
    ASSERT_NE(t, nullptr) << p.name;
    EXPECT_EQ(t->stages(), p.stages) << p.name;
    EXPECT_EQ(t->order, p.order) << p.name;
    EXPECT_EQ(t->embedded_order.value_or(0), p.embedded) << p.name;
    EXPECT_EQ(t->first_same_as_last(), p.fsal) << p.name;
  }
}

// Fehlberg's error estimate for his 7(8) pair is TE = 41/840 (k1 + k11 - k12 - k13) (NASA TR R-287);
// propagating the 8th-order weights (b) flips its sign: b - b_hat = -TE.
TEST(TableauCatalog, Fehlberg78ErrorEstimateIsFehlbergs) {
  const auto* t = find_method("rkf78")->tableau();
  ASSERT_NE(t, nullptr);
  const exact w = parse_exact("41/840");
  for (int i = 0; i < t->stages(); ++i) {
    const exact expected = (i == 0 || i == 10) ? -w : (i == 11 || i == 12) ? w : exact(0);
    EXPECT_EQ(t->b[static_cast<std::size_t>(i)] - (*t->b_embedded)[static_cast<std::size_t>(i)], expected) << i;
  }
}

}  // namespace
}  // namespace orderly
