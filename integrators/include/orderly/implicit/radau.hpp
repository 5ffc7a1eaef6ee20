#pragma once
// Radau IIA collocation methods of any stage count s (order 2s-1, stage order s, L-stable,
// stiffly accurate), generic over the scalar (double, long double, float128, cpp_bin_float_50);
// the adaptive code (integrate_radau) runs the odd stage counts, whose A^(-1) has one real
// eigenvalue for its error estimate.
//
// Coefficients: tableaus/radau_coefficients.hpp. What the adaptive code and the fixed-step
// implicit_rk_stepper share: the stage system and its iteration matrix (implicit/stage_system.hpp),
// the starting stages (implicit/stage_prediction.hpp), the Newton loop and its failure reasons
// (implicit/newton.hpp); each judges the iteration with its own control (newton.hpp says why).
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
#include <orderly/implicit/stage_prediction.hpp>
#include <orderly/implicit/stage_system.hpp>
#include <orderly/step_control.hpp>  // integration_failure
#include <orderly/tableau.hpp>
#include <orderly/tableaus/radau_coefficients.hpp>

#include <boost/multiprecision/eigen.hpp>
#include <Eigen/Dense>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <map>
#include <mutex>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

namespace orderly {

namespace radau_detail {

// Hairer's RADAU (radau.f, NIT per stage count): 7 Newton iterations for three stages (RADAU5's
// default), 5 more for each two stages added (12 for five, 17 for seven), 4 for one stage.
// More stages mean a larger system whose simplified iteration contracts more slowly.
inline constexpr int default_newton_iterations(int stages) { return stages <= 1 ? 4 : 7 + 5 * (stages - 3) / 2; }

}  // namespace radau_detail

template <class T>
struct radau_options {
  T rtol = T(1) / 1000000;
  T atol = T(1) / 1000000;
  int stages = 5;                     // odd; 3 is RADAU5 (order 5), 5 is order 9, 7 is order 13
  std::optional<T> initial_step;      // Hairer's starting-step heuristic when empty
  std::optional<T> max_step;          // no bound when empty
  std::uint64_t max_steps = 1000000;  // accepted + rejected; exceeding it throws integration_failure
  int max_newton_iterations = 0;      // 0: Hairer's RADAU choice (radau_detail::default_newton_iterations)
  // Newton stops when the estimated iteration error is below newton_tolerance in the error norm
  // (1 = the local error tolerance). 0: Hairer's RADAU choice, min(0.03, rtol^((s-1)/(s+1))), at
  // least 10 eps / rtol -- rtol^(1/2) for s = 3 (RADAU5's FNEWT), rtol^(3/4) for s = 7. The error
  // estimate is of order s, the solution of order 2s-1, so the solution's local error lies far below
  // the tolerance, and a looser Newton stop leaves an iteration error that dominates the global error.
  T newton_tolerance = 0;
  T safety = T(9) / 10;
  T min_factor = T(1) / 8;  // h_new / h stays within [min_factor, max_factor]
  T max_factor = T(5);
  T jacobian_reuse_theta = T(1) / 1000;  // keep J when Newton contracted faster than this
};

struct radau_stats {
  std::uint64_t accepted = 0;
  std::uint64_t rejected = 0;
  std::uint64_t rhs_evaluations = 0;
  std::uint64_t jacobian_evaluations = 0;  // analytic or finite-difference
  std::uint64_t lu_decompositions = 0;     // of the s n x s n iteration matrix
  std::uint64_t newton_iterations = 0;
  std::uint64_t newton_failures = 0;  // step-size reductions forced by Newton divergence
};

namespace radau_detail {

template <class Jac>
bool has_jacobian(const Jac& jacobian) {
  if constexpr (std::is_null_pointer_v<std::remove_cvref_t<Jac>>)
    return false;
  else if constexpr (requires { static_cast<bool>(jacobian); })
    return static_cast<bool>(jacobian);
  else
    return true;
}

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

// The adaptive code's constants: the coefficients rounded to T once, Newton's limits.
template <class T>
struct adaptive_constants {
  int s = 0;
  std::vector<T> c, a, e;  // nodes, A row-major, the error estimate's weights
  T gamma0 = 0;
  int max_newton = 0;
  T newton_tolerance = 0;
  T exponent = 0;  // of the controller: the estimate is of order s

