// Users' tableau files: exact reading of rationals and decimals, and the precision audit, checked
// against values worked out by hand.
#include <orderly/analysis/method_analysis.hpp>
#include <orderly/analysis/rounded_stability.hpp>
#include <orderly/order_policy.hpp>
#include <orderly/precision_audit.hpp>
#include <orderly/tableau_file.hpp>

#include <gtest/gtest.h>

#include <cmath>

using namespace orderly;

namespace {

tableau_file rk4_with_weights(const std::vector<std::string>& b,
                              const std::vector<std::string>& a = {"1/2", "1/2", "1"}) {
  return parse_tableau_file(nlohmann::json{{"name", "rk4-file"},
                                           {"order", 4},
                                           {"A", {nlohmann::json::array(), {a[0]}, {"0", a[1]}, {"0", "0", a[2]}}},
                                           {"b", b}});
}

// Gauss-Legendre, 2 stages, order 4: c = 1/2 -+ sqrt(3)/6, A = [[1/4, 1/4 - sqrt(3)/6],
// [1/4 + sqrt(3)/6, 1/4]], b = [1/2, 1/2] (Hairer-Wanner II, Table IV.5.1), each entry correctly
// rounded to 40 significant digits.
nlohmann::json gauss2_40_digits() {
  return nlohmann::json::parse(R"({"name": "gauss2-40", "order": 4,
      "A": [["0.25", "-0.03867513459481288225457439025097872782380"],
            ["0.5386751345948128822545743902509787278238", "0.25"]],
      "b": ["0.5", "0.5"],
      "c": ["0.2113248654051871177454256097490212721762", "0.7886751345948128822545743902509787278238"]})");
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
  EXPECT_FALSE(parse_coefficient("3", "test").resolution);           // integers are exact
  EXPECT_THROW(parse_coefficient("1.2.3", "field 'b', column 1"), tableau_file_error);
}

TEST(TableauFile, ExactRk4HasOrderFourAndSuitsEveryScalar) {
  const auto file = rk4_with_weights({"1/6", "1/3", "1/3", "1/6"});
  EXPECT_FALSE(file.decimal);
  EXPECT_TRUE(file.tableau.is_explicit());
  const auto audit = audit_precision(file, weight_set::primary, 4, default_order_policy().roundoff_floor_factor);
  EXPECT_EQ(audit.exact_order, 4);
  EXPECT_EQ(audit.suited_scalars.size(), 5u);
}

TEST(TableauFile, FourDigitWeightsLeaveTheResidualsWorkedOutByHand) {
  // b = (0.1667, 0.3333, 0.3333, 0.1667): sum b = 1 and sum b c = 0.5 exactly, but
  // sum b c^2 = 2 * 0.3333 / 4 + 0.1667 = 0.33335, off 1/3 by 1/60000.
  const auto file = rk4_with_weights({"0.1667", "0.3333", "0.3333", "0.1667"});
  EXPECT_TRUE(file.decimal);
  EXPECT_EQ(file.printed_digits, 4);
  const auto audit = audit_precision(file, weight_set::primary, 4, default_order_policy().roundoff_floor_factor);
  EXPECT_EQ(audit.exact_order, 2);
  EXPECT_EQ(audit.max_residual[0], 0.0);
  EXPECT_EQ(audit.max_residual[1], 0.0);
  EXPECT_NEAR(audit.max_residual[2], 1.0 / 60000, 1e-15);
  EXPECT_EQ(audit.order_to_precision, 4);     // within what 4 printed digits can say
  EXPECT_TRUE(audit.suited_scalars.empty());  // too coarse even for float's rounding
}

TEST(TableauFile, SixteenDigitWeightsSuitDoubleButNotFloat128) {
  const auto file =
      rk4_with_weights({"0.1666666666666667", "0.3333333333333333", "0.3333333333333333", "0.1666666666666667"});
  const auto audit = audit_precision(file, weight_set::primary, 4, default_order_policy().roundoff_floor_factor);
  EXPECT_EQ(audit.order_to_precision, 4);
  const auto& s = audit.suited_scalars;
  EXPECT_NE(std::find(s.begin(), s.end(), "double"), s.end());
  EXPECT_EQ(std::find(s.begin(), s.end(), "float128"), s.end());
  EXPECT_EQ(measurement_scalar(audit), scalar_kind::float64);
}

