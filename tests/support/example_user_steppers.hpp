#pragma once
// Users' steppers written as plain lambdas, independent of the catalog, for the tests of the
// analyses that measure a stepper known only by its step (user_stepper.hpp).
#include <orderly/step_control.hpp>
#include <orderly/user_stepper.hpp>

#include <cstddef>

namespace orderly::example_steppers {

// y + a k, element by element.
inline state_of<double> plus(const state_of<double>& y, double a, const state_of<double>& k) {
  state_of<double> sum = y;
  for (std::size_t i = 0; i < y.size(); ++i) sum[i] += a * k[i];
  return sum;
}

// The classical fourth-order Runge-Kutta method (Kutta 1901).
inline user_stepper classical_rk4() {
  return {"test-rk4", 4, false, "rk4", [](const user_rhs& f, double t, state_of<double> y, double h) {
            const auto k1 = f(t, y);
            const auto k2 = f(t + h / 2, plus(y, h / 2, k1));
            const auto k3 = f(t + h / 2, plus(y, h / 2, k2));
            const auto k4 = f(t + h, plus(y, h, k3));
            for (std::size_t i = 0; i < y.size(); ++i) y[i] += h / 6 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]);
            return y;
          }};
}

inline user_stepper forward_euler() {
  return {"test-euler", 1, false, "euler",
          [](const user_rhs& f, double t, state_of<double> y, double h) { return plus(y, h, f(t, y)); }};
}

// Semi-implicit (symplectic) Euler on y = (q, p): p += h F(q, p), then q += h dq/dt at (q, p_new),
// the q half of f evaluated with the new p.
inline user_stepper semi_implicit_euler() {
  return {"test-semi-implicit-euler", 1, true, "seed-semi-implicit-euler",
          [](const user_rhs& f, double t, state_of<double> y, double h) {
            const std::size_t half = y.size() / 2;
            const auto kick = f(t, y);
            for (std::size_t i = half; i < y.size(); ++i) y[i] += h * kick[i];
            const auto drift = f(t, y);
            for (std::size_t i = 0; i < half; ++i) y[i] += h * drift[i];
            return y;
          }};
}

// A step that always fails, as an implicit step whose Newton iteration cannot converge reports it.
inline user_stepper always_failing() {
  return {"test-failing", 1, false, "", [](const user_rhs&, double, state_of<double>, double) -> state_of<double> {
            throw integration_failure(failure_reason::newton_divergence, "the stage equations have no solution here");
          }};
}

}  // namespace orderly::example_steppers
