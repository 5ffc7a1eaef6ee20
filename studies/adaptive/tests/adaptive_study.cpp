// The adaptive study against numbers derived independently of it.
//
// Step-size control stability: x*, C_R, C_E and the spectral radii below were computed with sympy
// from the tableaus' exact coefficients (R = 1 + z b^T (I - zA)^-1 1 for b and b_hat, x* the root of
// R(x)^2 = 1 nearest 0 on the negative axis, chi's roots by mpmath at 20 digits):
//   R = stab(A, b); E = R - stab(A, b_hat); x = real root of R^2 - 1 closest to 0
//   C_R = x R'(x) / R(x); C_E = x E'(x) / E(x)
//   chi(Z) = (Z - 1)^2 (Z^2 + a2 Z + a3) + (b1 Z^2 + b2 Z + b3)(C_E (Z - 1) + C_R) / k
#include <orderly/adaptive.hpp>
#include <orderly/catalog.hpp>
#include <orderly/json_text.hpp>
#include <orderly/stepper_library.hpp>
#include <orderly/tableau_file.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <string>

namespace orderly {
namespace {

const butcher_tableau& catalog_tableau(const char* name) { return *find_method(name)->tableau(); }

double spectral_radius(const char* pair, const char* controller) {
  const auto& tableau = catalog_tableau(pair);
  const auto l = linearise_at_real_boundary(tableau);
  const int k = std::min(tableau.order, *tableau.embedded_order) + 1;
  return step_control_spectrum_of(find_controller(controller)->for_order(k), k, l->c_r, l->c_e).spectral_radius;
}

TEST(StepControlStability, Bs32BoundaryPointMatchesSympy) {
  const auto l = linearise_at_real_boundary(catalog_tableau("bs32"));
  ASSERT_TRUE(l);
  EXPECT_NEAR(l->boundary, -2.5127453266183286240, 1e-14);
  EXPECT_NEAR(l->r_at_boundary, -1.0, 1e-14);
  EXPECT_NEAR(l->c_r, 4.13145388498446825009, 1e-12);
  EXPECT_NEAR(l->c_e, 4.66104980290069921853, 1e-12);
}

TEST(StepControlStability, Bs32SpectralRadiiMatchSympy) {
  EXPECT_NEAR(spectral_radius("bs32", "elementary"), 0.907451391183713, 1e-10);
  EXPECT_NEAR(spectral_radius("bs32", "pi-gustafsson"), 0.656652162970790, 1e-10);
  EXPECT_NEAR(spectral_radius("bs32", "hairer-pi"), 0.819983996809940, 1e-10);
  EXPECT_NEAR(spectral_radius("bs32", "h211pi"), 1.08948786649250, 1e-10);
}

// Hairer & Wanner II, IV.2: DOPRI5 under the standard (I) controller is not step-size-control stable
// where its step settles on the real axis; with the PI memory of the DOPRI5 code (beta = 0.04,
// alpha = 1/5 - 0.75 beta) it is. The radii are sympy's.
TEST(StepControlStability, Dopri54UnstableUnderElementaryStableUnderPi) {
  const auto l = linearise_at_real_boundary(catalog_tableau("dopri54"));
  ASSERT_TRUE(l);
  EXPECT_NEAR(l->boundary, -3.3065678926349465037, 1e-13);
  EXPECT_NEAR(l->c_r, 6.07433658992880629041, 1e-11);
  EXPECT_NEAR(l->c_e, 5.84914626322553782849, 1e-11);
  EXPECT_NEAR(spectral_radius("dopri54", "elementary"), 1.02227103321020, 1e-10);
  EXPECT_NEAR(spectral_radius("dopri54", "hairer-pi"), 0.890518288272017, 1e-10);
  EXPECT_NEAR(spectral_radius("dopri54", "pi-gustafsson"), 0.724004957859979, 1e-10);
}

// The elementary controller's map in closed form: (z - 1)^2 + (C_E / k)(z - 1) + C_R / k = 0. With
// C_R = 0 and C_E = k (an estimate exactly ~ h^k, no stability effect) the roots are 0 and 1.
TEST(StepControlStability, ElementaryMapReducesToHairerWannerQuadratic) {
  const auto s = step_control_spectrum_of({1, 0, 0, 0, 0}, 5, 0.0, 5.0);
  EXPECT_NEAR(s.spectral_radius, 1.0, 1e-12);
  // C_E = 2, C_R = 3, k = 2: (z-1)^2 + (z-1) + 3/2 = 0 -> z = 1/2 +- i sqrt(5)/2, |z| = sqrt(6)/2.
  EXPECT_NEAR(step_control_spectrum_of({1, 0, 0, 0, 0}, 2, 3.0, 2.0).spectral_radius, std::sqrt(6.0) / 2, 1e-12);
}

// The filter's law by hand (k = 5, safety 0.9, target 0.9^5): the elementary controller after err = 0.5
// gives 0.9 * 0.5^(-1/5) = 1.0338285194973316; Gustafsson's PI after err = 0.5 then 0.25 gives
// c1^(-0.14) = 1.0235615328259793 and c2^(-0.14) c1^(0.08) = 1.1129579395466884 (c = err / 0.9^5); a
// rejection at err = 2 retries with max(0.2, min(1, 0.9 * 2^(-1/5))) = 0.7834955069665117, and the
// step after it does not grow. (Values from Python's float arithmetic.)
TEST(StepSizeFilter, FollowsItsLawByHand) {
  step_size_filter<double> elementary(*find_controller("elementary"), 5, 0.9, 0.2, 10.0);
  EXPECT_NEAR(elementary.accepted(1.0, 0.5), 1.0338285194973316, 1e-14);
  step_size_filter<double> pi(*find_controller("pi-gustafsson"), 5, 0.9, 0.2, 10.0);
  EXPECT_NEAR(pi.accepted(1.0, 0.5), 1.0235615328259793, 1e-14);
  EXPECT_NEAR(pi.accepted(1.0, 0.25), 1.1129579395466884, 1e-14);
  EXPECT_NEAR(pi.rejected(1.0, 2.0), 0.7834955069665117, 1e-14);
  EXPECT_LE(pi.accepted(1.0, 1e-3), 1.0);
}

butcher_tableau tableau_from_file(const std::string& path) {
  std::ifstream in(path);
  return parse_tableau_file(parse_json_text(in)).tableau;
}

// The estimate's order read from the runs is coarse (adaptive_policy::run_order_fraction); a wrong
// b_hat reads 0 within this.
constexpr double along_runs_band = 0.5;

// Three tolerances a decade apart: enough for the estimate's order along the runs, few steps.
const std::vector<double> run_tolerances{1e-3, 1e-4, 1e-5};

const std::string examples_dir = std::string(ORDERLY_SOURCE_DIR) + "/examples/tableaus";

// SSPRK(4,3) with b_hat = (1/4, 1/4, 1/4, 1/4), OrdinaryDiffEq's SSPRK43: Trixi.jl found its default
// PI controller (beta1 = 0.70, beta2 = -0.40) not step-size-control stable, and the PID controller
// (0.55, -0.27, 0.05) of Ranocha et al. stable (trixi-framework/Trixi.jl issue 1087). sympy at the
// real boundary: x* = -5.14948614777404319, C_R = 11.6895830475982085, C_E = 7.47981574875514556,
// rho(PI 0.7/-0.4) = 1.05422875862155, rho(PID 0.55/-0.27/0.05) = 0.964121448950347.
TEST(StepControlStability, Ssprk43PiUnstablePidStableAsTrixiFound) {
  const auto tableau = tableau_from_file(examples_dir + "/ssprk43.json");
  const auto l = linearise_at_real_boundary(tableau);
  ASSERT_TRUE(l);
  EXPECT_NEAR(l->boundary, -5.14948614777404319, 1e-13);
  EXPECT_NEAR(l->c_r, 11.6895830475982085, 1e-10);
  EXPECT_NEAR(l->c_e, 7.47981574875514556, 1e-10);
  const auto pair = tableau_pair(tableau);
  const auto verdicts = decide_step_control_stability(pair, {"pi-gustafsson", "pid-ranocha"}, true);
  ASSERT_EQ(verdicts.controllers.size(), 2U);
  EXPECT_NEAR(verdicts.controllers[0].spectral_radius, 1.05422875862155, 1e-10);
  EXPECT_NEAR(verdicts.controllers[1].spectral_radius, 0.964121448950347, 1e-10);
  EXPECT_EQ(verdicts.controllers[0].verdict, "unstable");
  EXPECT_EQ(verdicts.controllers[1].verdict, "stable");
  // The PI's run confirms its verdict: on the stability-limited problem its step never settles.
  ASSERT_TRUE(verdicts.controllers[0].run);
  EXPECT_FALSE(verdicts.controllers[0].run->settled);
}

// The textbook case (Hairer & Wanner II, IV.2): DOPRI5 under the elementary controller oscillates at
// its stability boundary (radius 1.0223 by sympy, above), under Gustafsson's PI it settles (0.7240).
TEST(StepControlStability, Dopri54ElementaryOscillatesWherePiSettles) {
  const auto pair = tableau_pair(catalog_tableau("dopri54"), "catalog");
  const auto s = decide_step_control_stability(pair, {"elementary", "pi-gustafsson"}, true);
  ASSERT_EQ(s.controllers.size(), 2U);
  const auto& elementary = *s.controllers[0].run;
  const auto& pi = *s.controllers[1].run;
  EXPECT_FALSE(elementary.settled);
  EXPECT_TRUE(pi.settled);
  EXPECT_GT(elementary.rejected_fraction, pi.rejected_fraction);
  // Settled on the boundary: the mean step is h* within the safety margin's reach.
  EXPECT_NEAR(pi.mean_step_over_boundary, 1.0, 0.1);
}

// One b_hat entry changed (5179/57600 -> 5197/57600): sum(b_hat) = 1 + 18/57600, so the estimate is
// h (18/57600) f + O(h^2): order 0 where 4 is declared. Along runs the controller holds the
// estimate near tol, so h ~ tol instead of tol^(1/5): the estimate's order read from the runs
// (median estimate against median step across tolerances) is 0 as well.
TEST(EstimateOrder, WrongBHatInTableauFileFlagged) {
  const auto wrong = tableau_pair(tableau_from_file(std::string(ADAPTIVE_TEST_TABLEAUS) + "/dopri54_wrong_b_hat.json"));
  const auto measured = measure_estimate_order(wrong, "nonlinear-na");
  EXPECT_EQ(measured.verdict, "wrong");
  ASSERT_TRUE(measured.measured_order);
  EXPECT_NEAR(*measured.measured_order, 0.0, adaptive_policy::order_band);
  // The wrong term, 18/57600 h |f|, outweighs the estimate's own ~h^5 once tol is below ~1e-4.
  const auto [reliability, proportionality] = run_tolerance_sweep(wrong, "nonlinear-na", {1e-5, 1e-6, 1e-7});
  EXPECT_EQ(proportionality.along_runs_verdict, "inconsistent");
  ASSERT_TRUE(proportionality.estimate_order_along_runs);
  EXPECT_NEAR(*proportionality.estimate_order_along_runs, 0.0, along_runs_band);

  const auto right = measure_estimate_order(tableau_pair(catalog_tableau("dopri54"), "catalog"), "nonlinear-na");
  EXPECT_EQ(right.verdict, "matches");
  EXPECT_NEAR(*right.measured_order, 4.0, adaptive_policy::order_band);
}

// The same mistake in a compiled stepper (C interface version 2, step_with_error): Bogacki-Shampine
// with b_hat_1 = 7/24 -> 1/4, sum(b_hat) = 1 - 1/24: estimate order 0 where 2 is declared.
TEST(EstimateOrder, WrongBHatInCompiledStepperFlagged) {
  const auto right = library_pair(load_stepper_library(parse_stepper_library_spec(BS32_ESTIMATE_STEPPER)));
  const auto wrong = library_pair(load_stepper_library(parse_stepper_library_spec(BS32_WRONG_ESTIMATE_STEPPER)));
  const auto measured_right = measure_estimate_order(right, "nonlinear-na");
  const auto measured_wrong = measure_estimate_order(wrong, "nonlinear-na");
  EXPECT_EQ(measured_right.verdict, "matches");
  EXPECT_NEAR(*measured_right.measured_order, 2.0, adaptive_policy::order_band);
  EXPECT_EQ(measured_wrong.verdict, "wrong");
  EXPECT_NEAR(*measured_wrong.measured_order, 0.0, adaptive_policy::order_band);
  const auto [reliability, proportionality] = run_tolerance_sweep(wrong, "nonlinear-na", run_tolerances);
  EXPECT_EQ(proportionality.along_runs_verdict, "inconsistent");
  ASSERT_TRUE(proportionality.estimate_order_along_runs);
  EXPECT_NEAR(*proportionality.estimate_order_along_runs, 0.0, along_runs_band);
}

}  // namespace
}  // namespace orderly
