#pragma once
// `orderly analyze`: the method analysis (integrators/analysis/) turned into JSON, with the
// empirical check that runs each method's actual stepper on the test equation.
//
// Schema: orderly.analysis/1 (one object per method under "methods").
#include <orderly/shard.hpp>

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace orderly {

// Every name `orderly analyze --method` accepts: the catalog's Runge-Kutta (explicit and implicit),
// Rosenbrock and splitting methods. Seed specimens have no tableau; they appear in the game table,
// measured.
std::vector<std::string> analysable_methods();

// The analysis of one method; throws std::invalid_argument for a name not in analysable_methods().
// with_region adds the figure's data (boundary locus, |R| on a grid, the empirical ray points).
nlohmann::json analyse_method(const std::string& name, bool with_region);

// Every analysable method, one job each: {"schema": "orderly.analysis/1", "methods": [...]}.
// quick: the methods of quick_analysis_methods() alone, for trying the suite's machinery in seconds.
sharded_suite analysis_suite(unsigned threads, bool quick = false);
const std::vector<std::string>& quick_analysis_methods();
suite_outputs analysis_suite_outputs(const nlohmann::json& settings, const std::vector<std::string>& keys,
                                     const std::vector<const nlohmann::json*>& results);

}  // namespace orderly
