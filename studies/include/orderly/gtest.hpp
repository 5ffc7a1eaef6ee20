#pragma once
// Order gate for users' own steppers, in GoogleTest:
//
//   auto my_rk2 = [](auto&& f, double t, std::vector<double> y, double h) {
//     auto k1 = f(t, y);
//     std::vector<double> mid(y.size());
//     for (std::size_t i = 0; i < y.size(); ++i) mid[i] = y[i] + h / 2 * k1[i];
//     auto k2 = f(t + h / 2, mid);
//     for (std::size_t i = 0; i < y.size(); ++i) y[i] += h * k2[i];
//     return y;
//   };
//   TEST(MyIntegrator, IsSecondOrder) { EXPECT_CONVERGENCE_ORDER(my_rk2, "nonlinear-na", 2); }
//
// The stepper is called as y_next = step(f, t, y, h) with y a std::vector<double>; f(t, y)
// returns dy/dt (f(t, y, dydt) works too). The measurement is the convergence study's own: the
// same grids, reference, error norm and order fit; it passes when the measured order lies in the
// order policy's band (order_policy.hpp: p - 0.15 to p + 0.5), the band the gate uses.
#include <orderly/convergence_measure.hpp>

#include <gtest/gtest.h>

#include <sstream>
#include <string>

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

template <class Stepper>
order_measurement measure_stepper_order(Stepper&& step, const std::string& problem_name,
                                        error_norm_kind norm = error_norm_kind::final) {
  const problem_entry* entry = find_problem(problem_name);
  if (!entry) throw std::invalid_argument("unknown problem '" + problem_name + "'");
  const auto problem = instantiate<double>(*entry);
  const rhs_view<double> f{&problem.rhs};
  // The user's stepper works in double only, so rounding is told by the a-priori floor estimate.
  auto grid = [&](const typed_problem<double>& typed, std::size_t n, bool record) {
    return drive_fixed_steps(typed, n, record, [&](double t, state_of<double>& y, double h) { y = step(f, t, y, h); });
  };
  return detail::measure_fixed_steps(*entry, problem, norm, detail::step_sequence(4, std::size_t{1} << 14), grid,
                                     /*shadow=*/false, nullptr);
}

template <class Stepper>
::testing::AssertionResult converges_with_order(Stepper&& step, const std::string& problem_name, double p) {
  const auto m = measure_stepper_order(step, problem_name);
  std::ostringstream points;
  points.precision(4);
  for (const auto& x : m.points) points << "\n  h = " << x.h << "  error = " << x.error << "  [" << status_name(x.status) << "]";
  if (!m.fit.found)
    return ::testing::AssertionFailure() << "no asymptotic window on " << problem_name << " (" << m.fit.reason << ")"
                                         << points.str();
  std::ostringstream head;
  head << "measured order " << m.fit.order << " +- " << m.fit.uncertainty << " on " << problem_name << ", expected " << p;
  if (!order_within_band(m.fit, p))
    return ::testing::AssertionFailure() << head.str() << points.str();
  return ::testing::AssertionSuccess() << head.str();
}

}  // namespace orderly::testing

#define EXPECT_CONVERGENCE_ORDER(stepper, problem, p) \
  EXPECT_TRUE(::orderly::testing::converges_with_order((stepper), (problem), (p)))
#define ASSERT_CONVERGENCE_ORDER(stepper, problem, p) \
  ASSERT_TRUE(::orderly::testing::converges_with_order((stepper), (problem), (p)))
