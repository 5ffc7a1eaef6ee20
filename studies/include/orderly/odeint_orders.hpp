#pragma once
// odeint's steppers under the convergence study: each stepper's declared orders (order_value,
// stepper_order_value, error_order_value) against the order measured with the study's own
// machinery (reference solution, asymptotic window, rounding told by a higher-precision twin).
#include <orderly/convergence.hpp>

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace orderly {

struct odeint_order_policy {
  // The measured order matches the declared one when the declared value lies within the fit's
  // uncertainty widened by the study's band: the same acceptance as the order gate.
  static constexpr double band_below = 0.15;
  static constexpr double band_above = 0.5;
};

struct odeint_order_result {
  std::string stepper;  // as an odeint user names it
  std::string call;     // how it was driven: "do_step in place", "do_step out of place", "integrate_n_steps"
  std::string problem;
  std::string scalar;
  int order_value = 0;
  std::optional<int> stepper_order_value, error_order_value;
  order_measurement measured;
  std::string verdict;  // "matches", "mismatch", "no window"
};

std::vector<odeint_order_result> run_odeint_orders();

nlohmann::json odeint_orders_json(const std::vector<odeint_order_result>& results);

}  // namespace orderly
