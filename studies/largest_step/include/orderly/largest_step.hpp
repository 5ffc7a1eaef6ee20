#pragma once
// `orderly largest-step`: the largest equal step h = (t_end - t0) / N at which each explicit
// Runge-Kutta method of the catalog meets an error tolerance at the end of a problem, in double,
// and the right-hand-side evaluations that step costs: the step a user can afford for a target
// accuracy. Writes orderly.largest-step/1.
#include <orderly/shard.hpp>

#include <nlohmann/json.hpp>

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace orderly {

struct largest_step_request {
  std::string problem = "nonlinear-na";
  double tolerance = 1e-6;  // on the final-time error (Euclidean norm, against the certified reference)
  std::uint64_t max_steps = std::uint64_t{1} << 20;  // the search gives up beyond this many steps
  unsigned threads = 0;                              // 0: all cores
};

// One method's answer. The search doubles N from 1 until the error is within the tolerance, then
// bisects between the last failing and the first passing N: `steps` is a passing N whose
// predecessor fails (a crossing of the tolerance; an error that is not monotone in N may cross it
// again at larger steps, which the record of the search shows).
struct largest_step_result {
  std::string method;
  int order = 0;
  std::optional<std::uint64_t> steps;                      // none: not within the tolerance up to max_steps
  double step = 0;                                         // (t_end - t0) / steps
  double error = 0;                                        // at `steps`
  std::optional<double> error_one_fewer;                   // at steps - 1 (none when steps = 1)
  std::uint64_t rhs_evaluations = 0;                       // of the run at `steps`
  std::vector<std::pair<std::uint64_t, double>> searched;  // (N, error; infinity when unstable), in order
  std::string reason;                                      // why there is no answer
};

struct largest_step_study {
  largest_step_request request;
  double reference_digits = 0;
  std::string reference_method;
  std::vector<largest_step_result> methods;
};

// The search on its own, for any error as a function of the step count (infinity: unstable): the
// passing N of a crossing as described above, and every (N, error) evaluated, in order; no N when
// the error stays above the tolerance up to max_steps.
struct step_search {
  std::optional<std::uint64_t> steps;
  std::vector<std::pair<std::uint64_t, double>> evaluated;
};
step_search search_largest_step(const std::function<double(std::uint64_t)>& error_at, double tolerance,
                                std::uint64_t max_steps);

// Throws std::invalid_argument for an unknown problem or a tolerance the reference cannot resolve.
largest_step_study study_largest_step(const largest_step_request& request);

nlohmann::json to_json(const largest_step_study& study);

// The study as a suite of one job per method (orderly/shard.hpp), writing largest-step.json; throws
// as study_largest_step does.
sharded_suite largest_step_suite(const largest_step_request& request);
suite_outputs largest_step_outputs(const nlohmann::json& settings, const std::vector<std::string>& keys,
                                   const std::vector<const nlohmann::json*>& results);

}  // namespace orderly
