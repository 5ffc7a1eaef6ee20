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
// With options: the scalar the stepper works in (double, long double, float128 or mp50, as a type),
// one problem or the gate's set, and a baseline file:
//
//   EXPECT_CONVERGENCE_ORDER_WITH(orderly::float128, my_generic_rk2, 2,
//       {.problems = orderly::testing::gate_problems(), .baseline = "tests/order-baseline.json",
//        .name = "my-rk2"});
//
// The stepper is called as y_next = step(f, t, y, h) with y a std::vector<T>; f(t, y) returns
// dy/dt (f(t, y, dydt) works too). The measurement is the convergence study's own: the same
// grids, reference, error norm and order fit, judged by the same order policy and verdicts as
// `orderly gate` (order_policy.hpp, verdict.hpp): the test passes on the verdict "pass" (measured
// order in the band p - 0.15 to p + 0.5, enough settled points) and fails on any other verdict,
// with its reason. A baseline (the gate's own format, schema orderly.order-baseline/1, keyed
// name/problem/scalar) also holds the error constant C in err ~ C h^p: a constant that grows by
// more than the gate's error_constant_tolerance over its baseline fails, as in `orderly gate`; a
// missing file or entry fails with the entry to add.
#include <orderly/convergence_measure.hpp>
#include <orderly/gate.hpp>
#include <orderly/json_text.hpp>
#include <orderly/stepper_order.hpp>
#include <orderly/suites.hpp>
#include <orderly/verdict.hpp>

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace orderly::testing {

struct gate_options {
  std::vector<std::string> problems{"nonlinear-na"};  // or gate_problems()
  std::string baseline;                               // path of a baseline file; empty: no baseline check
  std::string name;  // the stepper's name in the baseline's keys (required with a baseline)
  error_norm_kind norm = error_norm_kind::final;
  order_policy policy = default_order_policy();
};

namespace detail {

inline std::string describe(const order_measurement& m) {
  std::ostringstream points;
  points.precision(4);
  for (const auto& x : m.points)
    points << "\n  h = " << x.h << "  error = " << x.error << "  [" << status_name(x.status) << "]";
  return points.str();
}

// The baseline check of one measurement: empty when it holds.
inline std::string against_baseline(const order_measurement& m, int p, const std::string& key, const gate_options& o) {
  std::ifstream in(o.baseline);
  const std::vector<convergence_point> points(m.points.begin(), m.points.end());
  const double constant = error_constant_at(points, m.fit, p);
  nlohmann::json wanted = {
      {"key", key}, {"measured_order", m.fit.order}, {"error_constant", constant}, {"declared_order", p}};
  if (!in) return "baseline " + o.baseline + " cannot be read; add the entry " + wanted.dump();
  order_baseline baseline;
  try {
    baseline = baseline_from_json(parse_json_text(in));
  } catch (const std::exception& e) {
    return "baseline " + o.baseline + ": " + e.what();
  }
  const auto entry = baseline.entries.find(key);
  if (entry == baseline.entries.end()) return "no entry " + key + " in " + o.baseline + "; add " + wanted.dump();
  if (constant > (1 + error_constant_tolerance) * entry->second.error_constant)
    return "error constant " + std::to_string(constant) + " worse than the baseline's " +
           std::to_string(entry->second.error_constant) + " by more than " +
           std::to_string(static_cast<int>(error_constant_tolerance * 100)) + "%";
  return {};
}

}  // namespace detail

template <class T, class Stepper>
::testing::AssertionResult converges_with_order_in(Stepper&& step, int p, const gate_options& options) {
  if (!options.baseline.empty() && options.name.empty())
    return ::testing::AssertionFailure() << "gate_options: a baseline needs the stepper's name (.name)";
  std::ostringstream passed;
  for (const auto& problem_name : options.problems) {
    const auto m = measure_stepper_order_in<T>(step, problem_name, options.norm, options.policy);
    const std::vector<convergence_point> points(m.points.begin(), m.points.end());
    const auto judged = judge_order(points, m.fit, p, m.solution_scale, /*confirmed=*/false, options.policy);
    std::ostringstream head;
    head.precision(4);
    head << problem_name << " in " << scalar_name_of<T>() << ": ";
    if (m.fit.found) head << "measured order " << m.fit.order << " +- " << m.fit.uncertainty << ", ";
    head << "expected " << p << ": " << verdict_name(judged.outcome) << " (" << judged.reason << ")";
    if (!gate_accepts(judged)) return ::testing::AssertionFailure() << head.str() << detail::describe(m);
    if (!options.baseline.empty()) {
      const std::string key = options.name + "/" + problem_name + "/" + std::string(scalar_name_of<T>());
      if (auto why = detail::against_baseline(m, p, key, options); !why.empty())
        return ::testing::AssertionFailure() << head.str() << "; " << why;
    }
    passed << head.str() << "\n";
  }
  return ::testing::AssertionSuccess() << passed.str();
}

template <class Stepper>
::testing::AssertionResult converges_with_order(Stepper&& step, const std::string& problem_name, int p) {
  return converges_with_order_in<double>(step, p, gate_options{.problems = {problem_name}});
}

}  // namespace orderly::testing

#define EXPECT_CONVERGENCE_ORDER(stepper, problem, p) \
  EXPECT_TRUE(::orderly::testing::converges_with_order((stepper), (problem), (p)))
#define ASSERT_CONVERGENCE_ORDER(stepper, problem, p) \
  ASSERT_TRUE(::orderly::testing::converges_with_order((stepper), (problem), (p)))
// Options as a braced gate_options initialiser after p (the variadic tail keeps its commas).
#define EXPECT_CONVERGENCE_ORDER_WITH(scalar, stepper, p, ...)                    \
  EXPECT_TRUE(::orderly::testing::converges_with_order_in<scalar>((stepper), (p), \
                                                                  ::orderly::testing::gate_options __VA_ARGS__))
#define ASSERT_CONVERGENCE_ORDER_WITH(scalar, stepper, p, ...)                    \
  ASSERT_TRUE(::orderly::testing::converges_with_order_in<scalar>((stepper), (p), \
                                                                  ::orderly::testing::gate_options __VA_ARGS__))
