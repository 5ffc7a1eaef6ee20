// The stiff study as a sharded suite: its runs and series as keyed jobs, their expected costs, and
// the assembly of the shards' results into the document and the timing file.
#include "stiff_parts.hpp"

#include <orderly/job_runner.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <exception>
#include <optional>

namespace orderly {

using stiff_detail::end_reference;
using stiff_detail::order_reduction_jobs;
using stiff_detail::run_series;
using stiff_detail::series_job;
using stiff_detail::series_json;
using stiff_detail::settings_json;
using stiff_detail::stiff_document;
using stiff_detail::stiff_entry;
using stiff_detail::suite_run_json;
using stiff_detail::wall_time_note;

namespace {

// The key of a run's job and of a series' job.
std::string run_key(const std::string& method, const std::string& problem, double rtol) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", rtol);
  return "run/" + method + "/" + problem + "/" + text;
}

std::string series_key(const series_job& job) { return "order-reduction/" + job.method + "/" + job.regime; }

}  // namespace

nlohmann::json stiff_suite_json(const stiff_suite_result& result) {
  nlohmann::json runs = nlohmann::json::array(), series = nlohmann::json::array();
  for (const auto& r : result.runs) runs.push_back(suite_run_json(r));
  for (const auto& s : result.order_reduction.series) series.push_back(series_json(s));
  return stiff_document(settings_json(result.settings), runs, series);
}

suite_outputs stiff_suite_outputs(const nlohmann::json& settings, const std::vector<std::string>& keys,
                                  const std::vector<const nlohmann::json*>& results) {
  nlohmann::json runs = nlohmann::json::array(), series = nlohmann::json::array(), timing = nlohmann::json::array();
  for (std::size_t k = 0; k < keys.size(); ++k) {
    if (!results[k]) continue;
    const auto& result = *results[k];
    if (result.contains("series")) {
      series.push_back(result["series"]);
      continue;
    }
    runs.push_back(result["run"]);
    timing.push_back({{"method", result["run"]["method"]},
                      {"problem", result["run"]["problem"]},
                      {"rtol", result["run"]["rtol"]},
                      {"wall_seconds", result["timing"]["wall_seconds"]},
                      {"wall_repetitions", result["timing"]["wall_repetitions"]}});
  }
  return {{"stiff.json", stiff_document(settings, runs, series)},
          {stiff_timing_file,
           {{"schema", "orderly.stiff-timing/1"},
            {"wall_time_note", wall_time_note},
            {"min_wall_seconds", settings["min_wall_seconds"]},
            {"runs", timing}}}};
}

// A run's expected cost: its solver's steps for the tolerance (about rtol^(-1/order)) times the
// evaluations of a step (an implicit step's Newton solves count a few times its stages); a series'
// is the steps of its grids (they double, so about twice the finest) times its method's stages.
sharded_suite stiff_suite(const stiff_settings& settings) {
  (void)method_catalog();
  (void)problem_catalog();
  for (const auto& problem : settings.problems) (void)end_reference(stiff_entry(problem));
  struct job {
    std::string method, problem;
    double rtol = 0;
    std::optional<series_job> series;
  };
  std::vector<job> jobs;
  sharded_suite suite{.name = "stiff", .settings = settings_json(settings), .assemble = &stiff_suite_outputs};
  const auto solvers = stiff_solvers();
  for (const auto& problem : settings.problems)
    for (const auto& method : settings.methods)
      for (double rtol : settings.tolerances) {
        jobs.push_back({method, problem, rtol, std::nullopt});
        suite.keys.push_back(run_key(method, problem, rtol));
        int order = 1;
        for (const auto& s : solvers)
          if (s.name == method) order = std::max(s.order, 1);
        suite.costs.push_back(std::pow(rtol, -1.0 / order));
      }
  for (const auto& series : order_reduction_jobs()) {
    jobs.push_back({series.method, "prothero-robinson", 0, series});
    suite.keys.push_back(series_key(series));
    suite.costs.push_back(2.0 * static_cast<double>(series.last_steps) * std::max(series.entry->fevals_per_step, 1.0));
  }
  suite.run = [jobs, settings, keys = suite.keys](const std::vector<std::size_t>& chosen, progress_meter* progress) {
    return run_jobs(
        chosen,
        [&](std::size_t k) -> nlohmann::json {
          const auto& j = jobs[k];
          if (j.series) return {{"series", series_json(run_series(*j.series))}};
          stiff_run run;
          try {
            run = run_stiff(j.method, j.problem, j.rtol, settings.step_budget, settings.min_wall_seconds);
          } catch (const std::exception& e) {  // outside the solvers' own failure paths: recorded, not hidden
            run.method = j.method;
            run.problem = j.problem;
            run.rtol = j.rtol;
            run.atol = tolerance_rule(j.problem).atol(j.rtol);
            run.status = stiff_run_status::failed;
            run.failure = e.what();
          }
          return {{"run", suite_run_json(run)},
                  {"timing", {{"wall_seconds", run.wall_seconds}, {"wall_repetitions", run.wall_repetitions}}}};
        },
        settings.threads, progress, [&](std::size_t k) { return keys[k]; });
  };
  return suite;
}

}  // namespace orderly
