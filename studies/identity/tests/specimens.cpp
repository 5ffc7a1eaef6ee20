// The compiled specimens (tests/specimens/*.c, each a transcription error a published library
// shipped, or a correct method as its authors write it) loaded through the C interface and
// identified: each names the published method, every coefficient that differs with both values,
// and what the difference breaks, as the bug reports describe them.
#include <orderly/method_identity_json.hpp>
#include <orderly/published_methods.hpp>
#include <orderly/stepper_library.hpp>

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace {

nlohmann::json identity_of(const char* library) {
  return to_json(
      orderly::stepper_identity(orderly::load_stepper_library(orderly::parse_stepper_library_spec(library))));
}

std::string published_name(const char* alias) { return orderly::find_published_method(alias)->tableau.name; }

std::vector<std::string> labels(const nlohmann::json& match) {
  std::vector<std::string> out;
  for (const auto& d : match["differences"]) out.push_back(d["coefficient"]);
  return out;
}

TEST(CompiledSpecimens, CorrectDormandPrinceWithItsEstimateIsIdentifiedExactly) {
  const auto id = identity_of(DOPRI5_SPECIMEN)["identity"];
  ASSERT_FALSE(id["match"].is_null()) << id.dump(2);
  EXPECT_EQ(id["match"]["method"], published_name("dopri54"));
  EXPECT_TRUE(id["match"]["estimate_compared"].get<bool>());
}

TEST(CompiledSpecimens, GameCodeRk4IsIdentifiedExactly) {
  const auto id = identity_of(RK4_GAME_SPECIMEN)["identity"];
  ASSERT_FALSE(id["match"].is_null()) << id.dump(2);
  EXPECT_EQ(id["match"]["method"], published_name("rk4"));
}

// odeint-v2 pull request 235: b_hat_7 = -1/40 instead of 1/40.
TEST(CompiledSpecimens, OdeintsSignErrorIsNamed) {
  const auto id = identity_of(DOPRI5_ODEINT_SIGN_SPECIMEN)["identity"];
  ASSERT_TRUE(id["match"].is_null());
  const auto& n = id["nearest"][0];
  EXPECT_EQ(n["method"], published_name("dopri54"));
  EXPECT_EQ(labels(n), std::vector<std::string>{"b_hat_7"});
  EXPECT_EQ(n["differences"][0]["given"], "-1/40");
  EXPECT_EQ(n["effects"]["embedded_order"]["given"], 0);
  EXPECT_EQ(n["effects"]["order"]["given"], 5);
}

// ode-solvers issue 32: e_5 = -686/13487 instead of -17253/339200, so b_hat_5 is off by about 2e-9
// and the estimate's weights no longer sum to zero.
TEST(CompiledSpecimens, OdeSolversErrorWeightIsNamed) {
  const auto id = identity_of(DOPRI5_E5_SPECIMEN)["identity"];
  ASSERT_TRUE(id["match"].is_null());
  const auto& n = id["nearest"][0];
  EXPECT_EQ(n["method"], published_name("dopri54"));
  EXPECT_EQ(labels(n), std::vector<std::string>{"b_hat_5"});
  const auto& d = n["differences"][0];
  EXPECT_EQ(d["estimate_weight_given"], "-686/13487");
  EXPECT_EQ(d["estimate_weight_published"], "-17253/339200");
  EXPECT_NEAR(d["given_value"].get<double>() - d["published_value"].get<double>(), -17253.0 / 339200 + 686.0 / 13487,
              1e-15);
  EXPECT_EQ(n["effects"]["embedded_order"]["given"], 0);
}

// pathsim issue 232: a_63 = -3554/2565; the 4th-order row propagated, the 5th-order row the
// estimate's; the estimate written y5 - y4 (declared with error_sign = -1).
TEST(CompiledSpecimens, PathsimsTransposedDigitIsNamed) {
  const auto id = identity_of(RKF45_A63_SPECIMEN)["identity"];
  ASSERT_TRUE(id["match"].is_null());
  const auto& n = id["nearest"][0];
  EXPECT_EQ(n["method"], published_name("rkf45"));
  EXPECT_EQ(labels(n), std::vector<std::string>{"a_6,3"});
  EXPECT_EQ(n["differences"][0]["given"], "-3554/2565");
  EXPECT_EQ(n["effects"]["order"]["given"], 4);  // the propagated row never reads stage 6
  EXPECT_EQ(n["effects"]["embedded_order"]["given"], 1);
}

// OrdinaryDiffEq.jl issue 1592: the 3/4 member of the two-stage family named Ralston.
TEST(CompiledSpecimens, AnotherMemberOfTheFamilyIsNamed) {
  const auto id = identity_of(RALSTON_THREE_QUARTERS_SPECIMEN)["identity"];
  ASSERT_TRUE(id["match"].is_null());
  ASSERT_FALSE(id["declared"].is_null());
  EXPECT_EQ(id["declared"]["method"], published_name("ralston2"));
  EXPECT_EQ(labels(id["declared"]), (std::vector<std::string>{"c_2", "a_2,1", "b_1", "b_2"}));
  EXPECT_EQ(id["declared"]["effects"]["order"]["given"], 2);
}

// OrdinaryDiffEq.jl issue 1654: its Tsit5 estimate is y_embedded - y_propagated, undeclared.
TEST(CompiledSpecimens, AnEstimateOfTheOppositeSignIsRecognised) {
  const auto id = identity_of(TSIT5_OPPOSITE_SIGN_SPECIMEN)["identity"];
  ASSERT_FALSE(id["match"].is_null()) << id.dump(2);
  EXPECT_EQ(id["match"]["method"], published_name("tsit5"));
  EXPECT_TRUE(id["match"]["estimate_sign_flipped"].get<bool>());
}

// The paper's Table 1 prints the last estimate weight with the wrong sign.
TEST(CompiledSpecimens, ThePapersMisprintedLastWeightIsNamed) {
  const auto id = identity_of(TSIT5_PAPER_TABLE_SPECIMEN)["identity"];
  ASSERT_TRUE(id["match"].is_null());
  const auto& n = id["nearest"][0];
  EXPECT_EQ(n["method"], published_name("tsit5"));
  EXPECT_EQ(labels(n), std::vector<std::string>{"b_hat_7"});
  EXPECT_FALSE(n["estimate_sign_flipped"].get<bool>());
  EXPECT_EQ(n["effects"]["embedded_order"]["given"], 0);
}

}  // namespace

