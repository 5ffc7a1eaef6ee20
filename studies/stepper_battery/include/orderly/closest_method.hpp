#pragma once
// The catalog method a user's stepper names as closest (user_stepper::closest_method), measured
// as the battery measured the stepper, so a report can draw them side by side: its convergence
// runs on the battery's order problems in double (the C interface's scalar) and its analysis
// (orderly analyze: the stability limits from its stability function).
#include <orderly/convergence.hpp>

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace orderly {

// A run the method cannot make (a problem it does not apply to), with the reason.
struct closest_run_skipped {
  std::string problem, reason;
};

struct closest_method_result {
  std::string method, title;
  std::vector<convergence_result> order_runs;
  std::vector<closest_run_skipped> not_run;
  nlohmann::json analysis;  // orderly analyze's object, or {"error": ...} for a method without a tableau
};

// Throws std::invalid_argument for a name not in the catalog.
closest_method_result closest_method_runs(const std::string& method, const std::vector<std::string>& problems,
                                          unsigned threads);

// {"method", "title", "order_runs": [orderly.convergence/1 objects], "not_run", "analysis"}.
nlohmann::json to_json(const closest_method_result& r);

}  // namespace orderly
