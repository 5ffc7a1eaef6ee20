// The convergence study, compiled once: every scalar's instantiation of the measurement lives here.
#include <orderly/algebraic_check.hpp>
#include <orderly/convergence_measure.hpp>
#include <orderly/measurement_cache.hpp>
#include <orderly/scalar_ladder.hpp>

#include <algorithm>

namespace orderly {

namespace {

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

// The order policy a request runs under: a finest grid the request names (the CLI's --max-steps)
// bounds every grid, so no doubling past it, neither automatic nor a refinement's.
order_policy policy_for(const convergence_request& request) {
  order_policy policy = default_order_policy();
  if (request.max_steps != 0) policy.extra_doublings = 0;
  return policy;
}

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

// What an inconclusive run does next, once judged.
enum class refinement_move { stop, confirm_in_more_precise_scalar, more_precise_scalar, finer_grids };

// One study of a method on a problem: the request, the scalar and finest grid of the current
// measurement, every grid measured so far, and the refinements made.
class convergence_run {
 public:
  explicit convergence_run(const convergence_request& request)
      : request_(request),
        method_(*request.method),
        problem_entry_(*request.problem),
        policy_(policy_for(request)),
        min_steps_(request.min_steps ? request.min_steps : 4),
        max_steps_(request.max_steps ? request.max_steps : default_finest_grid),
        // A method with a native scalar (a seed specimen: its article's float code) is measured in
        // it and never escalated.
        scalar_(method_.native_scalar().value_or(request.scalar)),
        shadow_(method_.has_roundoff_shadow()) {}

  // The run described, measured and refined until conclusive or out of budget, then completed.
  convergence_result study() {
    convergence_result r = described_run();
    start_in_double_when_clear();
    refine_until_conclusive(r);
    r.scalar = scalar_;
    temper_superconvergence(r);
    measure_pair_extras(r);
    r.reference_method = r.solution.reference_method;
    r.reference_digits = r.solution.reference_digits;
    r.error_constant_declared = error_constant_at(plain_points(r.solution), r.solution.fit, r.declared_order);
    return r;
  }

 private:
  // What the result says of the run before any measurement: method, problem, norm, declared orders,
  // and a seed specimen's source.
  convergence_result described_run() const {
    convergence_result r;
    r.policy = policy_;
    r.method = method_.name;
    r.method_title = method_.title;
    r.family = method_.family;
    r.problem = problem_entry_.info.name;
    r.problem_description = problem_entry_.info.description;
    r.norm = request_.norm;
    r.kind = run_kind::fixed_step;
    r.weights = request_.weights;
    r.declared_order = request_.weights == weight_set::primary ? method_.order : method_.embedded_order.value_or(0);
    r.embedded_declared_order = method_.embedded_order.value_or(0);
    if (const auto* seed = method_.seed()) {
      r.seed_source = seed->source;
      r.seed_description = seed->description;
    }
    return r;
  }

  cached_measurement measure_now(scalar_kind kind, std::size_t finest, weight_set weights) {
    cached_measurement made;
    made.grids = known_[{kind, weights}];
    const auto steps = detail::step_sequence(min_steps_, finest);
    with_scalar(kind, [&](auto zero) {
      using T = decltype(zero);
      const auto problem = instantiate<T>(problem_entry_);
      auto grid = [&](const auto& typed, std::size_t n, bool record) {
        return run_fixed_steps(method_, typed, n, record, weights);
      };
      // Energy is measured for symplectic methods, whose bounded energy error is their point.
      made.solution = detail::measure_fixed_steps(problem_entry_, problem, request_.norm, steps, grid,
                                                  {.shadow = shadow_,
                                                   .energy = method_.splitting() ? &made.energy : nullptr,
                                                   .policy = policy_,
                                                   .known = &made.grids,
                                                   .coefficient_residual = method_.coefficient_residual});
    });
    return made;
  }

  // The suite's measurement when a cache is shared, else one made now; its grids join the known ones.
  cached_measurement measured(scalar_kind kind, std::size_t finest, weight_set weights) {
    auto made = request_.cache ? request_.cache->fixed_steps.get(
                                     {&method_, &problem_entry_, weights, request_.norm, kind, min_steps_, finest},
                                     [&] { return measure_now(kind, finest, weights); })
                               : measure_now(kind, finest, weights);
    known_[{kind, weights}].insert(made.grids.begin(), made.grids.end());
    return made;
  }

  // A measured superconvergence of a method whose order conditions give exactly the declared order
  // (checked up to declared + 1) is a pre-asymptotic range where the next term still dominates,
  // on a generic problem; the verdict says so instead of claiming a higher order. Refining such a
  // run means reaching the asymptotic range (finer grids, in a scalar whose round-off allows them);
  // confirming it in a more precise scalar on the same grids could not change the verdict.
  bool order_is_exact() {
    if (!exact_order_) {
      const auto algebra = check_declared_order(method_, request_.weights);
      exact_order_ = algebra && algebra->passes();
    }
    return *exact_order_;
  }

  // A request that allows it starts in double and stays there when that measurement is clear of
  // rounding; the loop's first measurement then reuses its grids.
  void start_in_double_when_clear() {
    if (request_.double_when_clear && scalar_ != scalar_kind::float64 && shadow_ &&
        clear_of_rounding(measured(scalar_kind::float64, max_steps_, request_.weights).solution, policy_))
      scalar_ = scalar_kind::float64;
  }

