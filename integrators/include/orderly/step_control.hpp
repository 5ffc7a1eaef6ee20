#pragma once
// Adaptive step-size control: what every adaptive integrator shares (Hairer's RMS error norm with
// atol/rtol, the starting step, the step-size controller) and the driver for embedded pairs
// (explicit and Rosenbrock), which runs the controller with the PI memory of Hairer's DOPRI5 code
// and its defaults (Gustafsson's stabilised control, as the code cites it: Hairer-Wanner II,
// sec. IV.2), a maximum step count, and counts of accepted and rejected steps.
#include "explicit_rk.hpp"
#include "implicit/newton.hpp"
#include "step_size_filter.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <sstream>
#include <stdexcept>

namespace orderly {

template <class T>
struct step_control_options {
  T atol = T(1) / 1000000;
  T rtol = T(1) / 1000000;
  std::optional<T> initial_step;      // chosen by Hairer's starting-step algorithm when empty
  std::optional<T> max_step;          // no bound when empty
  std::uint64_t max_steps = 1000000;  // accepted + rejected; exceeding it is an error, never a hang
  T safety = T(9) / 10;
  T min_factor = T(1) / 5;  // the step shrinks by at most 5x per attempt (DOPRI5's FAC1)
  T max_factor = T(10);     // and grows by at most 10x per accepted step (DOPRI5's FAC2)
  // The PI memory's weight (DOPRI5's BETA); the error's exponent is 1/(q+1) - 3/4 beta, so that
  // a constant error ratio still moves the step as 1/(q+1) would, and the memory damps the
  // step-size oscillation an I controller shows when stability limits the step.
  T beta = T(4) / 100;
  // A controller from the catalog (step_size_filter.hpp) instead of the law above; safety and the
  // factors bound it alike, beta is then unused.
  std::optional<controller_gains> controller;
};

struct step_control_stats {
  std::uint64_t accepted = 0;
  std::uint64_t rejected = 0;
  std::uint64_t rhs_evaluations = 0;
};

// Why an integration could not go on.
enum class failure_reason {
  step_limit,         // the step count (accepted + rejected) reached its maximum
  step_underflow,     // the step no longer changes t
  newton_divergence,  // an implicit step's Newton iteration did not converge
};

// Thrown when the integration cannot go on; `reason` says why, what() says where. With
// newton_divergence, `newton` says how the last Newton iteration gave up, when the solver knows.
struct integration_failure : std::runtime_error {
  integration_failure(failure_reason why, const std::string& message, std::optional<newton_failure> how = std::nullopt)
      : std::runtime_error(message), reason(why), newton(how) {}
  failure_reason reason;
  std::optional<newton_failure> newton;
};

// sqrt(mean((e_i / (atol + rtol * max(|y0_i|, |y1_i|)))^2))
template <state_vector Error, state_vector State, class T>
T error_norm(const Error& error, const State& y0, const State& y1, const T& atol, const T& rtol) {
  using std::abs;
  using std::max;
  using std::sqrt;
  T sum = 0;
  const std::size_t n = size_of(error);
  for (std::size_t i = 0; i < n; ++i) {
    const T scale = atol + rtol * max(T(abs(y0[i])), T(abs(y1[i])));
    const T ratio = error[i] / scale;
    sum += ratio * ratio;
  }
  return sqrt(sum / T(n));
}

// The step-size controller of every adaptive integrator (integrate_adaptive below, integrate_radau
// in implicit/radau.hpp), in the form Hairer's codes give it: a step h with scaled error err is
// followed by h / quotient, where
//   quotient = clamp(err^alpha / previous_err^beta / safety, 1/max_factor, 1/min_factor)
// (DOPRI5's Lund-stabilised law; beta = 0 is the classical one), and, with the predictive memory,
// the larger of that and Gustafsson's (h_acc / h) (err^2 / err_acc)^alpha / safety (RADAU5's
// default, for codes whose step is often bounded by stiffness or Newton's convergence). A rejected
// step is divided by min(1/min_factor, err^alpha / safety); the step after a rejection does not grow.
template <class T>
struct step_size_law {
  T alpha;                  // the error's exponent: 1/(q+1) for an estimate of order q, less 3/4 beta with PI memory
  T beta = 0;               // the PI memory's exponent (DOPRI5's BETA); 0: none
  bool predictive = false;  // Gustafsson's predictive memory (RADAU5's IWORK(8) = 1)
  T safety;
  T min_factor, max_factor;       // h_new / h stays within [min_factor, max_factor] (the integrators' options)
  T first_rejection_divisor = 0;  // > 0: a rejected first step is divided by it whatever its error (RADAU5: 10)
};

template <class T>
class step_size_controller {
 public:
  explicit step_size_controller(const step_size_law<T>& law) : law_(law) {}

