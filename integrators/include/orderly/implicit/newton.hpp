#pragma once
// Simplified Newton on an implicit Runge-Kutta method's stage equations: the loop both implicit
// solvers (implicit/radau.hpp, implicit/implicit_rk.hpp) run, the reasons it gives up, and the two
// controls that judge each correction.
//
// The loop is the same in both: form the residual at the current stages, solve with the factorised
// iteration matrix, apply the correction, judge its size. What differs is the judgement, because
// the two solvers want different things from the iteration:
//  - the adaptive Radau IIA code stops at its local error tolerance, as RADAU5 does
//    (tolerance_newton_control: the contraction rate theta, the error estimate eta = theta/(1-theta),
//    the stopping, divergence and too-slow tests of Hairer-Wanner II, sec. IV.8);
//  - the fixed-step stepper measures a method's own error, so it iterates to round-off
//    (roundoff_newton_control: round-off and stagnation tests, and a switch to full Newton when
//    the simplified iteration contracts too slowly to get there).
// Each solver keeps its own correction norm (RADAU5's scaled root mean square against the
// round-off stepper's maximum), so each sweep returns the size in its own norm.
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <optional>
#include <string_view>

namespace orderly {

// Why a Newton iteration on the stage equations gave up.
enum class newton_failure {
  not_finite,     // a residual or a correction has an infinite or NaN component
  diverged,       // the corrections stopped shrinking: contraction rate theta at or above its bound
  too_slow,       // contracting, but predicted not to reach the tolerance in the iterations left
  not_converged,  // the iteration bound reached without meeting the stopping test
};

inline constexpr std::array<std::string_view, 4> newton_failure_names = {"not finite", "diverged", "too slow",
                                                                         "not converged"};

constexpr std::string_view newton_failure_name(newton_failure why) {
  return newton_failure_names[static_cast<std::size_t>(why)];
}

// One Newton solve: converged when no failure; iterations counts the corrections applied before
// the verdict (the converging one included).
struct newton_result {
  std::optional<newton_failure> failure;
  int iterations = 0;
  bool converged() const { return !failure; }
};

// A control's verdict on one correction.
enum class newton_verdict { go_on, converged, diverged, too_slow };

// The iteration: sweep(iteration) forms the residual, solves, applies the correction and returns
// its size, or nothing when the residual or correction is not finite; judge(iteration, size)
// decides whether to go on. At most max_iterations sweeps.
template <class Sweep, class Judge>
newton_result newton_iteration(int max_iterations, Sweep&& sweep, Judge&& judge) {
  newton_result result;
  for (int& iteration = result.iterations; iteration < max_iterations; ++iteration) {
    const auto size = sweep(iteration);
    if (!size) {
      result.failure = newton_failure::not_finite;
      return result;
    }
    switch (judge(iteration, *size)) {
      case newton_verdict::go_on:
        break;
      case newton_verdict::converged:
        ++iteration;
        return result;
      case newton_verdict::diverged:
        result.failure = newton_failure::diverged;
        return result;
      case newton_verdict::too_slow:
        result.failure = newton_failure::too_slow;
        return result;
    }
  }
  result.failure = newton_failure::not_converged;
  return result;
}

// RADAU5's control (Hairer-Wanner II, sec. IV.8, and radau5.f): the corrections' norm is scaled by
// the error tolerance, so the iteration stops when its estimated remaining error,
// eta |correction| with eta = theta / (1 - theta), is below `tolerance`; eta starts from the last
// solve's (carried, raised to the power 0.8 as RADAU5 does) until a rate is measured.
template <class T>
class tolerance_newton_control {
 public:
  // Corrections shrinking by less than this factor: the iteration diverges.
  static constexpr int divergent_rate_percent = 99;

  tolerance_newton_control(const T& tolerance, int max_iterations, const T& carried_eta)
      : tolerance_(tolerance), max_iterations_(max_iterations) {
    using std::max;
    using std::pow;
    eta_ = pow(max(carried_eta, std::numeric_limits<T>::epsilon()), T(8) / 10);
  }

