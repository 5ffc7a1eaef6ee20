// Compiled once into the study library (declared in user_stepper_json.hpp).
#include <orderly/user_stepper_json.hpp>

namespace orderly {

nlohmann::json user_stepper_json(const user_stepper& stepper) {
  return {{"name", stepper.name},
          {"declared_order", stepper.declared_order},
          {"separable", stepper.separable},
          {"closest_method", stepper.closest_method}};
}

}  // namespace orderly
