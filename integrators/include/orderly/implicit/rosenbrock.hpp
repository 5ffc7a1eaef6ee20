#pragma once
// The Rosenbrock stepper: any rosenbrock_method (tableaus/rosenbrock_methods.hpp), any scalar, any
// state container. Per step: f and J = df/dy at the step start (the given Jacobian, or forward
// differences), df/dt (zero for an autonomous problem, else a central difference), one dense LU of
// W = I / (gamma h) - J (Eigen), then one evaluation and one linear solve per stage.
//
// step(f, t, y, h[, error]) has the signature of explicit_rk's, so integrate_adaptive
// (step_control.hpp) drives both with one error norm, one starting step and one controller.
#include <orderly/explicit_rk.hpp>  // weight_set
#include <orderly/implicit/difference_quotients.hpp>
#include <orderly/state_algebra.hpp>
#include <orderly/tableaus/rosenbrock_methods.hpp>

#include <boost/multiprecision/eigen.hpp>
#include <Eigen/Dense>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <stdexcept>
#include <vector>

namespace orderly {

template <state_vector State>
class rosenbrock_stepper {
 public:
  using scalar = scalar_of<State>;
  // jacobian(t, y, J): J row-major, J[i * n + j] = df_i/dy_j.
  using jacobian_function = std::function<void(const scalar& t, const State& y, std::vector<scalar>& jacobian)>;

  // The stepper keeps the coefficients rounded once to its scalar, not the method (as the implicit
  // Runge-Kutta stepper does). autonomous: f does not depend on t, so df/dt = 0 costs nothing. weights: propagate y1
  // (primary) or the embedded solution y1 - error (its order is measured like a pair's second weight set).
  explicit rosenbrock_stepper(const rosenbrock_method& method, jacobian_function jacobian = {}, bool autonomous = false,
                              weight_set weights = weight_set::primary)
      : error_estimate_order_(std::min(method.order, method.embedded_order)),
        jacobian_function_(std::move(jacobian)),
        autonomous_(autonomous) {
    const auto s = static_cast<std::size_t>(method.stages());
    gamma_ = to_scalar<scalar>(method.gamma);
    a_.assign(s, std::vector<scalar>(s, scalar(0)));
    C_.assign(s, std::vector<scalar>(s, scalar(0)));
    for (std::size_t i = 0; i < s; ++i) {
      for (std::size_t j = 0; j < method.a[i].size(); ++j) a_[i][j] = to_scalar<scalar>(method.a[i][j]);
      for (std::size_t j = 0; j < method.C[i].size(); ++j) C_[i][j] = to_scalar<scalar>(method.C[i][j]);
      c_.push_back(to_scalar<scalar>(method.c[i]));
      d_.push_back(to_scalar<scalar>(method.d[i]));
      const exact propagated = weights == weight_set::primary ? method.m[i] : exact(method.m[i] - method.e[i]);
      m_.push_back(to_scalar<scalar>(propagated));
      e_.push_back(to_scalar<scalar>(method.e[i]));
    }
    g_.resize(s);
  }

  // The order q of the error estimate's method: the estimate is O(h^(q+1)).
  int error_estimate_order() const { return error_estimate_order_; }

  std::uint64_t rhs_evaluations() const { return rhs_evaluations_; }
  std::uint64_t jacobian_evaluations() const { return jacobian_evaluations_; }
  std::uint64_t lu_factorizations() const { return lu_factorizations_; }
  std::uint64_t linear_solves() const { return linear_solves_; }

  // Nothing is carried from one step to the next.
  void reset() {}

  template <class Rhs>
  void step(Rhs&& f, const scalar& t, State& y, const scalar& h) {
    compute_stages(f, t, y, h);
    advance(y);
  }

  template <class Rhs>
  void step(Rhs&& f, const scalar& t, State& y, const scalar& h, State& error) {
    compute_stages(f, t, y, h);
    weighted_sum(error, e_);
    advance(y);
  }

 private:
  using matrix = Eigen::Matrix<scalar, Eigen::Dynamic, Eigen::Dynamic>;
  using vector = Eigen::Matrix<scalar, Eigen::Dynamic, 1>;

