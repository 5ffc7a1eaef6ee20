// odeint's velocity_verlet declares order_value = 1, but on accelerations that do not depend on
// the velocity, a = f(q, t), it is the velocity Verlet method, of order 2 (E. Hairer, C. Lubich,
// G. Wanner, Geometric Numerical Integration, 2nd ed. 2006, Sect. I.1.4: the Stormer-Verlet scheme,
// of which velocity Verlet is the one-step form, is of order 2). Anything that reads order() or
// order_value (step-size heuristics, error scaling, a user's convergence check) is told 1 for a
// method whose global error falls as h^2. The declared 1 holds only where a depends on v, which
// odeint's documentation admits (a = f(r, v', t)): there do_step evaluates the new acceleration
// with the start-of-step velocity, an O(h) error in its argument, and the method is first order.
//
// odeint: boost/numeric/odeint/stepper/velocity_verlet.hpp:77
//     static const order_type order_value = 1;
// odeint: boost/numeric/odeint/stepper/velocity_verlet.hpp:121
//         sys( qout , pin , aout , t + dt );
//
// Build: g++ -std=c++17 -O2 -I/usr/include velocity_verlet_order.cpp -o velocity_verlet_order
// Run: ./velocity_verlet_order
// Declared: order 1. Expected (theory): order 2 where a = f(q, t); order 1 where a reads v (the
// start-of-step velocity in the acceleration at t + dt). Measured: 2 on the first problem below, 1
// on the second.
// Claim: measured order = 2
// Claim: measured order (velocity-dependent) = 1
//
// Problems: q'' = -q^3 + g(t), g(t) = sin^3 t - sin t, q(0) = 0, q'(0) = 1, whose exact solution is
// q = sin t, v = cos t (nonlinear and non-autonomous; velocity_verlet passes t to the acceleration);
// and the damped oscillator q'' = -q - 2 c q', c = 1/10, q(0) = 1, q'(0) = -c, whose exact solution
// is q = e^(-c t) cos(w t), w = sqrt(1 - c^2).
#include <boost/numeric/odeint.hpp>

#include <cmath>
#include <cstdio>
#include <utility>
#include <vector>

using state = std::vector<double>;

// The final-time error of `steps` steps of velocity_verlet from (q0, v0) over [0, 5].
template <class Acceleration, class Exact>
double error_at_end(int steps, Acceleration acceleration, double q0, double v0, Exact exact) {
  const double t_end = 5, dt = t_end / steps;
  boost::numeric::odeint::velocity_verlet<state> stepper;
  std::pair<state, state> x{state{q0}, state{v0}};
  for (int n = 0; n < steps; ++n) stepper.do_step(acceleration, x, n * dt, dt);
  const auto [q, v] = exact(t_end);
  return std::hypot(x.first[0] - q, x.second[0] - v);
}

template <class Acceleration, class Exact>
double print_orders(const char* label, Acceleration acceleration, double q0, double v0, Exact exact) {
  std::printf("%s\n%8s %14s %8s\n", label, "steps", "error at t=5", "order");
  double previous = 0, order = 0;
  for (int steps = 100; steps <= 1600; steps *= 2) {
    const double error = error_at_end(steps, acceleration, q0, v0, exact);
    if (previous > 0) {
      order = std::log2(previous / error);
      std::printf("%8d %14.6e %8.3f\n", steps, error, order);
    } else {
      std::printf("%8d %14.6e %8s\n", steps, error, "-");
    }
    previous = error;
  }
  return order;
}

int main() {
  std::printf("velocity_verlet: declared order_value = %d\n",
              int(boost::numeric::odeint::velocity_verlet<state>::order_value));
  auto duffing = [](const state& q, const state&, state& a, double t) {
    const double s = std::sin(t);
    a[0] = -q[0] * q[0] * q[0] + s * s * s - s;
  };
  auto duffing_exact = [](double t) { return std::pair{std::sin(t), std::cos(t)}; };
  const double c = 0.1, w = std::sqrt(1 - c * c);
  auto damped = [c](const state& q, const state& v, state& a, double) { a[0] = -q[0] - 2 * c * v[0]; };
  auto damped_exact = [c, w](double t) {
    const double e = std::exp(-c * t);
    return std::pair{e * std::cos(w * t), -e * (c * std::cos(w * t) + w * std::sin(w * t))};
  };
  const double position_only = print_orders("a = f(q, t): forced Duffing", duffing, 0.0, 1.0, duffing_exact);
  const double velocity_dependent = print_orders("a = f(q, v): damped oscillator", damped, 1.0, -c, damped_exact);
  std::printf("measured order: %.3f\n", position_only);
  std::printf("measured order (velocity-dependent): %.3f\n", velocity_dependent);
}
