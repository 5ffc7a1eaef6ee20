// The closest catalog method's runs: the gate's requests in double, and its analysis.
#include <orderly/closest_method.hpp>
#include <orderly/convergence_json.hpp>
#include <orderly/convergence_suites.hpp>
#include <orderly/method_analysis_study.hpp>

#include <stdexcept>

namespace orderly {

closest_method_result closest_method_runs(const std::string& name, const std::vector<std::string>& problems,
                                          unsigned threads) {
  const method_entry* method = find_method(name);
  if (!method) throw std::invalid_argument("'" + name + "' is not a catalog method (orderly list)");
  std::vector<convergence_request> jobs;
  for (const auto& problem : problems) {
    auto job = gate_request(method, find_problem(problem));
    job.scalar = scalar_kind::float64;  // as the user's stepper runs
    job.double_when_clear = false;
    jobs.push_back(job);
  }
  const auto outcomes = run_convergence_jobs(jobs, threads);
  closest_method_result r{.method = name, .title = method->title};
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    if (outcomes[i].result)
      r.order_runs.push_back(*outcomes[i].result);
    else
      r.not_run.push_back({.problem = problems[i], .reason = outcomes[i].error});
  }
  try {
    r.analysis = to_json(analyse_method(name, false));
  } catch (const std::invalid_argument& e) {  // a seed specimen: no tableau to analyse
    r.analysis = {{"error", e.what()}};
  }
  return r;
}

nlohmann::json to_json(const closest_method_result& r) {
  nlohmann::json runs = nlohmann::json::array(), not_run = nlohmann::json::array();
  for (const auto& run : r.order_runs) runs.push_back(to_json(run));
  for (const auto& skipped : r.not_run) not_run.push_back({{"problem", skipped.problem}, {"reason", skipped.reason}});
  return {
      {"method", r.method}, {"title", r.title}, {"order_runs", runs}, {"not_run", not_run}, {"analysis", r.analysis}};
}

}  // namespace orderly
