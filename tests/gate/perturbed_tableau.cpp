// The gate refuses a tableau with one coefficient perturbed by 1e-6, and accepts the original.
#include <orderly/catalog.hpp>
#include <orderly/convergence_suites.hpp>
#include <orderly/gate.hpp>

#include <gtest/gtest.h>

#include <fstream>

using namespace orderly;

namespace {

order_baseline committed_baseline() {
  std::ifstream in(ORDERLY_SOURCE_DIR "/tests/baselines/order.json");
  return baseline_from_json(nlohmann::json::parse(in));
}

gate_finding gate_rk4(const butcher_tableau& tableau) {
  const method_entry method = catalog_entry(tableau);
  return judge_against_baseline(study_convergence(gate_request(&method, find_problem("nonlinear-na"))),
                                committed_baseline());
}

}  // namespace

TEST(GatePerturbation, AcceptsTheCatalogRk4) {
  const auto finding = gate_rk4(*find_method("rk4")->tableau());
  EXPECT_TRUE(finding.failures.empty()) << finding.failures.front();
}

TEST(GatePerturbation, RefusesRk4WithACoefficientOff_By1e6) {
  butcher_tableau perturbed = *find_method("rk4")->tableau();
  perturbed.a[2][1] += exact(1, 1000000);  // a_32 = 1/2 + 1e-6: c_3 no longer equals the row sum
  const auto finding = gate_rk4(perturbed);
  ASSERT_FALSE(finding.failures.empty());
  for (const auto& f : finding.failures) std::cout << f << "\n";
}

TEST(GatePerturbation, RefusesRk4WithAWeightOff_By1e6) {
  butcher_tableau perturbed = *find_method("rk4")->tableau();
  perturbed.b[3] += exact(1, 1000000);  // weights no longer sum to one: order 0
  EXPECT_FALSE(gate_rk4(perturbed).failures.empty());
}
