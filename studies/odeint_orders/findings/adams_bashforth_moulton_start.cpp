// odeint's adams_bashforth_moulton<Steps> is of order 5, not its declared order_value = Steps, for
// Steps = 6, 7 and 8, when used as documented (do_step from the first step, or integrate_n_steps).
// Its first Steps - 1 steps are taken by its default initializing stepper, runge_kutta4, whose
// local errors are O(h^5); a multistep method of order p keeps order p only when its starting
// values are accurate to O(h^p) (Hairer, Norsett, Wanner, Solving ODEs I, Sect. III.4), so these
// starting values leave a global error O(h^5). Started by an 8th-order stepper (initialize() with
// runge_kutta_fehlberg78) it has its declared order. The h^5 term overtakes the method's own h^6
// term only on fine grids, below double's and long double's rounding on this problem: the runs
// are in float128 (boost::multiprecision::float128, GCC's __float128).
//
// odeint: boost/numeric/odeint/stepper/adams_bashforth_moulton.hpp:53
// class InitializingStepper = runge_kutta4< State , Value , Deriv , Time , Algebra , Operations, Resizer >
// odeint: boost/numeric/odeint/stepper/adams_bashforth_moulton.hpp:84
//     static const order_type order_value = steps;
//
// Build: g++ -std=gnu++17 -O2 -I/usr/include adams_bashforth_moulton_start.cpp -o abm_start -lquadmath
// Run: ./abm_start
// Declared: order_value = 6 for adams_bashforth_moulton<6>. Expected (theory): order 5 with the
// default runge_kutta4 start (O(h^5) starting values), order 6 started by an order-8 stepper.
// Measured: 5 with the default start; 6 started by runge_kutta_fehlberg78 (the control).
// Claim: measured order = 5
// Claim: measured order (control) = 6
//
// Problem: q' = v, v' = -q^3 + g(t), g(t) = sin^3 t - sin t, q(0) = 0, v(0) = 1; exact q = sin t,
// v = cos t.
#include <boost/multiprecision/float128.hpp>
#include <boost/numeric/odeint.hpp>

#include <cstdio>
#include <vector>

namespace odeint = boost::numeric::odeint;
using real = boost::multiprecision::float128;
using state = std::vector<real>;
using abm6 = odeint::adams_bashforth_moulton<6, state, real, state, real>;

void duffing(const state& x, state& dxdt, real t) {
  const real s = sin(t);
  dxdt[0] = x[1];
  dxdt[1] = -x[0] * x[0] * x[0] + s * s * s - s;
}

real error_at_end(int steps, bool started_by_rkf78) {
  const real t_end = 5, dt = t_end / steps;
  abm6 stepper;
  state x{0, 1};
  real t = 0;
  int first = 0;
  if (started_by_rkf78) {
    stepper.initialize(odeint::runge_kutta_fehlberg78<state, real, state, real>(), duffing, x, t, dt);
    first = abm6::steps - 1;
  }
  for (int n = first; n < steps; ++n) stepper.do_step(duffing, x, n * dt, dt);
  return hypot(x[0] - sin(t_end), x[1] - cos(t_end));
}

double print_orders(bool started_by_rkf78) {
  std::printf("%s\n%8s %14s %8s\n",
              started_by_rkf78 ? "started by runge_kutta_fehlberg78" : "default start (runge_kutta4)", "steps",
              "error at t=5", "order");
  real previous = 0;
  double order = 0;
  for (int steps = 1024; steps <= 32768; steps *= 2) {
    const real error = error_at_end(steps, started_by_rkf78);
    if (previous > 0) {
      order = static_cast<double>(log2(previous / error));
      std::printf("%8d %14.6e %8.3f\n", steps, static_cast<double>(error), order);
    } else {
      std::printf("%8d %14.6e %8s\n", steps, static_cast<double>(error), "-");
    }
    previous = error;
  }
  return order;
}

int main() {
  std::printf("adams_bashforth_moulton<6>: declared order_value = %d\n", int(abm6::order_value));
  const double default_start = print_orders(false);
  const double rkf78_start = print_orders(true);
  std::printf("measured order: %.3f\n", default_start);
  std::printf("measured order (control): %.3f\n", rkf78_start);
}
