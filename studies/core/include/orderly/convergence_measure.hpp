#pragma once
// The measurement behind the convergence study: runs on a sequence of grids, errors against the
// reference, rounding told from truncation. Templates, for the studies (studies/) and for users'
// steppers (gtest.hpp).
#include <orderly/convergence.hpp>
#include <orderly/method_runner.hpp>
#include <orderly/quad_twin.hpp>
#include <orderly/reference_solution.hpp>

#include <cmath>
#include <limits>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

namespace orderly {

// The twin's runs are compiled once, with float128's, in the study library
// (studies/core/catalog_runs_float128.cpp).
extern template typed_problem<quad_twin> instantiate<quad_twin>(const problem_entry&);
extern template std::unique_ptr<bound_stepper<quad_twin>> make_stepper(const method_entry&,
                                                                       const typed_problem<quad_twin>&, weight_set);

namespace detail {

template <class T>
double distance(const state_of<T>& y, const state_of<mp50>& reference) {
  mp50 sum = 0;
  for (std::size_t i = 0; i < y.size(); ++i) {
    const mp50 d = mp50(y[i]) - reference[i];
    sum += d * d;
  }
  return static_cast<double>(sqrt(sum));
}

inline double max_abs(const state_of<mp50>& y) {
  double m = 0;
  for (const auto& v : y) m = std::max(m, std::fabs(static_cast<double>(v)));
  return m;
}

// Step counts N0, 2 N0, 4 N0, ...: every grid contains the coarser ones, so one dense reference
// on the finest grid serves every run.
inline std::vector<std::size_t> step_sequence(std::size_t min_steps, std::size_t max_steps) {
  std::vector<std::size_t> steps;
  for (std::size_t n = min_steps; n <= max_steps; n *= 2) steps.push_back(n);
  return steps;
}

// The scalar one step more precise than T, used to tell rounding from truncation: the same run
// in both precisions differs by T's rounding error alone.
template <class T>
struct more_precise {
  using type = void;
};
template <>
struct more_precise<double> {
  using type = long double;
};
template <>
struct more_precise<long double> {
  using type = float128;
};
template <>
struct more_precise<float128> {
  using type = quad_twin;
};
template <>
struct more_precise<mp50> {
  using type = high_precision;
};

// The error norm of a run's states against `target(k)` (the state it should have after step k+1).
template <class T, class Target>
double run_error(const fixed_step_run<T>& run, error_norm_kind norm, std::size_t n, Target&& target) {
  if (norm == error_norm_kind::final) return distance(run.final_state, target(n - 1));
  double sum = 0, worst = 0;
  for (std::size_t k = 0; k < n; ++k) {
    const double e = distance(run.states[k], target(k));
    sum += e * e;
    worst = std::max(worst, e);
  }
  return norm == error_norm_kind::l2 ? std::sqrt(sum / static_cast<double>(n)) : worst;
}

template <class U>
state_of<mp50> lift(const state_of<U>& y) {
  state_of<mp50> z;
  for (const auto& v : y) z.push_back(mp50(v));
  return z;
}

// A point on the round-off plateau: classified so, or below the policy's floor factor times its
// rounding estimate. The measurement stops after two such points, or after one whose rounding
// was measured (a run in the more precise scalar); the refinement then needs a more precise
// scalar, not finer grids.
inline bool on_roundoff_plateau(const convergence_point& point, const order_policy& policy) {
  return point.status == point_status::roundoff ||
         (point.status == point_status::ok && point.error < policy.roundoff_floor_factor * point.noise_floor);
}

// A point whose error is within the policy's shadow trigger of its rounding floor (the a-priori
// estimate, or the measured rounding once a twin run has replaced it): rounding may show in it.
inline bool near_its_rounding(const convergence_point& point, const order_policy& policy) {
  return point.noise_floor > 0 && point.error < policy.shadow_trigger_factor * point.noise_floor;
}

// What a fixed-step measurement takes besides the problem, its norm, its grids and its runner.
struct fixed_step_options {
  // Rerun a point within the policy's shadow trigger of its rounding estimate in the more precise
  // scalar (the runner must accept that scalar's problem too) to tell its rounding from truncation.
  bool shadow = false;
  // Receives the energy error's measurement (Hamiltonian problems with an invariant only).
  std::optional<order_measurement>* energy = nullptr;
  const order_policy& policy = default_order_policy();
  // Raw points of the same run (method, problem, weights, norm, scalar) already measured on some of
  // these grids: reused, not run again; every grid measured here is added.
  grid_points* known = nullptr;
  // The residual of the method's rounded coefficients in its order conditions: a floor of its own.
  double coefficient_residual = 0;
};

// One measurement on a sequence of grids: the reference and the floors it sets, computed once, and
// the points measured so far. Built and used by measure_fixed_steps, within its call.
template <class T, class Runner>
class fixed_step_measurement {
  using U = typename more_precise<T>::type;
  // A twin run needs a more precise scalar and a runner that accepts its problem.
  static constexpr bool can_shadow = [] {
    if constexpr (std::is_void_v<U>)
      return false;
    else
      return std::is_invocable_v<Runner&, const typed_problem<U>&, std::size_t, bool>;
  }();

