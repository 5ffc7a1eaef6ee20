#pragma once
// A user's stepper measured as `orderly gate` measures the catalog's (the measurement behind
// EXPECT_CONVERGENCE_ORDER in gtest.hpp, and the stepper battery's order runs), without GoogleTest.
// The stepper is called as y_next = step(f, t, y, h) with y a std::vector<T>; f(t, y) returns
// dy/dt (f(t, y, dydt) works too).
#include <orderly/convergence_measure.hpp>
#include <orderly/method_runner.hpp>
#include <orderly/suites.hpp>

#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace orderly::testing {

// The right-hand side as handed to a user's stepper.
template <class T>
struct rhs_view {
  const rhs_function<T>* rhs;
  state_of<T> operator()(const T& t, const state_of<T>& y) const {
    state_of<T> dydt(y.size());
    (*rhs)(t, y, dydt);
    return dydt;
  }
  void operator()(const T& t, const state_of<T>& y, state_of<T>& dydt) const { (*rhs)(t, y, dydt); }
};

// The problems `orderly gate` measures every catalog method on (the gate suite's problems).
std::vector<std::string> gate_problems();

template <class T>
constexpr std::string_view scalar_name_of() {
  if constexpr (std::is_same_v<T, float>)
    return scalar_name(scalar_kind::float32);
  else if constexpr (std::is_same_v<T, double>)
    return scalar_name(scalar_kind::float64);
  else if constexpr (std::is_same_v<T, long double>)
    return scalar_name(scalar_kind::long_double);
  else if constexpr (std::is_same_v<T, float128>)
    return scalar_name(scalar_kind::quad);
  else {
    static_assert(std::is_same_v<T, mp50>, "the gate measures in float, double, long double, float128 or mp50");
    return scalar_name(scalar_kind::mp50);
  }
}

template <class T, class Stepper>
order_measurement measure_stepper_order_in(Stepper&& step, const std::string& problem_name,
                                           error_norm_kind norm = error_norm_kind::final,
                                           const order_policy& policy = default_order_policy()) {
  const problem_entry* entry = find_problem(problem_name);
  if (!entry) throw std::invalid_argument("unknown problem '" + problem_name + "'");
  const auto problem = instantiate<T>(*entry);
  const rhs_view<T> f{&problem.rhs};
  // The user's stepper works in T only, so rounding is told by the a-priori floor estimate.
  auto grid = [&](const typed_problem<T>& typed, std::size_t n, bool record) {
    return drive_fixed_steps(typed, n, record, [&](const T& t, state_of<T>& y, const T& h) { y = step(f, t, y, h); });
  };
  return detail::measure_fixed_steps(*entry, problem, norm, detail::step_sequence(4, default_finest_grid), grid,
                                     {.shadow = false, .policy = policy});
}

template <class Stepper>
order_measurement measure_stepper_order(Stepper&& step, const std::string& problem_name,
                                        error_norm_kind norm = error_norm_kind::final) {
  return measure_stepper_order_in<double>(step, problem_name, norm);
}

}  // namespace orderly::testing