namespace {

// ode-solvers pull request 42: DOP853 with c_12 = 0. Only non-autonomous problems see it; there
// the twelfth stage's weight b_12 multiplies a time node off by one step, so sum b_i c_i misses
// 1/2 by b_12 and the order drops to 1.
TEST(CompiledSpecimens, ANodeOnlyNonAutonomousProblemsReadIsNamed) {
  const auto id = identity_of(DOP853_NODES_SPECIMEN)["identity"];
  ASSERT_TRUE(id["match"].is_null()) << id.dump(2);
  const auto& n = id["nearest"][0];
  EXPECT_EQ(n["method"], published_name("dop853"));
  EXPECT_EQ(labels(n), std::vector<std::string>{"c_12"});
  EXPECT_TRUE(n["effects"]["only_nodes_differ"].get<bool>());
  EXPECT_EQ(n["effects"]["order"]["given"], 8);
  EXPECT_EQ(n["effects"]["nonautonomous_order"], 1);
}

}  // namespace

namespace {

// OrdinaryDiffEq.jl issue 1938: DPRKN5's fifth row of A_bar copied from the sixth. Its position
// node is c_5 = 3/4, so the row must sum to (3/4)^2 / 2 = 9/32; the copied row sums to
// 7/90 + 4/15 + 1/15 = 37/90 (the pull request's own check).
TEST(CompiledSpecimens, ANystromRowCopiedFromTheNextIsNamed) {
  const auto recovery = identity_of(DPRKN5_ROW_SPECIMEN)["recovery"];
  ASSERT_EQ(recovery["kind"], "separable Nystrom") << recovery.dump(2);
  EXPECT_EQ(recovery["evaluations"], 6);
  ASSERT_EQ(recovery["row_sum_violations"].size(), 1u) << recovery.dump(2);
  const std::string violation = recovery["row_sum_violations"][0];
  EXPECT_NE(violation.find("row 5 of A_bar"), std::string::npos) << violation;
  EXPECT_NE(violation.find("sums to 37/90, not 9/32"), std::string::npos) << violation;
  // Named against Bettis' published table: the three coefficients of the copied row that differ
  // (A_bar_5,2 is 0 in both rows).
  const auto& rkn = recovery["nystrom_identity"];
  EXPECT_EQ(rkn["method"], "bettis-rkn5");
  std::vector<std::string> differing;
  for (const auto& d : rkn["differences"]) differing.push_back(d["coefficient"]);
  EXPECT_EQ(differing, (std::vector<std::string>{"A_bar_5,1", "A_bar_5,3", "A_bar_5,4"}));
  EXPECT_EQ(rkn["differences"][0]["given"], "7/90");
  EXPECT_EQ(rkn["differences"][0]["published"], "9/128");
}

}  // namespace
