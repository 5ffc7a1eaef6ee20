// Identification of tableaus against the published methods: transcription errors of the kinds
// libraries have shipped, each with the difference and its effect derived by hand here.
#include <orderly/analysis/method_identity.hpp>
#include <orderly/method_identity_json.hpp>
#include <orderly/published_methods.hpp>

#include <gtest/gtest.h>

#include <cmath>

namespace {

using orderly::exact;
using orderly::identify_method;
using orderly::known_exactly;

const orderly::butcher_tableau& published(const char* name) {
  const auto* m = orderly::find_published_method(name);
  if (!m) throw std::invalid_argument(name);
  return m->tableau;
}

// Runge-Kutta-Fehlberg 4(5) with a63 = -3554/2565 instead of -3544/2565 (a transposed digit).
TEST(MethodIdentity, NamesATransposedDigitSeenOnlyByTheEstimate) {
  auto t = published("rkf45");
  t.a[5][2] = exact(-3554) / 2565;
  const auto r = identify_method(known_exactly(t));
  ASSERT_FALSE(r.match);
  ASSERT_FALSE(r.nearest.empty());
  const auto& n = r.nearest.front();
  EXPECT_EQ(&n.method->tableau, &published("rkf45"));
  ASSERT_EQ(n.differences.size(), 1u);
  EXPECT_EQ(n.differences[0].label(), "a_6,3");
  EXPECT_EQ(n.differences[0].given, exact(-3554) / 2565);
  EXPECT_EQ(n.differences[0].published, exact(-3544) / 2565);
  ASSERT_TRUE(n.effects);
  // b_6 = 0: the propagated 4th-order solution never reads stage 6.
  EXPECT_EQ(n.effects->given_order, 4);
  // b_hat_6 = 2/55 reads it: sum b_hat_i (A 1)_i = 1/2 + (2/55)(-10/2565) != 1/2, so the order-2
  // condition of the autonomous form fails and the estimate's weights keep order 1 only.
  ASSERT_TRUE(n.effects->given_embedded_order);
  EXPECT_EQ(*n.effects->given_embedded_order, 1);
  EXPECT_EQ(*n.effects->published_embedded_order, 5);
}

// Ralston's method is the 2/3 member of the two-stage second-order family; the 3/4 member
// (c2 = a21 = 3/4, b = (1/3, 2/3)) is another method of the same order.
TEST(MethodIdentity, NamesAnotherMemberOfTheTwoStageFamily) {
  orderly::butcher_tableau t = published("ralston2");
  t.a = {{}, {exact(3) / 4}};
  t.c = {0, exact(3) / 4};
  t.b = {exact(1) / 3, exact(2) / 3};
  const auto r = identify_method(known_exactly(t), "ralston2");
  ASSERT_FALSE(r.match);
  ASSERT_TRUE(r.declared);
  EXPECT_EQ(r.declared->differences.size(), 4u);  // c_2, a_2,1, b_1, b_2
  ASSERT_TRUE(r.declared->effects);
  EXPECT_EQ(r.declared->effects->given_order, 2);
  // Order-3 error coefficients of the alpha-member: -1/6 ([[t]]) and (alpha/2 - 1/3)/2 ([t,t]).
  const auto norm = [](double alpha) { return std::sqrt(1.0 / 36 + std::pow((alpha / 2 - 1.0 / 3) / 2, 2)); };
  EXPECT_NEAR(r.declared->effects->given_principal_error, norm(0.75), 1e-15);
  EXPECT_NEAR(r.declared->effects->published_principal_error, norm(2.0 / 3), 1e-15);
}

// The same method with its stages renumbered is the same method.
TEST(MethodIdentity, SeesThroughARenumberingOfTheStages) {
  auto t = published("gauss4");
  std::swap(t.c[0], t.c[1]);
  std::swap(t.b[0], t.b[1]);
  std::swap(t.a[0], t.a[1]);
  for (auto& row : t.a) std::swap(row[0], row[1]);
  const auto r = identify_method(known_exactly(t));
  ASSERT_TRUE(r.match);
  EXPECT_EQ(&r.match->method->tableau, &published("gauss4"));
  EXPECT_EQ(r.match->stage_map, (std::vector<int>{1, 0}));
}

// An estimate written with every sign flipped but one, as a reader of a paper with a sign misprint
// might: the opposite sign is recognised, and the one weight that does not follow is named.
TEST(MethodIdentity, NamesTheOneWeightThatDoesNotFollowAFlippedSign) {
  auto t = published("dopri54");
  // b_hat' = 2 b - b_hat is the flipped estimate; undo the flip for the last weight only.
  for (std::size_t i = 0; i + 1 < t.b.size(); ++i) (*t.b_embedded)[i] = 2 * t.b[i] - (*t.b_embedded)[i];
  auto k = known_exactly(t);
  k.estimate_sign_uncertain = true;
  const auto r = identify_method(k);
  ASSERT_FALSE(r.match);
  const auto& n = r.nearest.front();
  EXPECT_TRUE(n.estimate_sign_flipped);
  ASSERT_EQ(n.differences.size(), 1u);
  EXPECT_EQ(n.differences[0].label(), "b_hat_7");
}

// A method in none of the collections: Kutta's third-order family member with c = (0, 1/3, 1).
TEST(MethodIdentity, SaysWhenNoPublishedMethodMatches) {
  orderly::butcher_tableau t = published("kutta3");
  t.a = {{}, {exact(1) / 3}, {exact(-1), 2}};
  t.c = {0, exact(1) / 3, 1};
  t.b = {0, exact(3) / 4, exact(1) / 4};
  const auto r = identify_method(known_exactly(t));
  EXPECT_FALSE(r.match);
  EXPECT_NE(orderly::identity_headline(r).find("nearest"), std::string::npos) << orderly::identity_headline(r);
}

}  // namespace
