#pragma once
// odeint's steppers under the convergence study: each stepper's declared orders (order_value,
// stepper_order_value, error_order_value) against the order measured with the study's own
// machinery (reference solution, asymptotic window, rounding told by a higher-precision twin).
#include <orderly/convergence.hpp>
#include <orderly/shard.hpp>

#include <nlohmann/json.hpp>

#include <orderly/tolerance_policy.hpp>

#include <optional>
#include <string>
#include <vector>

namespace orderly {

// The measured order matches the declared one when the declared value lies within the fit's
// uncertainty widened by the order policy's band (order_policy.hpp): the gate's acceptance. A
// verdict needs an uncertainty no wider than the policy's max_uncertainty_for_pass (a wider
// interval cannot tell neighbouring orders apart: the row is inconclusive). Tolerance sweeps run
// the studies' shared sweep (default_tolerance_sweep, tolerance_policy.hpp).
struct odeint_order_policy {
  // A sweep's slope is fitted over its finest fit_decades decades (see odeint_tolerance_result).
  static constexpr int fit_decades = 3;
};

// What a row says about a declared order; the JSON and the tables spell it with verdict_name.
enum class odeint_verdict { matches, mismatch, inconclusive, no_window, no_declared_order };

inline const char* verdict_name(odeint_verdict v) {
  switch (v) {
    case odeint_verdict::matches:
      return "matches";
    case odeint_verdict::mismatch:
      return "mismatch";
    case odeint_verdict::inconclusive:
      return "inconclusive";
    case odeint_verdict::no_window:
      return "no window";
    case odeint_verdict::no_declared_order:
      return "no declared order";
  }
  return "?";
}

struct odeint_order_result {
  std::string stepper;  // as an odeint user names it
  std::string call;     // how it was driven: "do_step in place", "do_step out of place", "integrate_n_steps"
  std::string problem;
  std::string problem_note;  // why the row is not on the gate's problem; empty when it is
  std::string scalar;
  std::optional<int> order_value;  // absent where odeint declares none (implicit_euler)
  std::optional<int> stepper_order_value, error_order_value;
  // Which declared value the measurement is judged against: "order_value", or, for the embedded
  // solution an error stepper's xerr defines, "error_order_value".
  std::string judged_against = "order_value";
  order_measurement measured;
  odeint_verdict verdict = odeint_verdict::no_window;
  std::string finding;  // a mismatch's standalone reproducer (findings/<file>); empty when none
};

// A tolerance-driven stepper (controlled, dense output, Bulirsch-Stoer) has no step size to refine:
// it is swept over tolerances, and its effective order is the slope of the final-time error against
// the right-hand-side evaluations it spent (err ~ C N^-p for a method of order p whose steps follow
// the tolerance). Final-time errors of adaptive runs scatter about that line by factors of two
// (local errors cancel along the orbit), so a three-point window would fit noise: the slope is the
// least-squares line through every usable point (round-off excluded as the study excludes it) of
// the finest fit_decades decades of tolerance, its uncertainty twice the slope's standard error.
// Bulirsch-Stoer changes its order as it goes and declares none: its slope is reported, not judged.
struct odeint_tolerance_point {
  double tolerance = 0, error = 0;
  std::uint64_t rhs_evaluations = 0;
  point_status status = point_status::ok;
  std::string note;
};

struct odeint_tolerance_result {
  std::string stepper, call, problem, scalar;
  std::optional<int> stepper_order_value, error_order_value;
  std::vector<odeint_tolerance_point> points;  // coarse to fine tolerance
  order_fit effective;                         // error against 1 / evaluations
  odeint_verdict verdict = odeint_verdict::no_window;
  std::string finding;  // as in odeint_order_result
};

struct odeint_orders {
  std::vector<odeint_order_result> fixed_step;
  std::vector<odeint_tolerance_result> tolerance_driven;
};

odeint_orders run_odeint_orders();

nlohmann::json odeint_orders_json(const odeint_orders& results);

// The study as a suite of its three parts (orderly/shard.hpp), writing odeint-orders.json.
sharded_suite odeint_orders_suite();
suite_outputs odeint_orders_outputs(const nlohmann::json& settings, const std::vector<std::string>& keys,
                                    const std::vector<const nlohmann::json*>& results);

}  // namespace orderly
