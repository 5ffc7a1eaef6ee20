// The check study called as a library: its typed result, the exit code and the JSON it writes.
#include <orderly/check.hpp>
#include <orderly/stepper_library.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <string>

namespace {

// A tableau file written where the test can read it.
std::string written_tableau(const std::string& name, const std::string& text) {
  const std::string path = ::testing::TempDir() + name + ".json";
  std::ofstream(path) << text;
  return path;
}

// Kutta's third-order method as exact rationals (Hairer, Norsett, Wanner I, II.1, table 1.1).
constexpr const char* kutta3 =
    R"({"name": "kutta3-test", "order": 3, "A": [[], ["1/2"], ["-1", "2"]], "b": ["1/6", "2/3", "1/6"]})";

// Its stability polynomial is 1 + z + z^2/2 + z^3/6 (any 3-stage order-3 method's): the real limit
// is the root of R(x) = -1, -2.51274532661833 (mpmath.findroot), the imaginary limit sqrt(3)
// (|R(iy)|^2 = 1 - y^4/12 + y^6/36 = 1 at y^2 = 3).
TEST(CheckStudy, KuttasMethodHasOrderThreeExactlyAndItsStabilityLimits) {
  const auto result = orderly::run_check({.tableau_path = written_tableau("kutta3", kutta3), .threads = 1});
  const auto& check = std::get<orderly::tableau_check>(result.kind);
  ASSERT_EQ(check.algebra.weight_sets.size(), 1u);
  const auto& b = check.algebra.weight_sets[0];
  EXPECT_EQ(b.finding.declared, 3);
  EXPECT_EQ(b.finding.attained, 3);
  EXPECT_EQ(b.audit.kind, orderly::coefficient_kind::exact_defining);
  const auto& stability = b.stability.stability;
  ASSERT_TRUE(stability.real_limit && stability.imaginary_limit);
  EXPECT_NEAR(stability.real_limit->convert_to<double>(), -2.51274532661833, 1e-12);
  EXPECT_NEAR(stability.imaginary_limit->convert_to<double>(), std::sqrt(3.0), 1e-12);
  EXPECT_FALSE(stability.a_stable);
  EXPECT_EQ(check.overall, orderly::verdict::pass);
  EXPECT_EQ(orderly::check_exit_code(result), 0);
  const auto j = orderly::to_json(result);
  EXPECT_EQ(j["schema"], "orderly.check/2");
  EXPECT_EQ(j["verdict"], "pass");
  EXPECT_EQ(j["summary"], check.summary);
  EXPECT_EQ(orderly::check_text(result).rfind("pass: order 3 exactly (exact rationals)", 0), 0u);
}

// a32 = 1 instead of 2: c3 = a31 + a32 = 0 and sum b_i c_i = 2/3 * 1/2 = 1/3, not 1/2, so the
// order-2 condition fails and the method has order 1.
TEST(CheckStudy, AWrongEntryFailsAtOrderTwoWithExitOne) {
  const auto result = orderly::run_check(
      {.tableau_path = written_tableau(
           "kutta3-a32",
           R"({"name": "kutta3-a32", "order": 3, "A": [[], ["1/2"], ["-1", "1"]], "b": ["1/6", "2/3", "1/6"]})"),
       .threads = 1});
  const auto& check = std::get<orderly::tableau_check>(result.kind);
  EXPECT_EQ(check.algebra.weight_sets[0].finding.attained, 1);
  EXPECT_EQ(check.overall, orderly::verdict::fail);
  EXPECT_EQ(orderly::check_exit_code(result), 1);
  EXPECT_EQ(orderly::to_json(result)["verdict"], "fail");
}

TEST(CheckStudy, AFileItCannotReadIsAnInputErrorNamingThePath) {
  try {
    orderly::run_check({.tableau_path = ::testing::TempDir() + "no-such-tableau.json"});
    FAIL() << "no error";
  } catch (const orderly::check_input_error& e) {
    EXPECT_EQ(std::string(e.what()), "'" + ::testing::TempDir() + "no-such-tableau.json': cannot read the file");
  }
}

// A compiled RK4: the battery's verdict, and its recovered tableau checked as a file has order 4
// exactly (its coefficients are the rationals 1/2, 1/6, 1/3).
TEST(CheckStudy, ACompiledRk4sRecoveredTableauHasOrderFourExactly) {
  const auto result = orderly::run_check(
      {.stepper = orderly::parse_stepper_library_spec(RK4_STEPPER), .limits = {.progress = nullptr}});
  const auto& check = std::get<orderly::stepper_check>(result.kind);
  EXPECT_EQ(check.battery.verdict.verdict, "pass");
  EXPECT_EQ(orderly::check_exit_code(result), 0);
  ASSERT_TRUE(check.recovered);
  const auto& algebra = std::get<orderly::tableau_algebra>(*check.recovered);
  EXPECT_EQ(algebra.weight_sets[0].finding.attained, 4);
  EXPECT_FALSE(algebra.identity);  // the battery's identity stands beside it
  EXPECT_EQ(orderly::to_json(result)["identity"]["analysis"]["weight_sets"][0]["exact_order"], 4);
}

}  // namespace
