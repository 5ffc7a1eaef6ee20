#pragma once
// Radau IIA collocation methods of any stage count s (order 2s-1, stage order s, L-stable,
// stiffly accurate), generic over the scalar (double, long double, float128, cpp_bin_float_50);
// the adaptive code (integrate_radau) runs the odd stage counts, whose A^(-1) has one real
// eigenvalue for its error estimate.
//
// Coefficients: the catalog's Radau IIA tableau (tableaus::radau_iia, generated at 100 digits with
// its error estimate's data), rounded once per run (implicit/radau_options.hpp, with the options).
// What the adaptive code and the fixed-step implicit_rk_stepper (implicit/implicit_rk.hpp) share:
// the stage system and its iteration matrix (implicit/stage_system.hpp), the starting stages
// (implicit/stage_prediction.hpp), the Newton loop and its failure reasons (implicit/newton.hpp);
// each judges the iteration with its own control (newton.hpp says why).
//
// The implicit stage equations Z = h (A x I) F(y0 + Z) are solved by simplified Newton with the
// full (s n x s n) real iteration matrix I - h (A x J), LU-factorised with Eigen::PartialPivLU in
// the working scalar (Hairer-Wanner II, sec. IV.8; for the small systems Orderly integrates,
// n <= 8, this is simpler than Hairer's complex transformation and fast enough).
//
// Error estimate: Hairer's embedded formula generalised to s stages (Hairer-Wanner II, sec. IV.8):
// y^ - y1 = gamma0 h f(t0, y0) + sum_i e_i Z_i, where gamma0 = 1/u and u is
// the real eigenvalue of A^(-1), and the embedded weights b^ (with b^_0 = gamma0 on the node 0)
// are of order s. The estimate is filtered, err = (I - gamma0 h J)^(-1) (y^ - y1), so that it stays
// bounded for stiff components; for s = 3 this is exactly RADAU5's estimate (DD_i = u e_i).
// The local error of the estimate is O(h^(s+1)); the step size follows err^(-1/(s+1)) with
// Gustafsson's predictive memory, as in RADAU5, through the controller all adaptive integrators
// share (step_control.hpp).
#include <orderly/exact.hpp>
#include <orderly/implicit/difference_quotients.hpp>
#include <orderly/implicit/newton.hpp>
#include <orderly/implicit/radau_options.hpp>
#include <orderly/implicit/solver_work.hpp>
#include <orderly/implicit/stage_prediction.hpp>
#include <orderly/implicit/stage_system.hpp>
#include <orderly/step_control.hpp>  // integration_failure
#include <orderly/tableau.hpp>

#include <boost/multiprecision/eigen.hpp>
#include <Eigen/Dense>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

namespace orderly {

namespace radau_detail {

// Output times strictly monotone beyond t0; returns the direction of integration (+1 or -1).
template <class T>
T output_direction(const T& t0, const std::vector<T>& outputs) {
  const T direction = outputs.back() > t0 ? T(1) : T(-1);
  T previous = t0;
  for (const T& t : outputs) {
    if (!(direction * (t - previous) > 0))
      throw std::invalid_argument("Radau: output times must be strictly monotone beyond t0");
    previous = t;
  }
  return direction;
}

enum class step_outcome { rejected, accepted, reached_target };

// One adaptive Radau IIA integration (RADAU5's algorithm for any odd s): what a step carries to the
// next (the stage values it extrapolates, the Jacobian and its factorisation, Newton's contraction,
// the controller's memory), each phase of a step a member. integrate_radau drives it through the
// output times; y is the caller's state, advanced in place.
template <class T, class Rhs, class Jac>
class adaptive_radau {
 public:
  using matrix = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic>;
  using vector = Eigen::Matrix<T, Eigen::Dynamic, 1>;

  adaptive_radau(const butcher_tableau& method, Rhs& f, Jac& jacobian, std::vector<T>& y, const T& t0,
                 const T& direction, const T& span, const radau_options<T>& options)
      : f_(f),
        jacobian_(jacobian),
        y_(y),
        options_(options),
        k_(method, options),
        n_(y.size()),
        sn_(static_cast<std::size_t>(k_.s) * n_),
        direction_(direction),
        t_(t0),
        analytic_(implicit_detail::has_jacobian(jacobian)),
        jac_(n_ * n_),
        f0_(n_),
        stage_(n_),
        fstage_(n_),
        scale_(n_),
        y_new_(n_),
        probe_(n_),
        z_(sn_, T(0)),
        fz_(sn_),
        z_previous_(sn_, T(0)),
        iteration_(sn_, sn_),
        // RADAU5's control (step_control.hpp's controller): the classical law for an order-s
        // estimate with Gustafsson's predictive memory, and a rejected first step cut tenfold.
        controller_({.alpha = k_.exponent,
                     .predictive = true,
                     .safety = options.safety,
                     .min_factor = options.min_factor,
                     .max_factor = options.max_factor,
                     .first_rejection_divisor = T(10)}),
        residual_(sn_),
        delta_(sn_),
        error_rhs_(n_) {
    using std::abs;
    using std::min;
    // Starting step: the shared routine (step_control.hpp) for an order-s estimate.
    rhs(t_, y_, f0_);
    auto counted = [this](const T& t, const std::vector<T>& x, std::vector<T>& dx) { rhs(t, x, dx); };
    h_ = starting_step(counted, t0, direction_, span, y_, f0_, options_, k_.s);
    if (options_.max_step) h_ = min(h_, T(abs(*options_.max_step)));
    h_ = min(h_, span);
  }

