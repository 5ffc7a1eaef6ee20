// odeint's adams_bashforth<Steps> (Steps >= 2) is first order when called in place,
// do_step(sys, x, t, dt), whatever its declared order_value = Steps. Its first Steps - 1 steps are
// taken by its initializing stepper, extrapolation_stepper, which adams_bashforth calls with `in`
// and `out` one object; extrapolation_stepper's do_step_impl writes `out` before reading `in` again
// (the defect of extrapolation_in_place.cpp), so each starting step is wrong by O(h), and the
// global error is O(h). The out-of-place call, do_step(sys, in, t, out, dt), has the declared order.
//
// odeint: boost/numeric/odeint/stepper/adams_bashforth.hpp:140
//         do_step( system , x , t , x , dt );
// odeint: boost/numeric/odeint/stepper/adams_bashforth.hpp:247
//                 system, in, m_step_storage[0].m_v, t, out, dt );
// odeint: boost/numeric/odeint/stepper/extrapolation_stepper.hpp:214
//         do_step_impl( system , in , dxdt , t , out , dt );
//
// Build: g++ -std=c++17 -O2 -I/usr/include adams_bashforth_in_place.cpp -o adams_bashforth_in_place
// Run: ./adams_bashforth_in_place
// Declared: order_value = 4 for adams_bashforth<4>, whatever the calling form. Expected (theory):
// order 1 in place (Steps - 1 starting steps with O(h) errors), order 4 out of place. Measured: 1
// in place; 4 out of place (the control).
// Claim: measured order = 1
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
  odeint::adams_bashforth<4, state> stepper;
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
  std::printf("adams_bashforth<4>: declared order_value = %d\n", int(odeint::adams_bashforth<4, state>::order_value));
  const double in_place = print_orders(true);
  const double out_of_place = print_orders(false);
  std::printf("measured order: %.3f\n", in_place);
  std::printf("measured order (control): %.3f\n", out_of_place);
}
