#pragma once
// The convergence study's runs: a catalog method on a problem's default span, fixed steps on a
// grid (every family, through stepper_factory.hpp and driver.hpp) or adaptive steps (embedded
// pairs).
#include <orderly/catalog.hpp>
#include <orderly/driver.hpp>
#include <orderly/problem.hpp>
#include <orderly/step_control.hpp>
#include <orderly/stepper_factory.hpp>

#include <cmath>
#include <cstdint>
#include <functional>
#include <memory>
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

// Integrates `problem` over its default span with `steps` equal steps h = (t_end - t0) / steps,
// recording y_1 .. y_N when asked (the convergence study's dense norms need them).
template <class T, class Stepper>
fixed_step_run<T> run_on_grid(Stepper& stepper, const typed_problem<T>& problem, std::size_t steps,
                              bool record_states) {
  fixed_step_run<T> run;
  if (record_states) run.states.reserve(steps);
  const T h = (problem.t_end - problem.t0) / T(steps);
  auto outcome = drive_fixed(stepper, problem, h, steps, [&](std::size_t, const T&, const state_of<T>& y) {
    if (record_states) run.states.push_back(y);
  });
  run.stable = outcome.stable;
  run.failure = std::move(outcome.failure);
  run.rhs_evaluations = outcome.work.rhs_evaluations;
  run.final_state = std::move(outcome.final_state);
  return run;
}

// The same for a stepper given as a callable advance(t, y, h) (a user's or another library's).
template <class T, class Advance>
fixed_step_run<T> drive_fixed_steps(const typed_problem<T>& problem, std::size_t steps, bool record_states,
                                    Advance&& advance) {
  struct callable_stepper {
    Advance& advance;
    void step(const T& t, state_of<T>& y, const T& h) { advance(t, y, h); }
  } stepper{advance};
  return run_on_grid(stepper, problem, steps, record_states);
}

// The same for a catalog method (any family).
template <class T>
fixed_step_run<T> run_fixed_steps(const method_entry& method, const typed_problem<T>& problem, std::size_t steps,
                                  bool record_states, weight_set weights = weight_set::primary) {
  const auto stepper = make_stepper(method, problem, weights);
  return run_on_grid(*stepper, problem, steps, record_states);
}

template <class T>
struct adaptive_run {
  bool completed = true;
  std::string failure;
  state_of<T> final_state;
  step_control_stats stats;
};

// Adaptive runs of an embedded pair (atol = rtol = tolerance): explicit pairs on their compiled
// stepper where one exists (visit_explicit_stepper), as the fixed-step runs are; Rosenbrock pairs
// with the problem's Jacobian. The runner builds the stepper once (its coefficients rounded
// to T once: 26 us for dopri54 in double, more than a whole run at a loose tolerance on Arenstorf)
// and each call integrates from the problem's initial state with the stepper reset, so a run does
// not depend on the runs before it. `problem` must outlive the runner.
template <class T>
using adaptive_runner = std::function<adaptive_run<T>(const T& tolerance)>;

template <class T>
adaptive_runner<T> make_adaptive_runner(const method_entry& method, const typed_problem<T>& problem) {
  return visit_adaptive_stepper(method, problem, [&problem]<class Stepper>(Stepper&& built) -> adaptive_runner<T> {
    auto stepper = std::make_shared<std::remove_cvref_t<Stepper>>(std::forward<Stepper>(built));
    return [&problem, stepper](const T& tolerance) {
      adaptive_run<T> run;
      step_control_options<T> options;
      options.atol = tolerance;
      options.rtol = tolerance;
      run.final_state = problem.y0;
      stepper->reset();
      try {
        run.stats = integrate_adaptive(*stepper, problem.rhs, problem.t0, problem.t_end, run.final_state, options);
      } catch (const integration_failure& failure) {
        run.completed = false;
        run.failure = failure.what();
      }
      return run;
    };
  });
}

// Compiled once per scalar in the study library (studies/core/catalog_runs_*.cpp), as make_stepper.
extern template adaptive_runner<float> make_adaptive_runner<float>(const method_entry&, const typed_problem<float>&);
extern template adaptive_runner<double> make_adaptive_runner<double>(const method_entry&, const typed_problem<double>&);
extern template adaptive_runner<long double> make_adaptive_runner<long double>(const method_entry&,
                                                                               const typed_problem<long double>&);
extern template adaptive_runner<float128> make_adaptive_runner<float128>(const method_entry&,
                                                                         const typed_problem<float128>&);
extern template adaptive_runner<mp50> make_adaptive_runner<mp50>(const method_entry&, const typed_problem<mp50>&);

}  // namespace orderly
