#pragma once
// The one fixed-step integration driver. A study sees each step through an observer instead of a
// stored trajectory, so memory stays constant however many steps are run (10^7 for the energy
// study); a blow-up ends the run as a result ("unstable at step n, t = ..."), never as NaNs, and so
// does an implicit step that cannot be solved ("step n failed, t = ...: Newton did not converge").
#include <orderly/problem.hpp>
#include <orderly/stepper_factory.hpp>
#include <orderly/state_algebra.hpp>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <sstream>
#include <string>
#include <type_traits>

namespace orderly {

template <class T>
struct drive_outcome {
  bool stable = true;
  std::string failure;         // "unstable at step n, t = ..." when not stable
  std::size_t steps_done = 0;  // steps completed (the unstable step not counted)
  state_of<T> final_state;     // the state after the last step taken (not finite when unstable)
  work_counts work;
};

// A state has blown up once it is no longer finite or exceeds this multiple of the problem's scale
// (max(1, |y0|)): far beyond any solution of the catalog's problems, well inside every scalar's range.
inline constexpr double blow_up_factor = 1e12;

namespace detail {

template <class T>
T blow_up_bound(const typed_problem<T>& problem) {
  using std::abs;
  T scale = 1;
  for (const auto& v : problem.y0) scale = std::max(scale, T(abs(v)));
  return scale * T(blow_up_factor);
}

template <class T>
bool blown_up(const state_of<T>& y, const T& bound) {
  using std::abs;
  if (!all_finite(y)) return true;
  for (const auto& v : y)
    if (abs(v) > bound) return true;
  return false;
}

}  // namespace detail

// Runs `steps` steps of size h from the problem's (t0, y0). Stepper: anything with
// step(t, y, h) (bound_stepper<T>, or a user's stepper wrapped likewise); its counts() are
// reported when it has them. Step n starts at t0 + (n - 1) h, computed from n rather than
// accumulated, so runs on nested grids share their grid times exactly. The observer is called as
// observer(n, t_n, y_n) after step n; one returning bool stops the run by returning false.
template <class T, class Stepper, class Observer>
drive_outcome<T> drive_fixed(Stepper& stepper, const typed_problem<T>& problem, const T& h, std::size_t steps,
                             Observer&& observer) {
  drive_outcome<T> outcome;
  const T bound = detail::blow_up_bound(problem);
  state_of<T> y = problem.y0;
  if constexpr (requires { stepper.reset(); }) stepper.reset();
  for (std::size_t n = 1; n <= steps; ++n) {
    const T t_start = problem.t0 + T(n - 1) * h;
    try {
      stepper.step(t_start, y, h);
    } catch (const integration_failure& failure) {  // an implicit step whose stage equations have no
      std::ostringstream message;                   // solution Newton can reach from y_n
      message << "step " << n << " failed, t = " << static_cast<double>(t_start) << ": " << failure.what();
      outcome.stable = false;
      outcome.failure = message.str();
      break;
    }
    if (detail::blown_up(y, bound)) {
      std::ostringstream message;
      message << "unstable at step " << n << ", t = " << static_cast<double>(problem.t0 + T(n) * h);
      outcome.stable = false;
      outcome.failure = message.str();
      break;
    }
    outcome.steps_done = n;
    const T t_end = problem.t0 + T(n) * h;
    if constexpr (std::is_same_v<std::invoke_result_t<Observer&, std::size_t, const T&, const state_of<T>&>, bool>) {
      if (!observer(n, t_end, y)) break;
    } else {
      observer(n, t_end, y);
    }
  }
  outcome.final_state = std::move(y);
  if constexpr (requires { stepper.counts(); }) outcome.work = stepper.counts();
  return outcome;
}

// Without an observer.
template <class T, class Stepper>
drive_outcome<T> drive_fixed(Stepper& stepper, const typed_problem<T>& problem, const T& h, std::size_t steps) {
  return drive_fixed(stepper, problem, h, steps, [](std::size_t, const T&, const state_of<T>&) {});
}

}  // namespace orderly