  const radau_stats& stats() const { return stats_; }
  const T& time() const { return t_; }

  // One attempt at a step towards `target` (the next output time), landing on it exactly when the
  // controller's step reaches it. Throws integration_failure on step-count exhaustion or underflow.
  step_outcome step_towards(const T& target) {
    check_step_budget();
    if (need_jacobian_) {
      evaluate_jacobian();
      need_jacobian_ = false;
      jacobian_fresh_ = true;
      need_lu_ = true;
    }
    const T h_proposed = h_;  // the controller's step before it was cut to land on an output time
    const bool hits_output = clip_to(target);
    check_underflow();
    const T hd = direction_ * h_;
    if (need_lu_ || h_ != h_factored_) factorize(hd);
    need_lu_ = false;
    predict_stages(hd);
    const newton_result newton = solve_stages(hd);
    if (newton.failure) {
      after_newton_failure(*newton.failure);
      return step_outcome::rejected;
    }
    const T error = estimate_error(hd);
    // RADAU5 lowers the safety factor with the Newton iterations the step took.
    const T newton_safety = options_.safety * T(1 + 2 * k_.max_newton) / T(newton.iterations + 2 * k_.max_newton);
    if (error < 1) {
      accept(hd, target, hits_output, h_proposed, error, newton_safety);
      return hits_output ? step_outcome::reached_target : step_outcome::accepted;
    }
    ++stats_.rejected;
    h_ = controller_.rejected(h_, error, newton_safety);
    if (!jacobian_fresh_) need_jacobian_ = true;
    need_lu_ = true;
    return step_outcome::rejected;
  }

 private:
  void rhs(const T& t, const std::vector<T>& x, std::vector<T>& dx) {
    f_(t, x, dx);
    ++stats_.rhs_evaluations;
  }

  void check_step_budget() const {
    if (stats_.accepted + stats_.rejected < options_.max_steps) return;
    std::ostringstream message;
    message << "Radau: maximum step count " << options_.max_steps << " reached at t = " << t_;
    throw integration_failure(failure_reason::step_limit, message.str());
  }

  // Underflow: the step no longer changes t (RADAU5's test), or h is below the smallest normal.
  void check_underflow() const {
    using std::abs;
    const T eps = std::numeric_limits<T>::epsilon();
    if (!(h_ <= 16 * eps * T(abs(t_)) || h_ < std::numeric_limits<T>::min())) return;
    std::ostringstream message;
    message << "Radau: step size underflow (h = " << h_ << ") at t = " << t_;
    throw integration_failure(failure_reason::step_underflow, message.str());
  }

  // Cuts the step to land on `target` when it would reach it (to a relative 1e-10).
  bool clip_to(const T& target) {
    using std::abs;
    const T remaining = abs(target - t_);
    if (!(h_ >= remaining * (1 - T(1) / 10000000000))) return false;
    h_ = remaining;
    return true;
  }

  void evaluate_jacobian() {
    if constexpr (!std::is_null_pointer_v<std::remove_cvref_t<Jac>>) {
      if (analytic_) {
        jacobian_(t_, y_, jac_);
        ++stats_.jacobian_evaluations;
        return;
      }
    }
    finite_difference_jacobian(f_, t_, y_, f0_, jac_, stats_.rhs_evaluations);
    ++stats_.jacobian_evaluations;
  }

  // The iteration matrix I - h (A x J) and the error filter I - gamma0 h J, LU-factorised.
  void factorize(const T& step) {
    assemble_iteration_matrix(
        step, k_.a, static_cast<std::size_t>(k_.s), n_, [this](std::size_t) -> const std::vector<T>& { return jac_; },
        iteration_);
    lu_.compute(iteration_);
    matrix error_matrix(n_, n_);
    for (std::size_t p = 0; p < n_; ++p)
      for (std::size_t q = 0; q < n_; ++q)
        error_matrix(p, q) = (p == q ? T(1) : T(0)) - k_.gamma0 * step * jac_[p * n_ + q];
    error_lu_.compute(error_matrix);
    ++stats_.lu_decompositions;
    h_factored_ = step;
  }

