#pragma once
// A recovered tableau and a method's identity as JSON (schema fragments of orderly.stepper-battery
// and orderly.check) and as the lines `orderly check` prints.
#include <orderly/analysis/method_identity.hpp>
#include <orderly/tableau_recovery.hpp>
#include <orderly/user_stepper.hpp>

#include <nlohmann/json.hpp>

#include <string>

namespace orderly {

nlohmann::json to_json(const identity_result& r);
nlohmann::json to_json(const tableau_recovery& r);

// The identity's lines (from its JSON): the headline, then each difference with its values and
// what it changes, and the declared closest method when it is another.
std::string identity_text(const nlohmann::json& identity, const std::string& indent = "  ");

// A compiled stepper's identity: its recovery ("recovery": the coefficients read back, or why the
// step is not an explicit Runge-Kutta method), its tableau as a tableau file ("tableau"), and its
// identification against the published methods ("identity"), with the method it names as
// closest compared as well.
nlohmann::json stepper_identity(const user_stepper& stepper);

// The lines `orderly check --stepper` prints for it.
std::string stepper_identity_text(const nlohmann::json& identity);

}  // namespace orderly