  // The step after accepting a step of size h (> 0) with scaled error error (finite). safety: the
  // law's, or less for this step (Radau lowers it with the Newton iterations it took, as RADAU5 does).
  T accepted(const T& h, const T& error, const T& safety) {
    using std::max;
    using std::min;
    using std::pow;
    const T err = max(error, smallest_error());
    T quotient = pow(err, law_.alpha);
    if (law_.beta != 0) quotient /= pow(previous_error_, law_.beta);
    quotient = clamp_quotient(quotient / safety);
    if (law_.predictive) {
      if (!first_) {
        const T gustafsson = h_accepted_ / h * pow(err * err / error_accepted_, law_.alpha) / law_.safety;
        quotient = max(quotient, clamp_quotient(gustafsson));
      }
      h_accepted_ = h;
      error_accepted_ = max(predictive_memory_floor(), err);
    }
    previous_error_ = max(pi_memory_floor(), err);
    T h_new = h / quotient;
    if (last_rejected_) h_new = min(h_new, h);
    first_ = false;
    last_rejected_ = false;
    return h_new;
  }

  // The step to retry with after rejecting a step of size h with scaled error err (>= 1, or not
  // finite).
  T rejected(const T& h, const T& err, const T& safety) {
    using std::isfinite;
    using std::min;
    using std::pow;
    last_rejected_ = true;
    if (first_ && law_.first_rejection_divisor > 0) return h / law_.first_rejection_divisor;
    const T shrink = T(1) / law_.min_factor;
    return h / (isfinite(err) ? min(shrink, T(pow(err, law_.alpha) / safety)) : shrink);
  }

  // A step abandoned before its error was judged (Radau: Newton did not converge); the caller
  // chooses the next step.
  void abandoned() { last_rejected_ = true; }

  bool first_step() const { return first_; }               // no step accepted yet
  bool after_rejection() const { return last_rejected_; }  // the last step tried was not accepted

 private:
  // The floor on an accepted step's error (DOPRI5 and RADAU5 both floor it), so that an exact step
  // does not ask for an infinite one.
  static T smallest_error() { return T(1) / 10000000000; }
  // Hairer's floors for the memories: DOPRI5's FACOLD (also its starting value), RADAU5's ERRACC.
  static T pi_memory_floor() { return T(1) / 10000; }
  static T predictive_memory_floor() { return T(1) / 100; }

  T clamp_quotient(const T& quotient) const {
    using std::max;
    using std::min;
    return max(T(1) / law_.max_factor, min(T(1) / law_.min_factor, quotient));
  }

