#pragma once
// The convergence-order study: one method, one problem, one scalar, one norm -> a plain result
// struct (points, fit, verdict) that the CLI writes as JSON and the gate compares with a baseline.
#include <orderly/method_runner.hpp>
#include <orderly/order_fit.hpp>
#include <orderly/problem_catalog.hpp>
#include <orderly/reference_solution.hpp>

#include <cmath>
#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace orderly {

enum class error_norm_kind { final, l2, linf };

inline const char* norm_name(error_norm_kind n) {
  return n == error_norm_kind::final ? "final" : n == error_norm_kind::l2 ? "l2" : "linf";
}

struct convergence_request {
  const method_entry* method = nullptr;
  const problem_entry* problem = nullptr;
  scalar_kind scalar = scalar_kind::float64;
  error_norm_kind norm = error_norm_kind::final;
  weight_set weights = weight_set::primary;
  std::size_t min_steps = 0;  // 0: automatic (see step_sequence)
  std::size_t max_steps = 0;
  bool tolerance_sweep = true;  // embedded pairs: also run the adaptive tolerance sweep
};

struct measured_point : convergence_point {
  std::size_t steps = 0;
  std::uint64_t rhs_evaluations = 0;
  std::string note;
};

struct order_measurement {
  std::vector<measured_point> points;
  order_fit fit;
  std::string reference_method;
  double reference_digits = 0;
};

struct adaptive_point {
  double tolerance = 0, error = 0;
  std::uint64_t rhs_evaluations = 0, accepted = 0, rejected = 0;
  point_status status = point_status::ok;
  std::string note;
};

struct convergence_result {
  std::string method, method_title, family, problem, problem_description, scalar, norm, kind, weights;
  int declared_order = 0;
  int embedded_declared_order = 0;
  std::string seed_source, seed_description;  // seed specimens only
  order_measurement solution;                 // error of the solution against h
  std::optional<order_measurement> energy;    // splitting methods on Hamiltonian problems
  std::vector<adaptive_point> adaptive;       // embedded pairs: tolerance sweep
  std::optional<order_measurement> embedded_weights;  // embedded pairs: fixed steps with b_hat
  double error_constant_declared = 0;         // C with p fixed to the declared order
  std::string verdict, verdict_reason;
  std::string reference_method;
  double reference_digits = 0;
};

// Verdict against the declared order: below p - 0.15 fails, above p + 0.5 is superconvergence
// (a failure for the gate unless declared).
inline void judge(convergence_result& r) {
  const auto& fit = r.solution.fit;
  if (!fit.found) {
    r.verdict = "inconclusive";
    r.verdict_reason = fit.reason;
    return;
  }
  const double p = r.declared_order, m = fit.order;
  char text[160];
  std::snprintf(text, sizeof text, "measured %.3f +- %.3f against declared %d", m, fit.uncertainty, r.declared_order);
  r.verdict_reason = text;
  r.verdict = m < p - 0.15 ? "fail" : m > p + 0.5 ? "superconvergent" : "pass";
}

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

// Runs `run(steps, record_states)` -> fixed_step_run<T> on every grid and measures the errors
// against the reference; `energy`, when given, also receives the energy error's measurement.
template <class T, class Runner>
order_measurement measure_fixed_steps(const problem_entry& entry, const typed_problem<T>& problem,
                                      error_norm_kind norm, const std::vector<std::size_t>& steps, Runner&& run_grid,
                                      std::optional<order_measurement>* energy) {
  const bool dense = norm != error_norm_kind::final;
  const std::size_t finest = steps.back();
  // Reference on the finest grid (dense norms) or at the end only.
  std::vector<mp50> times;
  const mp50 t0 = mp50(problem.t0), t1 = mp50(problem.t_end);
  if (dense)
    for (std::size_t k = 1; k <= finest; ++k) times.push_back(t0 + (t1 - t0) * mp50(k) / mp50(finest));
  else
    times.push_back(t1);
  const reference_states reference = reference_at(entry, times);
  double scale = 0;
  for (const auto& s : reference.states) scale = std::max(scale, max_abs(s));
  const double reference_error = std::max(scale, 1.0) * std::pow(10.0, -reference.certified_digits);
  const double eps = static_cast<double>(std::numeric_limits<T>::epsilon());

  // Energy: the first invariant of a Hamiltonian problem, evaluated in mp50.
  const bool track_energy = energy && entry.info.hamiltonian && !problem.invariants.empty();
  std::optional<typed_problem<mp50>> precise;
  if (track_energy) precise = instantiate<mp50>(entry);

  order_measurement result, energy_result;
  result.reference_method = reference.method;
  result.reference_digits = reference.certified_digits;
  std::size_t floor_limited = 0;  // consecutive points at the round-off or reference floor
  for (std::size_t n : steps) {
    if (floor_limited >= 2) break;  // finer grids would only measure rounding
    const auto run = run_grid(n, dense || track_energy);
    measured_point point;
    point.h = static_cast<double>((problem.t_end - problem.t0) / T(n));
    point.steps = n;
    point.rhs_evaluations = run.rhs_evaluations;
    point.noise_floor = eps * std::max(scale, 1.0) * std::sqrt(static_cast<double>(n));
    measured_point energy_point = point;
    if (!run.stable) {
      point.status = energy_point.status = point_status::unstable;
      point.note = energy_point.note = run.failure;
    } else {
      if (norm == error_norm_kind::final) {
        point.error = distance(run.final_state, reference.states.back());
      } else {
        const std::size_t stride = finest / n;
        double sum = 0, worst = 0;
        for (std::size_t k = 0; k < n; ++k) {
          const double e = distance(run.states[k], reference.states[(k + 1) * stride - 1]);
          sum += e * e;
          worst = std::max(worst, e);
        }
        point.error = norm == error_norm_kind::l2 ? std::sqrt(sum / static_cast<double>(n)) : worst;
      }
      if (point.error < 1000 * reference_error) {
        point.status = point_status::below_reference;
        point.note = "error within 1000x of the reference's certified accuracy";
      }
      if (track_energy) {
        const auto& H = precise->invariants.front().value;
        auto lift = [](const state_of<T>& y) { return state_of<mp50>(y.begin(), y.end()); };
        const mp50 h0 = H(mp50(problem.t0), lift(problem.y0));
        double worst = 0;
        for (std::size_t k = 0; k < run.states.size(); ++k) {
          const mp50 t = mp50(problem.t0) + mp50(k + 1) * mp50(point.h);
          worst = std::max(worst, std::fabs(static_cast<double>(H(t, lift(run.states[k])) - h0)));
        }
        energy_point.error = worst;
        energy_point.noise_floor = eps * std::max(1.0, std::fabs(static_cast<double>(h0))) *
                                   std::sqrt(static_cast<double>(n));
      }
    }
    const bool at_floor = point.status == point_status::below_reference ||
                          (point.status == point_status::ok && point.error < 10 * point.noise_floor);
    floor_limited = at_floor ? floor_limited + 1 : 0;
    result.points.push_back(point);
    energy_result.points.push_back(energy_point);
  }
  auto fit_points = [](order_measurement& m) {
    std::vector<convergence_point> plain(m.points.begin(), m.points.end());
    m.fit = fit_order(plain);
    for (std::size_t i = 0; i < plain.size(); ++i) m.points[i].status = plain[i].status;
  };
  fit_points(result);
  if (track_energy) {
    fit_points(energy_result);
    *energy = std::move(energy_result);
  }
  return result;
}

}  // namespace detail