 public:
  fixed_step_measurement(const problem_entry& entry, const typed_problem<T>& problem, error_norm_kind norm,
                         const std::vector<std::size_t>& steps, Runner& run_grid, const fixed_step_options& options)
      : problem_(problem),
        norm_(norm),
        steps_(steps),
        run_grid_(run_grid),
        options_(options),
        policy_(options.policy),
        dense_(norm != error_norm_kind::final),
        finest_(steps.back()),
        reference_(reference_at(entry, reference_times())),
        scale_(largest_component(reference_)),
        reference_error_(std::max(scale_, 1.0) * std::pow(10.0, -reference_.certified_digits)),
        eps_(static_cast<double>(std::numeric_limits<T>::epsilon())),
        track_energy_(options.energy && entry.info.hamiltonian && !problem.invariants.empty()),
        coefficient_floor_(coefficient_floor(options.coefficient_residual)) {
    if constexpr (can_shadow)
      if (options.shadow) precise_problem_ = instantiate<U>(entry);
    // Energy: the first invariant of a Hamiltonian problem, evaluated in mp50.
    if (track_energy_) energy_problem_ = instantiate<mp50>(entry);
    result_.reference_method = reference_.method;
    result_.reference_digits = reference_.certified_digits;
    result_.solution_scale = scale_;
  }

  // Measures the grids in turn until the sequence ends or the round-off plateau does, then fits.
  order_measurement measure() {
    measure_grids(grid_sequence());
    fit_points(result_);
    // (energy tested again: track_energy implies it, but GCC 12 loses that and warns of a null write.)
    if (track_energy_ && options_.energy) {
      fit_points(energy_result_);
      *options_.energy = std::move(energy_result_);
    }
    return std::move(result_);
  }

 private:
  // The reference's times: every point of the finest grid (dense norms) or the end only.
  std::vector<mp50> reference_times() const {
    std::vector<mp50> times;
    const mp50 t0 = mp50(problem_.t0), t1 = mp50(problem_.t_end);
    if (dense_)
      for (std::size_t k = 1; k <= finest_; ++k) times.push_back(t0 + (t1 - t0) * mp50(k) / mp50(finest_));
    else
      times.push_back(t1);
    return times;
  }

  static double largest_component(const reference_states& reference) {
    double scale = 0;
    for (const auto& s : reference.states) scale = std::max(scale, max_abs(s));
    return scale;
  }

  // The floor rounded coefficients set: their residual times the solution's size, over the
  // interval (a residual d in a condition of order q adds about d h^(q-1) |F| per unit of time).
  double coefficient_floor(double coefficient_residual) const {
    const double span = std::fabs(static_cast<double>(problem_.t_end - problem_.t0));
    return coefficient_residual * std::max(scale_, 1.0) * std::max(span, 1.0);
  }

  // The a-priori floor of a run of n steps: rounding eps |y| sqrt(N), plus the coefficients' floor.
  double rounding_estimate(std::size_t n) const {
    return eps_ * std::max(scale_, 1.0) * std::sqrt(static_cast<double>(n)) + coefficient_floor_;
  }

  // With the final-time norm the sequence may go on past its last grid (policy.extra_doublings
  // more) while the local slopes have not settled: high-order methods with small leading error
  // terms reach their asymptotic regime late. Dense norms keep the given grids, whose finest one
  // the dense reference was computed for. No grid exceeds the policy's step budget.
  std::vector<std::size_t> grid_sequence() const {
    std::vector<std::size_t> grids;
    for (std::size_t n : steps_)
      if (n <= policy_.max_budget_steps) grids.push_back(n);
    if (grids.empty())
      throw std::invalid_argument("no grid of the sequence is within the step budget of " +
                                  std::to_string(policy_.max_budget_steps) + " steps");
    if (!dense_)
      for (int k = 0; k < policy_.extra_doublings && grids.back() * 2 <= policy_.max_budget_steps; ++k)
        grids.push_back(grids.back() * 2);
    return grids;
  }

