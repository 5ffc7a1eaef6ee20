// Users' tableau files: exact reading of rationals and decimals, and the precision audit, checked
// against values worked out by hand.
#include <orderly/tableau_file.hpp>

#include <gtest/gtest.h>

#include <cmath>

using namespace orderly;

namespace {

tableau_file rk4_with_weights(const std::vector<std::string>& b, const std::vector<std::string>& a = {"1/2", "1/2", "1"}) {
  return parse_tableau_file(nlohmann::json{{"name", "rk4-file"},
                                           {"order", 4},
                                           {"A", {nlohmann::json::array(), {a[0]}, {"0", a[1]}, {"0", "0", a[2]}}},
                                           {"b", b}});
}

}  // namespace

TEST(TableauFile, DecimalsAreReadAsTheExactRationalsTheyDenote) {
  const auto x = parse_coefficient("0.1666666666666667", "test");
  EXPECT_EQ(x.value, exact(boost::multiprecision::cpp_int("1666666666666667"),
                           boost::multiprecision::cpp_int("10000000000000000")));
  EXPECT_EQ(*x.resolution, exact(1, 20000000000000000LL));  // half a unit in the 16th decimal
  EXPECT_EQ(x.significant_digits, 16);
  EXPECT_EQ(parse_coefficient("-1.5e-3", "test").value, exact(-3, 2000));
  EXPECT_EQ(parse_coefficient("2.5E+2", "test").value, exact(250));
  EXPECT_EQ(parse_coefficient("-7200/2197", "test").value, exact(-7200, 2197));
  EXPECT_EQ(parse_coefficient("09/08", "test").value, exact(9, 8));  // not octal
  EXPECT_FALSE(parse_coefficient("3", "test").resolution);            // integers are exact
  EXPECT_THROW(parse_coefficient("1.2.3", "field 'b', column 1"), tableau_file_error);
}

TEST(TableauFile, ExactRk4HasOrderFourAndSuitsEveryScalar) {
  const auto file = rk4_with_weights({"1/6", "1/3", "1/3", "1/6"});
  EXPECT_FALSE(file.decimal);
  EXPECT_TRUE(file.tableau.is_explicit());
  const auto audit = audit_precision(file, weight_set::primary, 4);
  EXPECT_EQ(audit.exact_order, 4);
  EXPECT_EQ(audit.suited_scalars.size(), 5u);
}

TEST(TableauFile, FourDigitWeightsLeaveTheResidualsWorkedOutByHand) {
  // b = (0.1667, 0.3333, 0.3333, 0.1667): sum b = 1 and sum b c = 0.5 exactly, but
  // sum b c^2 = 2 * 0.3333 / 4 + 0.1667 = 0.33335, off 1/3 by 1/60000.
  const auto file = rk4_with_weights({"0.1667", "0.3333", "0.3333", "0.1667"});
  EXPECT_TRUE(file.decimal);
  EXPECT_EQ(file.printed_digits, 4);
  const auto audit = audit_precision(file, weight_set::primary, 4);
  EXPECT_EQ(audit.exact_order, 2);
  EXPECT_EQ(audit.max_residual[0], 0.0);
  EXPECT_EQ(audit.max_residual[1], 0.0);
  EXPECT_NEAR(audit.max_residual[2], 1.0 / 60000, 1e-15);
  EXPECT_EQ(audit.order_to_precision, 4);       // within what 4 printed digits can say
  EXPECT_TRUE(audit.suited_scalars.empty());     // too coarse even for float's rounding
}

TEST(TableauFile, SixteenDigitWeightsSuitDoubleButNotFloat128) {
  const auto file = rk4_with_weights({"0.1666666666666667", "0.3333333333333333", "0.3333333333333333",
                                      "0.1666666666666667"});
  const auto audit = audit_precision(file, weight_set::primary, 4);
  EXPECT_EQ(audit.order_to_precision, 4);
  const auto& s = audit.suited_scalars;
  EXPECT_NE(std::find(s.begin(), s.end(), "double"), s.end());
  EXPECT_EQ(std::find(s.begin(), s.end(), "float128"), s.end());
  EXPECT_EQ(measurement_scalar(audit), scalar_kind::float64);
}

TEST(TableauFile, ShorterDecimalsInALongTableAreExact) {
  // "0.5" in a table printed to 16 digits ended there: it carries no uncertainty.
  const auto file = rk4_with_weights({"0.1666666666666667", "0.3333333333333333", "0.3333333333333333",
                                      "0.1666666666666667"},
                                     {"0.5", "0.5", "1"});
  EXPECT_EQ(file.a_resolution[1][0], 0);
  EXPECT_GT(file.b_resolution[0], 0);
}

TEST(TableauFile, StructureIsDetected) {
  // Parsed from text: a brace list of string pairs would read as a JSON object.
  auto implicit = nlohmann::json::parse(R"({"name": "trap", "order": 2, "A": [["0", "0"], ["1/2", "1/2"]], "b": ["1/2", "1/2"]})");
  EXPECT_EQ(structure_of(parse_tableau_file(implicit).tableau), tableau_structure::diagonally_implicit);
  auto gauss_like = nlohmann::json::parse(R"({"name": "g", "order": 2, "A": [["1/4", "1/4"], ["1/4", "1/4"]], "b": ["1/2", "1/2"]})");
  EXPECT_EQ(structure_of(parse_tableau_file(gauss_like).tableau), tableau_structure::fully_implicit);
}
