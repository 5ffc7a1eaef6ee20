#pragma once
// A stepper Orderly did not write, as every study's battery sees it: a C++ callable, or a step
// function loaded from a shared library through the C interface (orderly/stepper.h). It works in
// double (the C interface's scalar) on a state of n values and is told nothing but the right-hand
// side, so each analysis measures the code as written, not the method it was meant to implement.
#include <orderly/rhs.hpp>
#include <orderly/scalars.hpp>

#include <functional>
#include <string>

namespace orderly {

// The right-hand side handed to a user's step: f(t, y) -> dy/dt.
using user_rhs = std::function<state_of<double>(double t, const state_of<double>& y)>;

// One step of size h from (t, y); returns y(t + h). A step that cannot continue throws
// integration_failure (its blow-up is a result, never a crash).
using user_step = std::function<state_of<double>(const user_rhs& f, double t, state_of<double> y, double h)>;

// One step that also gives the local error estimate of an embedded pair: y(t + h) as the step
// gives it, and the estimate, signed as y_propagated - y_embedded (orderly/stepper.h).
struct step_with_estimate {
  state_of<double> y, error;
};
using user_step_with_error =
    std::function<step_with_estimate(const user_rhs& f, double t, state_of<double> y, double h)>;

// The same step in a wider scalar T (long double, float128): every operation in T, the
// right-hand side too. A stepper that has one gets its order runs refined in T where double's
// window is too short, as the catalog's are.
template <class T>
using user_rhs_in = std::function<state_of<T>(const T& t, const state_of<T>& y)>;
template <class T>
using user_step_in = std::function<state_of<T>(const user_rhs_in<T>& f, const T& t, state_of<T> y, const T& h)>;

struct user_stepper {
  std::string name;
  int declared_order = 0;      // 0: not declared
  bool separable = false;      // it needs y = (q, p) halves of a separable or second-order problem
  std::string closest_method;  // the catalog method drawn beside it in the report, or empty
  user_step step;
  // The step with its error estimate, when the stepper exposes one (empty otherwise); error_sign
  // is -1 when the stepper's estimate is y_embedded - y_propagated, and step_with_error then
  // returns it as the stepper writes it.
  user_step_with_error step_with_error;
  int error_estimate_order = 0;  // 0: not declared
  int error_sign = 1;
  // The step in a wider scalar, when the stepper has one (empty otherwise).
  user_step_in<long double> step_long_double;
  user_step_in<float128> step_float128;
};

}  // namespace orderly
