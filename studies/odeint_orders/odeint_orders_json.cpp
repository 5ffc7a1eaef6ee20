// The odeint-orders document (orderly.odeint-orders/2): the fixed-step rows, the tolerance-driven
// rows and the policy they were judged by.
#include "odeint_measure.hpp"

namespace orderly {
namespace odeint_orders_detail {

static nlohmann::json optional_json(const std::optional<int>& v) { return v ? nlohmann::json(*v) : nlohmann::json(); }

nlohmann::json tolerance_rows(const std::vector<odeint_tolerance_result>& results) {
  auto rows = nlohmann::json::array();
  for (const auto& r : results) {
    auto points = nlohmann::json::array();
    for (const auto& p : r.points)
      points.push_back({{"tolerance", p.tolerance},
                        {"error", p.status == point_status::ok ? nlohmann::json(p.error) : nlohmann::json()},
                        {"rhs_evaluations", p.rhs_evaluations},
                        {"status", status_name(p.status)},
                        {"note", p.note}});
    const auto& fit = r.effective;
    rows.push_back({{"stepper", r.stepper},
                    {"call", r.call},
                    {"problem", r.problem},
                    {"scalar", r.scalar},
                    {"stepper_order_value", optional_json(r.stepper_order_value)},
                    {"error_order_value", optional_json(r.error_order_value)},
                    {"effective_order", fit.found ? nlohmann::json(fit.order) : nlohmann::json()},
                    {"uncertainty", fit.found ? nlohmann::json(fit.uncertainty) : nlohmann::json()},
                    {"local_slopes", fit.local_slopes},
                    {"window_reason", fit.reason},
                    {"verdict", verdict_name(r.verdict)},
                    {"mismatch", r.verdict == odeint_verdict::mismatch},
                    {"finding", r.finding},
                    {"points", points}});
  }
  return rows;
}

nlohmann::json fixed_step_rows(const std::vector<odeint_order_result>& results) {
  auto rows = nlohmann::json::array();
  for (const auto& r : results) {
    auto points = nlohmann::json::array();
    for (const auto& p : r.measured.points)
      points.push_back(
          {{"steps", p.steps}, {"h", p.h}, {"error", p.error}, {"status", status_name(p.status)}, {"note", p.note}});
    rows.push_back({{"stepper", r.stepper},
                    {"call", r.call},
                    {"problem", r.problem},
                    {"problem_note", r.problem_note},
                    {"scalar", r.scalar},
                    {"order_value", optional_json(r.order_value)},
                    {"stepper_order_value", optional_json(r.stepper_order_value)},
                    {"error_order_value", optional_json(r.error_order_value)},
                    {"measured_order", r.measured.fit.found ? nlohmann::json(r.measured.fit.order) : nlohmann::json()},
                    {"uncertainty", r.measured.fit.uncertainty},
                    {"local_slopes", r.measured.fit.local_slopes},
                    {"window_reason", r.measured.fit.reason},
                    {"judged_against", r.judged_against},
                    {"verdict", verdict_name(r.verdict)},
                    {"mismatch", r.verdict == odeint_verdict::mismatch},
                    {"finding", r.finding},
                    {"points", points}});
  }
  return rows;
}

// odeint's stepper classes that have no row, each with why it is not measured on its own.
static nlohmann::json not_measured_alone() {
  return nlohmann::json::array(
      {{{"stepper", "adams_moulton<Steps>"},
        {"reason",
         "the corrector of adams_bashforth_moulton: its do_step takes the predicted state and the "
         "Adams-Bashforth history buffer (adams_moulton.hpp), so it runs only inside a predictor; measured "
         "there, as adams_bashforth_moulton<1..8>"}},
       {{"stepper", "modified_midpoint_dense_out"},
        {"reason",
         "the midpoint sequence inside bulirsch_stoer_dense_out, which calls it with its own buffers; "
         "measured there (tolerance-driven row bulirsch_stoer_dense_out)"}},
       {{"stepper", "adaptive_adams_bashforth_moulton<Steps> at fixed steps"},
        {"reason",
         "its initialize() takes Steps steps of dt / Steps and its do_step raises the order one step at a "
         "time, so no fixed-grid calling form is documented; measured in its controlled form (tolerance-driven "
         "row controlled adaptive_adams_bashforth_moulton<5>)"}}});
}

nlohmann::json odeint_orders_document(nlohmann::json steppers, nlohmann::json tolerance_driven) {
  return {{"schema", "orderly.odeint-orders/2"},
          {"not_measured_alone", not_measured_alone()},
          {"band_below", default_order_policy().band_below},
          {"band_above", default_order_policy().band_above},
          {"max_uncertainty", default_order_policy().max_uncertainty_for_pass},
          {"tolerance_sweep", to_json(default_tolerance_sweep)},
          {"steppers", std::move(steppers)},
          {"tolerance_driven", std::move(tolerance_driven)}};
}

}  // namespace odeint_orders_detail

nlohmann::json odeint_orders_json(const odeint_orders& all) {
  using namespace odeint_orders_detail;
  return odeint_orders_document(fixed_step_rows(all.fixed_step), tolerance_rows(all.tolerance_driven));
}

suite_outputs odeint_orders_outputs(const nlohmann::json&, const std::vector<std::string>& keys,
                                    const std::vector<const nlohmann::json*>& results) {
  auto steppers = nlohmann::json::array(), tolerance_driven = nlohmann::json::array();
  for (std::size_t k = 0; k < keys.size(); ++k) {
    if (!results[k]) continue;
    for (const auto& row : (*results[k])["steppers"]) steppers.push_back(row);
    for (const auto& row : (*results[k])["tolerance_driven"]) tolerance_driven.push_back(row);
  }
  return {{"odeint-orders.json",
           odeint_orders_detail::odeint_orders_document(std::move(steppers), std::move(tolerance_driven))}};
}

}  // namespace orderly
