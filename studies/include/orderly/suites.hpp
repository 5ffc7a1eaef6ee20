#pragma once
// Which method runs on which problem: the default convergence suite and the gate set, and the
// parallel runner both use. Results come back in job order whatever the thread count.
#include <orderly/convergence.hpp>
#include <orderly/method_runner.hpp>

#include <atomic>
#include <exception>
#include <string>
#include <thread>
#include <vector>

namespace orderly {

// Problems of the seed articles, on which each specimen is measured.
inline const std::vector<std::string>& seed_problem_names() {
  static const std::vector<std::string> names{"constant-force", "spring-damper-15", "spring-damper-10",
                                              "harmonic",       "thrust-drag",      "forced-oscillator"};
  return names;
}

inline bool applicable(const method_entry& method, const problem_entry& problem) {
  return incompatibility(method, problem.info).empty();
}

// Methods of order >= 6 reach double's round-off within a few grids; they are also measured in
// float128 so their order shows over a proper window.
inline bool wants_extended_precision(const method_entry& method) { return !method.seed() && method.order >= 6; }

inline std::vector<convergence_request> default_suite() {
  std::vector<convergence_request> jobs;
  const std::vector<std::string> problems{"nonlinear-na", "forced-duffing", "kepler", "arenstorf", "pendulum",
                                          "forced-oscillator"};
  for (const auto& method : method_catalog()) {
    std::vector<std::string> names = problems;
    if (method.seed()) {
      names = seed_problem_names();
      names.push_back("nonlinear-na");
      names.push_back("forced-duffing");
    }
    for (const auto& name : names) {
      const auto* problem = find_problem(name);
      if (!problem || !applicable(method, *problem)) continue;
      jobs.push_back({.method = &method, .problem = problem, .scalar = scalar_kind::float64});
      if (wants_extended_precision(method))
        jobs.push_back({.method = &method, .problem = problem, .scalar = scalar_kind::quad});
    }
  }
  return jobs;
}

// The gate: every method on the nonlinear non-autonomous problems (nonlinear-na for general
// right-hand sides, forced-duffing for separable and second-order ones) and on one Hamiltonian
// problem (the pendulum: kepler at e = 0.6 keeps first-order methods pre-asymptotic beyond 10^5
// steps, which would gate nothing but the step budget). Float128 keeps the round-off plateau out of every window; seeds run in float.
inline std::vector<convergence_request> gate_set() {
  std::vector<convergence_request> jobs;
  for (const auto& method : method_catalog())
    for (const auto* name : {"nonlinear-na", "forced-duffing", "pendulum"}) {
      const auto* problem = find_problem(name);
      if (!problem || !applicable(method, *problem)) continue;
      if (method.seed() && std::string(name) == "pendulum") continue;  // specimens are pinned on their own problems
      jobs.push_back({.method = &method, .problem = problem, .scalar = scalar_kind::quad, .tolerance_sweep = false});
      if (method.embedded_order)  // both weight sets of every pair are gated
        jobs.push_back({.method = &method,
                        .problem = problem,
                        .scalar = scalar_kind::quad,
                        .weights = weight_set::embedded,
                        .tolerance_sweep = false});
    }
  return jobs;
}

// Runs the jobs on `threads` threads; job i's result (or error text) lands in slot i.
struct job_outcome {
  std::optional<convergence_result> result;
  std::string error;
};

inline std::vector<job_outcome> run_jobs(const std::vector<convergence_request>& jobs, unsigned threads) {
  std::vector<job_outcome> outcomes(jobs.size());
  std::atomic<std::size_t> next{0};
  auto worker = [&] {
    for (std::size_t i; (i = next.fetch_add(1)) < jobs.size();) {
      try {
        outcomes[i].result = study_convergence(jobs[i]);
      } catch (const std::exception& e) {
        outcomes[i].error = e.what();
      }
    }
  };
  // Touch the catalogs once before threads start (their statics are built on first use).
  (void)method_catalog();
  (void)problem_catalog();
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < std::max(1u, threads); ++t) pool.emplace_back(worker);
  worker();
  for (auto& thread : pool) thread.join();
  return outcomes;
}

}  // namespace orderly