  // Whether the last two local slopes among the last three points are both usable and agree.
  bool settled() const {
    std::vector<double> slopes;
    const auto& pts = result_.points;
    for (std::size_t i = pts.size() >= 3 ? pts.size() - 3 : 0; i + 1 < pts.size(); ++i)
      if (pts[i].status == point_status::ok && pts[i + 1].status == point_status::ok)
        slopes.push_back(local_slope(pts[i], pts[i + 1]));
    return slopes.size() == 2 && std::fabs(slopes[1] - slopes[0]) <= settle_tolerance(slopes[1], policy_);
  }

  // Whether grid n would need a twin run: its error, extrapolated from the last two points' local
  // slope, falls within the shadow trigger of its rounding estimate. Only asked once the slopes
  // have settled, so the last two points are usable.
  bool would_need_twin(std::size_t n) const {
    if (!precise_problem_) return false;
    const auto& last = result_.points.back();
    const auto& previous = result_.points[result_.points.size() - 2];
    const double predicted =
        last.error * std::pow(2.0, -local_slope(previous, last) * std::log2(static_cast<double>(n) / last.steps));
    return predicted < policy_.shadow_trigger_factor * rounding_estimate(n);
  }

  // Each grid's points, measured or reused from the known ones, until the sequence ends: at the
  // second point on a floor, at a point whose rounding was measured, past the given grids once the
  // slopes settle, or before a grid that would need a twin run.
  void measure_grids(const std::vector<std::size_t>& grids) {
    grid_points scratch;
    grid_points& grids_measured = options_.known ? *options_.known : scratch;
    std::size_t floor_limited = 0;  // consecutive points at the round-off or reference floor
    for (std::size_t n : grids) {
      if (floor_limited >= 2) break;  // finer grids would only measure rounding
      if (n > steps_.back() && settled()) break;
      // Settled slopes above the rounding region are the window's evidence; a finer grid near its
      // rounding would cost a run in the more precise scalar (the measurement's most expensive run,
      // most of the gate's time) to add a point within the shadow trigger of rounding, where no
      // defect worth a verdict first shows (a defect's term grows against the truncation error by
      // 2^(p - q) per doubling, so stopping here loses a constant factor of sensitivity, not a class).
      if (settled() && would_need_twin(n)) {
        result_.stopped_short_of_rounding = true;
        break;
      }
      auto found = grids_measured.find(n);
      if (found == grids_measured.end()) found = grids_measured.emplace(n, measure_grid(n)).first;
      const grid_point& measured = found->second;
      const measured_point& point = measured.solution;
      const bool at_floor = point.status == point_status::below_reference || on_roundoff_plateau(point, policy_);
      floor_limited = at_floor ? floor_limited + 1 : 0;
      result_.points.push_back(point);
      energy_result_.points.push_back(measured.energy);
      // Measured rounding over the policy's fraction of the error ends the sequence at once: on the
      // next grid the truncation error is 2^p times smaller and the rounding, which accumulates over
      // the steps, is not, so that point could only be rounding again. An estimated floor (no
      // higher-precision run) needs the second point. (This point's twin run in the more precise
      // scalar is the measurement's most expensive run; the next grid's would cost twice as much.)
      if (point.status == point_status::roundoff) break;
    }
  }

  // One grid's run and its raw points: the solution's error against the reference, its rounding
  // told by a twin run when it may show, and the energy's error when tracked.
  grid_point measure_grid(std::size_t n) const {
    const auto run = run_grid_(problem_, n, dense_ || track_energy_);
    measured_point point;
    point.h = static_cast<double>((problem_.t_end - problem_.t0) / T(n));
    point.steps = n;
    point.rhs_evaluations = run.rhs_evaluations;
    point.noise_floor = rounding_estimate(n);
    measured_point energy_point = point;
    if (!run.stable) {
      point.status = energy_point.status = point_status::unstable;
      point.note = energy_point.note = run.failure;
      return grid_point{point, energy_point};
    }
    point.error = error_against_reference(run, n);
    if (point.error < policy_.reference_factor * reference_error_) {
      point.status = point_status::below_reference;
      point.note = "error within the reference factor of the reference's certified accuracy";
    }
    if constexpr (can_shadow)
      if (precise_problem_ && point.status == point_status::ok && near_its_rounding(point, policy_))
        tell_rounding_by_twin(point, run, n);
    if (track_energy_) measure_energy(energy_point, run, n);
    return grid_point{point, energy_point};
  }