  // Measure, judge, and refine an inconclusive run within the policy's budget: a window cut by
  // round-off goes to a more precise scalar first (finer grids in the same scalar would only
  // measure more rounding), otherwise finer grids once, then more precise scalars if rounding shows
  // in the measurement at all (a run clear of rounding measures the same errors in any more precise
  // scalar, at many times the cost).
  void refine_until_conclusive(convergence_result& r) {
    bool confirming = false;
    for (;;) {
      auto made = measured(scalar_, max_steps_, request_.weights);
      r.solution = std::move(made.solution);
      r.energy = std::move(made.energy);
      const auto points = plain_points(r.solution);
      r.judged = judge_order(points, r.solution.fit, r.declared_order, r.solution.solution_scale, confirming, policy_);
      r.refinement.push_back({.scalar = std::string(scalar_name(scalar_)),
                              .max_steps = max_steps_,
                              .finest_steps = r.solution.points.empty() ? 0 : r.solution.points.back().steps,
                              .judged = r.judged});
      if (!request_.refine || r.judged.outcome != verdict::inconclusive) return;
      switch (next_move(r, points)) {
        case refinement_move::stop:
          return;
        case refinement_move::confirm_in_more_precise_scalar:
          scalar_ = *escalation_of(scalar_), ++escalations_, confirming = true;
          break;
        case refinement_move::more_precise_scalar:
          scalar_ = *escalation_of(scalar_), ++escalations_, confirming = false;
          break;
        case refinement_move::finer_grids:
          max_steps_ *= refinement_grid_factor, extended_ = true;
          break;
      }
    }
  }

  // The refinement an inconclusive verdict asks for, within what the budget and the method's
  // coefficients allow.
  refinement_move next_move(const convergence_result& r, const std::vector<convergence_point>& points) {
    const auto code = r.judged.code;
    const auto next = escalation_of(scalar_);
    // Never beyond the precision of the method's coefficients (published decimals).
    const bool can_escalate =
        !method_.native_scalar() && next && method_.resolved_in(*next) && escalations_ < policy_.max_scalar_escalations;
    // A finest grid the request names (the CLI's --max-steps) is a bound, never extended.
    const bool can_extend =
        !extended_ && request_.max_steps == 0 && max_steps_ * refinement_grid_factor <= policy_.max_budget_steps;
    // Grids that stopped short of rounding were cut by it as much as grids that reached it.
    const bool cut_by_roundoff = r.solution.stopped_short_of_rounding ||
                                 (!points.empty() && detail::on_roundoff_plateau(points.back(), policy_));
    const bool above_exact_order = code == verdict_code::unconfirmed_superconvergence && order_is_exact();
    if (code == verdict_code::unconfirmed_superconvergence && !above_exact_order)
      return can_escalate ? refinement_move::confirm_in_more_precise_scalar : refinement_move::stop;
    if ((more_precision_helps(code) || above_exact_order) && can_escalate && cut_by_roundoff)
      return refinement_move::more_precise_scalar;
    if ((finer_grids_help(code) || above_exact_order) && can_extend) return refinement_move::finer_grids;
    if (more_precision_helps(code) && !above_exact_order && can_escalate && rounding_visible(points, policy_))
      return refinement_move::more_precise_scalar;
    return refinement_move::stop;
  }

  // A superconvergence of a method whose order is exact is reported as the pre-asymptotic range it is.
  void temper_superconvergence(convergence_result& r) {
    const bool above_band =
        r.judged.outcome == verdict::superconvergent || r.judged.code == verdict_code::unconfirmed_superconvergence;
    if (above_band && order_is_exact())
      r.judged = {verdict::inconclusive, verdict_code::pre_asymptotic,
                  "pre-asymptotic: " + r.judged.reason + "; but the order-" + std::to_string(r.declared_order + 1) +
                      " conditions fail exactly, so the order-" + std::to_string(r.declared_order) +
                      " term has not yet overtaken the next one on these grids"};
  }

  // The embedded pair's other weight set and the adaptive tolerance sweep, in the scalar and on
  // the grids the solution's measurement settled on.
  void measure_pair_extras(convergence_result& r) {
    if (!method_.embedded_order || request_.weights != weight_set::primary || !request_.tolerance_sweep) return;
    r.kind = run_kind::adaptive;
    r.embedded_weights = measured(scalar_, max_steps_, weight_set::embedded).solution;
    r.adaptive = request_.cache
                     ? request_.cache->sweeps.get({&method_, &problem_entry_, scalar_},
                                                  [&] { return tolerance_sweep(method_, problem_entry_, scalar_); })
                     : tolerance_sweep(method_, problem_entry_, scalar_);
  }

  const convergence_request& request_;
  const method_entry& method_;
  const problem_entry& problem_entry_;
  const order_policy policy_;
  const std::size_t min_steps_;
  std::size_t max_steps_;
  scalar_kind scalar_;
  const bool shadow_;  // twin runs tell rounding (never for seed specimens, measured in float only)
  // Every grid this job has measured, by scalar and weight set: a refinement on more grids in the
  // same scalar reuses them (the runs are deterministic), so extending a run costs only its new grids.
  std::map<std::pair<scalar_kind, weight_set>, grid_points> known_;
  std::optional<bool> exact_order_;  // order_is_exact, once asked
  int escalations_ = 0;
  bool extended_ = false;
};

}  // namespace

convergence_result study_convergence(const convergence_request& request) {
  if (auto why = incompatibility(*request.method, request.problem->info); !why.empty())
    throw std::invalid_argument(why);
  return convergence_run(request).study();
}

}  // namespace orderly
