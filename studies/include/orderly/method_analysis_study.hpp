#pragma once
// `orderly analyze` and `orderly game-table`: the method analysis (integrators/analysis/) turned
// into JSON, with the empirical check that runs each method's actual stepper on the test equation,
// and the game programmer's table of the stiffest stable spring.
//
// Schemas: orderly.analysis/1 (one object per method under "methods") and orderly.game-table/1.
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

// Every analysable method: {"schema": "orderly.analysis/1", "methods": [...]}.
nlohmann::json analysis_suite();

// The stiffest unit-mass spring each method keeps stable at 60 Hz and 120 Hz, undamped and with
// damping b = 1: predicted from the analysis, confirmed with the stepper ({"schema": "orderly.game-table/1"}).
nlohmann::json game_table();

}  // namespace orderly
