#pragma once
// Which method each of Boost.Odeint's explicit steppers computes: its tableau recovered through its
// own interface (do_step, the error steppers' xerr, a first-same-as-last stepper reset before each
// step, as a caller who moves the state must) and matched against the published methods. The
// cross-check section's identity table.
#include <nlohmann/json.hpp>

namespace orderly {

// {"rows": [{"stepper", "claims", "published", "recovered", "identity", "status", "differences"}]};
// status: "identical", "differs", "not in the collection" or "not an explicit Runge-Kutta method".
nlohmann::json odeint_identity_table();

}  // namespace orderly
