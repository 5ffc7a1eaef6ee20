#pragma once
// Runs any catalog method on any problem: fixed steps (every family) or adaptive steps (embedded
// pairs). The one place where the three kinds of method definition meet a problem; studies only
// ever call run_fixed_steps / run_adaptive.
#include <orderly/catalog.hpp>
#include <orderly/problem.hpp>
#include <orderly/step_control.hpp>

#include <cmath>
#include <cstdint>
#include <sstream>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

namespace orderly {

template <class T>
struct fixed_step_run {
  bool stable = true;
  std::string failure;  // "unstable at step n, t = ..." when not stable
  std::uint64_t rhs_evaluations = 0;
  state_of<T> final_state;
  std::vector<state_of<T>> states;  // y_1 .. y_N when recorded
};

// Whether a method can run on a problem at all (and why not).
inline std::string incompatibility(const method_entry& method, const problem_info& problem) {
  if (method.splitting() && !problem.separable) return method.name + " needs a separable Hamiltonian split; " +
                                                       problem.name + " has none";
  if (const auto* seed = method.seed(); seed && seed->needs_second_order && !problem.second_order)
    return method.name + " needs a second-order system y = (x, v); " + problem.name + " is not one";
  return {};
}

namespace detail {

// A state is declared unstable once it is no longer finite or has grown far beyond the problem's
// scale: the run stops there and the blow-up is reported as a result.
template <class T>
bool blown_up(const state_of<T>& y, const T& bound) {
  using std::abs;
  if (!all_finite(y)) return true;
  for (const auto& v : y)
    if (abs(v) > bound) return true;
  return false;
}

template <class T>
T blow_up_bound(const typed_problem<T>& problem) {
  using std::abs;
  T scale = 1;
  for (const auto& v : problem.y0) scale = std::max(scale, T(abs(v)));
  return scale * T(1e12);
}

}  // namespace detail

// Integrates `problem` over its default span with `steps` equal steps h = (t_end - t0) / steps,
// calling advance(t, y, h) for each step. Step n starts at t0 + (n - 1) h, computed from n (not
// accumulated), so all runs share grid times. A blow-up stops the run and is reported.
template <class T, class Advance>
fixed_step_run<T> drive_fixed_steps(const typed_problem<T>& problem, std::size_t steps, bool record_states,
                                    Advance&& advance) {
  fixed_step_run<T> run;
  const T h = (problem.t_end - problem.t0) / T(steps);
  const T bound = detail::blow_up_bound(problem);
  state_of<T> y = problem.y0;
  if (record_states) run.states.reserve(steps);
  for (std::size_t n = 1; n <= steps; ++n) {
    advance(problem.t0 + T(n - 1) * h, y, h);
    if (detail::blown_up(y, bound)) {
      std::ostringstream message;
      message << "unstable at step " << n << ", t = " << static_cast<double>(problem.t0 + T(n) * h);
      run.stable = false;
      run.failure = message.str();
      break;
    }
    if (record_states) run.states.push_back(y);
  }
  run.final_state = y;
  return run;
}

// The same for a catalog method (any family).
template <class T>
fixed_step_run<T> run_fixed_steps(const method_entry& method, const typed_problem<T>& problem, std::size_t steps,
                                  bool record_states, weight_set weights = weight_set::primary) {
  if (auto why = incompatibility(method, *problem.info); !why.empty()) throw std::invalid_argument(why);
  if (const auto* tableau = method.tableau()) {
    explicit_rk<state_of<T>> stepper(*tableau, weights);
    auto run = drive_fixed_steps(problem, steps, record_states,
                                 [&](const T& t, state_of<T>& y, const T& h) { stepper.step(problem.rhs, t, y, h); });
    run.rhs_evaluations = stepper.rhs_evaluations();
    return run;
  }
  if (const auto* splitting = method.splitting()) {
    const auto& split = *problem.split;
    const auto n = static_cast<long>(split.half_dimension);
    splitting_stepper<state_of<T>> stepper(*splitting);
    state_of<T> q, p;
    auto run = drive_fixed_steps(problem, steps, record_states, [&](const T& t, state_of<T>& y, const T& h) {
      q.assign(y.begin(), y.begin() + n);
      p.assign(y.begin() + n, y.end());
      stepper.step(split.force, split.velocity, t, q, p, h);
      std::copy(q.begin(), q.end(), y.begin());
      std::copy(p.begin(), p.end(), y.begin() + n);
    });
    run.rhs_evaluations = stepper.rhs_evaluations();
    return run;
  }
  const auto* seed = method.seed();
  // Seed specimens are reproduced in float, as their articles wrote them.
  if constexpr (std::is_same_v<T, float>) {
    std::uint64_t evaluations = 0;
    const rhs_function<float> counted = [&](const float& t, const state_of<float>& x, state_of<float>& dx) {
      ++evaluations;
      problem.rhs(t, x, dx);
    };
    auto run = drive_fixed_steps(problem, steps, record_states,
                                 [&](const T& t, state_of<T>& y, const T& h) { seed->step(counted, t, y, h); });
    run.rhs_evaluations = evaluations;
    return run;
  } else {
    throw std::invalid_argument(seed->name + " is a float specimen; run it with scalar float");
  }
}

template <class T>
struct adaptive_run {
  bool completed = true;
  std::string failure;
  state_of<T> final_state;
  step_control_stats stats;
};

template <class T>
adaptive_run<T> run_adaptive(const method_entry& method, const typed_problem<T>& problem, const T& tolerance) {
  const auto* tableau = method.tableau();
  if (!tableau || !tableau->embedded_order) throw std::invalid_argument(method.name + " is not an embedded pair");
  adaptive_run<T> run;
  explicit_rk<state_of<T>> stepper(*tableau);
  step_control_options<T> options;
  options.atol = tolerance;
  options.rtol = tolerance;
  run.final_state = problem.y0;
  try {
    run.stats = integrate_adaptive(stepper, problem.rhs, problem.t0, problem.t_end, run.final_state, options);
  } catch (const integration_failure& failure) {
    run.completed = false;
    run.failure = failure.what();
  }
  return run;
}

}  // namespace orderly
