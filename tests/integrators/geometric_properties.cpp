// Symplecticity, symmetry, algebraic stability, SSP coefficients and modified equations of
// Runge-Kutta tableaus against values stated in the literature or derived independently:
//   - Hairer-Wanner II, Sect. IV.12 (Theorem 12.9 and the remarks after it): Gauss, Radau IA, Radau
//     IIA and Lobatto IIIC are algebraically stable; Lobatto IIIA and IIIB are not.
//   - Hairer-Lubich-Wanner, Geometric Numerical Integration, Sect. VI.4: Gauss is symplectic; the
//     Lobatto IIIA-IIIB pair is symplectic as a partitioned method, neither method alone; Gauss and
//     Lobatto methods are symmetric (Sect. V.2), Radau methods are not.
//   - SSP coefficients (radius of absolute monotonicity): ssprk33 1, ssprk43 2, ssprk104 6 (Ketcheson,
//     SIAM J. Sci. Comput. 30 (2008); nodepy's loadRKM values), SSPRK(5,4) 1.5081800491898379228
//     (Kraaijevanger 1991; Spiteri-Ruuth 2002); Euler 1, implicit midpoint and the trapezoidal rule 2,
//     backward Euler unbounded (Ketcheson, Macdonald, Gottlieb, Appl. Numer. Math. 59 (2009)).
//   - Modified equations of explicit midpoint and RK4 derived with sympy on a scalar ODE
//     (modified_equation_reference.py, output in modified_equation_expected.json).
//   - The harmonic drift from |R(iy)|^2 expanded by hand.
//   - Conjugate-symplectic orders from their definition (Hairer-Lubich-Wanner, GNI, Sect. VI.8.1: a
//     B-series chi with chi^-1 o Psi o chi = Phi + O(h^(r+1)), Psi symplectic), solved in exact
//     rationals by conjugate_symplectic_reference.py (composition law and Butcher-group inverse, not
//     Orderly's substitution law and rank test), output in conjugate_symplectic_expected.json; the
//     script reproduces GNI Example VI.8.4's symplecticity defects of the 3-stage Lobatto methods
//     (Lobatto IIIB3 is not conjugate symplectic to order 5, Lobatto IIIA3 is).
#include <orderly/analysis/geometric_properties.hpp>
#include <orderly/catalog.hpp>
#include <orderly/geometric_json.hpp>
#include <orderly/tableau_file.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <optional>
#include <string>

