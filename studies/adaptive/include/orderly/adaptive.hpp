#pragma once
// The adaptive-stepping study: an adaptive integrator judged whole -- its error estimate, its
// step-size controller, and the two together.
//  - The estimate of every embedded pair (the catalog's, odeint's error steppers, a user's tableau
//    file, a user's compiled stepper): its order (the estimate against the true local error of a
//    reference step in a wider scalar as h -> 0), its reliability along real runs (estimate / true
//    over accepted steps, the fraction of steps where it understates more than tenfold, DETEST's
//    "deceived"), and tolerance proportionality (global error = C tol^E, DETEST's fit; cost per digit).
//  - Step-size control stability, decided from the exact stability polynomials
//    (analysis/step_control_stability.hpp) for each pair x controller (step_size_filter.hpp), and
//    confirmed by runs on a problem whose step is limited by stability, with odeint's
//    controlled_runge_kutta beside.
// Schema: orderly.adaptive/1.
#include <orderly/analysis/step_control_stability.hpp>
#include <orderly/problem.hpp>
#include <orderly/rhs.hpp>
#include <orderly/scalars.hpp>
#include <orderly/shard.hpp>
#include <orderly/step_size_filter.hpp>
#include <orderly/tableau.hpp>
#include <orderly/user_stepper.hpp>

#include <nlohmann/json.hpp>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace orderly {

// Every threshold the study decides with, written into the JSON.
struct adaptive_policy {
  // The estimate understates the true local error "more than tenfold" (DETEST's deception).
  static constexpr double deceived_factor = 10;
  // A pair whose estimate is deceived on more than this fraction of accepted steps at some
  // tolerance is unreliable there (DETEST reports the fraction; one step in a hundred is where
  // Enright and Pryce's tables start to flag a code).
  static constexpr double deceived_fraction_bound = 0.01;
  // Along the runs, the estimate's order is read from how the median step and the median estimate
  // move together across tolerances (the controller keeps the scaled estimate near 1, so the
  // estimate ~ tol and h ~ tol^(1/(q+1)) for an estimate of order q). The lever arm is short (h
  // moves one decade over nine of tol for q = 7) and local solutions vary along a run, so the
  // reading is coarse (healthy pairs read 67-104 % of their order on the default problems): it
  // separates an inconsistent estimate (order 0: a wrong b_hat) from a consistent one, not q from
  // q - 1; the order sweep decides the order. Consistent: at least this fraction of the declared.
  static constexpr double run_order_fraction = 0.5;
  // The measured estimate order matches the declared one within this band, once settled (the last
  // two pairwise slopes within `settled_band` of each other).
  static constexpr double order_band = 0.3;
  static constexpr double settled_band = 0.15;
  // A point of the order sweep counts only when the estimate and the true error stand this far
  // above the scalar's round-off of the solution (eps |y|).
  static constexpr double roundoff_clearance = 1000;
  // The reference local step is refined (substeps doubled) until two refinements agree to this
  // fraction of the true local error they measure.
  static constexpr double reference_fraction = 1e-3;
  // At most this many accepted steps of each run are checked against a reference step (evenly spaced).
  static constexpr std::size_t reliability_samples = 24;
  // Spectral radius within this of 1: the verdict is "marginal" (the linearisation decides nothing).
  static constexpr double stability_margin_band = 0.02;
  // A run's step size "settles" when, over the last half of its accepted steps, the RMS of
  // log(h_{n+1} / h_n) is below this (a period-2 oscillation of 10% gives about 0.1).
  static constexpr double settled_log_ratio_rms = 0.05;
};

template <class T>
using step_with_error_function =
    std::function<void(const rhs_function<T>& f, const T& t, state_of<T>& y, const T& h, state_of<T>& error)>;

// A run of odeint's own controller (controlled_runge_kutta, driven by try_step as a user drives it).
struct odeint_controlled_run {
  std::vector<std::pair<double, double>> steps;  // (t, h) of the accepted steps
  std::uint64_t rejected = 0, evaluations = 0;
  state_of<double> end;  // the state at the end of the span
  std::string failure;   // empty when the run reached the end
};
template <class Problem>
using odeint_controller_function = std::function<odeint_controlled_run(const Problem& problem, double tolerance)>;

// An embedded pair as the study sees it: a step that also writes y_propagated - y_embedded.
struct estimating_pair {
  std::string name;
  std::string origin;      // "catalog", "odeint", "tableau-file", "library"
  std::string twin;        // the catalog method with the same coefficients (odeint's pairs), or empty
  int order = 0;           // of the propagated solution
  int estimate_order = 0;  // the estimate's: local error ~ h^(estimate_order + 1); min(p, q)
  std::shared_ptr<const butcher_tableau> tableau;  // the coefficients, when known
  step_with_error_function<double> step_double;
  step_with_error_function<float128> step_wide;  // empty when the stepper has no wider step (a library's)
  // odeint's pairs: the same stepper under odeint's controller, atol = rtol = tolerance.
  odeint_controller_function<typed_problem<double>> odeint_controlled;
};

// The catalog's embedded explicit pairs and odeint's error steppers.
std::vector<estimating_pair> catalog_pairs();
std::vector<estimating_pair> odeint_pairs();
// A user's tableau file with b_hat, and a user's compiled stepper with step_with_error.
estimating_pair tableau_pair(const butcher_tableau& tableau, const std::string& origin = "tableau-file");
estimating_pair library_pair(const user_stepper& stepper);

