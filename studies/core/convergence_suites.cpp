// Compiled once into the study library (declared in convergence_suites.hpp).
#include <orderly/convergence_suites.hpp>

namespace orderly {

std::vector<convergence_request> default_suite() {
  std::vector<convergence_request> jobs;
  for (const auto& [method, problem] : select_pairs(default_convergence_suite())) {
    jobs.push_back({.method = method, .problem = problem, .scalar = scalar_kind::float64});
    if (method->family != method_family::seed && method->order >= extended_precision_from_order)
      jobs.push_back({.method = method, .problem = problem, .scalar = scalar_kind::quad});
  }
  return jobs;
}

std::vector<convergence_request> quick_suite() {
  std::vector<convergence_request> jobs;
  for (const auto& [method, problem] : select_pairs(quick_convergence_suite()))
    jobs.push_back({.method = method, .problem = problem, .scalar = scalar_kind::float64});
  return jobs;
}

convergence_request gate_request(const method_entry* method, const problem_entry* problem, weight_set weights) {
  return {.method = method,
          .problem = problem,
          .scalar = method->resolved_in(scalar_kind::quad) ? scalar_kind::quad : scalar_kind::float64,
          .weights = weights,
          .tolerance_sweep = false,
          .double_when_clear = true};
}

std::vector<convergence_request> gate_set() {
  std::vector<convergence_request> jobs;
  for (const auto& [method, problem] : select_pairs(gate_suite())) {
    jobs.push_back(gate_request(method, problem));
    if (method->embedded_order) jobs.push_back(gate_request(method, problem, weight_set::embedded));
  }
  return jobs;
}

std::vector<job_outcome<convergence_result>> run_convergence_jobs(std::vector<convergence_request> jobs,
                                                                  unsigned threads, progress_meter* progress) {
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
