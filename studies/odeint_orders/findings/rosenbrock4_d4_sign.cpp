// odeint's rosenbrock4 declares order 4 (stepper_order = 4), but its coefficient d4 has the wrong
// sign: +0.0362 where the published set has -0.0362 (E. Hairer, G. Wanner, RODAS, subroutine ROCOE,
// METH = 1: D4 = -0.3620000000000023D-01; the same in Numerical Recipes 3rd ed., StepperRoss).
// d4 multiplies h df/dt in the fourth stage, so the defect shows only where f depends on t: on a
// non-autonomous problem the method is first order (df/dt = 0 hides it on autonomous ones). It
// reaches rosenbrock4_controller and rosenbrock4_dense_output, which share the coefficients.
//
// odeint: boost/numeric/odeint/stepper/rosenbrock4.hpp:66
//       d4 ( static_cast< value_type >( 0.3620000000000023e-01 ) ) ,
//
// Build: g++ -std=c++17 -O2 -I/usr/include rosenbrock4_d4_sign.cpp -o rosenbrock4_d4_sign
// Run: ./rosenbrock4_d4_sign
// Declared: order 4. Expected (theory): order 1 with d4 = +0.0362 (an O(h^2) local error term),
// order 4 with d4 = -0.0362. Measured: 1 with odeint's d4; 4 with the published d4 (the control:
// the same stepper with that one coefficient changed).
// Claim: measured order = 1
// Claim: measured order (control) = 4
//
// Problem: q' = v, v' = -q^3 + g(t), g(t) = sin^3 t - sin t, q(0) = 0, v(0) = 1; exact q = sin t,
// v = cos t. The Jacobian and df/dt are given in closed form.
#include <boost/numeric/odeint.hpp>

#include <cmath>
#include <cstdio>

namespace odeint = boost::numeric::odeint;
using vector_type = boost::numeric::ublas::vector<double>;
using matrix_type = boost::numeric::ublas::matrix<double>;

// odeint's coefficients with d4 as published (the member hides the base's).
struct published_d4 : odeint::default_rosenbrock_coefficients<double> {
  const double d4 = -0.3620000000000023e-01;
};

struct duffing {
  void operator()(const vector_type& x, vector_type& dxdt, double t) const {
    const double s = std::sin(t);
    dxdt[0] = x[1];
    dxdt[1] = -x[0] * x[0] * x[0] + s * s * s - s;
  }
};

struct duffing_jacobian {
  void operator()(const vector_type& x, matrix_type& J, double t, vector_type& dfdt) const {
    J(0, 0) = 0;
    J(0, 1) = 1;
    J(1, 0) = -3 * x[0] * x[0];
    J(1, 1) = 0;
    const double s = std::sin(t), c = std::cos(t);
    dfdt[0] = 0;
    dfdt[1] = 3 * s * s * c - c;
  }
};

template <class Coefficients>
double error_at_end(int steps) {
  const double t_end = 5, dt = t_end / steps;
  odeint::rosenbrock4<double, Coefficients> stepper;
  vector_type x(2);
  x[0] = 0;
  x[1] = 1;
  for (int n = 0; n < steps; ++n) stepper.do_step(std::make_pair(duffing(), duffing_jacobian()), x, n * dt, dt);
  return std::hypot(x[0] - std::sin(t_end), x[1] - std::cos(t_end));
}

template <class Coefficients>
double print_orders(const char* label) {
  std::printf("%s\n%8s %14s %8s\n", label, "steps", "error at t=5", "order");
  double previous = 0, order = 0;
  for (int steps = 100; steps <= 1600; steps *= 2) {
    const double error = error_at_end<Coefficients>(steps);
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
  std::printf("rosenbrock4: declared stepper_order = %d\n", int(odeint::rosenbrock4<double>::stepper_order));
  const double odeint_d4 = print_orders<odeint::default_rosenbrock_coefficients<double>>("odeint's d4 = +0.0362");
  const double control = print_orders<published_d4>("control, d4 = -0.0362 as published");
  std::printf("measured order: %.3f\n", odeint_d4);
  std::printf("measured order (control): %.3f\n", control);
}
