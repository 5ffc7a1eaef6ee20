// odeint's single-step steppers measured at fixed steps: every calling form, their error
// estimates, rosenbrock4 (odeint's d4 and RODAS's) and the dense-output steppers.
#include "odeint_measure.hpp"

namespace orderly::odeint_orders_detail {

// The single-step steppers in every calling form, their error estimates, rosenbrock4 and the
// dense-output steppers.
void measure_single_step(std::vector<odeint_order_result>& results) {
  results.push_back(measure<make_euler>("euler", call_form::in_place));
  results.push_back(measure<make_rk4>("runge_kutta4", call_form::in_place));
  results.push_back(measure<make_rk4>("runge_kutta4", call_form::out_of_place));
  results.push_back(measure<make_rk4>("runge_kutta4", call_form::integrate_n_steps));
  results.push_back(measure<make_rk4>("runge_kutta4", call_form::integrate_const));
  results.push_back(measure<make_rk4_classic>("runge_kutta4_classic", call_form::in_place));
  results.push_back(measure<make_cash_karp>("runge_kutta_cash_karp54", call_form::in_place));
  results.push_back(measure<make_dopri5>("runge_kutta_dopri5", call_form::in_place));
  results.push_back(measure<make_rkf78>("runge_kutta_fehlberg78", call_form::in_place));
  results.push_back(measure<make_midpoint2>("modified_midpoint(steps = 2)", call_form::in_place));
  measure_adams_bashforth_moulton(results, call_form::in_place, std::make_index_sequence<6>());
  results.push_back(measure<make_extrapolation4>("extrapolation_stepper<4>", call_form::in_place));
  results.push_back(measure<make_extrapolation6>("extrapolation_stepper<6>", call_form::in_place));
  // The in-place do_step of explicit_error_stepper_base calls do_step_impl(sys, x, dxdt, t, x, dt):
  // in and out are one object, and extrapolation_stepper's do_step_impl writes `out` on its first
  // midpoint sequence before reading `in` again for the next ones. The out-of-place form has no
  // aliasing; measuring both isolates the cause.
  results.push_back(measure<make_extrapolation4>("extrapolation_stepper<4>", call_form::out_of_place));
  results.push_back(measure<make_extrapolation6>("extrapolation_stepper<6>", call_form::out_of_place));
  results.push_back(measure_adams_bashforth_moulton<6>(call_form::integrate_n_steps));
  // error_order_value: the order of the embedded solution the error estimate compares against.
  results.push_back(measure<make_cash_karp>("runge_kutta_cash_karp54", call_form::embedded));
  results.push_back(measure<make_dopri5>("runge_kutta_dopri5", call_form::embedded));
  results.push_back(measure<make_rkf78>("runge_kutta_fehlberg78", call_form::embedded));
  results.push_back(measure<make_extrapolation4>("extrapolation_stepper<4>", call_form::embedded));
  results.push_back(measure<make_extrapolation6>("extrapolation_stepper<6>", call_form::embedded));
  // On the gate's non-autonomous problem, where df/dt enters (odeint's d4 differs from RODAS's).
  results.push_back(measure_rosenbrock4<odeint::default_rosenbrock_coefficients>("rosenbrock4"));
  results.push_back(measure_rosenbrock4<rodas_coefficients>("rosenbrock4<d4 = -0.0362 (RODAS)>"));
  // Dense output: the interpolant between steps. euler's is linear (order 1); runge_kutta_dopri5's
  // is Hairer's continuous extension of order 4, whose O(h^5) interpolation error matches the
  // method's global O(h^5); rosenbrock4's is of order 3 (O(h^4) against the global O(h^4)).
  using dopri5 = odeint::runge_kutta_dopri5<vec<double>, double, vec<double>, double>;
  using rb4 = odeint::rosenbrock4<double>;
  results.push_back(measure_dense<make_dense_euler>("dense_output_runge_kutta<euler>", 1, std::nullopt, std::nullopt,
                                                    explicit_system));
  results.push_back(measure_dense<make_dense_dopri5>("dense_output_runge_kutta<controlled dopri5>", dopri5::order_value,
                                                     dopri5::stepper_order_value, dopri5::error_order_value,
                                                     explicit_system));
  results.push_back(measure_dense<make_dense_rosenbrock4>("rosenbrock4_dense_output", rb4::stepper_order,
                                                          rb4::stepper_order, rb4::error_order, rosenbrock_system));
}

}  // namespace orderly::odeint_orders_detail