// Default step counts: from 4 (or the problem's own coarsest sensible grid) doubling up to 2^16,
// cut short once the errors have reached the round-off plateau or the reference's accuracy.
inline convergence_result study_convergence(const convergence_request& request) {
  const auto& method = *request.method;
  const auto& problem_entry = *request.problem;
  if (auto why = incompatibility(method, problem_entry.info); !why.empty()) throw std::invalid_argument(why);
  const scalar_kind scalar = method.seed() ? scalar_kind::float32 : request.scalar;

  convergence_result r;
  r.method = method.name;
  r.method_title = method.title;
  r.family = method.family;
  r.problem = problem_entry.info.name;
  r.problem_description = problem_entry.info.description;
  r.scalar = std::string(scalar_name(scalar));
  r.norm = norm_name(request.norm);
  r.kind = "fixed-step";
  r.weights = request.weights == weight_set::primary ? "primary" : "embedded";
  r.declared_order = request.weights == weight_set::primary ? method.order : method.embedded_order.value_or(0);
  r.embedded_declared_order = method.embedded_order.value_or(0);
  if (const auto* seed = method.seed()) {
    r.seed_source = seed->source;
    r.seed_description = seed->description;
  }

  const std::size_t min_steps = request.min_steps ? request.min_steps : 4;
  const std::size_t max_steps = request.max_steps ? request.max_steps : (std::size_t{1} << 14);
  const auto steps = detail::step_sequence(min_steps, max_steps);

  with_scalar(scalar, [&](auto zero) {
    using T = decltype(zero);
    const auto problem = instantiate<T>(problem_entry);
    auto grid = [&](weight_set weights) {
      return [&, weights](std::size_t n, bool record) { return run_fixed_steps(method, problem, n, record, weights); };
    };
    // Energy is measured for symplectic methods, whose bounded energy error is their point.
    r.solution = detail::measure_fixed_steps(problem_entry, problem, request.norm, steps, grid(request.weights),
                                             method.splitting() ? &r.energy : nullptr);
    if (method.embedded_order && request.weights == weight_set::primary && request.tolerance_sweep) {
      r.kind = "adaptive";
      r.embedded_weights =
          detail::measure_fixed_steps(problem_entry, problem, request.norm, steps, grid(weight_set::embedded), nullptr);
      // Tolerance sweep: 1e-3 down to 1000 eps (no tolerance below what the scalar can honour).
      const auto reference = reference_at(problem_entry, {mp50(problem.t_end)});
      const double floor = 1000 * static_cast<double>(std::numeric_limits<T>::epsilon());
      for (int k = 3; std::pow(10.0, -k) >= floor && k <= 40; ++k) {
        const T tolerance = T(1) / pow(T(10), k);
        const auto run = run_adaptive(method, problem, tolerance);
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
        r.adaptive.push_back(point);
        if (point.rhs_evaluations > 5000000) break;
      }
    }
  });
  r.reference_method = r.solution.reference_method;
  r.reference_digits = r.solution.reference_digits;
  r.error_constant_declared = error_constant_at(
      std::vector<convergence_point>(r.solution.points.begin(), r.solution.points.end()), r.solution.fit,
      r.declared_order);
  judge(r);
  return r;
}

}  // namespace orderly
