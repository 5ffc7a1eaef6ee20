// The gate proven on methods known to be wrong: deliberately broken variants of correct methods,
// each of which the gate must refuse (mutation score 100 %), while every correct catalog method
// passes. The gate has two halves: the exact order conditions (for methods given as coefficients)
// and the convergence measurement (for everything, code included). Each mutation reports which
// half caught it; a defect that breaks only the top-order conditions by 1e-12 is caught by the
// algebra alone, which is why the gate has it.
#include <orderly/algebraic_check.hpp>
#include <orderly/convergence_suites.hpp>
#include <orderly/gtest.hpp>

#include <gtest/gtest.h>

#include <cstdio>
#include <deque>
#include <functional>
#include <string>
#include <vector>

namespace orderly {
namespace {

// The gate's rule on a measurement (gate_accepts): refused unless its verdict is pass.
bool measurement_refuses(const convergence_result& r) { return !gate_accepts(r.judged); }
bool measurement_refuses(const order_measurement& m, int declared) {
  const std::vector<convergence_point> points(m.points.begin(), m.points.end());
  return !gate_accepts(judge_order(points, m.fit, declared, m.solution_scale, /*confirmed=*/false));
}

struct mutation {
  std::string name;
  method_entry method;  // points into the storage deques below
  weight_set weights = weight_set::primary;
  std::string problem = "nonlinear-na";
};

// Mutated coefficient sets must outlive the entries that point at them.
std::deque<butcher_tableau> tableau_storage;
std::deque<splitting_method> splitting_storage;

const butcher_tableau& catalog_tableau(const char* name) { return *find_method(name)->tableau(); }
const splitting_method& catalog_splitting(const char* name) { return *find_method(name)->splitting(); }

exact power_of_ten(int k) {  // 10^-k exactly
  return exact(boost::multiprecision::cpp_int(1),
               boost::multiprecision::pow(boost::multiprecision::cpp_int(10), static_cast<unsigned>(k)));
}

mutation tableau_mutation(const std::string& name, const butcher_tableau& base,
                          const std::function<void(butcher_tableau&)>& change,
                          weight_set weights = weight_set::primary) {
  butcher_tableau t = base;
  t.name = base.name + "~" + name;
  // Stored as a full square matrix so any entry can be changed.
  const int s = t.stages();
  std::vector<std::vector<exact>> square(static_cast<std::size_t>(s), std::vector<exact>(static_cast<std::size_t>(s)));
  for (int i = 0; i < s; ++i)
    for (int j = 0; j < s; ++j) square[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)] = base.a_at(i, j);
  t.a = square;
  change(t);
  tableau_storage.push_back(t);
  return {t.name, catalog_entry(tableau_storage.back()), weights};
}

mutation splitting_mutation(const std::string& name, const splitting_method& base,
                            const std::function<void(splitting_method&)>& change) {
  splitting_method m = base;
  m.name = base.name + "~" + name;
  change(m);
  splitting_storage.push_back(m);
  return {m.name, catalog_entry(splitting_storage.back()), weight_set::primary, "forced-duffing"};
}

exact rounded_to_float(const exact& x) { return exact(static_cast<double>(to_scalar<float>(x))); }

std::vector<mutation> coefficient_mutations() {
  std::vector<mutation> all;
  const auto& rk4 = catalog_tableau("rk4");
  const auto& dopri = catalog_tableau("dopri54");
  for (int k : {2, 4, 6, 10}) {
    const std::string size = "1e-" + std::to_string(k);
    all.push_back(tableau_mutation("a32+" + size, rk4, [k](butcher_tableau& t) { t.a[2][1] += power_of_ten(k); }));
    all.push_back(tableau_mutation("b4+" + size, rk4, [k](butcher_tableau& t) { t.b[3] += power_of_ten(k); }));
    all.push_back(tableau_mutation("a53+" + size, dopri, [k](butcher_tableau& t) { t.a[4][2] += power_of_ten(k); }));
    all.push_back(tableau_mutation(
        "bhat3+" + size, dopri, [k](butcher_tableau& t) { (*t.b_embedded)[2] += power_of_ten(k); },
        weight_set::embedded));
  }
  all.push_back(tableau_mutation("a21+1e-3", catalog_tableau("ralston2"),
                                 [](butcher_tableau& t) { t.a[1][0] += power_of_ten(3); }));
  all.push_back(tableau_mutation("a43+1e-6", catalog_tableau("verner65"),
                                 [](butcher_tableau& t) { t.a[3][2] += power_of_ten(6); }));
  all.push_back(
      tableau_mutation("b1+1e-8", catalog_tableau("rkf78"), [](butcher_tableau& t) { t.b[0] += power_of_ten(8); }));
  all.push_back(tableau_mutation("b1<->b2", rk4, [](butcher_tableau& t) { std::swap(t.b[0], t.b[1]); }));
  all.push_back(tableau_mutation("b<->bhat", dopri, [](butcher_tableau& t) { std::swap(t.b, *t.b_embedded); }));
  all.push_back(tableau_mutation("c2=1/3", rk4, [](butcher_tableau& t) { t.c[1] = exact(1, 3); }));
  all.push_back(
      tableau_mutation("c3=1/2", catalog_tableau("kutta3"), [](butcher_tableau& t) { t.c[2] = exact(1, 2); }));
  for (const char* name : {"rk4", "dopri54", "verner65", "rkf78"})
    all.push_back(tableau_mutation("float-coefficients", catalog_tableau(name), [](butcher_tableau& t) {
      for (auto& row : t.a)
        for (auto& x : row) x = rounded_to_float(x);
      for (auto& x : t.b) x = rounded_to_float(x);
    }));
  // Breaks only rk4's order-4 conditions: row 4 changes by (0, +d, -d), which keeps the row sum
  // (sum of the change 0) and sum_j a_4j c_j (c_2 = c_3 = 1/2), hence every condition of order <= 3;
  // sum_j a_4j (A c)_j moves by d ((A c)_2 - (A c)_3) = -d/4. At d = 1e-12 no measurement sees it.
  for (int k : {8, 12})
    all.push_back(tableau_mutation("top-order-only-1e-" + std::to_string(k), rk4, [k](butcher_tableau& t) {
      t.a[3][1] += power_of_ten(k);
      t.a[3][2] -= power_of_ten(k);
    }));
  all.push_back(splitting_mutation("kick1+1e-6", catalog_splitting("yoshida4"),
                                   [](splitting_method& m) { m.kick[0] += high_precision("1e-6"); }));
  all.push_back(splitting_mutation("kick=0.501", catalog_splitting("velocity-verlet"),
                                   [](splitting_method& m) { m.kick[0] = high_precision("0.501"); }));
  all.push_back(splitting_mutation("drift1+1e-10", catalog_splitting("mclachlan4"),
                                   [](splitting_method& m) { m.drift[1] += high_precision("1e-10"); }));
  return all;
}

struct caught_by {
  bool algebra = false, measurement = false;
  std::string detail;
};

caught_by judge(const mutation& m, const convergence_result& r) {
  caught_by c;
  if (const auto algebra = check_declared_order(m.method, m.weights)) {
    c.algebra = !algebra->passes();
    c.detail = algebra->text();
  }
  c.measurement = measurement_refuses(r);
  c.detail += "; measured " + (r.solution.fit.found ? std::to_string(r.solution.fit.order) : std::string("no window")) +
              " against declared " + std::to_string(r.declared_order);
  return c;
}

std::vector<convergence_request> requests(const std::vector<mutation>& all) {
  std::vector<convergence_request> jobs;
  for (const auto& m : all) jobs.push_back(gate_request(&m.method, find_problem(m.problem), m.weights));
  return jobs;
}

TEST(MutationSuite, TheGateRefusesEveryBrokenMethod) {
  const auto mutations = coefficient_mutations();
  ASSERT_GE(mutations.size(), 30u);
  const auto jobs = requests(mutations);
  const auto outcomes = run_convergence_jobs(jobs, 2);
  int caught = 0, by_algebra_only = 0;
  for (std::size_t i = 0; i < mutations.size(); ++i) {
    ASSERT_TRUE(outcomes[i].result) << mutations[i].name << ": " << outcomes[i].error;
    const auto c = judge(mutations[i], *outcomes[i].result);
    const bool refused = c.algebra || c.measurement;
    caught += refused;
    by_algebra_only += c.algebra && !c.measurement;
    std::printf("%-40s %-8s algebra %-7s measurement %-7s  %s\n", mutations[i].name.c_str(),
                refused ? "caught" : "MISSED", c.algebra ? "refuses" : "passes", c.measurement ? "refuses" : "passes",
                c.detail.c_str());
    EXPECT_TRUE(refused) << mutations[i].name << ": " << c.detail;
  }
  // The 1e-12 top-order defect is below what convergence can resolve: only the algebra sees it.
  EXPECT_GE(by_algebra_only, 1);
  std::printf("coefficient mutations: %d of %zu caught\n", caught, mutations.size());
}

// Steppers that are code, not coefficients: the measurement is the only half that applies.
TEST(MutationSuite, TheGateRefusesEveryBrokenStepper) {
  auto midpoint_ignoring_time = [](auto&& f, double t, std::vector<double> y, double h) {
    auto k1 = f(t, y);
    std::vector<double> mid(y.size());
    for (std::size_t i = 0; i < y.size(); ++i) mid[i] = y[i] + h / 2 * k1[i];
    auto k2 = f(t, mid);  // the stage's time should be t + h/2
    for (std::size_t i = 0; i < y.size(); ++i) y[i] += h * k2[i];
    return y;
  };
  auto rk4_all_stages_at_t = [](auto&& f, double t, std::vector<double> y, double h) {
    const std::size_t n = y.size();
    std::vector<double> k[4], stage(n);
    k[0] = f(t, y);
    for (std::size_t i = 0; i < n; ++i) stage[i] = y[i] + h / 2 * k[0][i];
    k[1] = f(t, stage);
    for (std::size_t i = 0; i < n; ++i) stage[i] = y[i] + h / 2 * k[1][i];
    k[2] = f(t, stage);
    for (std::size_t i = 0; i < n; ++i) stage[i] = y[i] + h * k[2][i];
    k[3] = f(t, stage);
    for (std::size_t i = 0; i < n; ++i) y[i] += h / 6 * (k[0][i] + 2 * k[1][i] + 2 * k[2][i] + k[3][i]);
    return y;
  };
  int caught = 0, total = 0;
  auto expect_refused = [&](const std::string& name, const order_measurement& m, int declared) {
    ++total;
    const bool refused = measurement_refuses(m, declared);
    caught += refused;
    std::printf("%-40s %-8s measured %s against declared %d\n", name.c_str(), refused ? "caught" : "MISSED",
                m.fit.found ? std::to_string(m.fit.order).c_str() : "no window", declared);
    EXPECT_TRUE(refused) << name;
  };
  expect_refused("midpoint, stage time ignored", testing::measure_stepper_order(midpoint_ignoring_time, "nonlinear-na"),
                 2);
  expect_refused("rk4, every stage at t", testing::measure_stepper_order(rk4_all_stages_at_t, "nonlinear-na"), 4);
  // The seed articles' time-argument and position-update mistakes, as the articles wrote them.
  const auto* forced = find_problem("forced-oscillator");
  for (const char* seed : {"seed-rk4-t-plus-half", "seed-rk-generic", "seed-rk4-double-dt", "seed-cs116b-rk4"}) {
    const auto r = study_convergence({.method = find_method(seed), .problem = forced, .tolerance_sweep = false});
    expect_refused(seed, r.solution, r.declared_order);
  }
  std::printf("stepper mutations: %d of %d caught\n", caught, total);
}

TEST(MutationSuite, NoCorrectCatalogMethodIsRefusedByTheAlgebra) {
  for (const auto& method : method_catalog())
    for (auto weights : {weight_set::primary, weight_set::embedded}) {
      if (weights == weight_set::embedded && !method.embedded_order) continue;
      const auto finding = check_declared_order(method, weights);
      if (finding) {
        EXPECT_TRUE(finding->passes()) << method.name << ": " << finding->text();
      }
    }
}

TEST(MutationSuite, VerdictsAreIdenticalOnOneAndTwoThreadsAndOnRepeat) {
  auto mutations = coefficient_mutations();
  mutations.resize(8);  // the mechanism is the same for all; a handful keeps this short
  const auto jobs = requests(mutations);
  const auto first = run_convergence_jobs(jobs, 1);
  const auto second = run_convergence_jobs(jobs, 2);
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    ASSERT_TRUE(first[i].result && second[i].result);
    EXPECT_EQ(first[i].result->solution.fit.order, second[i].result->solution.fit.order) << mutations[i].name;
    EXPECT_EQ(first[i].result->judged.outcome, second[i].result->judged.outcome) << mutations[i].name;
  }
}

}  // namespace
}  // namespace orderly