  explicit adaptive_constants(const radau_options<T>& options) {
    using std::max;
    using std::min;
    using std::pow;
    if (!(options.rtol > 0) || !(options.atol > 0)) throw std::invalid_argument("Radau: tolerances must be positive");
    const radau_coefficients& hp = radau_iia_coefficients(options.stages);
    if (!hp.error_estimate)
      throw std::invalid_argument(
          "Radau: the adaptive code needs an odd stage count (one real eigenvalue of A^-1), got " +
          std::to_string(options.stages));
    const radau_error_estimate& estimate = *hp.error_estimate;
    s = hp.stages;
    auto convert = [](const std::vector<high_precision>& values) {
      std::vector<T> out;
      out.reserve(values.size());
      for (const auto& v : values) out.push_back(to_scalar<T>(v));
      return out;
    };
    c = convert(hp.c);
    a = convert(hp.a);
    e = convert(estimate.error_weights);
    gamma0 = to_scalar<T>(estimate.gamma0);
    const T eps = std::numeric_limits<T>::epsilon();
    max_newton = options.max_newton_iterations > 0 ? options.max_newton_iterations : default_newton_iterations(s);
    newton_tolerance = options.newton_tolerance > 0 ? options.newton_tolerance
                                                    : max(T(10) * eps / options.rtol,
                                                          min(T(3) / 100, T(pow(options.rtol, T(s - 1) / T(s + 1)))));
    exponent = T(1) / T(s + 1);
  }
};

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

  adaptive_radau(Rhs& f, Jac& jacobian, std::vector<T>& y, const T& t0, const T& direction, const T& span,
                 const radau_options<T>& options)
      : f_(f),
        jacobian_(jacobian),
        y_(y),
        options_(options),
        k_(options),
        n_(y.size()),
        sn_(static_cast<std::size_t>(k_.s) * n_),
        direction_(direction),
        t_(t0),
        analytic_(has_jacobian(jacobian)),
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

// Integrates y' = f(t, y) from t0 through each time in `outputs` (strictly monotone, beyond t0),
// hitting every output time exactly, with the step size carried across outputs. f(t, y, dydt);
// jacobian(t, y, J) writes the row-major df/dy, or pass nullptr (or an empty std::function) for
// finite differences. observer(index, t, y) is called at each output time. On return y holds the
// state at outputs.back(). Throws integration_failure on step-count exhaustion or step underflow.
template <class T, class Rhs, class Jac, class Observer = std::nullptr_t>
radau_stats integrate_radau(Rhs&& f, Jac&& jacobian, T t0, const std::vector<T>& outputs, std::vector<T>& y,
                            const radau_options<T>& options, Observer&& observer = nullptr) {
  using std::abs;
  if (outputs.empty()) return {};
  const T direction = radau_detail::output_direction(t0, outputs);
  radau_detail::adaptive_radau<T, std::remove_reference_t<Rhs>, std::remove_reference_t<Jac>> run(
      f, jacobian, y, t0, direction, T(abs(outputs.back() - t0)), options);
  for (std::size_t next_output = 0; next_output < outputs.size();)
    if (run.step_towards(outputs[next_output]) == radau_detail::step_outcome::reached_target) {
      if constexpr (!std::is_null_pointer_v<std::remove_cvref_t<Observer>>) observer(next_output, run.time(), y);
      ++next_output;
    }
  return run.stats();
}

// Single end point.
template <class T, class Rhs, class Jac>
radau_stats integrate_radau(Rhs&& f, Jac&& jacobian, T t0, T t1, std::vector<T>& y, const radau_options<T>& options) {
  return integrate_radau(std::forward<Rhs>(f), std::forward<Jac>(jacobian), t0, std::vector<T>{t1}, y, options);
}

// A Runge-Kutta method's coefficients in the working scalar, for the fixed-step implicit solver:
// a row-major s x s, b, c. Stiffly accurate methods (b = last row of A) take y1 = y0 + Z_s.
template <class T>
struct implicit_rk_numeric {
  int stages = 0;
  std::vector<T> a, b, c;
  bool stiffly_accurate = false;
};

// Rounds 100-digit coefficients once to T.
template <class T>
implicit_rk_numeric<T> to_numeric(const std::vector<high_precision>& a, const std::vector<high_precision>& b,
                                  const std::vector<high_precision>& c) {
  implicit_rk_numeric<T> m;
  m.stages = static_cast<int>(b.size());
  for (const auto& x : a) m.a.push_back(to_scalar<T>(x));
  for (const auto& x : b) m.b.push_back(to_scalar<T>(x));
  for (const auto& x : c) m.c.push_back(to_scalar<T>(x));
  const auto s = b.size();
  m.stiffly_accurate = true;
  for (std::size_t j = 0; j < s; ++j) m.stiffly_accurate = m.stiffly_accurate && a[(s - 1) * s + j] == b[j];
  return m;
}

// The coefficients rounded once to T, with the chosen weight set as b, for implicit_rk_stepper
// (any tableau: an explicit one is an implicit one with a strictly lower A).
template <class T>
implicit_rk_numeric<T> numeric_coefficients(const butcher_tableau& t, weight_set weights = weight_set::primary) {
  const auto& chosen = t.weights(weights);
  std::vector<high_precision> a, b, c;
  for (int i = 0; i < t.stages(); ++i) {
    for (int j = 0; j < t.stages(); ++j) a.push_back(to_high_precision(t.a_at(i, j)));
    b.push_back(to_high_precision(chosen[static_cast<std::size_t>(i)]));
    c.push_back(to_high_precision(t.c[static_cast<std::size_t>(i)]));
  }
  return to_numeric<T>(a, b, c);
}

// Steps of any (fully, diagonally or partly) implicit Runge-Kutta method: each stage system
// Z = h (A x I) F(y + Z) solved by Newton to round-off, so that the observed error is the method's
// own. Simplified Newton first: J at a step start, the full s n x s n matrix I - h (A x J)
// LU-factorised with Eigen; full Newton, each stage's own Jacobian, when that contracts slowly.
// y1 = y0 + Z_s for stiffly accurate methods, else y0 + h sum_j b_j f(t + c_j h, y0 + Z_j).
//
// What stays valid is carried from one step to the next: J and the factorisation, while h is
// unchanged and the last step's Newton contracted faster than jacobian_reuse_contraction (a stale
// J only slows the contraction; the converged stages are the same to round-off); and the stages,
// whose interpolating polynomial through (0, 0) and (c_j, Z_j), extrapolated over the next step,
// is the next Newton start (RADAU5's starting values, for any nodes). A step whose Newton does not
// converge from there is solved again from Z = 0 with a fresh J; one that does not converge within
// max_newton_iterations from that either throws integration_failure naming t. reset() forgets both.
template <class T>
class implicit_rk_stepper {
 public:
  // J and its factorisation are kept for the next step while Newton contracts at least this fast.
  // The iteration goes to round-off (16 to 34 digits), so a slower rate costs more extra iterations
  // than a fresh J and LU: on nonlinear-na in float128 at 2^14 steps, gauss6 takes 5.4 iterations
  // a step keeping J below 1e-3 (RADAU5's threshold, made for a loose Newton tolerance), 4.3
  // below 1e-6, and 4.0 with a fresh J every step, at one J and one LU a step; 1e-6 is the fastest.
  static constexpr double jacobian_reuse_contraction = 1e-6;
  static constexpr int max_newton_iterations = 100;

