#pragma once
// What the stiff study's files share inside the study library (not installed): the problems'
// lookups and references, the solver names the study itself uses, and the order-reduction series
// as jobs. Each file holds one job: stiff_runs.cpp runs a named solver, stiff_solvers.cpp lists
// the solvers and the suites' settings, stiff_problems.cpp the problems and their atol rules,
// order_reduction.cpp the Prothero-Robinson series, stiff_json.cpp the document, stiff_suite.cpp
// the sharded suite.
#include <orderly/catalog.hpp>
#include <orderly/problem_catalog.hpp>
#include <orderly/reference_solution.hpp>
#include <orderly/stiff_study.hpp>

#include <nlohmann/json.hpp>

#include <cstddef>
#include <string>
#include <vector>

namespace orderly::stiff_detail {

// Runs are named by the catalog names (radau5, rosenbrock4); Boost.Odeint's rosenbrock4 runs
// beside Orderly's as a baseline under its own name.
inline constexpr const char* rosenbrock4_name = "rosenbrock4";
inline constexpr const char* odeint_rosenbrock4_name = "odeint-rosenbrock4";

// Whether the adaptive Radau IIA code runs a catalog method: a Radau IIA tableau that carries the
// code's error estimate (odd stage counts: radau5, radau13).
inline bool is_adaptive_radau(const method_entry& m) {
  const auto* t = m.tableau();
  return t && t->radau_estimate.has_value();
}

// The catalog entry of a stiff problem; throws std::invalid_argument for any other name.
const problem_entry& stiff_entry(const std::string& name);

// The certified reference at t_end of a problem, loaded once per problem.
const reference_states& end_reference(const problem_entry& entry);

// The order-reduction regimes: lambda = -1e4 with h |lambda| from 1.25e4 down to ~100 (stiff), and
// lambda = -1 with h |lambda| from 0.3 down to ~0.005 (non-stiff), on the default span [0, 10].
struct regime {
  const char* name;
  const char* lambda;
  std::size_t first_steps, last_steps;  // grids double from first to last
};
inline constexpr regime regimes[] = {{"stiff", "-10000", 8, 1024}, {"non-stiff", "-1", 32, 2048}};

// One order-reduction series: a method in one regime.
struct series_job {
  std::string method;
  const method_entry* entry = nullptr;
  const problem_entry* problem = nullptr;
  std::string regime;
  double lambda = 0;
  std::size_t first_steps = 0, last_steps = 0;
};

// Every method of the figure in both regimes.
std::vector<series_job> order_reduction_jobs();
order_reduction_series run_series(const series_job& job);

// The document's parts (stiff_json.cpp).
nlohmann::json suite_run_json(const stiff_run& r);
nlohmann::json series_json(const order_reduction_series& s);
nlohmann::json settings_json(const stiff_settings& settings);
nlohmann::json stiff_document(const nlohmann::json& settings, const nlohmann::json& runs, const nlohmann::json& series);
extern const char* const wall_time_note;

}  // namespace orderly::stiff_detail
