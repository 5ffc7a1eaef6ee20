// Work-precision: final-time error against RHS evaluations and wall time for Orderly's dopri54
// (make_adaptive_runner) and odeint's controlled runge_kutta_dopri5 (make_controlled +
// integrate_adaptive), tolerances 1e-3 .. 1e-12 (atol = rtol = tol), four per decade: a final-time
// error is not a smooth function of the tolerance (errors cancel along an orbit), and one point per
// decade hides where the curves cross. Compared at equal achieved error, not at equal tolerance.
#include <orderly/convergence_measure.hpp>  // detail::distance
#include <orderly/method_runner.hpp>
#include <orderly/odeint_multiprecision.hpp>
#include <orderly/problem_catalog.hpp>
#include <orderly/reference_solution.hpp>
#include <orderly/workprecision.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>

namespace orderly {
namespace {

namespace odeint = boost::numeric::odeint;

constexpr const char* ours_dopri = "dopri54 (Orderly)";
constexpr const char* odeint_dopri = "runge_kutta_dopri5 (odeint controlled)";

constexpr int tolerances_per_decade = 4;
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

// log(work) at log(error) = log(target) by linear interpolation between neighbouring points.
std::optional<double> work_at(const std::vector<work_point>& points, double target) {
  for (std::size_t i = 0; i + 1 < points.size(); ++i) {
    const auto& a = points[i];
    const auto& b = points[i + 1];
    if ((a.error - target) * (b.error - target) > 0 || a.error <= 0 || b.error <= 0) continue;
    const double s = std::log(target / a.error) / std::log(b.error / a.error);
    return std::exp(std::log(double(a.rhs_evaluations)) + s * (std::log(double(b.rhs_evaluations)) - std::log(double(a.rhs_evaluations))));
  }
  return std::nullopt;
}

}  // namespace

std::vector<work_curve> run_workprecision() {
  std::vector<work_curve> curves;
  const auto* dopri54 = find_method("dopri54");
  for (const char* name : {"arenstorf", "pleiades", "kepler"}) {
    const auto* entry = find_problem(name);
    const auto problem = instantiate<double>(*entry);
    const auto reference = reference_at(*entry, {mp50(problem.t_end)}).states.back();
    work_curve ours{.method = ours_dopri, .problem = name}, theirs{.method = odeint_dopri, .problem = name};
    // Our stepper is built once per problem (its exact coefficients rounded once), as odeint's
    // coefficients are compile-time constants: the clock times integrations, not that rounding.
    const auto run_dopri54 = make_adaptive_runner(*dopri54, problem);
    for (int k = coarsest_decade * tolerances_per_decade; k <= finest_decade * tolerances_per_decade; ++k) {
      const double tol = std::pow(10.0, -double(k) / tolerances_per_decade);
      const auto run = run_dopri54(tol);
      if (run.completed)
        ours.points.push_back({tol, detail::distance(run.final_state, reference), run.stats.rhs_evaluations,
                               min_seconds([&] { (void)run_dopri54(tol); })});
      std::uint64_t evaluations = 0;
      auto system = [&](const state_of<double>& x, state_of<double>& dxdt, double t) {
        ++evaluations;
        problem.rhs(t, x, dxdt);
      };
      auto integrate = [&](state_of<double>& x) {
        auto stepper = odeint::make_controlled(tol, tol, odeint::runge_kutta_dopri5<state_of<double>>());
        odeint::integrate_adaptive(stepper, system, x, problem.t0, problem.t_end, (problem.t_end - problem.t0) / 1000);
      };
      state_of<double> x = problem.y0;
      integrate(x);
      const std::uint64_t counted = evaluations;
      const double seconds = min_seconds([&] {
        state_of<double> again = problem.y0;
        integrate(again);
      });
      theirs.points.push_back({tol, detail::distance(x, reference), counted, seconds});
    }
    curves.push_back(ours);
    curves.push_back(theirs);
  }
  return curves;
}

std::vector<work_ratio> dopri_ratios(const std::vector<work_curve>& curves) {
  std::vector<work_ratio> out;
  for (const auto& ours : curves) {
    if (ours.method != ours_dopri) continue;
    for (const auto& theirs : curves) {
      if (theirs.method != odeint_dopri || theirs.problem != ours.problem) continue;
      for (const auto& p : ours.points)
        if (auto w = work_at(theirs.points, p.error))
          out.push_back({ours.problem, p.error, double(p.rhs_evaluations), *w, double(p.rhs_evaluations) / *w});
    }
  }
  return out;
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
