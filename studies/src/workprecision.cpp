// Work-precision: final-time error against RHS evaluations and wall time for Orderly's dopri54
// (make_adaptive_runner) and odeint's controlled runge_kutta_dopri5 (make_controlled +
// integrate_adaptive), tolerances 1e-3 .. 1e-12 (atol = rtol = tol), four per decade: a final-time
// error is not a smooth function of the tolerance (errors cancel along an orbit), and one point per
// decade hides where the curves cross. Compared at equal achieved error, not at equal tolerance;
// odeint's curve is also rerun with other first steps, the comparison's null test.
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
#include <limits>

namespace orderly {
namespace {

namespace odeint = boost::numeric::odeint;

constexpr const char* ours_dopri = "dopri54 (Orderly)";
constexpr const char* odeint_dopri = "runge_kutta_dopri5 (odeint controlled)";

constexpr int tolerances_per_decade = 4;
// odeint's first step is span / first_step_divisor. The restarted runs scale it by 2^(k/4) for
// these k: eight first steps from half to twice it. (Changing it by 0.1 % instead left the
// evaluation counts identical to odeint's own at 36 of 37 tolerances: not independent runs.)
constexpr double first_step_divisor = 1000;
constexpr std::array<int, 8> restart_quarter_octaves{-4, -3, -2, -1, 1, 2, 3, 4};
constexpr int coarsest_decade = 3, finest_decade = 12;
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

}  // namespace

workprecision_curves run_workprecision() {
  workprecision_curves result;
  const auto* dopri54 = find_method("dopri54");
  for (const char* name : {"arenstorf", "pleiades", "kepler"}) {
    const auto* entry = find_problem(name);
    const auto problem = instantiate<double>(*entry);
    const auto reference = reference_at(*entry, {mp50(problem.t_end)}).states.back();
    const double span = problem.t_end - problem.t0;
    work_curve ours{.method = ours_dopri, .problem = name}, theirs{.method = odeint_dopri, .problem = name};
    std::vector<work_curve> restarted;
    std::vector<double> restart_divisors;
    for (int k : restart_quarter_octaves) {
      restarted.push_back({.method = std::string(odeint_dopri) + ", first step span/1000 x 2^(" + std::to_string(k) +
                                     "/4)",
                           .problem = name});
      restart_divisors.push_back(first_step_divisor / std::exp2(k / 4.0));
    }
    // Our stepper is built once per problem (its exact coefficients rounded once), as odeint's
    // coefficients are compile-time constants: the clock times integrations, not that rounding.
    const auto run_dopri54 = make_adaptive_runner(*dopri54, problem);
    std::uint64_t evaluations = 0;
    auto system = [&](const state_of<double>& x, state_of<double>& dxdt, double t) {
      ++evaluations;
      problem.rhs(t, x, dxdt);
    };
    // odeint's controlled dopri5 from the initial state with first step span / divisor.
    auto integrate = [&](double tol, double divisor, state_of<double>& x) {
      auto stepper = odeint::make_controlled(tol, tol, odeint::runge_kutta_dopri5<state_of<double>>());
      odeint::integrate_adaptive(stepper, system, x, problem.t0, problem.t_end, span / divisor);
    };
    // One run of odeint's with the given first step: its point (no timing).
    auto odeint_point = [&](double tol, double divisor) {
      evaluations = 0;
      state_of<double> x = problem.y0;
      integrate(tol, divisor, x);
      return work_point{tol, detail::distance(x, reference), evaluations, 0};
    };
    for (int k = coarsest_decade * tolerances_per_decade; k <= finest_decade * tolerances_per_decade; ++k) {
      const double tol = std::pow(10.0, -double(k) / tolerances_per_decade);
      const auto run = run_dopri54(tol);
      if (run.completed)
        ours.points.push_back({tol, detail::distance(run.final_state, reference), run.stats.rhs_evaluations,
                               min_seconds([&] { (void)run_dopri54(tol); })});
      work_point point = odeint_point(tol, first_step_divisor);
      point.seconds = min_seconds([&] {
        state_of<double> again = problem.y0;
        integrate(tol, first_step_divisor, again);
      });
      theirs.points.push_back(point);
      for (std::size_t v = 0; v < restarted.size(); ++v)
        restarted[v].points.push_back(odeint_point(tol, restart_divisors[v]));
    }
    result.compared.push_back(ours);
    result.compared.push_back(theirs);
    for (auto& curve : restarted) result.odeint_restarted.push_back(std::move(curve));
  }
  return result;
}

namespace {

// Each of `candidates`' curves over the odeint curve of its problem in `curves.compared`.
std::vector<work_ratio> over_odeint(const workprecision_curves& curves, const std::vector<work_curve>& candidates) {
  std::vector<work_ratio> out;
  for (const auto& candidate : candidates)
    for (const auto& theirs : curves.compared) {
      if (theirs.method != odeint_dopri || theirs.problem != candidate.problem) continue;
      const auto ratios = ratios_at_equal_error(candidate, theirs);
      out.insert(out.end(), ratios.begin(), ratios.end());
    }
  return out;
}

}  // namespace

std::vector<work_ratio> dopri_ratios(const workprecision_curves& curves) {
  std::vector<work_curve> ours;
  for (const auto& c : curves.compared)
    if (c.method == ours_dopri) ours.push_back(c);
  return over_odeint(curves, ours);
}

std::vector<work_ratio> restart_ratios(const workprecision_curves& curves) {
  return over_odeint(curves, curves.odeint_restarted);
}

std::vector<stiff_work_curve> run_stiff_workprecision() {
  std::vector<stiff_work_curve> curves;
  for (const char* problem : {"rober", "hires"})
    for (const char* method : {"radau5", "rosenbrock4", "odeint-rosenbrock4"}) {
      stiff_work_curve curve{.method = method, .problem = problem};
      const std::uint64_t budget = stiff_settings{}.step_budget;  // the stiff study's default
      for (int k = coarsest_decade * tolerances_per_decade; k <= finest_decade * tolerances_per_decade; ++k) {
        const double rtol = std::pow(10.0, -double(k) / tolerances_per_decade);
        auto run = run_stiff(method, problem, rtol, budget);
        for (int repeat = 1; repeat < timing_repetitions; ++repeat)
          run.wall_seconds = std::min(run.wall_seconds, run_stiff(method, problem, rtol, budget).wall_seconds);
        curve.runs.push_back(std::move(run));
      }
      curves.push_back(std::move(curve));
    }
  return curves;
}

}  // namespace orderly