TEST(TableauFile, EveryDecimalOfATableCarriesItsRelativeUncertainty) {
  // A 16-digit table: half a unit in the 16th digit (5e-16 relative) plus a double's rounding,
  // 2^-53, since a table of 17 digits or fewer may be doubles printed. "0.5" carries it too.
  const auto file = rk4_with_weights(
      {"0.1666666666666667", "0.3333333333333333", "0.3333333333333333", "0.1666666666666667"}, {"0.5", "0.5", "1"});
  const exact u = exact(1, 2000000000000000LL) + exact(1, 9007199254740992LL);
  EXPECT_EQ(file.relative_uncertainty, u);
  EXPECT_EQ(file.a_resolution[1][0], exact(1, 2) * u / (1 - u));
  EXPECT_EQ(file.a_resolution[3][2], 0);  // "1" is an integer: exact
}

TEST(TableauFile, DoublesAsShippedSuitDouble) {
  // rk4's weights as %.17g prints the doubles nearest 1/6 and 1/3: sum b = 1 - 5.6e-17 exactly,
  // within double's tolerance but not long double's.
  const auto file =
      rk4_with_weights({"0.16666666666666666", "0.33333333333333331", "0.33333333333333331", "0.16666666666666666"});
  const auto audit = audit_precision(file, weight_set::primary, 4, default_order_policy().roundoff_floor_factor);
  EXPECT_EQ(audit.kind, coefficient_kind::decimal);
  EXPECT_EQ(audit.exact_order, 0);
  EXPECT_EQ(audit.order_to_precision, 4);
  EXPECT_NEAR(audit.max_residual[0], 6e-17, 1e-18);  // 1 - (2 x 0.16666666666666666 + 2 x 0.33333333333333331)
  EXPECT_EQ(measurement_scalar(audit), scalar_kind::float64);
}

TEST(TableauFile, RationalsThatApproximateAMethodHoldToTheirResidual) {
  // b_1 = 1/6 + 1/(3 10^18): exactly order 0; order 4 within double's tolerance, not float128's.
  const auto file = rk4_with_weights({"166666666666666667/1000000000000000000", "1/3", "1/3", "1/6"});
  const auto audit = audit_precision(file, weight_set::primary, 4, default_order_policy().roundoff_floor_factor);
  EXPECT_FALSE(file.decimal);
  EXPECT_EQ(audit.kind, coefficient_kind::exact_approximating);
  EXPECT_EQ(audit.exact_order, 0);
  EXPECT_EQ(audit.order_to_precision, 4);
  // Every condition of order 2 and up weights stage 1 by c_1 = 0: only sum b - 1 = 1/(3 10^18) is left.
  EXPECT_DOUBLE_EQ(audit.residual_to_declared, 1.0 / 3e18);
  const auto& s = audit.suited_scalars;
  EXPECT_NE(std::find(s.begin(), s.end(), "double"), s.end());
  EXPECT_EQ(std::find(s.begin(), s.end(), "float128"), s.end());
}

TEST(TableauFile, OneCoefficientOffByOneMillionthFails) {
  // a_21 = 0.500001 with c_2 kept consistent: the order-2 condition sum b c = 1/2 misses by 1/6 1e-6.
  auto j = nlohmann::json::parse(R"({"name": "rk4-off", "order": 4,
      "A": [[], ["0.5000010000000000"], ["0", "0.5000000000000000"], ["0", "0", "1"]],
      "b": ["0.16666666666666666", "0.33333333333333331", "0.33333333333333331", "0.16666666666666666"]})");
  const auto file = parse_tableau_file(j);
  const auto audit = audit_precision(file, weight_set::primary, 4, default_order_policy().roundoff_floor_factor);
  EXPECT_EQ(audit.order_to_precision, 1);
  // Order 4 to 1.7e-7 suits float, whose round-off plateau (10 x 1.2e-7) hides it, and nothing finer.
  EXPECT_EQ(audit.suited_scalars, std::vector<std::string>{"float"});
  EXPECT_FALSE(measurement_scalar(audit).has_value());
}

