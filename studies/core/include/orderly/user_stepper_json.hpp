#pragma once
// What a user's stepper says of itself, as every analysis of it writes it into its JSON ("stepper").
#include <orderly/user_stepper.hpp>

#include <nlohmann/json.hpp>

namespace orderly {

nlohmann::json user_stepper_json(const user_stepper& stepper);

}  // namespace orderly
