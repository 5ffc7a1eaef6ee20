// Step-size control stability: each pair x controller decided from the linearised map at the
// pair's real stability boundary, and confirmed by runs on a problem whose step is limited by
// stability; odeint's controlled_runge_kutta runs beside on odeint's pairs.
#include "adaptive_runs.hpp"

#include <orderly/problem_catalog.hpp>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <stdexcept>

namespace orderly {
namespace {

// The stability-limited problem: Prothero-Robinson y' = lambda (y - sin t) + cos t with lambda =
// -1000, mildly stiff: at the tolerance below the accuracy of sin t allows steps near 0.1-0.5,
// while every explicit pair is stable only for h < |z*| / 1000 (a few thousandths).
constexpr const char* limited_problem = "prothero-robinson";
constexpr const char* limited_lambda = "-1000";
constexpr const char* limited_end = "5";
constexpr double limited_tolerance = 1e-3;
// The boundary sweep beyond the real axis: theta from 5 pi / 8 to pi.
constexpr int sweep_angles = 13;

const problem_entry& limited_entry() {
  static const problem_entry entry = [] {
    const auto* base = find_problem(limited_problem);
    if (!base) throw std::logic_error("adaptive study: no problem " + std::string(limited_problem));
    problem_entry copy = *base;
    for (auto& p : copy.info.parameters) {
      if (p.name == "lambda") p.value = limited_lambda;
      if (p.name == "t_end") p.value = limited_end;
    }
    return copy;
  }();
  return entry;
}

double lambda_of_limited_problem() { return std::stod(limited_lambda); }

// RMS of log(h_{n+1} / h_n) over the last half of the accepted steps (the last, cut by the end of
// the span, left out), the mean step there, and whether it settled.
void summarise_steps(controller_run& run, double boundary_step) {
  const auto& s = run.steps;
  if (s.size() < 8) return;
  const std::size_t from = s.size() / 2, to = s.size() - 1;
  double sum = 0, mean = 0;
  for (std::size_t n = from; n + 1 < to; ++n) {
    const double r = std::log(s[n + 1].second / s[n].second);
    sum += r * r;
  }
  for (std::size_t n = from; n < to; ++n) mean += s[n].second;
  run.log_ratio_rms = std::sqrt(sum / static_cast<double>(to - from - 1));
  run.mean_step_over_boundary = mean / static_cast<double>(to - from) / boundary_step;
  run.settled = run.log_ratio_rms < adaptive_policy::settled_log_ratio_rms;
  const auto attempts = run.accepted + run.rejected;
  run.rejected_fraction = attempts ? static_cast<double>(run.rejected) / static_cast<double>(attempts) : 0;
}

controller_run orderly_controller_run(const estimating_pair& pair, const controller_gains& gains,
                                      double boundary_step) {
  const auto problem = instantiate<double>(limited_entry());
  const auto recorded = run_pair(pair, problem, limited_tolerance, gains, false);
  controller_run run{.controller = gains.name,
                     .accepted = recorded.stats.accepted,
                     .rejected = recorded.stats.rejected,
                     .evaluations = recorded.stats.rhs_evaluations};
  if (recorded.failure) run.failed = true, run.reason = *recorded.failure;
  for (std::size_t n = 0; n + 1 < recorded.times.size(); ++n)
    run.steps.emplace_back(recorded.times[n], recorded.times[n + 1] - recorded.times[n]);
  summarise_steps(run, boundary_step);
  return run;
}

std::optional<controller_run> odeint_run_for(const estimating_pair& pair, double boundary_step) {
  if (!pair.odeint_controlled) return std::nullopt;
  const auto outcome = pair.odeint_controlled(instantiate<double>(limited_entry()), limited_tolerance);
  controller_run run{.controller = "odeint controlled_runge_kutta",
                     .accepted = outcome.steps.size(),
                     .rejected = outcome.rejected,
                     .evaluations = outcome.evaluations,
                     .failed = !outcome.failure.empty(),
                     .reason = outcome.failure,
                     .steps = outcome.steps};
  summarise_steps(run, boundary_step);
  return run;
}

std::string verdict_of(double radius) {
  if (std::abs(radius - 1) <= adaptive_policy::stability_margin_band) return "marginal";
  return radius < 1 ? "stable" : "unstable";
}

}  // namespace

pair_stability decide_step_control_stability(const estimating_pair& pair, const std::vector<std::string>& controllers,
                                             bool with_runs) {
  pair_stability result{.pair = pair.name};
  if (!pair.tableau) {
    result.reason = "coefficients unknown (a compiled stepper): no stability polynomials";
    return result;
  }
  result.boundary = linearise_at_real_boundary(*pair.tableau);
  if (!result.boundary) {
    result.reason = "no bounded real stability interval, or the estimate vanishes at its end";
    return result;
  }
  const int k = pair.estimate_order + 1;
  const double boundary_step = result.boundary->boundary / lambda_of_limited_problem();
  for (const auto& name : controllers) {
    const auto* gains = find_controller(name);
    if (!gains) throw std::logic_error("adaptive study names an unknown controller " + name);
    const auto spectrum = step_control_spectrum_of(gains->for_order(k), k, result.boundary->c_r, result.boundary->c_e);
    controller_stability c{.controller = name,
                           .spectral_radius = spectrum.spectral_radius,
                           .verdict = verdict_of(spectrum.spectral_radius),
                           .margin = 1 - spectrum.spectral_radius};
    if (with_runs) c.run = orderly_controller_run(pair, *gains, boundary_step);
    result.controllers.push_back(std::move(c));
  }
  if (with_runs) result.odeint_run = odeint_run_for(pair, boundary_step);
  for (int i = 0; i < sweep_angles; ++i) {
    const double theta = std::numbers::pi * (5.0 / 8 + 3.0 / 8 * i / (sweep_angles - 1));
    const auto point = linearise_on_ray(*pair.tableau, theta);
    if (!point) continue;
    std::vector<double> radii;
    for (const auto& name : controllers)
      radii.push_back(
          step_control_spectrum_of(find_controller(name)->for_order(k), k, point->c_r, point->c_e).spectral_radius);
    result.boundary_sweep.emplace_back(theta, std::move(radii));
  }
  return result;
}

}  // namespace orderly