  newton_verdict judge(int iteration, const T& norm) {
    using std::max;
    using std::pow;
    using std::sqrt;
    if (iteration > 0) {
      // The contraction rate: from the third iteration on, the geometric mean of the last two
      // quotients (RADAU5 and RADAU do so), which one erratic quotient does not swing.
      const T quotient = norm / previous_norm_;
      theta_ = iteration == 1 ? quotient : sqrt(quotient * previous_quotient_);
      previous_quotient_ = quotient;
      if (theta_ >= T(divergent_rate_percent) / 100) return newton_verdict::diverged;
      eta_ = theta_ / (1 - theta_);
      // Predicted error after the remaining iterations (RADAU5): give up early when hopeless.
      predicted_ = eta_ * norm * pow(theta_, T(max_iterations_ - 1 - iteration)) / tolerance_;
      if (predicted_ >= 1 && iteration + 1 < max_iterations_) return newton_verdict::too_slow;
    }
    previous_norm_ = max(norm, std::numeric_limits<T>::epsilon());
    if (eta_ * norm <= tolerance_ || norm == 0) return newton_verdict::converged;
    return newton_verdict::go_on;
  }

  // The contraction rate (0 until two corrections are measured).
  const T& theta() const { return theta_; }
  // The error estimate's factor, carried to the next solve.
  const T& eta() const { return eta_; }
  // After too_slow: the remaining error predicted at the iteration bound, in units of the tolerance.
  const T& predicted_error() const { return predicted_; }

 private:
  T tolerance_;
  int max_iterations_;
  T eta_, theta_ = 0, predicted_ = 0;
  T previous_norm_ = 0, previous_quotient_ = 0;
};

// The fixed-step control: the iteration goes to round-off, so that the observed error is the
// method's own. `unit` is eps max(|y|, 1) (the corrections are measured in the maximum norm);
// `tolerance_size`, when positive, is a looser stop chosen by the caller.
template <class T>
class roundoff_newton_control {
 public:
  // Corrections at or below this many units are at round-off.
  static constexpr int roundoff_units = 4;
  // Corrections below this many units that stop shrinking have reached the level the iteration
  // matrix's conditioning allows: a stiff step (h |lambda| up to ~1e6) solves its linear system
  // only to ~kappa eps, and further iterations cannot improve on that.
  static constexpr int stagnation_roundoff_units = 1000000;
  // Simplified Newton converges only linearly, at a rate ~ h |J'| |Z|: on a coarse grid of a
  // nonlinear problem that can be too slow to reach round-off (in float128, 1e-34) within the
  // iteration bound. A correction that shrank by less than this factor switches the step to full
  // Newton, which converges quadratically.
  static constexpr double slow_contraction = 0.1;

  roundoff_newton_control(const T& unit, const T& tolerance_size) : unit_(unit), tolerance_size_(tolerance_size) {}

  newton_verdict judge(int iteration, const T& size) {
    using std::max;
    if (size <= roundoff_units * unit_ || size <= tolerance_size_ ||
        (size >= previous_ && size <= stagnation_roundoff_units * unit_))
      return newton_verdict::converged;
    // The contraction rate, while the corrections are above round-off (there they stagnate).
    if (iteration > 0 && size > stagnation_roundoff_units * unit_) worst_rate_ = max(worst_rate_, T(size / previous_));
    if (!full_newton_ && iteration > 0 && size > T(slow_contraction) * previous_) full_newton_ = true;
    previous_ = size;
    return newton_verdict::go_on;
  }

  // Whether the iteration has switched to full Newton (each stage's own Jacobian, every iteration).
  bool full_newton() const { return full_newton_; }
  // The slowest contraction seen above round-off.
  const T& worst_rate() const { return worst_rate_; }

 private:
  T unit_, tolerance_size_;
  T previous_ = std::numeric_limits<T>::infinity();
  T worst_rate_ = 0;
  bool full_newton_ = false;
};

}  // namespace orderly
