// odeint's extrapolation_stepper does not converge when called in place, do_step(sys, x, t, dt):
// the in-place do_step of explicit_error_stepper_base passes one object as both `in` and `out` to
// extrapolation_stepper's do_step_impl, which writes `out` with its first midpoint sequence and
// then reads `in`, already overwritten, for the next ones. extrapolation_stepper has a
// do_step_impl_io for exactly this case (it steps into a buffer), but the base never calls it.
// The out-of-place call, do_step(sys, in, t, out, dt), has no aliasing and has the declared order.
//
// odeint: boost/numeric/odeint/stepper/base/explicit_error_stepper_base.hpp:294
//         this->stepper().do_step_impl( system , x , m_dxdt.m_v , t , x , dt );
// odeint: boost/numeric/odeint/stepper/extrapolation_stepper.hpp:180
//         m_midpoint.do_step( system, in, dxdt, t, out, dt );
// odeint: boost/numeric/odeint/stepper/extrapolation_stepper.hpp:184
//             m_midpoint.do_step( system, in, dxdt, t, m_table[k - 1].m_v, dt );
//
// Build: g++ -std=c++17 -O2 -I/usr/include extrapolation_in_place.cpp -o extrapolation_in_place
// Run: ./extrapolation_in_place
// Declared: order_value = 4 for extrapolation_stepper<4>, whatever the calling form. Expected
// (theory): order 0 in place (each step extrapolates from a start it has overwritten, so the error
// does not fall with the step), order 4 out of place. Measured: 0 in place; 4 out of place (the
// control).
// Claim: measured order = 0
// Claim: measured order (control) = 4
//
// Problem: q' = v, v' = -q^3 + g(t), g(t) = sin^3 t - sin t, q(0) = 0, v(0) = 1; exact q = sin t,
// v = cos t.
#include <boost/numeric/odeint.hpp>

#include <cmath>
#include <cstdio>
#include <vector>

namespace odeint = boost::numeric::odeint;
using state = std::vector<double>;

void duffing(const state& x, state& dxdt, double t) {
  const double s = std::sin(t);
  dxdt[0] = x[1];
  dxdt[1] = -x[0] * x[0] * x[0] + s * s * s - s;
}

double error_at_end(int steps, bool in_place) {
  const double t_end = 5, dt = t_end / steps;
  odeint::extrapolation_stepper<4, state> stepper;
  state x{0.0, 1.0}, out(2);
  for (int n = 0; n < steps; ++n) {
    if (in_place) {
      stepper.do_step(duffing, x, n * dt, dt);
    } else {
      stepper.do_step(duffing, x, n * dt, out, dt);
      x.swap(out);
    }
  }
  return std::hypot(x[0] - std::sin(t_end), x[1] - std::cos(t_end));
}

double print_orders(bool in_place) {
  std::printf("%s\n%8s %14s %8s\n", in_place ? "do_step(sys, x, t, dt)" : "do_step(sys, in, t, out, dt)", "steps",
              "error at t=5", "order");
  double previous = 0, order = 0;
  for (int steps = 100; steps <= 1600; steps *= 2) {
    const double error = error_at_end(steps, in_place);
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
  std::printf("extrapolation_stepper<4>: declared order_value = %d\n",
              int(odeint::extrapolation_stepper<4, state>::order_value));
  const double in_place = print_orders(true);
  const double out_of_place = print_orders(false);
  std::printf("measured order: %.3f\n", in_place);
  std::printf("measured order (control): %.3f\n", out_of_place);
}
