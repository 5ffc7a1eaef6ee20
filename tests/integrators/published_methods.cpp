// The published methods: every entry meets its declared orders (b and b_hat) -- exactly where its
// entries are rational, to its digits where they are decimals -- and no higher; names and aliases
// are unique; every catalog Runge-Kutta method and every method of the tableau corpus is there
// with the same coefficients; and a few coefficients agree with values typed here from the papers.
#include <orderly/catalog.hpp>
#include <orderly/order_conditions.hpp>
#include <orderly/published_methods.hpp>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace orderly {
namespace {

// The relative rounding of a decimal of `digits` significant digits: half a unit in its last digit.
high_precision decimal_rounding(int digits) { return pow(high_precision(10), 1 - digits) / 2; }

// The largest p <= max_order whose conditions hold for one weight set: exactly for rational
// entries; for 100-digit computations to their certified precision; for published decimals within
// the change that rounding every entry by its relative precision u can make in Phi(t),
// ((1 - u)^-|t| - 1) Phi(t) evaluated on the entries' magnitudes (the bound tableau files are
// audited with).
int order_to_precision(const butcher_tableau& t, weight_set weights, int max_order) {
  if (t.exact_entries() || t.coefficient_digits == certified_coefficient_digits)
    return attained_order(t, weights, max_order);
  const auto forest = generate_trees(max_order);
  const auto m = tableau_coefficients<high_precision>(t, weights);
  const auto report = evaluate_order_conditions(forest, {&m}, high_precision(0));
  auto magnitudes = m;
  for (auto& row : magnitudes.a)
    for (auto& x : row) x = abs(x);
  for (auto& x : magnitudes.b) x = abs(x);
  const auto phi_abs = elementary_weights(forest, magnitudes);
  const high_precision u = decimal_rounding(t.coefficient_digits);
  int order = max_order;
  for (std::size_t k = 0; k < forest.trees.size(); ++k) {
    const high_precision bound = (pow(1 - u, -forest.trees[k].order) - 1) * phi_abs[k];
    if (abs(report.residuals[k]) > bound) order = std::min(order, forest.trees[k].order - 1);
  }
  return order;
}

std::string lowercase(std::string s) {
  for (auto& ch : s) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return s;
}

std::vector<std::string> every_name() {
  std::vector<std::string> names;
  for (const auto& m : published_methods()) names.push_back(m.tableau.name);
  return names;
}

std::string test_name(const testing::TestParamInfo<std::string>& info) {
  std::string name = info.param;
  for (auto& ch : name)
    if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
  return name;
}

class PublishedMethod : public testing::TestWithParam<std::string> {
 protected:
  const published_method& method() const { return *find_published_method(GetParam()); }
};

TEST_P(PublishedMethod, MeetsItsDeclaredOrdersAndNoHigher) {
  const auto& t = method().tableau;
  ASSERT_GE(t.order, 1);
  EXPECT_EQ(order_to_precision(t, weight_set::primary, t.order + 1), t.order) << "b";
  ASSERT_EQ(t.embedded_order.has_value(), t.b_embedded.has_value());
  if (t.embedded_order) {
    EXPECT_EQ(order_to_precision(t, weight_set::embedded, *t.embedded_order + 1), *t.embedded_order) << "b_hat";
  }
}

TEST_P(PublishedMethod, NodesAreTheRowSumsToItsPrecision) {
  const auto& t = method().tableau;
  ASSERT_TRUE(t.row_sum_condition);
  if (t.exact_entries() || t.coefficient_digits == certified_coefficient_digits) {
    EXPECT_TRUE(row_sums_consistent(t));
    return;
  }
  const exact u = exact_value_of(decimal_rounding(t.coefficient_digits));
  for (int i = 0; i < t.stages(); ++i) {
    exact sum = 0, magnitude = abs(t.c[static_cast<std::size_t>(i)]);
    for (int j = 0; j < t.stages(); ++j) {
      sum += t.a_at(i, j);
      magnitude += abs(t.a_at(i, j));
    }
    EXPECT_LE(abs(sum - t.c[static_cast<std::size_t>(i)]), u * magnitude) << "row " << i;
  }
}

TEST_P(PublishedMethod, HasACitationAProvenanceAndAConsistentShape) {
  const auto& m = method();
  EXPECT_FALSE(m.tableau.title.empty());
  EXPECT_FALSE(m.tableau.citation.empty());
  EXPECT_FALSE(m.provenance.empty());
  const auto s = static_cast<std::size_t>(m.tableau.stages());
  EXPECT_EQ(m.tableau.a.size(), s);
  EXPECT_EQ(m.tableau.c.size(), s);
  if (m.tableau.b_embedded) {
    EXPECT_EQ(m.tableau.b_embedded->size(), s);
  }
  // Decimal digits below a double's would make the method unresolvable in double.
  EXPECT_TRUE(m.tableau.coefficient_digits == 0 || m.tableau.coefficient_digits >= 15);
}

INSTANTIATE_TEST_SUITE_P(All, PublishedMethod, testing::ValuesIn(every_name()), test_name);

TEST(PublishedMethods, AreSixtyOrMore) { EXPECT_GE(published_methods().size(), 60u); }

TEST(PublishedMethods, NamesAndAliasesAreUniqueIgnoringCase) {
  std::map<std::string, std::string> owner;  // lowercased name or alias -> method
  for (const auto& m : published_methods()) {
    std::vector<std::string> names = m.aliases;
    names.push_back(m.tableau.name);
    for (const auto& name : names) {
      ASSERT_FALSE(name.empty()) << m.tableau.name;
      const auto [it, inserted] = owner.emplace(lowercase(name), m.tableau.name);
      EXPECT_TRUE(inserted) << "\"" << name << "\" names both " << it->second << " and " << m.tableau.name;
    }
  }
}

TEST(PublishedMethods, LookupIsByNameOrAliasIgnoringCase) {
  const auto* dopri = find_published_method("dopri5");
  ASSERT_NE(dopri, nullptr);
  EXPECT_EQ(find_published_method("DoPrI5"), dopri);
  EXPECT_EQ(find_published_method("dopri54"), dopri);  // the catalog's name
  EXPECT_EQ(find_published_method("RK5(4)7M"), dopri);
  EXPECT_EQ(find_published_method("no-such-method"), nullptr);
  EXPECT_EQ(find_published_method(""), nullptr);
}

// Both tableaus have the same coefficients, entry by entry.
void expect_same_coefficients(const butcher_tableau& expected, const butcher_tableau& actual) {
  ASSERT_EQ(actual.stages(), expected.stages()) << actual.name;
  for (int i = 0; i < expected.stages(); ++i) {
    const auto k = static_cast<std::size_t>(i);
    EXPECT_EQ(actual.b[k], expected.b[k]) << actual.name << " b" << i + 1;
    EXPECT_EQ(actual.c[k], expected.c[k]) << actual.name << " c" << i + 1;
    for (int j = 0; j < expected.stages(); ++j)
      EXPECT_EQ(actual.a_at(i, j), expected.a_at(i, j)) << actual.name << " a" << i + 1 << j + 1;
  }
  ASSERT_EQ(actual.b_embedded.has_value(), expected.b_embedded.has_value());
  if (expected.b_embedded) {
    EXPECT_EQ(*actual.b_embedded, *expected.b_embedded) << actual.name;
  }
  EXPECT_EQ(actual.order, expected.order);
  EXPECT_EQ(actual.embedded_order, expected.embedded_order);
  EXPECT_EQ(actual.coefficient_digits, expected.coefficient_digits);
}

TEST(PublishedMethods, ListEveryCatalogRungeKuttaMethodOnceUnderItsCatalogName) {
  std::vector<const butcher_tableau*> catalog;
  for (const auto& t : explicit_tableaus()) catalog.push_back(&t);
  for (const auto& t : implicit_tableaus()) catalog.push_back(&t);
  for (const auto* t : catalog) {
    const auto* m = find_published_method(t->name);
    ASSERT_NE(m, nullptr) << t->name;
    if (m->tableau.name != t->name) {
      EXPECT_NE(std::find(m->aliases.begin(), m->aliases.end(), t->name), m->aliases.end()) << t->name;
    }
    expect_same_coefficients(*t, m->tableau);
  }
}

// ---------------------------------------------------------------------------------------------
// The tableau corpus (tests/corpus): its 50 published methods, transcribed independently, each
// found under its corpus name with the coefficients of its rational and decimal files.

std::filesystem::path corpus_folder() { return std::filesystem::path(ORDERLY_SOURCE_DIR) / "tests/corpus/tableaus"; }

// The corpus's rational files that only approximate an irrational method (tests/corpus/sources.md):
// they stand within double's precision of it, not exactly on it.
const std::set<std::string> approximating_rational_files = {"prince-dormand87", "ark324-esdirk"};

// How far a corpus entry may stand from the listed one: the file's rounding, the entry's own
// precision, and for an approximating rational file, a double's precision.
exact allowed_difference(const written_coefficient& file_entry, const butcher_tableau& t, bool approximating) {
  exact allowed = file_entry.resolution.value_or(exact(0));
  const exact magnitude = abs(file_entry.value) + 1;
  if (approximating) allowed += magnitude / exact(1000000000000000LL);  // 1e-15
  if (!t.exact_entries()) allowed += magnitude * exact_value_of(decimal_rounding(t.coefficient_digits));
  return allowed;
}

void expect_near_row(const nlohmann::json& file_row, const std::vector<exact>& row, const butcher_tableau& t,
                     bool approximating, const std::string& what) {
  ASSERT_EQ(file_row.size(), row.size()) << what;
  for (std::size_t j = 0; j < row.size(); ++j) {
    const auto entry = read_coefficient(file_row[j].get<std::string>());
    EXPECT_LE(abs(entry.value - row[j]), allowed_difference(entry, t, approximating))
        << what << "[" << j + 1 << "]: corpus " << file_row[j].get<std::string>();
  }
}

TEST(PublishedMethods, AgreeWithEveryRationalAndDecimalFileOfTheCorpus) {
  int files = 0;
  std::set<std::string> methods;
  for (const auto& file : std::filesystem::directory_iterator(corpus_folder())) {
    const std::string filename = file.path().filename().string();
    const auto dot = filename.find('.');
    const std::string key = filename.substr(0, dot), form = filename.substr(dot + 1);
    if (form != "rational.json" && form != "decimal40.json") continue;
    ++files;
    methods.insert(key);
    SCOPED_TRACE(filename);
    const auto* m = find_published_method(key);
    ASSERT_NE(m, nullptr);
    const auto& t = m->tableau;
    std::ifstream in(file.path());
    const auto json = nlohmann::json::parse(in);
    const bool approximating = form == "rational.json" && approximating_rational_files.count(key);
    const auto s = static_cast<std::size_t>(t.stages());
    ASSERT_EQ(json["b"].size(), s);
    for (std::size_t i = 0; i < s; ++i) {
      std::vector<exact> row;
      for (std::size_t j = 0; j < json["A"][i].size(); ++j)
        row.push_back(t.a_at(static_cast<int>(i), static_cast<int>(j)));
      expect_near_row(json["A"][i], row, t, approximating, "A row " + std::to_string(i + 1));
    }
    if (json.contains("c")) expect_near_row(json["c"], t.c, t, approximating, "c");
    // Fehlberg's 4(5) is listed as Fehlberg propagated it (4th order in b); the corpus lists the
    // 5th-order weights first.
    const bool swapped = json["order"].get<int>() != t.order;
    if (swapped) {
      ASSERT_TRUE(t.embedded_order && json["order"].get<int>() == *t.embedded_order);
      expect_near_row(json["b"], *t.b_embedded, t, approximating, "b (listed as b_hat)");
      expect_near_row(json["b_hat"], t.b, t, approximating, "b_hat (listed as b)");
    } else {
      expect_near_row(json["b"], t.b, t, approximating, "b");
      ASSERT_EQ(json.contains("b_hat"), t.b_embedded.has_value());
      if (t.b_embedded) expect_near_row(json["b_hat"], *t.b_embedded, t, approximating, "b_hat");
    }
  }
  EXPECT_EQ(methods.size(), 50u) << "the corpus holds 50 published methods with rational or decimal files";
  EXPECT_GE(files, 50);
}

// ---------------------------------------------------------------------------------------------
// Coefficients typed from the papers and textbooks, independent of the data.

exact q(std::string_view text) { return parse_exact(text); }

const butcher_tableau& tableau_of(std::string_view name) {
  const auto* m = find_published_method(name);
  if (!m) throw std::invalid_argument("no published method " + std::string(name));
  return m->tableau;
}

TEST(PublishedCoefficients, DormandPrinceErrorWeights) {
  // Dormand, Prince (1980), Table 2: the 4th-order weights; b_hat_7 = 1/40 is the weight odeint
  // once had with the wrong sign.
  const auto& t = tableau_of("dopri5");
  EXPECT_EQ((*t.b_embedded)[6], q("1/40"));
  EXPECT_EQ((*t.b_embedded)[4], q("-92097/339200"));
  EXPECT_EQ(t.a_at(5, 1), q("-355/33"));
  EXPECT_EQ(t.b[2], q("500/1113"));
}

TEST(PublishedCoefficients, FehlbergA63) {
  // Fehlberg (1969), Table III: a_53 = -3544/2565 in the fifth stage row of the sixth stage.
  const auto& t = tableau_of("rkf45");
  EXPECT_EQ(t.a_at(5, 2), q("-3544/2565"));
  EXPECT_EQ(t.a_at(4, 3), q("-845/4104"));
  EXPECT_EQ(t.c[4], q("1"));
}

TEST(PublishedCoefficients, CashKarpFourthOrderWeights) {
  // Cash, Karp (1990), Table: the embedded 4th-order weights.
  const auto& t = tableau_of("cash-karp");
  const std::vector<exact> fourth = {q("2825/27648"),  q("0"),         q("18575/48384"),
                                     q("13525/55296"), q("277/14336"), q("1/4")};
  EXPECT_EQ(*t.b_embedded, fourth);
}

TEST(PublishedCoefficients, BogackiShampineEstimate) {
  const auto& t = tableau_of("bs3");
  const std::vector<exact> second = {q("7/24"), q("1/4"), q("1/3"), q("1/8")};
  EXPECT_EQ(*t.b_embedded, second);
}

TEST(PublishedCoefficients, TsitourasNodesAndEstimateWeight) {
  // Tsitouras (2011), Table 1: c2 = 0.161, c3 = 0.327, c4 = 0.9; the estimate's last weight 1/66.
  const auto& t = tableau_of("tsit5");
  EXPECT_EQ(t.c[1], q("0.161"));
  EXPECT_EQ(t.c[2], q("0.327"));
  EXPECT_EQ(t.c[3], q("0.9"));
  EXPECT_LT(abs((*t.b_embedded)[6] - q("1/66")), q("1e-80"));
}

TEST(PublishedCoefficients, Dop853NodesIncludingTheLastStagesOne) {
  // Hairer's dop853.f: c2 = 0.526001519587677318785587544488e-01 as printed, c6 = 1/3 to its 30
  // digits, c7 = 1/4, c10 = 3/5; the twelfth stage is evaluated at x + h, so c12 = 1 (the node
  // ode-solvers once had as 0).
  const auto& t = tableau_of("dop853");
  ASSERT_EQ(t.stages(), 12);
  EXPECT_EQ(t.c[1], q("0.0526001519587677318785587544488"));
  EXPECT_EQ(t.c[6], q("1/4"));
  EXPECT_EQ(t.c[9], q("3/5"));
  EXPECT_EQ(t.c[11], q("1"));
  EXPECT_LT(abs(t.c[5] - q("1/3")), q("1e-30"));
}

TEST(PublishedCoefficients, MersonEstimateWeights) {
  const auto& t = tableau_of("merson43");
  const std::vector<exact> third = {q("1/10"), q("0"), q("3/10"), q("2/5"), q("1/5")};
  EXPECT_EQ(*t.b_embedded, third);
  EXPECT_EQ(t.a_at(4, 2), q("-3/2"));
}

TEST(PublishedCoefficients, ZonneveldAndFehlbergLowOrderPairs) {
  // Zonneveld (1964), as in Hairer-Norsett-Wanner I, Sect. II.4: the 3rd-order weights.
  const std::vector<exact> zonneveld = {q("-1/2"), q("7/3"), q("7/3"), q("13/6"), q("-16/3")};
  EXPECT_EQ(*tableau_of("zonneveld43").b_embedded, zonneveld);
  // Fehlberg's 1(2) (NASA TR R-315): a31 = 1/256, a32 = 255/256, b_hat = (1/512, 255/256, 1/512).
  const auto& rkf12 = tableau_of("fehlberg12");
  EXPECT_EQ(rkf12.a_at(2, 0), q("1/256"));
  EXPECT_EQ(rkf12.a_at(2, 1), q("255/256"));
  const std::vector<exact> second = {q("1/512"), q("255/256"), q("1/512")};
  EXPECT_EQ(*rkf12.b_embedded, second);
}

TEST(PublishedCoefficients, KetchesonSsprk104WeightsAreAllOneTenth) {
  for (const auto& b : tableau_of("ssprk104").b) EXPECT_EQ(b, q("1/10"));
}

TEST(PublishedCoefficients, HairerWannerSdirk4Weights) {
  // Hairer-Wanner II, Table IV.6.5 (gamma = 1/4).
  const auto& t = tableau_of("hw-sdirk4");
  const std::vector<exact> b = {q("25/24"), q("-49/48"), q("125/16"), q("-85/12"), q("1/4")};
  EXPECT_EQ(t.b, b);
  for (int i = 0; i < t.stages(); ++i) EXPECT_EQ(t.a_at(i, i), q("1/4"));
}

TEST(PublishedCoefficients, ClosedFormsWithRadicals) {
  const high_precision r2 = sqrt(high_precision(2)), r3 = sqrt(high_precision(3)), r6 = sqrt(high_precision(6));
  auto near = [](const exact& x, const high_precision& expected, int digits) {
    return abs(to_high_precision(x) - expected) < pow(high_precision(10), -digits);
  };
  // Radau IIA, 3 stages: c = (4 - sqrt 6)/10, (4 + sqrt 6)/10, 1; b1 = (16 - sqrt 6)/36.
  const auto& radau = tableau_of("radau-iia3");
  EXPECT_TRUE(near(radau.c[0], (4 - r6) / 10, 78));
  EXPECT_TRUE(near(radau.b[0], (16 - r6) / 36, 78));
  // Gauss, 2 stages: a12 = 1/4 - sqrt 3 / 6.
  EXPECT_TRUE(near(tableau_of("gauss2").a_at(0, 1), high_precision(1) / 4 - r3 / 6, 78));
  // Crouzeix's SDIRK: gamma = (3 + sqrt 3)/6.
  EXPECT_TRUE(near(tableau_of("crouzeix-sdirk23").a_at(0, 0), (3 + r3) / 6, 39));
  // Gill (1951): b2 = (2 - sqrt 2)/6, a43 = 1 + sqrt(2)/2.
  const auto& gill = tableau_of("gill4");
  EXPECT_TRUE(near(gill.b[1], (2 - r2) / 6, 78));
  EXPECT_TRUE(near(gill.a_at(3, 2), 1 + r2 / 2, 78));
  // TR-BDF2: c2 = 2 - sqrt 2, a21 = a22 = (2 - sqrt 2)/2.
  const auto& trbdf2 = tableau_of("trbdf2");
  EXPECT_TRUE(near(trbdf2.c[1], 2 - r2, 39));
  EXPECT_TRUE(near(trbdf2.a_at(1, 1), (2 - r2) / 2, 39));
}

}  // namespace
}  // namespace orderly
