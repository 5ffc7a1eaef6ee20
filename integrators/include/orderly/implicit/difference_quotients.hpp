#pragma once
// The derivatives an implicit or Rosenbrock solver needs when the problem gives none: df/dy by
// forward differences and df/dt by a central difference. One definition for the Radau IIA code,
// the Rosenbrock stepper and the studies that hand odeint the same numbers. Any scalar, any state
// container; f(t, y, dy) is the right-hand side, `evaluations` counts its calls.
#include <orderly/state_algebra.hpp>

#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

namespace orderly {

// J = df/dy at (t, y), row-major (J[i * n + j] = df_i/dy_j), one evaluation per column, with
// RADAU5's increments sqrt(eps max(1e-5, |y_j|)); f0 = f(t, y).
template <class State, class Rhs, class T = scalar_of<State>>
void finite_difference_jacobian(Rhs& f, const T& t, const State& y, const State& f0, std::vector<T>& jacobian,
                                std::uint64_t& evaluations) {
  using std::abs;
  using std::max;
  using std::sqrt;
  const std::size_t n = size_of(y);
  jacobian.assign(n * n, T(0));
  State probe = y, f1;
  resize_like(f1, y);
  const T eps = std::numeric_limits<T>::epsilon();
  for (std::size_t j = 0; j < n; ++j) {
    const T delta = sqrt(eps * max(T(1) / 100000, T(abs(y[j]))));
    probe[j] = y[j] + delta;
    f(t, probe, f1);
    ++evaluations;
    for (std::size_t i = 0; i < n; ++i) jacobian[i * n + j] = (f1[i] - f0[i]) / delta;
    probe[j] = y[j];
  }
}

// Evaluations one central_time_derivative costs.
constexpr std::uint64_t time_derivative_evaluations = 2;

// df/dt at (t, y) = (f(t + d, y) - f(t - d, y)) / 2d, d = eps^(1/3) max(1, |t|): error O(d^2) =
// O(eps^(2/3)) relative, far below a method's local error at the steps it is used with.
template <class State, class Rhs, class T = scalar_of<State>>
void central_time_derivative(Rhs& f, const T& t, const State& y, State& dfdt, std::uint64_t& evaluations) {
  using std::abs;
  using std::cbrt;
  using std::max;
  const std::size_t n = size_of(y);
  const T delta = cbrt(std::numeric_limits<T>::epsilon()) * max(T(1), T(abs(t)));
  State behind;
  resize_like(behind, y);
  resize_like(dfdt, y);
  f(t + delta, y, dfdt);
  f(t - delta, y, behind);
  evaluations += time_derivative_evaluations;
  for (std::size_t i = 0; i < n; ++i) dfdt[i] = (dfdt[i] - behind[i]) / (2 * delta);
}

}  // namespace orderly
