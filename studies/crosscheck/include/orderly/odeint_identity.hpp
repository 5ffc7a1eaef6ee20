#pragma once
// Which method each of Boost.Odeint's explicit steppers computes: its tableau recovered through its
// own interface (do_step, the error steppers' xerr, a first-same-as-last stepper reset before each
// step, as a caller who moves the state must) and matched against the published methods. The
// cross-check section's identity table.
#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace orderly {

// What the recovery says of a stepper against the method odeint documents for it.
enum class odeint_identity_status { identical, differs, not_in_collection, not_runge_kutta };
// "identical", "differs", "not in the collection", "not an explicit Runge-Kutta method".
const char* status_name(odeint_identity_status status);

struct odeint_identity_row {
  std::string stepper, claims;           // odeint's name, and the method its documentation names
  std::optional<std::string> published;  // the collection's title for that method, if it has it
  nlohmann::json recovered;              // the recovery as the identity study writes it
  odeint_identity_status status = odeint_identity_status::differs;
  std::string identity;  // the identification's headline, or why there is none
  // Explicit Runge-Kutta steppers: the differences from the method compared (the identity study's
  // records), and whether the error estimate was compared too (when a method was compared).
  std::optional<nlohmann::json> differences;
  std::optional<bool> estimate_compared;
};

struct odeint_identity_result {
  std::vector<odeint_identity_row> rows;
};

odeint_identity_result odeint_identity_table();
// {"rows": [{"stepper", "claims", "published", "recovered", "identity", "status", "differences"}]}.
nlohmann::json to_json(const odeint_identity_result& table);

}  // namespace orderly