  // Starting stage values: the previous step's collocation polynomial extrapolated (zero at first).
  // The last stage is the last step's increment (Radau IIA is stiffly accurate).
  void predict_stages(const T& hd) {
    if (!have_previous_) {
      std::fill(z_.begin(), z_.end(), T(0));
      return;
    }
    const std::span<const T> increment(z_previous_.data() + (sn_ - n_), n_);
    extrapolate_stages(k_.c, interpolation_nodes_, T(hd / h_previous_step_), z_previous_, increment, z_);
  }

  // Simplified Newton on G(Z) = Z - h (A x I) F(y + Z) = 0 with matrix I - h (A x J), judged as
  // RADAU5 does (tolerance_newton_control) in the error norm's scaled root mean square.
  newton_result solve_stages(const T& hd) {
    using std::abs;
    using std::max;
    using std::min;
    using std::pow;
    using std::sqrt;
    for (std::size_t i = 0; i < n_; ++i) scale_[i] = options_.atol + options_.rtol * T(abs(y_[i]));
    tolerance_newton_control<T> control(k_.newton_tolerance, k_.max_newton, eta_carry_);
    auto rhs_counted = [this](const T& t, const std::vector<T>& x, std::vector<T>& dx) { rhs(t, x, dx); };
    auto sweep = [&](int) -> std::optional<T> {
      collocation_residual(rhs_counted, t_, hd, y_, z_, k_.c, k_.a, stage_, fstage_, fz_, residual_);
      for (std::size_t k = 0; k < sn_; ++k) {
        using std::isfinite;
        if (!isfinite(residual_(k))) return std::nullopt;
      }
      delta_ = lu_.solve(residual_);
      ++stats_.newton_iterations;
      T norm = 0;
      for (int i = 0; i < k_.s; ++i)
        for (std::size_t p = 0; p < n_; ++p) {
          const T ratio = delta_(i * n_ + p) / scale_[p];
          norm += ratio * ratio;
        }
      norm = sqrt(norm / T(sn_));
      for (std::size_t k = 0; k < sn_; ++k) z_[k] += delta_(k);
      return norm;
    };
    const newton_result result = newton_iteration(
        k_.max_newton, sweep, [&](int iteration, const T& norm) { return control.judge(iteration, norm); });
    theta_ = control.theta();
    eta_carry_ = control.eta();
    if (result.failure == newton_failure::too_slow) {
      // RADAU5's step for a hopeless iteration, from the error predicted at the iteration bound.
      const int iterations = result.iterations;
      const T q = max(T(1) / 10000, min(T(20), control.predicted_error()));
      h_ *= T(8) / 10 * pow(q, T(-1) / T(4 + k_.max_newton - 1 - iterations));
    }
    return result;
  }

  // Newton failed: halve h (unless the too-slow prediction already chose it), refresh J and the LU.
  // A residual that turned non-finite after the iteration had measured a contraction rate keeps h:
  // the step is tried again with a fresh Jacobian.
  void after_newton_failure(newton_failure why) {
    eta_carry_ = 1;
    ++stats_.newton_failures;
    ++stats_.rejected;
    switch (why) {
      case newton_failure::diverged:
      case newton_failure::not_converged:
        h_ /= 2;
        break;
      case newton_failure::not_finite:
        if (theta_ == 0) h_ /= 2;
        break;
      case newton_failure::too_slow:
        break;
    }
    if (!jacobian_fresh_) need_jacobian_ = true;
    need_lu_ = true;
    controller_.abandoned();
  }

  // The filtered embedded estimate, in the shared norm (step_control.hpp); y_new_ receives the
  // step's solution.
  T estimate_error(const T& hd) {
    const int s = k_.s;
    auto filtered = [&](const std::vector<T>& derivative) {
      for (std::size_t p = 0; p < n_; ++p) {
        T sum = 0;
        for (int i = 0; i < s; ++i) sum += k_.e[i] * z_[i * n_ + p];
        error_rhs_(p) = sum + k_.gamma0 * hd * derivative[p];
      }
      return vector(error_lu_.solve(error_rhs_));
    };
    vector err = filtered(f0_);
    for (std::size_t p = 0; p < n_; ++p) y_new_[p] = y_[p] + z_[(s - 1) * n_ + p];
    auto scaled_error = [&](const vector& estimate) {
      using std::isfinite;
      const T value = error_norm(estimate, y_, y_new_, options_.atol, options_.rtol);
      return isfinite(value) ? value : std::numeric_limits<T>::infinity();
    };
    T error = scaled_error(err);
    if (error >= 1 && (controller_.first_step() || controller_.after_rejection())) {
      // RADAU5's second estimate: apply the filter once more through f at y0 + err.
      for (std::size_t p = 0; p < n_; ++p) probe_[p] = y_[p] + err(p);
      rhs(t_, probe_, fstage_);
      err = filtered(fstage_);
      error = scaled_error(err);
    }
    return error;
  }

