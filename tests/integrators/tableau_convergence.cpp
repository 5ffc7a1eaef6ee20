// Every catalog tableau drives the explicit_rk stepper, with either weight set, and its local error
// shrinks at the declared order on a nonlinear, non-autonomous system with a known solution.
//
// The system is manufactured: f(t, y) = Y'(t) + N(y) - N(Y(t)) has the solution y = Y for
//     Y(t) = (exp(sin t), cos t / (2 + sin t)),  N(y) = (y1 sin y2, exp(-y1 y2) + y2^2).
// N has non-vanishing derivatives of every order, so no elementary differential drops out, and the
// problem has two components: on a scalar problem several trees' elementary differentials coincide
// and methods of order >= 5 can look better than they are. The local error of one step from the
// exact solution behaves like C h^(p+1); its observed order log2(e(h) / e(h/2)) is measured in
// cpp_bin_float_50, far from round-off. The double stepper reproduces the 50-digit one to round-off.
#include <orderly/catalog.hpp>
#include <orderly/explicit_rk.hpp>
#include <orderly/scalars.hpp>
#include <orderly/tableaus/explicit_methods.hpp>

#include "../support/weight_sets.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

namespace orderly {
namespace {

template <class T>
std::vector<T> exact_solution(const T& t) {
  using std::cos;
  using std::exp;
  using std::sin;
  return {exp(sin(t)), cos(t) / (2 + sin(t))};
}

template <class T>
std::vector<T> exact_derivative(const T& t) {
  using std::cos;
  using std::exp;
  using std::sin;
  const T s = sin(t);
  return {cos(t) * exp(s), -(2 * s + 1) / ((2 + s) * (2 + s))};
}

template <class T>
std::vector<T> coupling(const std::vector<T>& y) {
  using std::exp;
  using std::sin;
  return {y[0] * sin(y[1]), exp(-y[0] * y[1]) + y[1] * y[1]};
}

template <class T>
void manufactured(const T& t, const std::vector<T>& y, std::vector<T>& dydt) {
  const auto forcing = exact_derivative(t);
  const auto at_y = coupling(y);
  const auto at_exact = coupling(exact_solution(t));
  dydt.resize(2);
  for (std::size_t i = 0; i < 2; ++i) dydt[i] = forcing[i] + at_y[i] - at_exact[i];
}

// Max-norm error of `steps` fixed steps of size h from the exact value at t0.
template <class T>
T error_after(const butcher_tableau& tableau, weight_set weights, const T& t0, const T& h, int steps) {
  explicit_rk<std::vector<T>> stepper(tableau, weights);
  std::vector<T> y = exact_solution(t0);
  for (int n = 0; n < steps; ++n) stepper.step(manufactured<T>, t0 + T(n) * h, y, h);
  // FSAL pairs propagating b reuse the last stage: one evaluation fewer per step after the first.
  const auto s = static_cast<std::uint64_t>(tableau.stages());
  const auto n = static_cast<std::uint64_t>(steps);
  const bool fsal = weights == weight_set::primary && tableau.first_same_as_last();
  EXPECT_EQ(stepper.rhs_evaluations(), fsal ? n * (s - 1) + 1 : n * s);
  const auto reference = exact_solution(t0 + T(steps) * h);
  using std::abs;
  using std::max;
  return max(abs(y[0] - reference[0]), abs(y[1] - reference[1]));
}

class TableauConvergence : public testing::TestWithParam<weights_case> {};

TEST_P(TableauConvergence, LocalErrorShrinksAtTheDeclaredOrder) {
  const auto& [name, weights] = GetParam();
  const butcher_tableau& t = *find_method(name)->tableau();
  const int declared = weights == weight_set::primary ? t.order : *t.embedded_order;
  const mp50 t0 = mp50(3) / 10;
  // Verner's optimised pair has a tiny leading error coefficient (its principal error norm is
  // 1.4e-6), so the next term dominates for longer: its observed local order reads 7.87 between
  // h = 2^-6 and 2^-7 and 7.24 between 2^-10 and 2^-11. Between 2^-12 and 2^-13 every method is
  // within 0.02 of p + 1, and the smallest error (rkf78 b_hat, 1e-41) is far above mp50's round-off.
  const mp50 h = ldexp(mp50(1), -12);
  const mp50 e_coarse = error_after<mp50>(t, weights, t0, h, 1);
  const mp50 e_fine = error_after<mp50>(t, weights, t0, h / 2, 1);
  const double observed = log2(e_coarse / e_fine).convert_to<double>();
  EXPECT_NEAR(observed, declared + 1, 0.05) << "local errors " << e_coarse.str(4) << " -> " << e_fine.str(4);
}

TEST_P(TableauConvergence, DoubleStepperMatchesTheFiftyDigitOne) {
  const auto& [name, weights] = GetParam();
  const butcher_tableau& t = *find_method(name)->tableau();
  const double in_double = error_after<double>(t, weights, 0.25, 1.0 / 64, 64);
  const double in_mp50 = error_after<mp50>(t, weights, mp50(1) / 4, mp50(1) / 64, 64).convert_to<double>();
  EXPECT_NEAR(in_double, in_mp50, 1e-13);
}

INSTANTIATE_TEST_SUITE_P(Catalog, TableauConvergence, testing::ValuesIn(every_weight_set()), case_name);

}  // namespace
}  // namespace orderly