  // newton_tolerance: the iteration stops once its correction is at most newton_tolerance max(|y|, 1)
  // (max norm). 0, the default, is round-off (4 eps): the observed error is the method's own. A
  // larger value leaves each step's stage equations unsolved by about that much, on purpose: what
  // a loose solve does to a method's properties (a Gauss method's symplecticity) is then measurable.
  explicit implicit_rk_stepper(implicit_rk_numeric<T> method, T newton_tolerance = 0)
      : method_(std::move(method)),
        interpolation_nodes_(distinct_nonzero_nodes(method_.c)),
        newton_tolerance_(newton_tolerance) {}

  void reset() {
    have_previous_ = false;
    factorisation_valid_ = false;
  }

  const radau_stats& stats() const { return stats_; }

  template <class Rhs, class Jac>
  void step(Rhs&& f, Jac&& jacobian, const T& t, std::vector<T>& y, const T& h) {
    const int s = method_.stages;
    const std::size_t n = y.size(), sn = static_cast<std::size_t>(s) * n;
    if (z_.size() != sn) {
      size_buffers(n);
      reset();
    }
    bool fresh = false;
    auto refresh = [&] {
      if (!radau_detail::has_jacobian(jacobian)) counted(f, t, y, f0_);  // forward differences need f(y0)
      jacobian_at(f, jacobian, t, y, f0_, jac_);
      for (auto& stage_jacobian : stage_jacobians_) stage_jacobian = jac_;
      factorise(h);
      fresh = true;
    };
    if (!factorisation_valid_ || h != factored_h_) refresh();
    const bool extrapolated = have_previous_ && predict_stages(h);
    if (!extrapolated) std::fill(z_.begin(), z_.end(), T(0));
    newton_outcome outcome = newton(f, jacobian, t, y, h);
    if (!outcome.solve.converged() && (!fresh || extrapolated)) {
      refresh();
      std::fill(z_.begin(), z_.end(), T(0));
      outcome = newton(f, jacobian, t, y, h);
    }
    if (!outcome.solve.converged()) {
      std::ostringstream message;
      message << "implicit Runge-Kutta (fixed step): Newton did not converge at t = " << t;
      throw integration_failure(failure_reason::newton_divergence, message.str(), outcome.solve.failure);
    }
    factorisation_valid_ = !outcome.full_newton && outcome.worst_rate <= T(jacobian_reuse_contraction);
    // The increment y1 - y0, which the next step's extrapolated stages are relative to.
    if (method_.stiffly_accurate) {
      for (std::size_t p = 0; p < n; ++p) increment_[p] = z_[(static_cast<std::size_t>(s) - 1) * n + p];
    } else {
      std::fill(increment_.begin(), increment_.end(), T(0));
      for (int j = 0; j < s; ++j) {
        for (std::size_t p = 0; p < n; ++p) stage_[p] = y[p] + z_[static_cast<std::size_t>(j) * n + p];
        counted(f, t + method_.c[static_cast<std::size_t>(j)] * h, stage_, fstage_);
        for (std::size_t p = 0; p < n; ++p) increment_[p] += method_.b[static_cast<std::size_t>(j)] * fstage_[p];
      }
      for (std::size_t p = 0; p < n; ++p) increment_[p] *= h;
    }
    for (std::size_t p = 0; p < n; ++p) y[p] += increment_[p];
    z_previous_ = z_;
    h_previous_ = h;
    have_previous_ = true;
    ++stats_.accepted;
  }

