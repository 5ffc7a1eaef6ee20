#pragma once
// The stiff study (`orderly stiff`): the stiff problems solved by the implicit solvers and the
// adaptive explicit pairs over a range of tolerances, accuracy measured in the Bari test set's
// mixed significant correct digits, work counted; and order reduction on Prothero-Robinson
// (fixed-step error against h in the stiff and the non-stiff regime). Writes orderly.stiff/3.
#include <orderly/catalog.hpp>  // method_family
#include <orderly/order_fit.hpp>
#include <orderly/scalars.hpp>
#include <orderly/shard.hpp>
#include <orderly/rhs.hpp>
#include <orderly/tolerance_policy.hpp>

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace orderly {

// Accuracy in the Bari test set's terms (F. Mazzia and C. Magherini, Test Set for IVP Solvers,
// release 2.4, sec. "Numerical experiments"; the same formulas are ported in OdePkg's
// odepkg_testsuite_calcmescd.m and odepkg_testsuite_calcscd.m):
//   mescd = -log10( max_i |y_i - ref_i| / (atol/rtol + |ref_i|) )   mixed error significant correct digits
//   scd   = -log10( max_i |y_i - ref_i| / |ref_i| )                 significant correct digits (relative)
// so a component far below atol/rtol is measured absolutely (in units of atol/rtol), the others
// relatively. Computed in mp50 against the certified reference. An exact match (zero error) gives
// no finite digit count: it is reported as the reference's certified digits, the most it can claim.
struct correct_digits {
  std::optional<double> mescd;  // empty when the state is not finite
  std::optional<double> scd;    // empty when not finite or some reference component is 0
};

inline correct_digits measure_correct_digits(const state_of<double>& y, const state_of<mp50>& reference,
                                             double atol_over_rtol, double certified_digits) {
  using std::abs;
  correct_digits digits;
  if (y.size() != reference.size()) return digits;
  mp50 mixed = 0, relative = 0;
  bool relative_defined = true;
  for (std::size_t i = 0; i < y.size(); ++i) {
    if (!std::isfinite(y[i])) return digits;
    const mp50 error = abs(mp50(y[i]) - reference[i]);
    mixed = std::max(mixed, mp50(error / (mp50(atol_over_rtol) + abs(reference[i]))));
    if (reference[i] == 0)
      relative_defined = false;
    else
      relative = std::max(relative, mp50(error / abs(reference[i])));
  }
  auto to_digits = [&](const mp50& e) {
    return e == 0 ? certified_digits : std::min(certified_digits, static_cast<double>(-log10(e)));
  };
  digits.mescd = to_digits(mixed);
  if (relative_defined) digits.scd = to_digits(relative);
  return digits;
}

// How one adaptive run ended.
enum class stiff_run_status { solved, step_limit, blow_up, failed };

inline const char* status_name(stiff_run_status s) {
  switch (s) {
    case stiff_run_status::solved:
      return "solved";
    case stiff_run_status::step_limit:
      return "step-limit";
    case stiff_run_status::blow_up:
      return "blow-up";
    case stiff_run_status::failed:
      return "failed";
  }
  return "?";
}

// One adaptive solver the study can run: an Orderly solver, a Boost.Odeint baseline or a catalog pair.
struct stiff_solver_info {
  std::string name;
  method_family family = method_family::implicit_rk;  // implicit-rk, rosenbrock or embedded-rk
  std::string solver;                                 // what runs it, in words
  int order = 0;
  bool counts_lu = false;             // the solver reports LU factorisations
  bool counts_linear_solves = false;  // and linear solves
};

// Counts: never timed; null in the JSON when the solver does not count that kind of work.
struct stiff_run {
  std::string method, problem;
  double rtol = 0, atol = 0;
  stiff_run_status status = stiff_run_status::solved;
  std::string failure;   // what stopped the run and where (t, steps), when it did not solve
  double failure_t = 0;  // the time reached when it stopped
  correct_digits digits;
  std::uint64_t rhs_evaluations = 0;
  std::uint64_t jacobian_evaluations = 0;
  std::optional<std::uint64_t> lu_factorizations, linear_solves;
  std::optional<std::uint64_t> newton_iterations;   // implicit Runge-Kutta: one linear solve each
  std::optional<std::uint64_t> accepted, rejected;  // unknown when a failure interrupted the count
  // Of the rejected steps, those the implicit Runge-Kutta code shortened because Newton did not
  // converge (the rest failed the error test); empty for solvers without a Newton iteration.
  std::optional<std::uint64_t> newton_failures;
  double wall_seconds = 0;  // per run, mean over wall_repetitions
  int wall_repetitions = 1;
  // The state at t_end and the reference there (rounded to double), so a wrong answer can be read:
  // empty when the run did not finish.
  std::vector<double> y_end, reference_end;
};

// Per-problem tolerance rule (atol as a function of rtol), as in the test set's drivers.
struct stiff_tolerance_rule {
  std::string problem;
  std::optional<double> atol_over_rtol;  // atol = ratio * rtol
  std::optional<double> fixed_atol;      // or a fixed atol
  std::string source;
  double atol(double rtol) const { return fixed_atol ? *fixed_atol : *atol_over_rtol * rtol; }
};

struct stiff_settings {
  std::vector<std::string> methods, problems;
  std::vector<double> tolerances;      // rtol values
  std::uint64_t step_budget = 100000;  // accepted + rejected steps per run
  double min_wall_seconds = 0.005;     // short runs are repeated until this much time has passed
  unsigned threads = 0;
};

// The default suite: every solver, every stiff problem, rtol = 1e-2 .. 1e-10.
stiff_settings default_stiff_settings();
// The quick suite, for trying the suite's machinery in seconds: radau5 and rosenbrock4 on rober and
// hires at two tolerances (and the order-reduction series, as in the default suite).
stiff_settings quick_stiff_settings();

// The solvers the study can run now, by name.
std::vector<stiff_solver_info> stiff_solvers();
const std::vector<std::string>& stiff_problem_list();
const stiff_tolerance_rule& tolerance_rule(const std::string& problem);

// One run; problem and method must be valid names (stiff_problem_list, stiff_solvers).
stiff_run run_stiff(const std::string& method, const std::string& problem, double rtol, std::uint64_t step_budget,
                    double min_wall_seconds = 0);

// Order reduction on Prothero-Robinson.
struct order_reduction_series {
  std::string method, source, regime;
  double lambda = 0;
  int classical_order = 0;
  std::optional<int> stage_order;
  std::vector<std::size_t> steps;
  std::vector<convergence_point> points;  // h, max-over-grid error, status after the fit
  order_fit fit;
};

struct order_reduction_result {
  std::vector<order_reduction_series> series;
};

order_reduction_result run_order_reduction(unsigned threads);

struct stiff_suite_result {
  stiff_settings settings;
  std::vector<stiff_run> runs;
  order_reduction_result order_reduction;
};

// The suite writes its measurements to stiff.json and the runs' wall times beside it to this file:
// two runs of the suite differ in their wall times, and nothing else may (a sharded run merges to
// exactly the measurements of one run).
inline constexpr const char* stiff_timing_file = "stiff.timing.json";

// The suite (orderly/shard.hpp): one job per run (solver, problem, rtol) and per order-reduction
// series, writing stiff.json and stiff.timing.json.
sharded_suite stiff_suite(const stiff_settings& settings);
suite_outputs stiff_suite_outputs(const nlohmann::json& settings, const std::vector<std::string>& keys,
                                  const std::vector<const nlohmann::json*>& results);

nlohmann::json to_json(const stiff_run& run);
// The suite's stiff.json from typed results (what stiff_suite_outputs builds from the jobs' JSON).
nlohmann::json stiff_suite_json(const stiff_suite_result& result);

// The efficiency targets: radau5 and rosenbrock4 solve rober and hires to at least
// efficiency_target_mescd with fewer than efficiency_target_rhs right-hand-side evaluations.
inline constexpr double efficiency_target_mescd = 6;
inline constexpr std::uint64_t efficiency_target_rhs = 5000;

}  // namespace orderly