  // Accepts the step (after a rejection the controller does not let the step grow) and chooses
  // the next step, keeping the factorisation when J may be reused and h would change little.
  void accept(const T& hd, const T& target, bool hits_output, const T& h_proposed, const T& error,
              const T& newton_safety) {
    using std::abs;
    using std::max;
    using std::min;
    T h_new = controller_.accepted(h_, error, newton_safety);
    z_previous_ = z_;
    h_previous_step_ = hd;
    have_previous_ = true;
    t_ = hits_output ? target : t_ + hd;
    y_ = y_new_;
    ++stats_.accepted;
    rhs(t_, y_, f0_);
    // A step shortened only to hit an output time says nothing against the longer proposal.
    if (hits_output && h_proposed > h_) h_new = max(h_new, h_proposed);
    if (options_.max_step) h_new = min(h_new, T(abs(*options_.max_step)));
    jacobian_fresh_ = false;
    // Keep the factorisation when J may be reused and h would change by less than 20% upward.
    const bool reuse_jacobian = theta_ <= options_.jacobian_reuse_theta;
    const T change = h_new / h_;
    const bool keep_h_and_lu = reuse_jacobian && change >= 1 && change <= T(12) / 10 && !hits_output;
    if (!keep_h_and_lu) h_ = h_new;
    if (!reuse_jacobian) need_jacobian_ = true;
  }

  Rhs& f_;
  Jac& jacobian_;
  std::vector<T>& y_;
  const radau_options<T>& options_;
  const adaptive_constants<T> k_;
  const std::size_t n_, sn_;
  const T direction_;
  T t_;
  T h_ = 0;
  radau_stats stats_;
  const bool analytic_;
  std::vector<T> jac_, f0_, stage_, fstage_, scale_, y_new_, probe_;
  std::vector<T> z_, fz_, z_previous_;
  T h_previous_step_ = 0;  // step of the last accepted step (for stage extrapolation)
  const std::vector<std::size_t> interpolation_nodes_ = distinct_nonzero_nodes(k_.c);
  bool have_previous_ = false;
  matrix iteration_;
  Eigen::PartialPivLU<matrix> lu_;
  Eigen::PartialPivLU<matrix> error_lu_;
  bool need_jacobian_ = true, need_lu_ = true, jacobian_fresh_ = false;
  step_size_controller<T> controller_;
  T theta_ = 0;
  T h_factored_ = 0;
  T eta_carry_ = 1;  // RADAU5 carries the iteration's error estimate factor to the next solve
  vector residual_, delta_, error_rhs_;
};

}  // namespace radau_detail

// Integrates y' = f(t, y) with `method`, a Radau IIA tableau of odd stage count that carries its
// error estimate (tableaus::radau_iia; the catalog's radau5 and radau13), from t0 through each
// time in `outputs` (strictly monotone, beyond t0),
// hitting every output time exactly, with the step size carried across outputs. f(t, y, dydt);
// jacobian(t, y, J) writes the row-major df/dy, or pass nullptr (or an empty std::function) for
// finite differences. observer(index, t, y) is called at each output time. On return y holds the
// state at outputs.back(). Throws integration_failure on step-count exhaustion or step underflow.
template <class T, class Rhs, class Jac, class Observer = std::nullptr_t>
radau_stats integrate_radau(const butcher_tableau& method, Rhs&& f, Jac&& jacobian, T t0, const std::vector<T>& outputs,
                            std::vector<T>& y, const radau_options<T>& options, Observer&& observer = nullptr) {
  using std::abs;
  if (outputs.empty()) return {};
  const T direction = radau_detail::output_direction(t0, outputs);
  radau_detail::adaptive_radau<T, std::remove_reference_t<Rhs>, std::remove_reference_t<Jac>> run(
      method, f, jacobian, y, t0, direction, T(abs(outputs.back() - t0)), options);
  for (std::size_t next_output = 0; next_output < outputs.size();)
    if (run.step_towards(outputs[next_output]) == radau_detail::step_outcome::reached_target) {
      if constexpr (!std::is_null_pointer_v<std::remove_cvref_t<Observer>>) observer(next_output, run.time(), y);
      ++next_output;
    }
  return run.stats();
}

// Single end point.
template <class T, class Rhs, class Jac>
radau_stats integrate_radau(const butcher_tableau& method, Rhs&& f, Jac&& jacobian, T t0, T t1, std::vector<T>& y,
                            const radau_options<T>& options) {
  return integrate_radau(method, std::forward<Rhs>(f), std::forward<Jac>(jacobian), t0, std::vector<T>{t1}, y, options);
}

}  // namespace orderly
