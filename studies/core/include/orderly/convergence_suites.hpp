#pragma once
// The convergence study's jobs for a suite: each selected (method, problem) pair becomes one or
// more convergence requests (scalars, weight sets), run by the generic job runner.
#include <orderly/convergence.hpp>
#include <orderly/job_runner.hpp>
#include <orderly/measurement_cache.hpp>
#include <orderly/shard_cost.hpp>
#include <orderly/suites.hpp>

#include <string>

#include <algorithm>
#include <numeric>
#include <vector>

namespace orderly {

// Methods of order >= 6 reach double's round-off within a few grids; the suite also measures them
// in float128 so their order shows over a proper window.
inline constexpr int extended_precision_from_order = 6;

inline std::vector<convergence_request> default_suite() {
  std::vector<convergence_request> jobs;
  for (const auto& [method, problem] : select_pairs(default_convergence_suite())) {
    jobs.push_back({.method = method, .problem = problem, .scalar = scalar_kind::float64});
    if (method->family != method_family::seed && method->order >= extended_precision_from_order)
      jobs.push_back({.method = method, .problem = problem, .scalar = scalar_kind::quad});
  }
  return jobs;
}

// The quick suite: double only (the report's quick iteration; the default suite is the measurement).
inline std::vector<convergence_request> quick_suite() {
  std::vector<convergence_request> jobs;
  for (const auto& [method, problem] : select_pairs(quick_convergence_suite()))
    jobs.push_back({.method = method, .problem = problem, .scalar = scalar_kind::float64});
  return jobs;
}

// One gate measurement: float128 keeps the round-off plateau out of every window (seeds run in
// float; methods whose coefficients are published decimals in double, the most their digits
// resolve), but double is tried first and kept when its measurement is clear of rounding -- then
// float128 would repeat the same errors to many digits (the low-order methods, whose errors at
// 2^14 steps stay far above double's round-off).
inline convergence_request gate_request(const method_entry* method, const problem_entry* problem,
                                        weight_set weights = weight_set::primary) {
  return {.method = method,
          .problem = problem,
          .scalar = method->resolved_in(scalar_kind::quad) ? scalar_kind::quad : scalar_kind::float64,
          .weights = weights,
          .tolerance_sweep = false,
          .double_when_clear = true};
}

// The gate: every pair of the gate suite; both weight sets of every embedded pair.
inline std::vector<convergence_request> gate_set() {
  std::vector<convergence_request> jobs;
  for (const auto& [method, problem] : select_pairs(gate_suite())) {
    jobs.push_back(gate_request(method, problem));
    if (method->embedded_order) jobs.push_back(gate_request(method, problem, weight_set::embedded));
  }
  return jobs;
}

// A job's expected cost for spreading a suite over shards: the right-hand-side evaluations of its
// grids (each grid doubles the last, so they sum to about twice the finest) in its scalar.
inline double expected_cost(const convergence_request& job) {
  const double finest = static_cast<double>(job.max_steps ? job.max_steps : default_finest_grid);
  return 2 * finest * std::max(job.method->fevals_per_step, 1.0) * scalar_cost_factor(job.scalar);
}

// The file a suite writes for a job, without ".json": named by the job as requested (a run refined
// into a wider scalar keeps its job's name: two jobs of one method and problem that both end in
// mp50 would otherwise overwrite each other).
inline std::string job_file_stem(const convergence_request& job) {
  return job.method->name + "__" + job.problem->info.name + "__" + std::string(scalar_name(job.scalar)) + "__" +
         norm_name(job.norm);
}

// Runs convergence requests in parallel; results in job order whatever the thread count. The jobs
// share one measurement cache, and the ones that start in a more precise scalar run first: their
// measurements are the ones a double job's refinement repeats, and they are the longest.
inline std::vector<job_outcome<convergence_result>> run_convergence_jobs(std::vector<convergence_request> jobs,
                                                                         unsigned threads,
                                                                         progress_meter* progress = nullptr) {
  (void)method_catalog();  // build the catalogs' statics before threads use them
  (void)problem_catalog();
  measurement_cache cache;
  for (auto& job : jobs) job.cache = &cache;
  std::vector<std::size_t> order(jobs.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return jobs[a].scalar != scalar_kind::float64 && jobs[b].scalar == scalar_kind::float64;
  });
  std::vector<convergence_request> ordered;
  for (std::size_t i : order) ordered.push_back(jobs[i]);
  auto ran = run_jobs(
      ordered, [](const convergence_request& job) { return study_convergence(job); }, threads, progress,
      [](const convergence_request& job) {
        return job.method->name + "/" + job.problem->info.name + "/" + std::string(scalar_name(job.scalar));
      });
  std::vector<job_outcome<convergence_result>> outcomes(jobs.size());
  for (std::size_t k = 0; k < order.size(); ++k) outcomes[order[k]] = std::move(ran[k]);
  return outcomes;
}

}  // namespace orderly
