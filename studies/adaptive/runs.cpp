// Adaptive runs of a pair: the tolerance sweep (reliability of the estimate along the run, global
// error against tolerance) under Orderly's default controller.
#include "adaptive_runs.hpp"

#include <orderly/explicit_rk.hpp>
#include <orderly/problem_catalog.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <stdexcept>

namespace orderly {
namespace {

// A pair's step function as a stepper for integrate_adaptive (counts its evaluations).
class step_function_stepper {
 public:
  step_function_stepper(step_with_error_function<double> step, int estimate_order)
      : step_(std::move(step)), estimate_order_(estimate_order) {}
  template <class Rhs>
  void step(Rhs&& f, const double& t, state_of<double>& y, const double& h, state_of<double>& error) {
    const rhs_function<double> counted = [&](const double& time, const state_of<double>& x, state_of<double>& dxdt) {
      f(time, x, dxdt);
      ++evaluations_;
    };
    step_(counted, t, y, h, error);
  }
  void reset() {}
  std::uint64_t rhs_evaluations() const { return evaluations_; }
  int error_estimate_order() const { return estimate_order_; }

 private:
  step_with_error_function<double> step_;
  int estimate_order_;
  std::uint64_t evaluations_ = 0;
};

// The first reference is good to this fraction of the tolerance; a step whose true error is
// smaller gets a second one, good to adaptive_policy::reference_fraction of it (or to this floor,
// far below double's round-off of y_{n+1}, which is part of the step's true error).
constexpr double rough_reference_fraction = 1e-4;
constexpr double smallest_reference_accuracy = 1e-24;

double quantile(std::vector<double> sorted_values, double q) {
  std::sort(sorted_values.begin(), sorted_values.end());
  const double position = q * static_cast<double>(sorted_values.size() - 1);
  const auto below = static_cast<std::size_t>(std::floor(position));
  const auto above = std::min(below + 1, sorted_values.size() - 1);
  return sorted_values[below] + (position - static_cast<double>(below)) * (sorted_values[above] - sorted_values[below]);
}

// DETEST's tolerance proportionality: log10 error = log10 C + E log10 tol over the runs that ended
// with an error above double's round-off; and the median cost per correct digit.
void fit_proportionality(const std::vector<proportionality_point>& points, std::optional<double>& exponent,
                         std::optional<double>& constant, std::optional<double>* cost_per_digit) {
  std::vector<double> x, y, costs;
  for (const auto& p : points) {
    if (p.failed || !(p.global_error > adaptive_policy::roundoff_clearance * std::numeric_limits<double>::epsilon()))
      continue;
    x.push_back(std::log10(p.tolerance)), y.push_back(std::log10(p.global_error));
    if (p.digits > 0) costs.push_back(static_cast<double>(p.evaluations) / p.digits);
  }
  if (auto slope = least_squares_slope(x, y)) {
    double mx = 0, my = 0;
    for (std::size_t i = 0; i < x.size(); ++i) mx += x[i], my += y[i];
    exponent = *slope;
    constant = std::pow(10.0, (my - *slope * mx) / static_cast<double>(x.size()));
  }
  if (cost_per_digit && !costs.empty()) *cost_per_digit = quantile(costs, 0.5);
}

}  // namespace

recorded_run run_pair(const estimating_pair& pair, const typed_problem<double>& problem, double tolerance,
                      const std::optional<controller_gains>& controller, bool keep_states) {
  recorded_run run;
  step_control_options<double> options;
  options.atol = options.rtol = tolerance;
  options.controller = controller;
  state_of<double> y = problem.y0;
  run.times.push_back(problem.t0);
  if (keep_states) run.states.push_back(y);
  auto observer = [&](const double& t, const state_of<double>& x) {
    run.times.push_back(t);
    if (keep_states) run.states.push_back(x);
  };
  try {
    if (pair.origin != "odeint" && pair.origin != "library" && pair.tableau) {
      explicit_rk<state_of<double>> stepper(*pair.tableau);
      run.stats = integrate_adaptive(stepper, problem.rhs, problem.t0, problem.t_end, y, options, observer);
    } else {
      step_function_stepper stepper(pair.step_double, pair.estimate_order);
      run.stats = integrate_adaptive(stepper, problem.rhs, problem.t0, problem.t_end, y, options, observer);
    }
  } catch (const integration_failure& failure) {
    run.failure = failure.what();
  }
  return run;
}

std::pair<std::vector<reliability_result>, proportionality_result> run_tolerance_sweep(
    const estimating_pair& pair, const std::string& problem_name, const std::vector<double>& tolerances) {
  const auto* entry = find_problem(problem_name);
  if (!entry) throw std::logic_error("adaptive study names an unknown problem " + problem_name);
  const auto problem = instantiate<double>(*entry);
  const auto wide = instantiate<float128>(*entry);
  std::vector<reliability_result> reliability;
  proportionality_result proportionality{.problem = problem_name};
  const auto exact_end = problem.exact(problem.t_end);
  double exact_size = 1;
  for (double v : exact_end) exact_size = std::max(exact_size, std::abs(v));
  // max_i |y_i - y*_i| / max(1, |y*|_inf) at the end of the span.
  auto relative_global_error = [&](const state_of<double>& end) {
    double worst = 0;
    for (std::size_t i = 0; i < exact_end.size(); ++i) worst = std::max(worst, std::abs(end[i] - exact_end[i]));
    return worst / exact_size;
  };
  for (double tolerance : tolerances) {
    auto run = run_pair(pair, problem, tolerance, std::nullopt, true);
    if (!run.failure && !all_finite(run.states.back())) run.failure = "the state at the end is not finite";
    reliability_result rel{.problem = problem_name,
                           .tolerance = tolerance,
                           .accepted = run.stats.accepted,
                           .rejected = run.stats.rejected};
    proportionality_point point{.tolerance = tolerance,
                                .evaluations = run.stats.rhs_evaluations,
                                .accepted = run.stats.accepted,
                                .rejected = run.stats.rejected};
    if (run.failure) {
      rel.verdict = "failed";
      rel.reason = point.reason = *run.failure;
      point.failed = true;
      reliability.push_back(std::move(rel));
      proportionality.points.push_back(point);
      continue;
    }
    point.global_error = relative_global_error(run.states.back());
    point.digits = -std::log10(std::max(point.global_error, std::numeric_limits<double>::min()));
    proportionality.points.push_back(point);

    // Reliability: evenly spaced accepted steps, each re-stepped for its estimate and checked
    // against a reference step in float128 from the same double state.
    const std::size_t steps = run.states.size() - 1;
    const std::size_t stride = std::max<std::size_t>(1, steps / adaptive_policy::reliability_samples);
    std::size_t deceived = 0;
    std::vector<double> log_steps, log_estimates;
    for (std::size_t n = 0; n < steps; ++n) {
      // Every accepted step is re-stepped for its estimate (the medians of h and of the estimate
      // over all of them give the estimate's order along the runs); every stride-th is checked.
      const double t = run.times[n], h = run.times[n + 1] - run.times[n];
      state_of<double> y = run.states[n], error;
      pair.step_double(problem.rhs, t, y, h, error);
      double estimate_size = 0;
      for (double v : error) estimate_size += v * v;
      if (estimate_size > 0) {
        log_steps.push_back(std::log10(h));
        log_estimates.push_back(std::log10(std::sqrt(estimate_size)));
      }
      if (n % stride != 0) continue;
      const state_of<float128> start(run.states[n].begin(), run.states[n].end());
      // The true local error of the step taken: y_{n+1} as the run made it, against the flow.
      auto reference = reference_step<float128>(wide.rhs, float128(t), start, float128(h),
                                                float128(tolerance * rough_reference_fraction));
      if (!reference) continue;
      auto true_error_of = [&](const state_of<float128>& flow) {
        state_of<double> e(y.size());
        for (std::size_t i = 0; i < y.size(); ++i) e[i] = static_cast<double>(float128(run.states[n + 1][i]) - flow[i]);
        return e;
      };
      state_of<double> true_error = true_error_of(*reference);
      double truth = 0;
      for (double v : true_error) truth += v * v;
      truth = std::sqrt(truth);
      const double required = std::max(truth * adaptive_policy::reference_fraction, smallest_reference_accuracy);
      if (required < tolerance * rough_reference_fraction) {
        reference = reference_step<float128>(wide.rhs, float128(t), start, float128(h), float128(required));
        if (!reference) continue;
        true_error = true_error_of(*reference);
      }
      const double estimate_norm = error_norm(error, run.states[n], run.states[n + 1], tolerance, tolerance);
      const double true_norm = error_norm(true_error, run.states[n], run.states[n + 1], tolerance, tolerance);
      if (!(true_norm > 0) || !(estimate_norm > 0)) continue;
      const double ratio = estimate_norm / true_norm;
      rel.log10_ratios.push_back(std::log10(ratio));
      if (ratio * adaptive_policy::deceived_factor < 1) ++deceived;
    }
    rel.checked = rel.log10_ratios.size();
    if (rel.checked == 0) {
      rel.verdict = "failed";
      rel.reason = "no step could be checked against a reference step";
    } else {
      for (double q : {0.0, 0.1, 0.25, 0.5, 0.75, 0.9, 1.0})
        rel.log10_ratio_quantiles.push_back(quantile(rel.log10_ratios, q));
      rel.deceived_fraction = static_cast<double>(deceived) / static_cast<double>(rel.checked);
      if (!log_steps.empty()) {
        rel.median_log10_step = quantile(log_steps, 0.5);
        rel.median_log10_estimate = quantile(log_estimates, 0.5);
      }
      const double median = std::pow(10.0, rel.log10_ratio_quantiles[3]);
      char text[200];
      std::snprintf(text, sizeof text, "deceived on %.1f%% of %zu checked steps; median estimate/true %.3g",
                    100 * rel.deceived_fraction, rel.checked, median);
      rel.reason = text;
      rel.verdict = rel.deceived_fraction > adaptive_policy::deceived_fraction_bound ? "deceived" : "reliable";
    }
    reliability.push_back(std::move(rel));
  }
  fit_proportionality(proportionality.points, proportionality.exponent, proportionality.constant,
                      &proportionality.cost_per_digit);
  if (pair.odeint_controlled) {
    for (double tolerance : tolerances) {
      const auto run = pair.odeint_controlled(problem, tolerance);
      proportionality_point point{.tolerance = tolerance,
                                  .evaluations = run.evaluations,
                                  .accepted = run.steps.size(),
                                  .rejected = run.rejected,
                                  .failed = !run.failure.empty(),
                                  .reason = run.failure};
      if (!point.failed && !all_finite(run.end)) {
        // odeint's max norm keeps (a1 < a2) ? a2 : a1, which skips a NaN component, and a NaN norm
        // fails `max_rel_err > 1`: a step with non-finite values can pass the error check.
        point.failed = true;
        point.reason = "the state at the end is not finite: odeint's error check passed a step with non-finite values";
      }
      if (!point.failed) {
        point.global_error = relative_global_error(run.end);
        point.digits = -std::log10(std::max(point.global_error, std::numeric_limits<double>::min()));
      }
      proportionality.odeint_points.push_back(point);
    }
    fit_proportionality(proportionality.odeint_points, proportionality.odeint_exponent, proportionality.odeint_constant,
                        nullptr);
  }
  std::vector<double> steps_x, estimates_y;
  for (const auto& r : reliability)
    if (r.checked > 0) steps_x.push_back(r.median_log10_step), estimates_y.push_back(r.median_log10_estimate);
  if (auto slope = least_squares_slope(steps_x, estimates_y); slope && steps_x.size() >= 3) {
    proportionality.estimate_order_along_runs = *slope - 1;
    proportionality.along_runs_verdict =
        *slope - 1 >= adaptive_policy::run_order_fraction * pair.estimate_order ? "consistent" : "inconsistent";
  } else {
    proportionality.along_runs_verdict = "inconclusive";
  }
  return {std::move(reliability), std::move(proportionality)};
}

}  // namespace orderly
