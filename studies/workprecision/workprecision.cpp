// Work-precision: final-time error against RHS evaluations and wall time for Orderly's adaptive
// explicit pairs (make_adaptive_runner) and odeint's controlled steppers (make_controlled +
// integrate_adaptive) and its bulirsch_stoer, tolerances 1e-3 .. 1e-12 (atol = rtol = tol), four
// per decade (a final-time error is not a smooth function of the tolerance: errors cancel along an
// orbit, and one point per decade hides where the curves cross); the headline comparison is dopri54
// against runge_kutta_dopri5, and the methods both libraries have are compared alike: at equal
// achieved error, not at equal tolerance. odeint's dopri5 is also rerun with other first steps, the
// comparison's null test.
#include <orderly/convergence_measure.hpp>  // detail::distance
#include <orderly/method_runner.hpp>
#include <orderly/odeint_multiprecision.hpp>
#include <orderly/problem_catalog.hpp>
#include <orderly/reference_solution.hpp>
#include <orderly/workprecision.hpp>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <functional>
#include <limits>
#include <string>
#include <utility>

namespace orderly {
namespace {

namespace odeint = boost::numeric::odeint;

constexpr const char* ours_suffix = " (Orderly)";
constexpr const char* ours_dopri = "dopri54 (Orderly)";
constexpr const char* odeint_dopri = "runge_kutta_dopri5 (odeint controlled)";
constexpr const char* odeint_cash_karp = "runge_kutta_cash_karp54 (odeint controlled)";
constexpr const char* odeint_fehlberg78 = "runge_kutta_fehlberg78 (odeint controlled)";

// odeint's first step is span / first_step_divisor. The restarted runs scale it by 2^(k/4) for
// these k: eight first steps from half to twice it. (Changing it by 0.1 % instead left the
// evaluation counts identical to odeint's own at 33 to 37 of 37 tolerances: not independent runs.)
constexpr double first_step_divisor = 1000;
constexpr std::array<int, 8> restart_quarter_octaves{-4, -3, -2, -1, 1, 2, 3, 4};
// The first step's divisor of the restarted run for k.
double restart_divisor(int k) { return first_step_divisor / std::exp2(k / 4.0); }
// Wall time of a run: the minimum over this many repetitions (the least disturbed one), of the
// integration alone (problem set-up and reference outside the clock).
constexpr int timing_repetitions = 5;

// Runs `integrate()` timing_repetitions times; the minimum wall time in seconds.
template <class Integrate>
double min_seconds(Integrate&& integrate) {
  double best = std::numeric_limits<double>::infinity();
  for (int k = 0; k < timing_repetitions; ++k) {
    const auto start = std::chrono::steady_clock::now();
    integrate();
    best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  return best;
}

// Orderly's adaptive explicit pairs: the catalog's embedded pairs (seed specimens excepted).
std::vector<const method_entry*> our_adaptive_pairs() {
  std::vector<const method_entry*> pairs;
  for (const auto& m : method_catalog())
    if (m.family == method_family::embedded_rk && m.embedded_order) pairs.push_back(&m);
  return pairs;
}

}  // namespace

const std::vector<std::string>& workprecision_problems() {
  static const std::vector<std::string> names{"arenstorf", "pleiades", "kepler"};
  return names;
}

workprecision_curves run_workprecision_on(const std::string& name) {
  workprecision_curves result;
  const auto pairs = our_adaptive_pairs();
  {
    const auto* entry = find_problem(name);
    const auto problem = instantiate<double>(*entry);
    const auto reference = reference_at(*entry, {mp50(problem.t_end)}).states.back();
    const double span = problem.t_end - problem.t0;
    std::vector<work_curve> restarted;
    for (int k : restart_quarter_octaves)
      restarted.push_back({.method = std::string(odeint_dopri) + ", first step span/" +
                                     std::to_string(int(first_step_divisor)) + " x 2^(" + std::to_string(k) + "/4)",
                           .problem = name});
    // Our steppers are built once per problem (their exact coefficients rounded once), as odeint's
    // coefficients are compile-time constants: the clock times integrations, not that rounding.
    std::vector<work_curve> ours;
    std::vector<adaptive_runner<double>> runners;
    for (const auto* m : pairs) {
      ours.push_back({.method = m->name + ours_suffix, .problem = name});
      runners.push_back(make_adaptive_runner(*m, problem));
    }
    std::uint64_t evaluations = 0;
    auto system = [&](const state_of<double>& x, state_of<double>& dxdt, double t) {
      ++evaluations;
      problem.rhs(t, x, dxdt);
    };
    // odeint's adaptive steppers from the initial state with first step span / divisor, as an
    // odeint user calls them. runge_kutta_dopri5 first: the headline baseline, also rerun below.
    using state = state_of<double>;
    auto controlled = [&](auto error_stepper, double tol, double divisor, state& x) {
      auto stepper = odeint::make_controlled(tol, tol, error_stepper);
      odeint::integrate_adaptive(stepper, system, x, problem.t0, problem.t_end, span / divisor);
    };
    const std::vector<std::pair<std::string, std::function<void(double, double, state&)>>> odeint_steppers{
        {odeint_dopri, [&](double tol, double divisor,
                           state& x) { controlled(odeint::runge_kutta_dopri5<state>(), tol, divisor, x); }},
        {odeint_cash_karp, [&](double tol, double divisor,
                               state& x) { controlled(odeint::runge_kutta_cash_karp54<state>(), tol, divisor, x); }},
        {odeint_fehlberg78, [&](double tol, double divisor,
                                state& x) { controlled(odeint::runge_kutta_fehlberg78<state>(), tol, divisor, x); }},
        {"bulirsch_stoer (odeint)", [&](double tol, double divisor, state& x) {
           odeint::bulirsch_stoer<state> stepper(tol, tol);
           odeint::integrate_adaptive(stepper, system, x, problem.t0, problem.t_end, span / divisor);
         }}};
    // One run of an odeint stepper with the given first step: its point (no timing).
    auto odeint_point = [&](const auto& integrate, double tol, double divisor) {
      evaluations = 0;
      state x = problem.y0;
      integrate(tol, divisor, x);
      return work_point{tol, detail::distance(x, reference), evaluations, 0};
    };
    std::vector<work_curve> theirs;
    for (const auto& stepper : odeint_steppers) theirs.push_back({.method = stepper.first, .problem = name});
    for (int k = default_tolerance_sweep.first_index(); k <= default_tolerance_sweep.last_index(); ++k) {
      const double tol = default_tolerance_sweep.tolerance(k);
      for (std::size_t i = 0; i < runners.size(); ++i) {
        const auto run = runners[i](tol);
        if (run.completed)
          ours[i].points.push_back({tol, detail::distance(run.final_state, reference), run.stats.rhs_evaluations,
                                    min_seconds([&] { (void)runners[i](tol); })});
      }
      for (std::size_t i = 0; i < odeint_steppers.size(); ++i) {
        const auto& integrate = odeint_steppers[i].second;
        work_point point = odeint_point(integrate, tol, first_step_divisor);
        point.seconds = min_seconds([&] {
          state again = problem.y0;
          integrate(tol, first_step_divisor, again);
        });
        theirs[i].points.push_back(point);
      }
      for (std::size_t v = 0; v < restarted.size(); ++v)
        restarted[v].points.push_back(
            odeint_point(odeint_steppers.front().second, tol, restart_divisor(restart_quarter_octaves[v])));
    }
    for (auto& curve : ours) result.compared.push_back(std::move(curve));
    for (auto& curve : theirs) result.compared.push_back(std::move(curve));
    for (auto& curve : restarted) result.odeint_restarted.push_back(std::move(curve));
  }
  return result;
}

workprecision_curves run_workprecision() {
  workprecision_curves result;
  for (const auto& name : workprecision_problems()) {
    auto curves = run_workprecision_on(name);
    for (auto& c : curves.compared) result.compared.push_back(std::move(c));
    for (auto& c : curves.odeint_restarted) result.odeint_restarted.push_back(std::move(c));
  }
  return result;
}

namespace {

// Each of `candidates`' curves over the `baseline` curve of its problem in `curves.compared`.
std::vector<work_ratio> over(const workprecision_curves& curves, const std::vector<work_curve>& candidates,
                             const std::string& baseline) {
  std::vector<work_ratio> out;
  for (const auto& candidate : candidates)
    for (const auto& theirs : curves.compared) {
      if (theirs.method != baseline || theirs.problem != candidate.problem) continue;
      const auto ratios = ratios_at_equal_error(candidate, theirs);
      out.insert(out.end(), ratios.begin(), ratios.end());
    }
  return out;
}

// Our curves of one method, over odeint's curves of the same method.
std::vector<work_ratio> ours_over_theirs(const workprecision_curves& curves, const method_pair& pair) {
  std::vector<work_curve> ours;
  for (const auto& c : curves.compared)
    if (c.method == pair.ours) ours.push_back(c);
  return over(curves, ours, pair.odeint);
}

}  // namespace

const std::vector<method_pair>& same_methods() {
  static const std::vector<method_pair> pairs{{ours_dopri, odeint_dopri},
                                              {std::string("cash-karp54") + ours_suffix, odeint_cash_karp},
                                              {std::string("rkf78") + ours_suffix, odeint_fehlberg78}};
  return pairs;
}

std::vector<work_ratio> dopri_ratios(const workprecision_curves& curves) {
  return ours_over_theirs(curves, same_methods().front());
}

std::vector<work_ratio> same_method_ratios(const workprecision_curves& curves) {
  std::vector<work_ratio> out;
  for (const auto& pair : same_methods()) {
    const auto ratios = ours_over_theirs(curves, pair);
    out.insert(out.end(), ratios.begin(), ratios.end());
  }
  return out;
}

std::vector<work_ratio> restart_ratios(const workprecision_curves& curves) {
  return over(curves, curves.odeint_restarted, odeint_dopri);
}

const std::vector<std::pair<std::string, std::string>>& stiff_workprecision_curves() {
  static const std::vector<std::pair<std::string, std::string>> curves{
      {"radau5", "rober"}, {"rosenbrock4", "rober"}, {"odeint-rosenbrock4", "rober"},
      {"radau5", "hires"}, {"rosenbrock4", "hires"}, {"odeint-rosenbrock4", "hires"}};
  return curves;
}

stiff_work_curve run_stiff_curve(const std::string& method, const std::string& problem) {
  stiff_work_curve curve{.method = method, .problem = problem};
  const std::uint64_t budget = stiff_settings{}.step_budget;  // the stiff study's default
  for (int k = default_tolerance_sweep.first_index(); k <= default_tolerance_sweep.last_index(); ++k) {
    const double rtol = default_tolerance_sweep.tolerance(k);
    auto run = run_stiff(method, problem, rtol, budget);
    for (int repeat = 1; repeat < timing_repetitions; ++repeat)
      run.wall_seconds = std::min(run.wall_seconds, run_stiff(method, problem, rtol, budget).wall_seconds);
    curve.runs.push_back(std::move(run));
  }
  return curve;
}

std::vector<stiff_work_curve> run_stiff_workprecision() {
  std::vector<stiff_work_curve> curves;
  for (const auto& [method, problem] : stiff_workprecision_curves()) curves.push_back(run_stiff_curve(method, problem));
  return curves;
}

// A job's expected cost in runs: every curve's tolerances, each run once and timed
// timing_repetitions times more (the restarted curves once); a stiff run counts as
// implicit_run_cost explicit ones (its Newton iterations and LU factorizations).
constexpr double implicit_run_cost = 4;

double nonstiff_job_cost() {
  const double tolerances = static_cast<double>(default_tolerance_sweep.size());
  const double timed_curves = static_cast<double>(our_adaptive_pairs().size()) + 4;  // odeint's four steppers
  return tolerances * (timed_curves * (1 + timing_repetitions) + static_cast<double>(restart_quarter_octaves.size()));
}

double stiff_job_cost() {
  const double tolerances = static_cast<double>(default_tolerance_sweep.size());
  return tolerances * timing_repetitions * implicit_run_cost;
}

}  // namespace orderly
