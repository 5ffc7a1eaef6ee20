// Compiled once into the study library (declared in stepper_order.hpp).
#include <orderly/stepper_order.hpp>

namespace orderly::testing {

std::vector<std::string> gate_problems() {
  std::vector<std::string> names;
  for (const auto& problem : problem_catalog())
    for (const auto& part : gate_suite())
      if (part.problems.selects(problem.info)) {
        names.push_back(problem.info.name);
        break;
      }
  return names;
}

}  // namespace orderly::testing
