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

std::vector<convergence_request> default_suite();

// The quick suite: double only (the report's quick iteration; the default suite is the measurement).
std::vector<convergence_request> quick_suite();

// One gate measurement: float128 keeps the round-off plateau out of every window (seeds run in
// float; methods whose coefficients are published decimals in double, the most their digits
// resolve), but double is tried first and kept when its measurement is clear of rounding -- then
// float128 would repeat the same errors to many digits (the low-order methods, whose errors at
// 2^14 steps stay far above double's round-off).
convergence_request gate_request(const method_entry* method, const problem_entry* problem,
                                 weight_set weights = weight_set::primary);

// The gate: every pair of the gate suite; both weight sets of every embedded pair.
std::vector<convergence_request> gate_set();

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
std::vector<job_outcome<convergence_result>> run_convergence_jobs(std::vector<convergence_request> jobs,
                                                                  unsigned threads, progress_meter* progress = nullptr);

}  // namespace orderly
