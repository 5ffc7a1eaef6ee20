// The convergence study, compiled once: every scalar's instantiation of the measurement lives here.
#include <orderly/algebraic_check.hpp>
#include <orderly/convergence_measure.hpp>
#include <orderly/measurement_cache.hpp>

#include <algorithm>

namespace orderly {

namespace {

// The scalar a run escalates to when round-off cuts its window or a superconvergence needs
// confirming. long double is skipped: its 64-bit mantissa buys three digits over double.
std::optional<scalar_kind> escalation_of(scalar_kind scalar) {
  switch (scalar) {
    case scalar_kind::float64:
    case scalar_kind::long_double:
      return scalar_kind::quad;
    case scalar_kind::quad:
      return scalar_kind::mp50;
    case scalar_kind::float32:
    case scalar_kind::mp50:
      break;
  }
  return std::nullopt;
}

// Refinement that finer grids can bring.
bool finer_grids_help(verdict_code code) {
  return code == verdict_code::pre_asymptotic || code == verdict_code::unsettled_slopes ||
         code == verdict_code::too_few_points || code == verdict_code::wide_uncertainty;
}

// Refinement that a more precise scalar can bring: round-off that cuts the window or makes the
// finest slopes wobble, and confirmation of a superconvergence.
bool more_precision_helps(verdict_code code) {
  return code == verdict_code::round_off || code == verdict_code::unconfirmed_superconvergence ||
         code == verdict_code::too_few_points || code == verdict_code::wide_uncertainty ||
         code == verdict_code::unsettled_slopes;
}

// Every extra set of doublings a refinement asks for: finer grids by 2^4.
constexpr std::size_t refinement_grid_factor = 16;

// The adaptive sweep asks for tolerances down to this multiple of the scalar's epsilon (below it
// no controller can honour a tolerance) and stops once its runs together have cost more evaluations
// than this. The cost grows geometrically with each decade, so a budget per run would let the last
// two or three runs cost most of the study (verner65 on arenstorf in float128: 20 million
// evaluations to reach 1e-29, two thirds of the job's time, for the three decades past 1e-26).
constexpr double sweep_tolerance_floor_factor = 1000;
constexpr std::uint64_t sweep_budget_rhs_evaluations = 5000000;

// Whether rounding shows anywhere in a measurement: a point at the round-off or reference floor, or
// within the policy's shadow trigger of its rounding estimate. Where it does not, the same grids in
// a more precise scalar give the same errors to many digits, and so the same verdict.
bool rounding_visible(const std::vector<convergence_point>& points, const order_policy& policy) {
  for (const auto& p : points) {
    if (p.status == point_status::roundoff || p.status == point_status::below_reference) return true;
    if (p.status == point_status::ok && detail::near_its_rounding(p, policy)) return true;
  }
  return false;
}

// The adaptive run at tolerances 1e-3, 1e-4, ... down to the sweep's floor for the scalar (no
// tolerance below what it can honour), each point's error at t_end against the reference, until
// the sweep's evaluation budget is spent.
std::vector<adaptive_point> tolerance_sweep(const method_entry& method, const problem_entry& problem_entry,
                                            scalar_kind scalar) {
  std::vector<adaptive_point> sweep;
  with_scalar(scalar, [&](auto zero) {
    using T = decltype(zero);
    const auto problem = instantiate<T>(problem_entry);
    const auto reference = reference_at(problem_entry, {mp50(problem.t_end)});
    const double floor = sweep_tolerance_floor_factor * static_cast<double>(std::numeric_limits<T>::epsilon());
    const auto run_adaptive_at = make_adaptive_runner(method, problem);
    std::uint64_t spent = 0;
    for (int k = 3; std::pow(10.0, -k) >= floor && k <= 40 && spent <= sweep_budget_rhs_evaluations; ++k) {
      const T tolerance = T(1) / pow(T(10), k);
      const auto run = run_adaptive_at(tolerance);
      adaptive_point point;
      point.tolerance = std::pow(10.0, -k);
      point.rhs_evaluations = run.stats.rhs_evaluations;
      point.accepted = run.stats.accepted;
      point.rejected = run.stats.rejected;
      if (!run.completed) {
        point.status = point_status::unstable;
        point.note = run.failure;
      } else {
        point.error = detail::distance(run.final_state, reference.states.back());
      }
      sweep.push_back(point);
      spent += point.rhs_evaluations;
    }
  });
  return sweep;
}

std::vector<convergence_point> plain_points(const order_measurement& m) { return {m.points.begin(), m.points.end()}; }

// A measurement that a more precise scalar could only repeat: every point usable and none near its
// rounding, and the grids not stopped short of rounding.
bool clear_of_rounding(const order_measurement& m, const order_policy& policy) {
  return !m.stopped_short_of_rounding && std::all_of(m.points.begin(), m.points.end(), [&](const measured_point& p) {
    return p.status == point_status::ok && !detail::near_its_rounding(p, policy);
  });
}

}  // namespace

convergence_result study_convergence(const convergence_request& request) {
  const auto& method = *request.method;
  const auto& problem_entry = *request.problem;
  if (auto why = incompatibility(method, problem_entry.info); !why.empty()) throw std::invalid_argument(why);
  const order_policy& policy = default_order_policy();

  convergence_result r;
  r.policy = policy;
  r.method = method.name;
  r.method_title = method.title;
  r.family = method.family;
  r.problem = problem_entry.info.name;
  r.problem_description = problem_entry.info.description;
  r.norm = request.norm;
  r.kind = run_kind::fixed_step;
  r.weights = request.weights;
  r.declared_order = request.weights == weight_set::primary ? method.order : method.embedded_order.value_or(0);
  r.embedded_declared_order = method.embedded_order.value_or(0);
  if (const auto* seed = method.seed()) {
    r.seed_source = seed->source;
    r.seed_description = seed->description;
  }

  const std::size_t min_steps = request.min_steps ? request.min_steps : 4;
  std::size_t max_steps = request.max_steps ? request.max_steps : default_finest_grid;
  // Seed specimens are the articles' float code: measured in float, never escalated.
  scalar_kind scalar = method.seed() ? scalar_kind::float32 : request.scalar;
  const bool shadow = !method.seed();

  // Every grid this job has measured, by scalar and weight set: a refinement on more grids in the
  // same scalar reuses them (the runs are deterministic), so extending a run costs only its new grids.
  std::map<std::pair<scalar_kind, weight_set>, grid_points> known;
  auto measure_now = [&](scalar_kind kind, std::size_t finest, weight_set weights) {
    cached_measurement made;
    made.grids = known[{kind, weights}];
    const auto steps = detail::step_sequence(min_steps, finest);
    with_scalar(kind, [&](auto zero) {
      using T = decltype(zero);
      const auto problem = instantiate<T>(problem_entry);
      auto grid = [&](const auto& typed, std::size_t n, bool record) {
        return run_fixed_steps(method, typed, n, record, weights);
      };
      // Energy is measured for symplectic methods, whose bounded energy error is their point.
      made.solution = detail::measure_fixed_steps(problem_entry, problem, request.norm, steps, grid, shadow,
                                                  method.splitting() ? &made.energy : nullptr, policy, &made.grids,
                                                  method.coefficient_residual);
    });
    return made;
  };
  auto measured = [&](scalar_kind kind, std::size_t finest, weight_set weights) {
    auto made = request.cache ? request.cache->fixed_steps.get(
                                    {&method, &problem_entry, weights, request.norm, kind, min_steps, finest},
                                    [&] { return measure_now(kind, finest, weights); })
                              : measure_now(kind, finest, weights);
    known[{kind, weights}].insert(made.grids.begin(), made.grids.end());
    return made;
  };
  auto measure = [&](scalar_kind kind, std::size_t finest) {
    auto made = measured(kind, finest, request.weights);
    r.solution = std::move(made.solution);
    r.energy = std::move(made.energy);
  };

  // A measured superconvergence of a method whose order conditions give exactly the declared order
  // (checked up to declared + 1) is a pre-asymptotic range where the next term still dominates,
  // on a generic problem; the verdict says so instead of claiming a higher order. Refining such a
  // run means reaching the asymptotic range (finer grids, in a scalar whose round-off allows them);
  // confirming it in a more precise scalar on the same grids could not change the verdict.
  std::optional<bool> exact_order;
  auto order_is_exact = [&] {
    if (!exact_order) {
      const auto algebra = check_declared_order(method, request.weights);
      exact_order = algebra && algebra->passes();
    }
    return *exact_order;
  };

  // A request that allows it starts in double and stays there when that measurement is clear of
  // rounding; the loop's first measurement then reuses its grids.
  if (request.double_when_clear && scalar != scalar_kind::float64 && shadow &&
      clear_of_rounding(measured(scalar_kind::float64, max_steps, request.weights).solution, policy))
    scalar = scalar_kind::float64;

  // Measure, judge, and refine an inconclusive run within the policy's budget: a window cut by
  // round-off goes to a more precise scalar first (finer grids in the same scalar would only
  // measure more rounding), otherwise finer grids once, then more precise scalars if rounding shows
  // in the measurement at all (heun on arenstorf, errors 0.07 and up on 2^20 steps, was rerun in
  // float128 and mp50 for the same numbers).
  int escalations = 0;
  bool extended = false, confirming = false;
  for (;;) {
    measure(scalar, max_steps);
    const auto points = plain_points(r.solution);
    r.judged = judge_order(points, r.solution.fit, r.declared_order, r.solution.solution_scale, confirming, policy);
    r.refinement.push_back({.scalar = std::string(scalar_name(scalar)),
                            .max_steps = max_steps,
                            .finest_steps = r.solution.points.empty() ? 0 : r.solution.points.back().steps,
                            .judged = r.judged});
    if (!request.refine || r.judged.outcome != verdict::inconclusive) break;
    const auto code = r.judged.code;
    const auto next = escalation_of(scalar);
    // Never beyond the precision of the method's coefficients (published decimals).
    const bool can_escalate =
        !method.seed() && next && method.resolved_in(*next) && escalations < policy.max_scalar_escalations;
    const bool can_extend = !extended && max_steps * refinement_grid_factor <= policy.max_budget_steps;
    // Grids that stopped short of rounding were cut by it as much as grids that reached it.
    const bool cut_by_roundoff =
        r.solution.stopped_short_of_rounding || (!points.empty() && detail::on_roundoff_plateau(points.back(), policy));
    const bool above_exact_order = code == verdict_code::unconfirmed_superconvergence && order_is_exact();
    if (code == verdict_code::unconfirmed_superconvergence && !above_exact_order) {
      if (!can_escalate) break;
      scalar = *next, ++escalations, confirming = true;
    } else if ((more_precision_helps(code) || above_exact_order) && can_escalate && cut_by_roundoff) {
      scalar = *next, ++escalations, confirming = false;
    } else if ((finer_grids_help(code) || above_exact_order) && can_extend) {
      max_steps *= refinement_grid_factor, extended = true;
    } else if (more_precision_helps(code) && !above_exact_order && can_escalate && rounding_visible(points, policy)) {
      scalar = *next, ++escalations, confirming = false;
    } else {
      break;
    }
  }
  r.scalar = scalar;
  const bool above_band =
      r.judged.outcome == verdict::superconvergent || r.judged.code == verdict_code::unconfirmed_superconvergence;
  if (above_band && order_is_exact())
    r.judged = {verdict::inconclusive, verdict_code::pre_asymptotic,
                "pre-asymptotic: " + r.judged.reason + "; but the order-" + std::to_string(r.declared_order + 1) +
                    " conditions fail exactly, so the order-" + std::to_string(r.declared_order) +
                    " term has not yet overtaken the next one on these grids"};

  // The embedded pair's other weight set and the adaptive tolerance sweep, in the scalar and on
  // the grids the solution's measurement settled on.
  if (method.embedded_order && request.weights == weight_set::primary && request.tolerance_sweep) {
    r.kind = run_kind::adaptive;
    r.embedded_weights = measured(scalar, max_steps, weight_set::embedded).solution;
    r.adaptive = request.cache
                     ? request.cache->sweeps.get({&method, &problem_entry, scalar},
                                                 [&] { return tolerance_sweep(method, problem_entry, scalar); })
                     : tolerance_sweep(method, problem_entry, scalar);
  }
  r.reference_method = r.solution.reference_method;
  r.reference_digits = r.solution.reference_digits;
  r.error_constant_declared = error_constant_at(plain_points(r.solution), r.solution.fit, r.declared_order);
  return r;
}

}  // namespace orderly
