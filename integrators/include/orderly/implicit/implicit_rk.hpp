#pragma once
// The fixed-step solver of any (fully, diagonally or partly) implicit Runge-Kutta method: the
// catalog's implicit tableaus (Gauss, Radau IIA, SDIRK, ...) run on it through the stepper factory.
// What it shares with the adaptive Radau IIA code (implicit/radau.hpp): the stage system and its
// iteration matrix (implicit/stage_system.hpp), the starting stages (implicit/stage_prediction.hpp),
// the Newton loop and its failure reasons (implicit/newton.hpp); each judges the iteration with its
// own control (newton.hpp says why).
#include <orderly/exact.hpp>
#include <orderly/implicit/difference_quotients.hpp>
#include <orderly/implicit/newton.hpp>
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
#include <sstream>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

namespace orderly {

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
// LU-factorised with Eigen (in double for a software scalar: only the residual needs its digits);
// full Newton, each stage's own Jacobian, when that contracts slowly.
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
      if (!implicit_detail::has_jacobian(jacobian)) counted(f, t, y, f0_);  // forward differences need f(y0)
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
  // The scalar the Newton matrix is factorised and solved in: a correction needs only a few
  // correct digits (the residual, in T, decides where the iteration converges; a correction solved
  // in double is off by about kappa 1e-16 of itself, which slows a contraction of 1e-6 a sweep by
  // nothing visible), so software scalars (float128, mp50) solve in hardware double.
  using solve_scalar = std::conditional_t<std::is_floating_point_v<T>, T, double>;
  using solve_matrix = Eigen::Matrix<solve_scalar, Eigen::Dynamic, Eigen::Dynamic>;

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
      if (implicit_detail::has_jacobian(jacobian))
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
    lu_.compute(iteration_.template cast<solve_scalar>());
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
      delta_ = lu_.solve(residual_.template cast<solve_scalar>()).template cast<T>();
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
  Eigen::PartialPivLU<solve_matrix> lu_;
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
