// odeint's velocity_verlet declares order_value = 1, but the velocity Verlet method is of order 2
// (E. Hairer, C. Lubich, G. Wanner, Geometric Numerical Integration, 2nd ed. 2006, Sect. I.1.4:
// the Stormer-Verlet scheme, of which velocity Verlet is the one-step form, is of order 2).
// Anything that reads order() or order_value (step-size heuristics, error scaling, a user's
// convergence check) is told 1 for a method whose global error falls as h^2.
//
// odeint: boost/numeric/odeint/stepper/velocity_verlet.hpp:77
//     static const order_type order_value = 1;
//
// Build: g++ -std=c++17 -O2 -I/usr/include velocity_verlet_order.cpp -o velocity_verlet_order
// Run: ./velocity_verlet_order
// Declared: order 1. Expected (theory): order 2. Measured: order 2 in every step halving.
// Claim: measured order = 2
//
// Problem: q'' = -q^3 + g(t), g(t) = sin^3 t - sin t, q(0) = 0, q'(0) = 1, whose exact solution is
// q = sin t, v = cos t (nonlinear and non-autonomous; velocity_verlet passes t to the acceleration).
#include <boost/numeric/odeint.hpp>

#include <cmath>
#include <cstdio>
#include <utility>
#include <vector>

using state = std::vector<double>;

double error_at_end(int steps) {
  const double t_end = 5, dt = t_end / steps;
  auto acceleration = [](const state& q, const state&, state& a, double t) {
    const double s = std::sin(t);
    a[0] = -q[0] * q[0] * q[0] + s * s * s - s;
  };
  boost::numeric::odeint::velocity_verlet<state> stepper;
  std::pair<state, state> x{state{0.0}, state{1.0}};
  for (int n = 0; n < steps; ++n) stepper.do_step(acceleration, x, n * dt, dt);
  return std::hypot(x.first[0] - std::sin(t_end), x.second[0] - std::cos(t_end));
}

int main() {
  std::printf("velocity_verlet: declared order_value = %d\n",
              int(boost::numeric::odeint::velocity_verlet<state>::order_value));
  std::printf("%8s %14s %8s\n", "steps", "error at t=5", "order");
  double previous = 0, order = 0;
  for (int steps = 100; steps <= 1600; steps *= 2) {
    const double error = error_at_end(steps);
    if (previous > 0) {
      order = std::log2(previous / error);
      std::printf("%8d %14.6e %8.3f\n", steps, error, order);
    } else {
      std::printf("%8d %14.6e %8s\n", steps, error, "-");
    }
    previous = error;
  }
  std::printf("measured order: %.3f\n", order);
}
