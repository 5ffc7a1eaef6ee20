// The reference computations of reference_solution.hpp, compiled once: odeint's extrapolation in
// 50 and 60 digits, the Radau IIA solver of the stiff references, the closed forms in 50 and 60.
#include <orderly/extrapolation_reference.hpp>
#include <orderly/reference_solution.hpp>
#include <orderly/shared_results.hpp>
#include <orderly/problem_types.hpp>
#include <orderly/stiff_reference.hpp>

#include <algorithm>
#include <chrono>
#include <future>
#include <limits>
#include <optional>
#include <utility>
#include <vector>

namespace orderly {

namespace {

// Ascending, duplicate-free output times, each >= t0; `order[k]` maps request k to its slot.
std::vector<mp50> sorted_times(const std::vector<mp50>& requested, std::vector<std::size_t>& order) {
  std::vector<mp50> unique = requested;
  std::sort(unique.begin(), unique.end());
  unique.erase(std::unique(unique.begin(), unique.end()), unique.end());
  order.clear();
  for (const auto& t : requested)
    order.push_back(static_cast<std::size_t>(std::lower_bound(unique.begin(), unique.end(), t) - unique.begin()));
  return unique;
}

}  // namespace

reference_states compute_nonstiff_reference(const problem_entry& entry, const std::vector<mp50>& requested,
                                            const nonstiff_reference_settings& settings) {
  const auto start = std::chrono::steady_clock::now();
  std::vector<std::size_t> order;
  const auto times50 = sorted_times(requested, order);
  const std::vector<mp60> times60(times50.begin(), times50.end());  // the same times, widened exactly
  const auto coarse_problem = instantiate<mp50>(entry);
  const auto fine_problem = instantiate<mp60>(entry);
  high_precision tolerance = problems::parse_value(settings.tolerance);
  high_precision check_tolerance = problems::parse_value(settings.check_tolerance);
  reference_states result;
  for (int attempt = 1; attempt <= settings.max_attempts; ++attempt) {
    auto coarse = std::async(std::launch::async,
                             [&] { return integrate_extrapolation(coarse_problem, times50, mp50(tolerance)); });
    span_progress<mp60> progress(settings.progress, fine_problem.t0, times60.back(), attempt, settings.max_attempts);
    const auto fine = integrate_extrapolation(fine_problem, times60, mp60(check_tolerance), nullptr, &progress);
    const auto coarse_states = coarse.get();
    result = reference_states{};
    result.times = requested;
    result.certified_digits = std::numeric_limits<mp50>::digits10;
    for (std::size_t k = 0; k < requested.size(); ++k) {
      const auto& reference = fine[order[k]];
      state_of<mp50> state;
      for (const auto& x : reference) state.push_back(mp50(x));
      result.states.push_back(state);
      result.certified_digits =
          std::min(result.certified_digits, agreement_digits_floor(coarse_states[order[k]], reference, mp60(0)));
    }
    result.method =
        "Gragg-Bulirsch-Stoer extrapolation (odeint bulirsch_stoer, order <= 16): reference cpp_bin_float<60> "
        "at tol " +
        check_tolerance.str(3) + ", certified against cpp_bin_float_50 at tol " + tolerance.str(3) + " (abs = rel)";
    if (result.certified_digits >= settings.target_digits) break;
    tolerance *= problems::parse_value(settings.tighten);
    check_tolerance *= problems::parse_value(settings.tighten);
  }
  result.origin = "computed";
  result.compute_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

reference_states compute_stiff_reference_states(const problem_entry& entry, const std::vector<mp50>& requested,
                                                const reference_progress& progress) {
  std::vector<std::size_t> order;
  const auto times = sorted_times(requested, order);
  stiff_reference_settings settings;
  settings.progress = progress;
  const auto stiff = compute_stiff_reference(entry.info.name, times, settings);
  reference_states result;
  result.times = requested;
  for (std::size_t k = 0; k < requested.size(); ++k) result.states.push_back(stiff.states[order[k]]);
  result.certified_digits = stiff.certified_digits;
  result.method = stiff.method;
  result.origin = "computed";
  result.compute_seconds = stiff.seconds;
  return result;
}

double time_resolution_digits(const typed_problem<mp50>& problem, const mp50& t, const state_of<mp50>& y) {
  state_of<mp50> slope(y.size());
  problem.rhs(t, y, slope);
  mp50 rate = 0, size = 0;
  for (std::size_t i = 0; i < y.size(); ++i) {
    rate = std::max(rate, mp50(abs(slope[i])));
    size = std::max(size, mp50(abs(y[i])));
  }
  const mp50 moved = abs(t) * std::numeric_limits<mp50>::epsilon() * rate;
  if (moved == 0) return std::numeric_limits<mp50>::digits10;
  if (size == 0) size = 1;
  return std::max(0.0, static_cast<double>(-log10(moved / size)));
}

reference_states exact_reference(const problem_entry& entry, const std::vector<mp50>& times) {
  const auto p50 = instantiate<mp50>(entry);
  const auto p60 = instantiate<mp60>(entry);
  if (!p50.exact) throw std::logic_error(entry.info.name + " has no closed-form solution");
  reference_states result;
  result.times = times;
  result.certified_digits = std::numeric_limits<mp50>::digits10;
  for (const auto& t : times) {
    result.states.push_back(p50.exact(t));
    result.certified_digits =
        std::min(result.certified_digits, agreement_digits_floor(result.states.back(), p60.exact(mp60(t)), mp60(0)));
    result.certified_digits = std::min(result.certified_digits, time_resolution_digits(p50, t, result.states.back()));
  }
  result.method = "exact (closed form evaluated in cpp_bin_float_50, checked against 60 digits)";
  result.origin = "exact";
  return result;
}

namespace {

// How far a requested time may lie from a stored one to be reached by stepping across the gap,
// relative to |t|: rounding a time to double or long double moves it by at most 2^-53 |t|; a
// float's rounding (2^-24) is left to a fresh computation.
constexpr double step_across_relative_gap = 1e-12;

// Classical Runge-Kutta (odeint's runge_kutta4) in mp50 from (from, y) to `to` in `steps` equal
// steps. Over a gap g <= step_across_relative_gap |t| a step's error is of the order g^5 |y^(5)|
// (below 1e-50 |y^(5)| for Arenstorf's g <= 2e-11): nothing next to a stored certificate.
state_of<mp50> step_across(const typed_problem<mp50>& problem, const mp50& from, state_of<mp50> y, const mp50& to,
                           int steps) {
  namespace odeint = boost::numeric::odeint;
  odeint::runge_kutta4<state_of<mp50>, mp50, state_of<mp50>, mp50> rk4;
  const auto system = [&problem](const state_of<mp50>& x, state_of<mp50>& dxdt, const mp50& t) {
    problem.rhs(t, x, dxdt);
  };
  const mp50 h = (to - from) / steps;
  for (int k = 0; k < steps; ++k) rk4.do_step(system, y, from + k * h, h);
  return y;
}

}  // namespace

std::optional<reference_states> stored_reference_at(const problem_entry& entry, const reference_states& stored,
                                                    const std::vector<mp50>& times) {
  reference_states r = stored;
  r.times = times;
  r.states.clear();
  std::optional<typed_problem<mp50>> problem;  // made only when a gap is crossed
  bool crossed = false;
  for (const auto& t : times) {
    const auto nearest = std::min_element(stored.times.begin(), stored.times.end(),
                                          [&t](const mp50& a, const mp50& b) { return abs(a - t) < abs(b - t); });
    if (nearest == stored.times.end()) return std::nullopt;
    const auto& y = stored.states[static_cast<std::size_t>(nearest - stored.times.begin())];
    if (*nearest == t) {
      r.states.push_back(y);
      continue;
    }
    if (!(abs(t - *nearest) <= mp50(step_across_relative_gap) * abs(t))) return std::nullopt;  // NaN: no
    // Certified as the computed references are, by a second computation that must agree: one
    // step against two half steps (the latter kept).
    if (!problem) problem = instantiate<mp50>(entry);
    const auto one = step_across(*problem, *nearest, y, t, 1);
    r.states.push_back(step_across(*problem, *nearest, y, t, 2));
    r.certified_digits = std::min(r.certified_digits, agreement_digits_floor(one, r.states.back(), mp50(0)));
    crossed = true;
  }
  if (crossed)
    r.method +=
        "; at a time within rounding of the stored one, reached from the stored state by classical "
        "Runge-Kutta in cpp_bin_float_50 (one step against two half steps)";
  return r;
}

reference_states compute_reference(const problem_entry& entry, const std::vector<mp50>& times,
                                   const reference_progress& progress) {
  if (entry.info.stiff) return compute_stiff_reference_states(entry, times, progress);
  nonstiff_reference_settings settings;
  settings.progress = progress;
  return compute_nonstiff_reference(entry, times, settings);
}

mp50 default_end_time(const problem_entry& entry) { return instantiate<mp50>(entry).t_end; }

// Kept for the process: a study asks for the same dense output times (or a float run's t_end, too
// far from the stored one to step across) in each measurement and sweep, and a suite's jobs ask for
// the same few, each a pair of extrapolation runs in 50 and 60 digits taking seconds.
reference_states computed_reference(const problem_entry& entry, const std::vector<mp50>& times,
                                    const reference_progress& progress) {
  static shared_results<std::pair<const problem_entry*, std::vector<mp50>>, reference_states> computed;
  return computed.get({&entry, times}, [&] { return compute_reference(entry, times, progress); });
}

}  // namespace orderly