 private:
  using matrix = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic>;
  using vector = Eigen::Matrix<T, Eigen::Dynamic, 1>;

  struct newton_outcome {
    newton_result solve;
    bool full_newton = false;
    T worst_rate = 0;  // the slowest contraction seen above round-off
  };

  void size_buffers(std::size_t n) {
    const std::size_t s = static_cast<std::size_t>(method_.stages), sn = s * n;
    jac_.assign(n * n, T(0));
    f0_.assign(n, T(0));
    stage_.assign(n, T(0));
    fstage_.assign(n, T(0));
    increment_.assign(n, T(0));
    z_.assign(sn, T(0));
    z_previous_.assign(sn, T(0));
    fz_.assign(sn, T(0));
    iteration_.resize(static_cast<Eigen::Index>(sn), static_cast<Eigen::Index>(sn));
    residual_.resize(static_cast<Eigen::Index>(sn));
    delta_.resize(static_cast<Eigen::Index>(sn));
    stage_jacobians_.assign(s, jac_);
  }

  template <class Rhs>
  void counted(Rhs& f, const T& time, const std::vector<T>& x, std::vector<T>& dx) {
    f(time, x, dx);
    ++stats_.rhs_evaluations;
  }

  // J at (time, x) into out, analytic or by forward differences (fx = f(time, x)).
  template <class Rhs, class Jac>
  void jacobian_at(Rhs& f, Jac& jacobian, const T& time, const std::vector<T>& x, const std::vector<T>& fx,
                   std::vector<T>& out) {
    if constexpr (!std::is_null_pointer_v<std::remove_cvref_t<Jac>>) {
      if (radau_detail::has_jacobian(jacobian))
        jacobian(time, x, out);
      else
        finite_difference_jacobian(f, time, x, fx, out, stats_.rhs_evaluations);
    } else {
      finite_difference_jacobian(f, time, x, fx, out, stats_.rhs_evaluations);
    }
    ++stats_.jacobian_evaluations;
  }

  // The Newton matrix I - h (A x I) diag(J_1 .. J_s), J_j the Jacobian used for stage j.
  void factorise(const T& h) {
    const std::size_t n = increment_.size();  // the state's dimension the buffers are sized for
    assemble_iteration_matrix(
        h, method_.a, static_cast<std::size_t>(method_.stages), n,
        [this](std::size_t j) -> const std::vector<T>& { return stage_jacobians_[j]; }, iteration_);
    lu_.compute(iteration_);
    ++stats_.lu_decompositions;
    factored_h_ = h;
    factorisation_valid_ = true;
  }