  double error_against_reference(const fixed_step_run<T>& run, std::size_t n) const {
    const std::size_t stride = dense_ ? finest_ / n : 0;
    return run_error(run, norm_, n, [&](std::size_t k) -> const state_of<mp50>& {
      return dense_ ? reference_.states[(k + 1) * stride - 1] : reference_.states.back();
    });
  }

  // The same grid run in the more precise scalar: the two runs differ by the rounding alone, and if
  // it is over the policy's rounding fraction of the error the point is on the round-off plateau.
  void tell_rounding_by_twin(measured_point& point, const fixed_step_run<T>& run, std::size_t n) const {
    const auto twin = run_grid_(*precise_problem_, n, dense_);
    if (!twin.stable) return;
    const double rounding = run_error(run, norm_, n, [&](std::size_t k) {
      return lift(norm_ == error_norm_kind::final ? twin.final_state : twin.states[k]);
    });
    // The measured rounding replaces the a-priori estimate as this point's floor.
    point.noise_floor = std::max(rounding * policy_.rounding_fraction, coefficient_floor_);
    if (rounding > point.error * policy_.rounding_fraction) {
      point.status = point_status::roundoff;
      std::ostringstream note;
      note.precision(3);
      note << "rounding error " << rounding << " (from a run in higher precision) is over " << policy_.rounding_fraction
           << " of the error";
      point.note = note.str();
    }
  }

  // The largest drift of the first invariant over the run's recorded states, evaluated in mp50.
  void measure_energy(measured_point& energy_point, const fixed_step_run<T>& run, std::size_t n) const {
    const auto& H = energy_problem_->invariants.front().value;
    const mp50 h0 = H(mp50(problem_.t0), lift(problem_.y0));
    double worst = 0;
    for (std::size_t k = 0; k < run.states.size(); ++k) {
      const mp50 t = mp50(problem_.t0) + mp50(k + 1) * mp50(energy_point.h);
      worst = std::max(worst, std::fabs(static_cast<double>(H(t, lift(run.states[k])) - h0)));
    }
    energy_point.error = worst;
    energy_point.noise_floor =
        eps_ * std::max(1.0, std::fabs(static_cast<double>(h0))) * std::sqrt(static_cast<double>(n));
  }

  // The fit, and each point's status as the fit reclassified it.
  void fit_points(order_measurement& m) const {
    std::vector<convergence_point> plain(m.points.begin(), m.points.end());
    m.fit = fit_order(plain, policy_);
    for (std::size_t i = 0; i < plain.size(); ++i) m.points[i].status = plain[i].status;
  }

  const typed_problem<T>& problem_;
  const error_norm_kind norm_;
  const std::vector<std::size_t>& steps_;
  Runner& run_grid_;
  const fixed_step_options& options_;
  const order_policy& policy_;
  const bool dense_;
  const std::size_t finest_;
  const reference_states reference_;
  const double scale_;            // the largest component of the reference
  const double reference_error_;  // the reference's certified accuracy at that scale
  const double eps_;
  const bool track_energy_;
  const double coefficient_floor_;
  std::optional<typed_problem<std::conditional_t<std::is_void_v<U>, T, U>>> precise_problem_;
  std::optional<typed_problem<mp50>> energy_problem_;
  order_measurement result_, energy_result_;
};

// Runs `run_grid(problem, steps, record_states)` -> fixed_step_run on every grid and measures the
// errors against the reference. run_grid must accept typed_problem<T> and, when `options.shadow`
// is set, typed_problem<more_precise<T>> too: a point whose error is within the policy's shadow
// trigger of the rounding estimate eps |y| sqrt(N) is rerun in the more precise scalar, and if
// rounding makes up more than the policy's rounding fraction of its error it is on the round-off
// plateau. `options.energy`, when given, receives the energy error's measurement. `options.known`,
// when given, holds raw points of the same run already measured on some of these grids; they are
// reused, not run again, and every grid measured here is added. (With a dense norm a reused point
// was measured against reference states at the same times, computed for another finest grid: the
// same values to the reference's certified accuracy.)
template <class T, class Runner>
order_measurement measure_fixed_steps(const problem_entry& entry, const typed_problem<T>& problem, error_norm_kind norm,
                                      const std::vector<std::size_t>& steps, Runner&& run_grid,
                                      const fixed_step_options& options = {}) {
  return fixed_step_measurement<T, std::remove_reference_t<Runner>>(entry, problem, norm, steps, run_grid, options)
      .measure();
}

}  // namespace detail

}  // namespace orderly
