// Order reduction on Prothero-Robinson: the catalog's implicit steppers at fixed steps in a stiff
// and a non-stiff regime, the classical and stage orders beside the fitted slope.
#include "stiff_parts.hpp"

#include <orderly/analysis/method_stage_order.hpp>
#include <orderly/job_runner.hpp>
#include <orderly/stepper_factory.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <mutex>
#include <stdexcept>

namespace orderly {

namespace {

// The implicit methods of the figure, all catalog steppers (make_stepper).
constexpr const char* order_reduction_methods[] = {
    "backward-euler", "implicit-midpoint", "trapezoidal", "sdirk", "gauss4", "gauss6", "radau5", "rosenbrock4"};
// radau13 is left out: on these grids its error reaches round-off within two points in the stiff
// regime and at once in the non-stiff one, so no slope can be measured.

// Max over the grid of |y_n - sin t_n|.
template <class Step>
double max_grid_error(const typed_problem<double>& p, std::size_t steps, Step&& step) {
  const double h = (p.t_end - p.t0) / static_cast<double>(steps);
  state_of<double> y = p.y0;
  double error = 0;
  for (std::size_t n = 1; n <= steps; ++n) {
    step(p.t0 + static_cast<double>(n - 1) * h, y, h);
    const double t = p.t0 + static_cast<double>(n) * h;
    const double e = std::fabs(y[0] - p.exact(t)[0]);
    if (!std::isfinite(e)) return e;
    error = std::max(error, e);
  }
  return error;
}

}  // namespace

namespace stiff_detail {

order_reduction_series run_series(const series_job& job) {
  order_reduction_series s;
  s.method = job.method;
  s.regime = job.regime;
  s.lambda = job.lambda;
  const auto p = instantiate<double>(*job.problem);
  s.source = "catalog stepper (" + std::string(family_name(job.entry->family)) + ")";
  s.classical_order = job.entry->order;
  s.stage_order = stage_order(*job.entry);
  for (std::size_t steps = job.first_steps; steps <= job.last_steps; steps *= 2) {
    auto stepper = make_stepper(*job.entry, p);
    const double error =
        max_grid_error(p, steps, [&](double t, state_of<double>& y, double h) { stepper->step(t, y, h); });
    convergence_point point;
    point.h = (p.t_end - p.t0) / static_cast<double>(steps);
    point.error = error;
    point.status = std::isfinite(error) ? point_status::ok : point_status::unstable;
    // Rounding in a run of N steps: eps |y| sqrt(N), |y| <= 1 for sin t.
    point.noise_floor = std::numeric_limits<double>::epsilon() * std::sqrt(static_cast<double>(steps));
    s.steps.push_back(steps);
    s.points.push_back(point);
  }
  s.fit = fit_order(s.points);
  return s;
}

// The order-reduction series as jobs: every method in both regimes.
std::vector<series_job> order_reduction_jobs() {
  static std::vector<problem_entry> copies;  // parameter copies; typed problems point at their info
  static std::once_flag made;
  std::call_once(made, [] {
    for (const auto& r : regimes) {
      problem_entry copy = *find_problem("prothero-robinson");
      for (auto& parameter : copy.info.parameters)
        if (parameter.name == "lambda") parameter.value = r.lambda;
      copies.push_back(copy);
    }
  });
  std::vector<series_job> jobs;
  for (const char* name : order_reduction_methods) {
    const method_entry* entry = find_method(name);
    if (!entry) throw std::logic_error(std::string("order reduction names an unknown method ") + name);
    for (std::size_t k = 0; k < std::size(regimes); ++k)
      jobs.push_back({.method = name,
                      .entry = entry,
                      .problem = &copies[k],
                      .regime = regimes[k].name,
                      .lambda = std::stod(regimes[k].lambda),
                      .first_steps = regimes[k].first_steps,
                      .last_steps = regimes[k].last_steps});
  }
  return jobs;
}

}  // namespace stiff_detail

order_reduction_result run_order_reduction(unsigned threads) {
  const auto jobs = stiff_detail::order_reduction_jobs();
  order_reduction_result result;
  const auto outcomes = run_jobs(jobs, stiff_detail::run_series, threads);
  for (std::size_t i = 0; i < outcomes.size(); ++i) {
    if (!outcomes[i].result)
      throw std::runtime_error(jobs[i].method + " (" + jobs[i].regime + "): " + outcomes[i].error);
    result.series.push_back(*outcomes[i].result);
  }
  return result;
}

}  // namespace orderly