  template <class Rhs>
  void compute_stages(Rhs& f, const scalar& t, const State& y, const scalar& h) {
    const std::size_t n = size_of(y);
    const auto s = c_.size();
    resize_like(f0_, y);
    resize_like(stage_, y);
    resize_like(fstage_, y);
    resize_like(ft_, y);
    evaluate(f, t, y, f0_);
    jacobian_at(f, t, y);
    if (autonomous_)
      for (std::size_t i = 0; i < n; ++i) ft_[i] = scalar(0);
    else
      central_time_derivative(f, t, y, ft_, rhs_evaluations_);
    const auto size = static_cast<Eigen::Index>(n);
    w_.resize(size, size);  // allocates only when the dimension changes, as do right_ and lu_
    right_.resize(size);
    const scalar diagonal = 1 / (gamma_ * h);
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = 0; j < n; ++j)
        w_(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(j)) =
            (i == j ? diagonal : scalar(0)) - jacobian_[i * n + j];
    lu_.compute(w_);
    ++lu_factorizations_;
    for (std::size_t i = 0; i < s; ++i) {
      const std::vector<scalar>& a = a_[i];
      if (i == 0) {
        for (std::size_t k = 0; k < n; ++k) fstage_[k] = f0_[k];
      } else {
        for (std::size_t k = 0; k < n; ++k) {
          scalar sum = 0;
          for (std::size_t j = 0; j < i; ++j) sum += a[j] * g_[j](static_cast<Eigen::Index>(k));
          stage_[k] = y[k] + sum;
        }
        evaluate(f, t + c_[i] * h, stage_, fstage_);
      }
      const std::vector<scalar>& C = C_[i];
      for (std::size_t k = 0; k < n; ++k) {
        scalar coupling = 0;
        for (std::size_t j = 0; j < i; ++j) coupling += C[j] * g_[j](static_cast<Eigen::Index>(k));
        right_(static_cast<Eigen::Index>(k)) = fstage_[k] + coupling / h + h * d_[i] * ft_[k];
      }
      g_[i] = lu_.solve(right_);
      ++linear_solves_;
    }
  }

  // out = sum_i w_i g_i.
  void weighted_sum(State& out, const std::vector<scalar>& w) const {
    resize_like(out, f0_);
    for (std::size_t k = 0; k < size_of(f0_); ++k) {
      scalar sum = 0;
      for (std::size_t i = 0; i < w.size(); ++i)
        if (w[i] != 0) sum += w[i] * g_[i](static_cast<Eigen::Index>(k));
      out[k] = sum;
    }
  }

  // y += sum_i m_i g_i.
  void advance(State& y) {
    weighted_sum(stage_, m_);
    for (std::size_t k = 0; k < size_of(y); ++k) y[k] += stage_[k];
  }

  template <class Rhs>
  void evaluate(Rhs& f, const scalar& t, const State& x, State& dx) {
    f(t, x, dx);
    ++rhs_evaluations_;
  }

  // J at (t, y): the given function, or forward differences (f0_ holds f(t, y)).
  template <class Rhs>
  void jacobian_at(Rhs& f, const scalar& t, const State& y) {
    ++jacobian_evaluations_;
    if (jacobian_function_) {
      jacobian_function_(t, y, jacobian_);
      if (jacobian_.size() != size_of(y) * size_of(y))
        throw std::invalid_argument("rosenbrock: the Jacobian must be n x n");
      return;
    }
    finite_difference_jacobian(f, t, y, f0_, jacobian_, rhs_evaluations_);
  }

  int error_estimate_order_;
  jacobian_function jacobian_function_;
  bool autonomous_;
  scalar gamma_;
  std::vector<std::vector<scalar>> a_, C_;
  std::vector<scalar> c_, d_, m_, e_;
  std::vector<vector> g_;
  std::vector<scalar> jacobian_;
  matrix w_;      // W = I / (gamma h) - J of the current step
  vector right_;  // the current stage's right-hand side
  Eigen::PartialPivLU<matrix> lu_;
  State f0_, stage_, fstage_, ft_;
  std::uint64_t rhs_evaluations_ = 0, jacobian_evaluations_ = 0, lu_factorizations_ = 0, linear_solves_ = 0;
};

}  // namespace orderly