// --- the estimate ---------------------------------------------------------------------------
struct order_point {
  double h = 0, estimate = 0, true_error = 0;  // 2-norms of the local error vectors
  bool resolved = false;                       // above round-off (adaptive_policy::roundoff_clearance)
};
struct estimate_order_result {
  std::string problem, scalar;
  std::vector<order_point> points;
  std::optional<double> measured_order;   // of the estimate: slope - 1
  std::optional<double> true_order;       // of the propagated solution's local error: slope - 1
  std::optional<double> ratio_at_finest;  // estimate / true at the smallest resolved h
  std::string verdict;                    // "matches", "wrong", "inconclusive"
  std::string reason;
};
estimate_order_result measure_estimate_order(const estimating_pair& pair, const std::string& problem);

struct reliability_result {
  std::string problem;
  double tolerance = 0;
  std::size_t accepted = 0, rejected = 0, checked = 0;
  double deceived_fraction = 0;
  std::vector<double> log10_ratio_quantiles;                // of estimate / true: 0, 10, 25, 50, 75, 90, 100 %
  std::vector<double> log10_ratios;                         // every checked step's, for the distribution figure
  double median_log10_step = 0, median_log10_estimate = 0;  // over every accepted step (estimate: 2-norm)
  std::string verdict;                                      // "reliable", "deceived", "failed"
  std::string reason;
};

struct proportionality_point {
  double tolerance = 0, global_error = 0, digits = 0;
  std::uint64_t evaluations = 0, accepted = 0, rejected = 0;
  bool failed = false;
  std::string reason;
};
struct proportionality_result {
  std::string problem;
  std::vector<proportionality_point> points;
  std::optional<double> exponent, constant;  // global error = constant * tol^exponent (least squares in logs)
  std::optional<double> cost_per_digit;      // median over tolerances of evaluations / correct digits
  // The estimate's order along the runs: slope of median log estimate against median log h across
  // tolerances, minus 1; "consistent" when at least run_order_fraction of the declared order.
  std::optional<double> estimate_order_along_runs;
  std::string along_runs_verdict;  // "consistent", "inconsistent", "inconclusive"
  // odeint's pairs: the same tolerances under odeint's own controller (global error, evaluations).
  std::vector<proportionality_point> odeint_points;
  std::optional<double> odeint_exponent, odeint_constant;
};

// One run per tolerance (policy tolerances) with Orderly's default controller, each checked
// against reference steps (reliability) and against the problem's exact solution at the end.
std::pair<std::vector<reliability_result>, proportionality_result> run_tolerance_sweep(
    const estimating_pair& pair, const std::string& problem, const std::vector<double>& tolerances);

// --- step-size control stability -------------------------------------------------------------
struct controller_run {
  std::string controller;  // a catalog controller's name, or "odeint controlled_runge_kutta"
  std::uint64_t accepted = 0, rejected = 0, evaluations = 0;
  double rejected_fraction = 0;
  double log_ratio_rms = 0;            // over the last half of the accepted steps
  double mean_step_over_boundary = 0;  // mean h over the last half / h* (z* / lambda)
  bool settled = false;
  bool failed = false;
  std::string reason;
  std::vector<std::pair<double, double>> steps;  // (t, h) of the accepted steps, for h(t)
};
struct controller_stability {
  std::string controller;
  double spectral_radius = 0;
  std::string verdict;  // "stable", "unstable", "marginal"
  double margin = 0;    // 1 - spectral radius
  std::optional<controller_run> run;
};
struct pair_stability {
  std::string pair;
  std::optional<step_control_linearisation> boundary;
  std::string reason;  // why there is no verdict, when boundary is empty
  std::vector<controller_stability> controllers;
  std::optional<controller_run> odeint_run;
  // The boundary beyond the real axis: (theta, spectral radius per controller) for theta from
  // 5 pi / 8 to pi.
  std::vector<std::pair<double, std::vector<double>>> boundary_sweep;
};
pair_stability decide_step_control_stability(const estimating_pair& pair, const std::vector<std::string>& controllers,
                                             bool with_runs);

// --- the study --------------------------------------------------------------------------------
struct adaptive_request {
  bool quick = false;
  std::vector<estimating_pair> extra_pairs;  // tableau files and libraries named on the command line
  unsigned threads = 0;                      // jobs (one per pair) run at once; 0: every core
};

// One pair judged whole: its estimate's order, a tolerance sweep per problem, and its step-size
// control stability (verdicts and runs).
struct adaptive_sweep {
  std::vector<reliability_result> reliability;
  proportionality_result proportionality;
};
struct adaptive_pair_result {
  std::string pair, origin, twin;
  int order = 0, estimate_order = 0;
  estimate_order_result estimate;
  std::vector<adaptive_sweep> sweeps;
  pair_stability stability;
};
struct adaptive_result {
  bool quick = false;
  std::vector<adaptive_pair_result> pairs;
};

adaptive_result run_adaptive(const adaptive_request& request);
// One pair's entry under "pairs"; the whole document (schema orderly.adaptive/1).
nlohmann::json to_json(const adaptive_pair_result& pair);
nlohmann::json to_json(const adaptive_result& result);

sharded_suite adaptive_suite(const adaptive_request& request);
suite_outputs adaptive_outputs(const nlohmann::json& settings, const std::vector<std::string>& keys,
                               const std::vector<const nlohmann::json*>& results);

}  // namespace orderly