  // The last step's stages extrapolated over a step of h: Lagrange interpolation through (0, 0)
  // and (c_j, Z_j) over the distinct nonzero nodes, at 1 + c_i h / h_previous, less the last
  // step's increment (the stages are relative to the step's start). False when no node is nonzero.
  bool predict_stages(const T& h) {
    if (interpolation_nodes_.empty()) return false;
    extrapolate_stages(method_.c, interpolation_nodes_, T(h / h_previous_), z_previous_, std::span<const T>(increment_),
                       z_);
    return true;
  }

  // Newton on the stage system from the current z_, with the current factorisation, to round-off
  // in the maximum norm (roundoff_newton_control), switching to full Newton when it contracts slowly.
  template <class Rhs, class Jac>
  newton_outcome newton(Rhs& f, Jac& jacobian, const T& t, const std::vector<T>& y, const T& h) {
    using std::abs;
    using std::max;
    const int s = method_.stages;
    const std::size_t n = y.size(), sn = z_.size();
    const T eps = std::numeric_limits<T>::epsilon();
    T norm = 0;
    for (std::size_t p = 0; p < n; ++p) norm = max(norm, T(abs(y[p])));
    roundoff_newton_control<T> control(T(eps * max(norm, T(1))), T(newton_tolerance_ * max(norm, T(1))));
    auto rhs = [&](const T& time, const std::vector<T>& x, std::vector<T>& dx) { counted(f, time, x, dx); };
    auto sweep = [&](int) -> std::optional<T> {
      collocation_residual(rhs, t, h, y, z_, method_.c, method_.a, stage_, fstage_, fz_, residual_);
      if (control.full_newton()) {  // each stage's own Jacobian at its current value
        for (int j = 0; j < s; ++j) {
          for (std::size_t p = 0; p < n; ++p) {
            stage_[p] = y[p] + z_[static_cast<std::size_t>(j) * n + p];
            fstage_[p] = fz_[static_cast<std::size_t>(j) * n + p];
          }
          jacobian_at(f, jacobian, t + method_.c[static_cast<std::size_t>(j)] * h, stage_, fstage_,
                      stage_jacobians_[static_cast<std::size_t>(j)]);
        }
        factorise(h);
      }
      delta_ = lu_.solve(residual_);
      ++stats_.newton_iterations;
      T size = 0;
      for (std::size_t k = 0; k < sn; ++k) {
        using std::isfinite;
        const T correction = abs(delta_(static_cast<Eigen::Index>(k)));
        if (!isfinite(correction)) return std::nullopt;
        z_[k] += delta_(static_cast<Eigen::Index>(k));
        size = max(size, correction);
      }
      return size;
    };
    const newton_result solve = newton_iteration(
        max_newton_iterations, sweep, [&](int iteration, const T& size) { return control.judge(iteration, size); });
    return {.solve = solve, .full_newton = control.full_newton(), .worst_rate = control.worst_rate()};
  }

  implicit_rk_numeric<T> method_;
  std::vector<std::size_t> interpolation_nodes_;
  radau_stats stats_;
  std::vector<T> jac_, f0_, stage_, fstage_, increment_, z_, z_previous_, fz_;
  std::vector<std::vector<T>> stage_jacobians_;
  matrix iteration_;
  vector residual_, delta_;
  Eigen::PartialPivLU<matrix> lu_;
  T newton_tolerance_ = 0;
  T factored_h_ = 0, h_previous_ = 0;
  bool factorisation_valid_ = false, have_previous_ = false;
};

// Fixed steps: `steps` equal steps from t0 to t1 (t_k = t0 + k h, no accumulated drift) with
// implicit_rk_stepper. Returns the work done.
template <class T, class Rhs, class Jac>
radau_stats integrate_implicit_rk_fixed(Rhs&& f, Jac&& jacobian, const T& t0, const T& t1, std::vector<T>& y,
                                        std::uint64_t steps, const implicit_rk_numeric<T>& method) {
  if (steps == 0) throw std::invalid_argument("implicit Runge-Kutta: at least one step is needed");
  implicit_rk_stepper<T> stepper(method);
  const T h = (t1 - t0) / T(steps);
  for (std::uint64_t step = 0; step < steps; ++step) stepper.step(f, jacobian, T(t0 + T(step) * h), y, h);
  return stepper.stats();
}

}  // namespace orderly
