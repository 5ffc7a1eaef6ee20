#pragma once
// The convergence study's jobs for a suite: each selected (method, problem) pair becomes one or
// more convergence requests (scalars, weight sets), run by the generic job runner.
#include <orderly/convergence.hpp>
#include <orderly/job_runner.hpp>
#include <orderly/suites.hpp>

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

// The gate: float128 keeps the round-off plateau out of every window (seeds run in float); both
// weight sets of every embedded pair are gated.
inline std::vector<convergence_request> gate_set() {
  std::vector<convergence_request> jobs;
  for (const auto& [method, problem] : select_pairs(gate_suite())) {
    jobs.push_back({.method = method, .problem = problem, .scalar = scalar_kind::quad, .tolerance_sweep = false});
    if (method->embedded_order)
      jobs.push_back({.method = method,
                      .problem = problem,
                      .scalar = scalar_kind::quad,
                      .weights = weight_set::embedded,
                      .tolerance_sweep = false});
  }
  return jobs;
}

// Runs convergence requests in parallel; results in job order whatever the thread count.
inline std::vector<job_outcome<convergence_result>> run_convergence_jobs(const std::vector<convergence_request>& jobs,
                                                                         unsigned threads,
                                                                         progress_meter* progress = nullptr) {
  (void)method_catalog();  // build the catalogs' statics before threads use them
  (void)problem_catalog();
  return run_jobs(jobs, [](const convergence_request& job) { return study_convergence(job); }, threads, progress);
}

}  // namespace orderly