namespace {

using namespace orderly;

const butcher_tableau& catalog_tableau(const std::string& name) {
  const auto* m = find_method(name);
  if (!m || !m->tableau()) throw std::invalid_argument("no catalog tableau " + name);
  return *m->tableau();
}

butcher_tableau corpus_tableau(const std::string& file) {
  std::ifstream in(std::string(ORDERLY_SOURCE_DIR) + "/tests/corpus/tableaus/" + file);
  return parse_tableau_file(nlohmann::json::parse(in)).tableau;
}

// A decimal file's conditions hold to its digits: rounded_table_tolerance_factor times its entries'
// relative uncertainty, as `orderly check --tableau` decides them.
geometric_properties corpus_properties(const std::string& file, std::optional<exact> tolerance = std::nullopt) {
  std::ifstream in(std::string(ORDERLY_SOURCE_DIR) + "/tests/corpus/tableaus/" + file);
  const auto read = parse_tableau_file(nlohmann::json::parse(in));
  return analyse_geometric_properties(
      exact_coefficients(read.tableau),
      tolerance.value_or(read.relative_uncertainty * exact(rounded_table_tolerance_factor)), 6);
}

TEST(GeometricProperties, CatalogImplicitMethodsAsTheLiteratureStatesThem) {
  for (const std::string name : {"implicit-midpoint", "gauss4", "gauss6"}) {
    const auto g = analyse_geometric_properties(catalog_tableau(name));
    EXPECT_TRUE(g.symplectic) << name;
    EXPECT_TRUE(g.symmetric) << name;
    EXPECT_TRUE(g.algebraically_stable) << name;
    EXPECT_EQ(g.energy_class, "bounded") << name;
  }
  for (const std::string name : {"radau5", "radau13", "backward-euler"}) {
    const auto g = analyse_geometric_properties(catalog_tableau(name));
    EXPECT_FALSE(g.symplectic) << name;
    EXPECT_FALSE(g.symmetric) << name;
    EXPECT_TRUE(g.algebraically_stable) << name;
  }
  // The trapezoidal rule is Lobatto IIIA with two stages: symmetric, not algebraically stable.
  const auto trapezoidal = analyse_geometric_properties(catalog_tableau("trapezoidal"));
  EXPECT_TRUE(trapezoidal.symmetric);
  EXPECT_FALSE(trapezoidal.symplectic);
  EXPECT_FALSE(trapezoidal.algebraically_stable);
  // The stiffly accurate SDIRK A = [[g, 0], [1-g, g]], b = (1-g, g): by hand M = diag((1-g)(3g-1), g^2),
  // algebraically stable iff g >= 1/3; Alexander's g = 1 - sqrt(2)/2 = 0.29 is not.
  const auto sdirk = analyse_geometric_properties(catalog_tableau("sdirk"));
  EXPECT_TRUE(sdirk.nonnegative_weights);
  EXPECT_FALSE(sdirk.positive_semidefinite_m);
  EXPECT_FALSE(sdirk.algebraically_stable);
}

TEST(GeometricProperties, NoExplicitMethodIsSymplecticSymmetricOrAlgebraicallyStable) {
  // a_11 = 0 gives M_11 = -b_1^2 and a*_11 = b_1: neither can hold with b_1 != 0.
  for (const auto& m : method_catalog()) {
    const auto* t = m.tableau();
    if (!t || !t->is_explicit()) continue;
    const auto g = analyse_geometric_properties(*t, 6);
    EXPECT_FALSE(g.symplectic) << m.name;
    EXPECT_FALSE(g.symmetric) << m.name;
    EXPECT_FALSE(g.algebraically_stable) << m.name;
  }
}

TEST(GeometricProperties, CorpusLobattoRadauGaussAsHairerWannerTableIV12) {
  struct expected {
    const char* file;
    bool algebraically_stable, symplectic, symmetric;
  };
  for (const auto& e :
       {expected{"lobatto-iiia3.rational.json", false, false, true},
        expected{"lobatto-iiib3.rational.json", false, false, true},
        expected{"lobatto-iiic3.rational.json", true, false, false},
        expected{"lobatto-iiic4.decimal40.json", true, false, false},
        expected{"radau-ia2.rational.json", true, false, false},
        expected{"radau-ia3.decimal40.json", true, false, false},
        expected{"radau-iia2.rational.json", true, false, false},
        expected{"radau-iia3.decimal40.json", true, false, false}, expected{"gauss2.decimal40.json", true, true, true},
        expected{"gauss3.decimal40.json", true, true, true},
        expected{"implicit-midpoint.rational.json", true, true, true},
        expected{"trapezoid.rational.json", false, false, true}}) {
    const auto g = corpus_properties(e.file);
    EXPECT_EQ(g.algebraically_stable, e.algebraically_stable) << e.file;
    EXPECT_EQ(g.symplectic, e.symplectic) << e.file;
    EXPECT_EQ(g.symmetric, e.symmetric) << e.file;
  }
}

TEST(GeometricProperties, LobattoIIIAIIIBPairIsSymplecticAsAPartitionedMethod) {
  const auto iiia = exact_coefficients(corpus_tableau("lobatto-iiia3.rational.json"));
  const auto iiib = exact_coefficients(corpus_tableau("lobatto-iiib3.rational.json"));
  EXPECT_TRUE(partitioned_symplectic(iiia, iiib, exact(0)));
  EXPECT_TRUE(partitioned_symplectic(iiib, iiia, exact(0)));
  EXPECT_FALSE(partitioned_symplectic(iiia, iiia, exact(0)));
  EXPECT_FALSE(partitioned_symplectic(iiib, iiib, exact(0)));
}

TEST(GeometricProperties, SspCoefficientsAgreeWithPublishedValues) {
  auto exactly = [](const geometric_properties& g, int value) {
    EXPECT_EQ(g.ssp.lower, high_precision(value));
    EXPECT_LT(g.ssp.upper - g.ssp.lower, high_precision(1e-15));
  };
  exactly(corpus_properties("ssprk33.rational.json"), 1);
  exactly(corpus_properties("ssprk43.rational.json"), 2);
  exactly(corpus_properties("ssprk104.rational.json"), 6);
  exactly(analyse_geometric_properties(catalog_tableau("euler"), 4), 1);
  exactly(analyse_geometric_properties(catalog_tableau("ssprk3"), 4), 1);
  exactly(analyse_geometric_properties(catalog_tableau("implicit-midpoint"), 4), 2);
  exactly(analyse_geometric_properties(catalog_tableau("trapezoidal"), 4), 2);
  exactly(analyse_geometric_properties(catalog_tableau("rk4"), 4), 0);
  EXPECT_TRUE(analyse_geometric_properties(catalog_tableau("backward-euler"), 4).ssp.unbounded);
  // SSPRK(5,4): Kraaijevanger's optimum is 1.5081800491898379228. nodepy's 30-digit Butcher
  // coefficients ("improved to be accurate to 30 digits") lie 1e-10 off the optimal method: some
  // coefficient of K (I + rK)^-1 that vanishes identically at the optimum is -1e-10 for them, so
  // to their own digits their radius is 1.5064948767991053 (bisected in exact rationals by
  // ssp_reference.py, independently of this code), and allowing entries down to -1e-10 recovers
  // the published optimum to 8 digits.
  const auto ssp54 = corpus_properties("ssprk54.decimal40.json");
  EXPECT_LT(abs(ssp54.ssp.lower - high_precision("1.5064948767991053")), high_precision(1e-15));
  const auto ssp54_optimum = corpus_properties("ssprk54.decimal40.json", parse_exact("1e-10"));
  EXPECT_LT(abs(ssp54_optimum.ssp.lower - high_precision("1.5081800491898379228")), high_precision(1e-8));
  // The published 15-digit Shu-Osher coefficients as doubles: exactly as written their radius is
  // 1.5081767620862112 (ssp_reference.py); to the table's own digits (entries of K (I + rK)^-1 down
  // to -1e-13 count as zero) it is the published optimum.
  EXPECT_LT(abs(corpus_properties("ssprk54.double.json", exact(0)).ssp.lower - high_precision("1.5081767620862112")),
            high_precision(1e-15));
  EXPECT_LT(abs(corpus_properties("ssprk54.double.json").ssp.lower - high_precision("1.5081800491898379228")),
            high_precision(1e-9));
}

// b(t)/sigma(t) summed over the trees whose scalar elementary differential is one monomial
// prod_m F_m^(e_m), F_m = f^(m)(y): e_m counts the vertices with m children.
std::map<std::vector<int>, exact> scalar_modified_terms(const bseries_trees& trees, const std::vector<exact>& b,
                                                        int order, std::size_t width) {
  std::map<std::vector<int>, exact> out;
  const auto& f = trees.forest;
  for (std::size_t k = f.order_begin[static_cast<std::size_t>(order)];
       k < f.order_begin[static_cast<std::size_t>(order) + 1]; ++k) {
    std::vector<int> exponents(width, 0);
    auto count = [&](auto& self, int t) -> void {
      const auto& tree = f.trees[static_cast<std::size_t>(t)];
      ++exponents[tree.children.size()];
      for (int c : tree.children) self(self, c);
    };
    count(count, static_cast<int>(k));
    out[exponents] += b[k] / f.trees[k].symmetry;
  }
  for (auto it = out.begin(); it != out.end();) it = it->second == 0 ? out.erase(it) : std::next(it);
  return out;
}

TEST(GeometricProperties, ModifiedEquationsOfMidpointAndRk4MatchSympy) {
  std::ifstream in(std::string(ORDERLY_SOURCE_DIR) + "/tests/integrators/modified_equation_expected.json");
  const auto expected = nlohmann::json::parse(in);
  const auto& trees = bseries_trees_up_to(6);
  for (const std::string name : {"midpoint", "rk4"}) {
    const auto a = elementary_weights(trees.forest, exact_coefficients(catalog_tableau(name)));
    const auto b = modified_field_coefficients(trees, a);
    // The field read on demand, largest trees first: each read computes the smaller trees it needs.
    const modified_field<exact> field(trees, a);
    std::vector<exact> read_on_demand(a.size());
    for (std::size_t k = a.size(); k-- > 0;) read_on_demand[k] = field[k];
    for (int order = 2; order <= 6; ++order) {
      const auto& terms = expected.at(name).at(std::to_string(order));
      const std::size_t width = terms.empty() ? 8 : terms[0][0].size();
      std::map<std::vector<int>, exact> from_sympy;
      for (const auto& term : terms)
        from_sympy[term[0].get<std::vector<int>>()] = parse_exact(term[1].get<std::string>());
      EXPECT_EQ(scalar_modified_terms(trees, b, order, width), from_sympy) << name << " order " << order;
      EXPECT_EQ(scalar_modified_terms(trees, read_on_demand, order, width), from_sympy)
          << name << " order " << order << ", read on demand";
    }
  }
}

// A tree's bracket notation with its children's strings sorted, as the reference script writes it.
std::string canonical_notation(const tree_forest& forest, int tree) {
  const auto& children = forest.trees[static_cast<std::size_t>(tree)].children;
  if (children.empty()) return "t";
  std::vector<std::string> inner;
  for (int child : children) inner.push_back(canonical_notation(forest, child));
  std::sort(inner.begin(), inner.end());
  std::string out = "[";
  for (std::size_t k = 0; k < inner.size(); ++k) out += (k ? "," : "") + inner[k];
  return out + "]";
}

TEST(GeometricProperties, ConjugateSymplecticOrdersMatchTheirDefinitionSolvedIndependently) {
  std::ifstream in(std::string(ORDERLY_SOURCE_DIR) + "/tests/integrators/conjugate_symplectic_expected.json");
  const auto expected = nlohmann::json::parse(in);
  const int reach = expected.at("max_order").get<int>();
  const std::map<std::string, geometric_properties> computed = {
      {"implicit-midpoint", analyse_geometric_properties(catalog_tableau("implicit-midpoint"))},
      {"trapezoidal", analyse_geometric_properties(catalog_tableau("trapezoidal"))},
      {"rk4", analyse_geometric_properties(catalog_tableau("rk4"))},
      {"gauss2", analyse_geometric_properties(catalog_tableau("gauss4"))},
      {"lobatto-iiia3", analyse_geometric_properties(corpus_tableau("lobatto-iiia3.rational.json"))},
      {"lobatto-iiib3", analyse_geometric_properties(corpus_tableau("lobatto-iiib3.rational.json"))},
      {"lobatto-iiic3", analyse_geometric_properties(corpus_tableau("lobatto-iiic3.rational.json"))}};
  ASSERT_EQ(expected.at("methods").size(), computed.size());
  for (const auto& [name, g] : computed) {
    const auto& e = expected.at("methods").at(name);
    EXPECT_EQ(g.order, e.at("order").get<int>()) << name;
    EXPECT_EQ(std::min(g.pseudo_symplectic_order, reach), e.at("pseudo_symplectic_order").get<int>()) << name;
    const int order = e.at("conjugate_symplectic_order").get<int>();
    if (e.at("conjugate_symplectic_capped").get<bool>()) {
      // Conjugate symplectic through the reference's reach: Orderly must not find a failure before
      // its own reach (min(8, 2p)).
      EXPECT_TRUE(g.conjugate_symplectic_capped) << name;
      EXPECT_GE(g.conjugate_symplectic_order, std::min(order, 2 * g.order)) << name;
    } else {
      EXPECT_EQ(g.conjugate_symplectic_order, order) << name;
      EXPECT_FALSE(g.conjugate_symplectic_capped) << name;
    }
    // The modified field's terms of orders p+1 and p+2: exact for rational tableaus; the catalog's
    // Gauss tableau is irrational (analysed at 100 digits), compared in double there.
    const auto& forest = bseries_trees_up_to(g.max_tree_order).forest;
    const auto& reference = e.at("modified_field_leading");
    ASSERT_EQ(g.modified_equation.size(), reference.size()) << name;
    for (const auto& term : g.modified_equation) {
      const std::string tree = canonical_notation(forest, term.tree_index);
      ASSERT_TRUE(reference.contains(tree)) << name << " " << tree;
      const exact value = parse_exact(reference.at(tree).get<std::string>());
      if (name == "gauss2")
        EXPECT_NEAR(term.value_double, value.convert_to<double>(), 1e-15) << name << " " << tree;
      else
        EXPECT_EQ(parse_exact(term.value), value) << name << " " << tree;
    }
  }
}

TEST(GeometricProperties, ModifiedEquationOfExplicitMidpointByHand) {
  // Order-3 trees: b = Phi - 1/gamma: [[t]]: 0 - 1/6, [t,t]: 1/4 - 1/3 (Hairer-Norsett-Wanner I, II.2).
  const auto g = analyse_geometric_properties(catalog_tableau("midpoint"), 4);
  std::map<std::string, std::string> by_tree;
  for (const auto& term : g.modified_equation) by_tree[term.tree] = term.value;
  EXPECT_EQ(by_tree.at("[[t]]"), "-1/6");
  EXPECT_EQ(by_tree.at("[t,t]"), "-1/12");
}

TEST(GeometricProperties, HarmonicDriftFromTheModifiedEquationMatchesTheStabilityFunction) {
  // d ln H/dt = coefficient omega^n h^(n-1), from |R(iy)|^2 = 1 + c y^n + ... (per step: c (omega h)^n):
  // Euler 1 + y^2; Heun |1 + iy - y^2/2|^2 = 1 + y^4/4; RK4 1 - y^6/72 + y^8/576; backward Euler
  // 1/(1 + y^2) = 1 - y^2 + ...
  struct expected {
    const char* name;
    int power;
    const char* coefficient;
  };
  for (const auto& e : {expected{"euler", 2, "1"}, expected{"heun", 4, "1/4"}, expected{"rk4", 6, "-1/72"},
                        expected{"backward-euler", 2, "-1"}}) {
    const auto g = analyse_geometric_properties(catalog_tableau(e.name));
    ASSERT_TRUE(g.harmonic_drift) << e.name;
    EXPECT_EQ(g.harmonic_drift->power, e.power) << e.name;
    EXPECT_EQ(g.harmonic_drift->coefficient, e.coefficient) << e.name;
    // A conjugacy cannot remove a drift: the method is conjugate symplectic through order power - 1 at most.
    EXPECT_LE(g.conjugate_symplectic_order, e.power - 1) << e.name;
  }
  // The trapezoidal rule keeps |R(iy)| = 1: no drift on the oscillator, and it is conjugate to the
  // implicit midpoint rule (HLW Sect. VI.8): conjugate symplectic through the test's reach.
  const auto trapezoidal = analyse_geometric_properties(catalog_tableau("trapezoidal"));
  EXPECT_FALSE(trapezoidal.harmonic_drift);
  EXPECT_TRUE(trapezoidal.conjugate_symplectic_capped);
  EXPECT_EQ(trapezoidal.energy_class, "bounded-to-horizon");
}

TEST(GeometricProperties, OrderOneMethodsAreNotConjugateSymplectic) {
  // Euler: b([t]) = -1/2, so the defect at order 2 is 2 b([t]) = -1, while every bracket [f, c] with c
  // on the single vertex vanishes on [t] (graft 1, leaf removal 1).
  const auto g = analyse_geometric_properties(catalog_tableau("euler"));
  EXPECT_EQ(g.conjugate_symplectic_order, 1);
  EXPECT_FALSE(g.conjugate_symplectic_capped);
  EXPECT_EQ(g.energy_class, "drift");
}

using hp_coefficients = rk_coefficients<high_precision>;

hp_coefficients hp_of(const std::string& name) { return tableau_coefficients<high_precision>(catalog_tableau(name)); }

// The inverse of a Runge-Kutta step: y0 = y1 - h sum b_i k_i with k_i = f(y1 + h sum (a_ij - b_j) k_j).
hp_coefficients inverse_step(const hp_coefficients& m) {
  hp_coefficients r = m;
  for (std::size_t i = 0; i < m.b.size(); ++i) {
    for (std::size_t j = 0; j < m.b.size(); ++j) r.a[i][j] = m.a[i][j] - m.b[j];
    r.b[i] = -m.b[i];
  }
  r.c.clear();
  r.complete();
  return r;
}

// Steps applied one after the other (the first first), as one Runge-Kutta method: block lower
// triangular A, a later block's rows holding the earlier blocks' weights.
hp_coefficients composition(const std::vector<hp_coefficients>& steps) {
  std::size_t s = 0;
  for (const auto& m : steps) s += m.b.size();
  hp_coefficients r;
  r.a.assign(s, std::vector<high_precision>(s, high_precision(0)));
  std::size_t offset = 0;
  for (std::size_t k = 0; k < steps.size(); ++k) {
    for (std::size_t i = 0; i < steps[k].b.size(); ++i) {
      std::size_t column = 0;
      for (std::size_t j = 0; j < k; ++j)
        for (std::size_t l = 0; l < steps[j].b.size(); ++l) r.a[offset + i][column++] = steps[j].b[l];
      for (std::size_t l = 0; l < steps[k].b.size(); ++l) r.a[offset + i][offset + l] = steps[k].a[i][l];
      r.b.push_back(steps[k].b[i]);
    }
    offset += steps[k].b.size();
  }
  r.complete();
  return r;
}

TEST(GeometricProperties, AMethodConjugateToGaussByConstructionIsConjugateSymplectic) {
  // chi = RK4 after the inverse of RK4 (3/8 rule): chi = id + O(h^5). Phi = chi^-1 o gauss4 o chi is
  // conjugate to a symplectic method by construction, of order 4 and not itself symplectic: the test
  // must pass through its reach (trees of order 8); with the two conjugating maps swapped (no
  // conjugacy) it must fail right after the order.
  const auto rk4 = hp_of("rk4"), rk38 = hp_of("rk4-38"), gauss = hp_of("gauss4");
  const auto conjugate = composition({inverse_step(rk38), rk4, gauss, inverse_step(rk4), rk38});
  const auto g = analyse_geometric_properties(conjugate, certified_coefficient_tolerance(), 8);
  EXPECT_EQ(g.order, 4);
  EXPECT_FALSE(g.symplectic);
  EXPECT_LT(g.pseudo_symplectic_order, 8);
  EXPECT_EQ(g.conjugate_symplectic_order, 8);
  EXPECT_TRUE(g.conjugate_symplectic_capped);
  const auto swapped = composition({inverse_step(rk38), rk4, gauss, inverse_step(rk38), rk4});
  const auto s = analyse_geometric_properties(swapped, certified_coefficient_tolerance(), 8);
  EXPECT_EQ(s.order, 4);
  EXPECT_EQ(s.conjugate_symplectic_order, 4);
  EXPECT_FALSE(s.conjugate_symplectic_capped);
}

TEST(GeometricProperties, SplittingSymmetryFromThePalindrome) {
  const std::map<std::string, bool> symmetric = {
      {"velocity-verlet", true},     {"leapfrog", true}, {"yoshida4", true}, {"yoshida6", true},
      {"symplectic-euler-a", false}, {"ruth3", false}};
  for (const auto& [name, expected] : symmetric) {
    const auto* m = find_method(name)->splitting();
    EXPECT_EQ(analyse_splitting_geometry(*m, m->order).symmetric, expected) << name;
  }
}

}  // namespace
