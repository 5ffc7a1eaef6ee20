#pragma once
// The catalog method a user's stepper names as closest (user_stepper::closest_method), measured
// as the battery measured the stepper, so a report can draw them side by side: its convergence
// runs on the battery's order problems in double (the C interface's scalar) and its analysis
// (orderly analyze: the stability limits from its stability function).
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace orderly {

// {"method", "title", "order_runs": [orderly.convergence/1 objects], "analysis": orderly analyze's
// object}; throws std::invalid_argument for a name not in the catalog. A run the method cannot
// make (a problem it does not apply to) is left out with its reason under "not_run".
nlohmann::json closest_method_runs(const std::string& method, const std::vector<std::string>& problems,
                                   unsigned threads);

}  // namespace orderly