  step_size_law<T> law_;
  T previous_error_ = pi_memory_floor();
  T h_accepted_ = 0, error_accepted_ = predictive_memory_floor();
  bool first_ = true, last_rejected_ = false;
};

// The first step: options.initial_step when given, else Hairer's starting-step algorithm (HNW I,
// II.4) for an estimate of order q, which costs one evaluation beyond f0 = f(t0, y0). Shared by
// every adaptive integrator (the explicit and Rosenbrock pairs here, Radau IIA in implicit/radau.hpp).
// Options: any options struct with atol, rtol and an optional initial_step.
template <state_vector State, class CountedRhs, class Options>
scalar_of<State> starting_step(CountedRhs& f, const scalar_of<State>& t0, const scalar_of<State>& direction,
                               const scalar_of<State>& span, const State& y, const State& f0, const Options& options,
                               int q) {
  using T = scalar_of<State>;
  using std::abs;
  using std::max;
  using std::min;
  using std::pow;
  using std::sqrt;
  if (options.initial_step) return abs(*options.initial_step);
  T d0 = 0, d1 = 0;
  for (std::size_t i = 0; i < size_of(y); ++i) {
    const T scale = options.atol + options.rtol * T(abs(y[i]));
    d0 += (y[i] / scale) * (y[i] / scale);
    d1 += (f0[i] / scale) * (f0[i] / scale);
  }
  d0 = sqrt(d0 / T(size_of(y)));
  d1 = sqrt(d1 / T(size_of(y)));
  T h0 = (d0 < T(1) / 100000 || d1 < T(1) / 100000) ? T(1) / 1000000 : T(1) / 100 * d0 / d1;
  h0 = min(h0, span);
  State probe, f1;
  add_scaled(probe, y, direction * h0, f0);
  resize_like(f1, y);
  f(t0 + direction * h0, probe, f1);
  T d2 = 0;
  for (std::size_t i = 0; i < size_of(y); ++i) {
    const T scale = options.atol + options.rtol * T(abs(y[i]));
    const T diff = (f1[i] - f0[i]) / scale;
    d2 += diff * diff;
  }
  d2 = sqrt(d2 / T(size_of(y))) / h0;
  const T h1 = max(d1, d2) <= T(1) / 1000000000000000LL ? max(T(1) / 1000000, h0 / 1000)
                                                        : pow(T(1) / 100 / max(d1, d2), T(1) / T(q + 1));
  return min(100 * h0, h1);
}

// Whether a stepper takes f(t, y) from its caller (explicit_rk.hpp's set_first_stage and
// end_derivative): then integrate_adaptive keeps f(t, y) at the current point, as Hairer's DOPRI5
// does, and neither the first step nor the retry of a rejected one evaluates it again.
template <class Stepper, class State>
concept takes_first_stage = requires(Stepper& stepper, const scalar_of<State>& t, const State& derivative) {
  stepper.set_first_stage(t, derivative);
  { stepper.end_derivative() } -> std::convertible_to<const State*>;
};

// Integrates y from t0 to t1 with `stepper`: an embedded pair (explicit_rk) or any stepper with the
// same step(f, t, y, h, error), reset(), rhs_evaluations() and error_estimate_order() (the order q
// of its error estimate, local error ~ h^(q+1): rosenbrock_stepper). The observer,
// if given, is called as observer(t, y) after every accepted step. Returns the work done.
template <class Stepper, state_vector State, class Rhs, class Observer = std::nullptr_t>
step_control_stats integrate_adaptive(Stepper& stepper, Rhs&& f, scalar_of<State> t0, const scalar_of<State>& t1,
                                      State& y, const step_control_options<scalar_of<State>>& options,
                                      Observer&& observer = nullptr) {
  using T = scalar_of<State>;
  using std::abs;
  using std::max;
  using std::min;
  const int q = stepper.error_estimate_order();
  const std::uint64_t evaluations_before = stepper.rhs_evaluations();
  step_control_stats stats;
  if (t1 == t0) return stats;
  const T direction = t1 > t0 ? T(1) : T(-1);

  // The error estimate is of the lower order q: local error ~ h^(q+1).
  step_size_controller<T> controller({.alpha = T(1) / T(q + 1) - T(3) / 4 * options.beta,
                                      .beta = options.beta,
                                      .safety = options.safety,
                                      .min_factor = options.min_factor,
                                      .max_factor = options.max_factor});
  std::optional<step_size_filter<T>> filter;
  if (options.controller)
    filter.emplace(*options.controller, q + 1, options.safety, options.min_factor, options.max_factor);

  State error, trial, derivative0;
  auto count = [&](const T& t, const State& x, State& dx) {
    f(t, x, dx);
    ++stats.rhs_evaluations;
  };

  // derivative0 = f(t, y) at the current point, kept up to date when the stepper takes it.
  constexpr bool keeps_derivative = takes_first_stage<Stepper, State>;
  resize_like(derivative0, y);
  if (keeps_derivative || !options.initial_step) count(t0, y, derivative0);
  T h = starting_step(count, t0, direction, abs(t1 - t0), y, derivative0, options, q);
  if (options.max_step) h = min(h, abs(*options.max_step));

  T t = t0;
  while (direction * (t1 - t) > 0) {
    if (stats.accepted + stats.rejected >= options.max_steps) {
      std::ostringstream message;
      message << "maximum step count " << options.max_steps << " reached at t = " << t;
      throw integration_failure(failure_reason::step_limit, message.str());
    }
    // Do not overshoot t1; a step within 1e-10 relative of the end is stretched to hit it.
    const T remaining = abs(t1 - t);
    if (h >= remaining * (1 - T(1) / 10000000000)) h = remaining;
    if (h <= 16 * std::numeric_limits<T>::epsilon() * max(T(abs(t)), T(1))) {
      std::ostringstream message;
      message << "step size underflow (h = " << h << ") at t = " << t;
      throw integration_failure(failure_reason::step_underflow, message.str());
    }
    trial = y;
    if constexpr (keeps_derivative) stepper.set_first_stage(t, derivative0);
    stepper.step(f, t, trial, direction * h, error);
    const T err = all_finite(trial) ? error_norm(error, y, trial, options.atol, options.rtol)
                                    : std::numeric_limits<T>::infinity();
    using std::isfinite;
    if (isfinite(err) && err <= 1) {
      t = (h == remaining) ? t1 : t + direction * h;
      y = trial;
      ++stats.accepted;
      if constexpr (!std::is_same_v<std::remove_cvref_t<Observer>, std::nullptr_t>) observer(t, y);
      if constexpr (keeps_derivative) {
        if (const State* end = stepper.end_derivative())
          derivative0 = *end;  // FSAL: f(t, y) already made
        else if (direction * (t1 - t) > 0)
          count(t, y, derivative0);  // the next step's first stage
      }
      h = filter ? filter->accepted(h, err) : controller.accepted(h, err, options.safety);
      if (options.max_step) h = min(h, abs(*options.max_step));
    } else {
      ++stats.rejected;
      stepper.reset();  // derivative0 still holds f(t, y) for the retry
      h = filter ? filter->rejected(h, err) : controller.rejected(h, err, options.safety);
    }
  }
  stats.rhs_evaluations += stepper.rhs_evaluations() - evaluations_before;
  return stats;
}

}  // namespace orderly
