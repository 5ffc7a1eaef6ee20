// odeint's extrapolation_stepper does not converge when called in place, do_step(sys, x, t, dt):
// the in-place do_step of explicit_error_stepper_base passes one object as both `in` and `out` to
// extrapolation_stepper's do_step_impl, which writes `out` with its first midpoint sequence and
// then reads `in`, already overwritten, for the next ones. extrapolation_stepper has a
// do_step_impl_io for exactly this case (it steps into a buffer), but the base never calls it.
// The out-of-place call, do_step(sys, in, t, out, dt), has no aliasing and has the declared order.
//
// The call: boost/numeric/odeint/stepper/base/explicit_error_stepper_base.hpp (Boost 1.81), line 294
// (do_step_v1, reached from do_step(system, x, t, dt)):
//     this->stepper().do_step_impl( system , x , m_dxdt.m_v , t , x , dt );
// and boost/numeric/odeint/stepper/extrapolation_stepper.hpp, lines 180 and 184 (do_step_impl):
//     m_midpoint.do_step( system, in, dxdt, t, out, dt );             // writes out (== in)
//     ... m_midpoint.do_step( system, in, dxdt, t, m_table[k - 1].m_v, dt );  // reads in
//
// Build and run:  g++ -std=c++17 -O2 -I/usr/include extrapolation_in_place.cpp -o extrapolation_in_place
//                 ./extrapolation_in_place
// Expected (declared): order_value = 4 for extrapolation_stepper<4>, whatever the calling form.
// Measured: order 0 in place (the error does not fall with the step; each step extrapolates from a
// start it has overwritten), order 4 out of place.
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
    if (previous > 0) order = std::log2(previous / error);
    std::printf("%8d %14.6e %8.3f\n", steps, error, previous > 0 ? order : NAN);
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
