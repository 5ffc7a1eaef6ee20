// `orderly largest-step [--problem P] [--tolerance TOL] [--json FILE|-]`: the largest equal step at
// which each explicit Runge-Kutta method meets the tolerance at the end of the problem, and its cost.
#include <orderly/command.hpp>

#include <orderly/largest_step.hpp>
#include <orderly/tolerance_policy.hpp>

#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>

namespace orderly::cli {
namespace {

void print_largest_steps(const largest_step_study& study) {
  std::printf("%-24s %5s %9s %12s %11s %11s\n", "method", "order", "steps", "h", "error", "RHS evals");
  for (const auto& m : study.methods) {
    if (!m.steps) {
      std::printf("%-24s %5d  %s\n", m.method.c_str(), m.order, m.reason.c_str());
      continue;
    }
    std::printf("%-24s %5d %9llu %12.6g %11.3e %11llu\n", m.method.c_str(), m.order,
                static_cast<unsigned long long>(*m.steps), m.step, m.error,
                static_cast<unsigned long long>(m.rhs_evaluations));
  }
  std::printf("problem %s, tolerance %g on the final-time error, double\n", study.request.problem.c_str(),
              study.request.tolerance);
}

}  // namespace

void add_largest_step_command(CLI::App& app) {
  auto request = std::make_shared<largest_step_request>();
  auto json_path = std::make_shared<std::string>();
  auto* cmd = app.add_subcommand("largest-step",
                                 "Largest equal step at which each explicit Runge-Kutta method meets "
                                 "an error tolerance at the end of a problem, and its cost");
  cmd->add_option("--problem", request->problem, "Problem name (orderly list problems; default nonlinear-na)");
  within(cmd->add_option("--tolerance", request->tolerance, "Tolerance on the final-time error (default 1e-6)"),
         smallest_double_tolerance, 1.0);
  add_threads_option(*cmd, request->threads, "Threads (default: all cores; results do not depend on it)");
  cmd->add_option("--json", *json_path, "Write the results as JSON to FILE ('-' for standard output)");
  auto shard_text = std::make_shared<std::string>();
  add_shard_option(*cmd, *shard_text);
  cmd->callback([request, json_path, shard_text] {
    const auto shard = shard_option(*shard_text);
    if (json_path->empty() && !shard) {
      try {
        return print_largest_steps(study_largest_step(*request));
      } catch (const std::invalid_argument& e) {
        throw usage_error(std::string("largest-step: ") + e.what());
      }
    }
    if (!shard) check_output_path("--json", *json_path);
    sharded_suite suite;
    try {
      suite = largest_step_suite(*request);
    } catch (const std::invalid_argument& e) {
      throw usage_error(std::string("largest-step: ") + e.what());
    }
    const auto study = run_document_suite(suite, shard, *json_path);
    if (!study) return;
    write_json("--json", *json_path, *study);
    std::size_t answered = 0;
    for (const auto& m : (*study)["methods"]) answered += m.contains("steps");
    print_summary_line(*json_path, "largest-step: " + std::to_string((*study)["methods"].size()) + " methods (" +
                                       std::to_string(answered) + " within the tolerance) -> " + *json_path);
  });
}

namespace {
const registered_command largest_step_registration{
    {.name = "largest-step",
     .add = &add_largest_step_command,
     .merge = &largest_step_outputs,
     .shard_test_run = {"largest-step", "--problem", "harmonic", "--threads", "2", "--json", "{out}/largest-step.json"},
     .report_run = {"largest-step", "--json", "{json}/largest-step/largest-step.json"}}};
}  // namespace

}  // namespace orderly::cli
