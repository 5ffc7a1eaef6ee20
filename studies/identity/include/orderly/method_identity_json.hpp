#pragma once
// A recovered tableau and a method's identity as JSON (schema fragments of orderly.stepper-battery
// and orderly.check) and as the lines `orderly check` prints.
#include <orderly/analysis/method_identity.hpp>
#include <orderly/tableau_recovery.hpp>
#include <orderly/user_stepper.hpp>

#include <nlohmann/json.hpp>

#include <optional>
#include <string>

namespace orderly {

nlohmann::json to_json(const identity_result& r);
nlohmann::json to_json(const tableau_recovery& r);

// The identity's lines (from its JSON): the headline, then each difference with its values and
// what it changes, and the declared closest method when it is another.
std::string identity_text(const nlohmann::json& identity, const std::string& indent = "  ");

// The orders a recovered tableau's coefficients have, checked one past the declared ones (so an
// order above the declared is seen).
struct recovered_orders {
  int propagated = 0;
  bool decided_exactly = false;  // every coefficient a recognised rational; else to their rounding
  bool nodes_are_row_sums = true;
  std::optional<int> estimate;  // the estimate's weights, for a step with an error estimate
};
// "exactly" or "to the coefficients' rounding".
const char* how_decided(const recovered_orders& orders);

// A compiled stepper's identity: its recovery (the coefficients read back, or why the step is not
// an explicit Runge-Kutta method); for an explicit Runge-Kutta step, its tableau as a tableau file
// (the format `orderly check --tableau` reads), the orders its coefficients have, and its
// identification against the published methods, with the method it names as closest compared as well.
struct stepper_identity_result {
  tableau_recovery recovery;
  nlohmann::json tableau;  // null unless recovered
  std::optional<recovered_orders> orders;
  std::optional<identity_result> identity;
};
stepper_identity_result stepper_identity(const user_stepper& stepper);
// {"recovery", and when recovered "tableau", "orders", "identity"}.
nlohmann::json to_json(const stepper_identity_result& r);
// The orders as to_json wrote them (the isolated battery's parent reads them back).
recovered_orders recovered_orders_from_json(const nlohmann::json& orders);

// The lines `orderly check --stepper` prints for it.
std::string stepper_identity_text(const nlohmann::json& identity);

}  // namespace orderly