TEST(TableauFile, RowsOfOneFormOnlyAndCsOwnRoundingCounts) {
  EXPECT_THROW(parse_tableau_file(nlohmann::json::parse(
                   R"({"name": "ragged", "order": 1, "A": [["0", "0"], ["1/2"]], "b": ["0", "1"]})")),
               tableau_file_error);
  try {
    parse_tableau_file(nlohmann::json::parse(
        R"({"name": "ragged", "order": 2, "A": [[], ["1/2", "0", "0"], ["0", "1"]], "b": ["0", "0", "1"]})"));
    FAIL() << "a mixture of square and strictly lower rows was accepted";
  } catch (const tableau_file_error& e) {
    EXPECT_NE(std::string(e.what()).find("row 2: square (3 entries) but row 1 is strictly lower"), std::string::npos)
        << e.what();
  }
  // Exact A, c rounded to 40 digits: only c's own rounding separates it from the row sum 1/3.
  EXPECT_NO_THROW(parse_tableau_file(nlohmann::json::parse(
      R"({"name": "c-rounded", "order": 2, "A": [[], ["1/3"]], "b": ["-1/2", "3/2"],
          "c": ["0", "0.3333333333333333333333333333333333333333"]})")));
  EXPECT_NO_THROW(parse_tableau_file(gauss2_40_digits()));
}

TEST(TableauFile, GaussGivenTo40DigitsIsAStableWithinItsPrecision) {
  // Gauss-Legendre 2: R(z) = (1 + z/2 + z^2/12) / (1 - z/2 + z^2/12), |R(iy)| = 1 for every y
  // (Hairer-Wanner II, IV.3). Rounding to 40 digits moves the margin by about 1e-40.
  const auto file = parse_tableau_file(gauss2_40_digits());
  const auto coefficients = exact_coefficients(file.tableau);
  const auto within =
      analyse_linear_stability(stability_function_within(coefficients, {file.a_resolution, file.b_resolution}));
  EXPECT_TRUE(within.a_stable);
  EXPECT_FALSE(within.real_limit.has_value());       // unbounded
  EXPECT_FALSE(within.imaginary_limit.has_value());  // unbounded
  EXPECT_TRUE(within.function.all_coefficients_recognised);
  EXPECT_EQ(within.function.denominator, (exact_polynomial{exact(1), exact(-1, 2), exact(1, 12)}));
  EXPECT_EQ(within.function.numerator, (exact_polynomial{exact(1), exact(1, 2), exact(1, 12)}));
}

TEST(TableauFile, Rk4AsDoublesKeepsItsImaginaryLimit) {
  // |R(iy)|^2 = 1 - y^6/72 + y^8/576 for rk4: the limit is sqrt(8); the doubles' y^2 and y^4 terms
  // are rounding, not a loss of stability at y = 0.
  const auto file =
      rk4_with_weights({"0.16666666666666666", "0.33333333333333331", "0.33333333333333331", "0.16666666666666666"});
  const auto coefficients = exact_coefficients(file.tableau);
  const auto within =
      analyse_linear_stability(stability_function_within(coefficients, {file.a_resolution, file.b_resolution}));
  ASSERT_TRUE(within.imaginary_limit.has_value());
  EXPECT_NEAR(static_cast<double>(*within.imaginary_limit), std::sqrt(8.0), 1e-12);
}

TEST(TableauFile, StructureIsDetected) {
  // Parsed from text: a brace list of string pairs would read as a JSON object.
  auto implicit =
      nlohmann::json::parse(R"({"name": "trap", "order": 2, "A": [["0", "0"], ["1/2", "1/2"]], "b": ["1/2", "1/2"]})");
  EXPECT_EQ(structure_of(parse_tableau_file(implicit).tableau), tableau_structure::diagonally_implicit);
  auto gauss_like =
      nlohmann::json::parse(R"({"name": "g", "order": 2, "A": [["1/4", "1/4"], ["1/4", "1/4"]], "b": ["1/2", "1/2"]})");
  EXPECT_EQ(structure_of(parse_tableau_file(gauss_like).tableau), tableau_structure::fully_implicit);
}

TEST(TableauFile, CoefficientLengthIsTheLongerOfNumeratorAndDenominator) {
  EXPECT_EQ(coefficient_length(exact(-7200, 2197)), 4);
  EXPECT_EQ(coefficient_length(exact(0)), 1);
  const boost::multiprecision::cpp_int ten_to_100 = boost::multiprecision::pow(boost::multiprecision::cpp_int(10), 100);
  EXPECT_EQ(coefficient_length(exact(7, ten_to_100)), 101);               // 7e-100
  EXPECT_EQ(coefficient_length(exact(ten_to_100 - 1, ten_to_100)), 101);  // 0.99...9, 100 nines
}

// The same 13-stage file declaring order 12 (3.5 million operations, within max_condition_work):
// with 40-digit decimals it is checked; with 150-digit decimals the longer operations are refused
// before any order condition is evaluated.
TEST(TableauFile, LongCoefficientsWeighTheWorkEstimate) {
  auto file_with_digits = [](int digits) {
    const std::string entry = "0." + std::string(static_cast<std::size_t>(digits), '3');
    nlohmann::json a = nlohmann::json::array({nlohmann::json::array()});
    for (int i = 1; i < 13; ++i) a.push_back(std::vector<std::string>(static_cast<std::size_t>(i), entry));
    return nlohmann::json{{"name", "long"},
                          {"order", 12},
                          {"row_sum_condition", false},
                          {"A", a},
                          {"b", std::vector<std::string>(13, entry)}};
  };
  EXPECT_NO_THROW(parse_tableau_file(file_with_digits(40)));
  EXPECT_THROW(parse_tableau_file(file_with_digits(150)), tableau_file_error);
}
