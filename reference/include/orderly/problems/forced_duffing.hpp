#pragma once
// The gate problem for separable and second-order methods: a Duffing oscillator driven by a
// time-dependent force, manufactured so its solution is known exactly.
//   q' = p,  p' = -q^3 + g(t),  g(t) = q*'' + q*^3 with q*(t) = sin t  =>  q = sin t, p = cos t.
// Nonlinear in q and non-autonomous in the force, so the kicks' time arguments and the
// nonlinear (RKN) elementary differentials both enter; the kinetic energy p^2/2 is quadratic,
// as in every mechanical problem, so it measures the order of splitting methods in that class.
#include <orderly/problems/support.hpp>

#include <cmath>

namespace orderly::problems {

struct forced_duffing {
  static problem_info info() {
    return {.name = "forced-duffing",
            .description = "driven Duffing oscillator q'' = -q^3 + g(t), manufactured so that q = sin t, p = cos t",
            .citation =
                "method of manufactured solutions (P. J. Roache, Verification and Validation in "
                "Computational Science and Engineering, 1998) applied to the Duffing equation",
            .dimension = 2,
            .has_exact = true,
            .has_jacobian = true,
            .separable = true,
            .second_order = true,
            .nonautonomous = true,
            .parameters = {{"t_end", "5", "end of the default time span"}}};
  }
  template <class T>
  static T drive(const T& t) {
    using std::sin;
    const T s = sin(t);
    return s * s * s - s;  // q*'' + q*^3 with q* = sin t
  }
  template <class T>
  static typed_problem<T> make(const problem_info* info) {
    typed_problem<T> p;
    p.info = info;
    p.t_end = parameter<T>(*info, "t_end");
    p.y0 = {T(0), T(1)};
    p.rhs = [](const T& t, const state_of<T>& y, state_of<T>& dydt) {
      dydt.resize(2);
      dydt[0] = y[1];
      dydt[1] = -y[0] * y[0] * y[0] + drive(t);
    };
    p.exact = [](const T& t) {
      using std::cos;
      using std::sin;
      return state_of<T>{T(sin(t)), T(cos(t))};
    };
    p.jacobian = [](const T&, const state_of<T>& y, std::vector<T>& J) { J = {T(0), T(1), T(-3 * y[0] * y[0]), T(0)}; };
    p.split = separable_split<T>{.half_dimension = 1,
                                 .force =
                                     [](const T& t, const state_of<T>& q, state_of<T>& force) {
                                       force.resize(1);
                                       force[0] = -q[0] * q[0] * q[0] + drive(t);
                                     },
                                 .velocity =
                                     [](const T&, const state_of<T>& momentum, state_of<T>& velocity) {
                                       velocity.resize(1);
                                       velocity[0] = momentum[0];
                                     }};
    return p;
  }
};

}  // namespace orderly::problems
