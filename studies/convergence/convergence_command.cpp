// `orderly convergence`: the convergence-order study for one method and problem, or the default
// suite of every method on the problems where it applies. Writes orderly.convergence/1 JSON.
#include <orderly/command.hpp>

#include <orderly/convergence_json.hpp>
#include <orderly/convergence_suites.hpp>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <thread>

namespace orderly::cli {
namespace {

struct convergence_options {
  std::string method, problem, scalar = "double", norm = "final", weights = "primary", json_path, suite, out_dir, shard;
  std::size_t min_steps = 0, max_steps = 0;
  unsigned threads = 0;
  bool verbose = false;
};

error_norm_kind parse_norm(const std::string& name) {
  if (name == "final") return error_norm_kind::final;
  if (name == "l2") return error_norm_kind::l2;
  if (name == "linf") return error_norm_kind::linf;
  throw usage_error("unknown norm '" + name + "'; use final, l2 or linf");
}

void print_summary(const convergence_result& r) {
  std::printf("%-24s %-18s %-8s %-6s declared %2d  measured %s  %s\n", r.method.c_str(), r.problem.c_str(),
              std::string(scalar_name(r.scalar)).c_str(), norm_name(r.norm), r.declared_order,
              r.solution.fit.found ? (std::to_string(r.solution.fit.order).substr(0, 6) + " +- " +
                                      std::to_string(r.solution.fit.uncertainty).substr(0, 5))
                                         .c_str()
                                   : "   -          ",
              verdict_name(r.judged.outcome));
}

// Grids double from min_steps; both bounds must describe at least one grid.
void check_step_bounds(const convergence_options& o) {
  if (o.min_steps != 0 && o.min_steps < 1) throw usage_error("--min-steps must be at least 1");
  if (o.max_steps != 0 && o.max_steps < std::max<std::size_t>(o.min_steps, 1))
    throw usage_error("--max-steps " + std::to_string(o.max_steps) + " is below --min-steps " +
                      std::to_string(o.min_steps ? o.min_steps : 4));
  if (o.max_steps == 0 && o.min_steps > default_finest_grid)
    throw usage_error("--min-steps " + std::to_string(o.min_steps) + " is above the default --max-steps " +
                      std::to_string(default_finest_grid));
  if (o.norm != "final" && o.max_steps > max_dense_norm_steps)
    throw usage_error("--max-steps " + std::to_string(o.max_steps) + " with --norm " + o.norm + ": at most " +
                      std::to_string(max_dense_norm_steps) +
                      " (a dense norm keeps a 50-digit reference state per step)");
}

void run_single(const convergence_options& o) {
  check_step_bounds(o);
  const auto scalar = parse_scalar(o.scalar);
  if (!scalar) throw usage_error("unknown scalar '" + o.scalar + "'; use double, long-double, float128 or mp50");
  convergence_request request{.method = &resolve_method(o.method),
                              .problem = &resolve_problem(o.problem),
                              .scalar = *scalar,
                              .norm = parse_norm(o.norm),
                              .weights = o.weights == "embedded" ? weight_set::embedded : weight_set::primary,
                              .min_steps = o.min_steps,
                              .max_steps = o.max_steps};
  if (o.weights != "primary" && o.weights != "embedded") throw usage_error("--weights is primary or embedded");
  if (request.weights == weight_set::embedded && !request.method->embedded_order)
    throw usage_error(o.method + " has no embedded weights");
  if (auto why = incompatibility(*request.method, request.problem->info); !why.empty()) throw usage_error(why);
  if (!o.json_path.empty()) check_output_path("--json", o.json_path);
  const auto result = study_convergence(request);
  if (o.json_path.empty())
    print_summary(result);
  else
    write_json("--json", o.json_path, to_json(result));
}

// One line per run of a suite (--verbose), from its JSON as written.
void print_run_line(const nlohmann::json& r) {
  char measured[64] = "   -          ";
  if (!r["measured_order"].is_null())
    std::snprintf(measured, sizeof measured, "%.4f +- %.3f", r["measured_order"].get<double>(),
                  r["order_uncertainty"].is_null() ? 0.0 : r["order_uncertainty"].get<double>());
  std::printf("%-24s %-18s %-8s %-6s declared %2d  measured %s  %s\n", r["method"].get<std::string>().c_str(),
              r["problem"].get<std::string>().c_str(), r["scalar"].get<std::string>().c_str(),
              r["norm"].get<std::string>().c_str(), r["declared_order"].get<int>(), measured,
              r["verdict"].get<std::string>().c_str());
}

// A suite's files: one per job, named by the job.
suite_outputs convergence_outputs(const nlohmann::json&, const std::vector<std::string>& keys,
                                  const std::vector<const nlohmann::json*>& results) {
  suite_outputs outputs;
  for (std::size_t k = 0; k < keys.size(); ++k)
    if (results[k]) outputs[keys[k] + ".json"] = *results[k];
  return outputs;
}

sharded_suite convergence_suite(const convergence_options& o) {
  if (o.suite != "default" && o.suite != "quick")
    throw usage_error("--suite '" + o.suite + "': the suites are 'default' and 'quick'");
  auto jobs = o.suite == "quick" ? quick_suite() : default_suite();
  const auto norm = parse_norm(o.norm);
  sharded_suite suite{
      .name = "convergence", .settings = {{"suite", o.suite}, {"norm", o.norm}}, .assemble = &convergence_outputs};
  for (auto& job : jobs) {
    job.norm = norm;
    suite.keys.push_back(job_file_stem(job));
    suite.costs.push_back(expected_cost(job));
  }
  suite.run = [jobs, threads = o.threads](const std::vector<std::size_t>& chosen, progress_meter* progress) {
    std::vector<convergence_request> subset;
    for (std::size_t k : chosen) subset.push_back(jobs[k]);
    std::vector<job_outcome<nlohmann::json>> outcomes;
    for (auto& outcome : run_convergence_jobs(subset, threads, progress))
      outcomes.push_back({outcome.result ? std::optional(to_json(*outcome.result)) : std::nullopt, outcome.error});
    return outcomes;
  };
  return suite;
}

void run_suite(const convergence_options& o) {
  const auto shard = shard_option(o.shard);
  const auto suite = convergence_suite(o);
  const std::string dir = o.out_dir.empty() ? "reports/out/convergence" : o.out_dir;
  ensure_output_dir("--out", dir);
  const auto start = std::chrono::steady_clock::now();
  const auto outputs = run_suite_or_shard(suite, shard, "--out", dir);
  if (!outputs) return;
  write_outputs("--out", dir, *outputs);
  std::map<std::string, int> verdicts;
  for (const auto& [name, r] : *outputs) {
    if (o.verbose) print_run_line(r);
    ++verdicts[r["verdict"].get<std::string>()];
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("convergence: %zu runs in %s (%s), written to %s\n", outputs->size(),
              progress_meter::duration_text(seconds).c_str(), count_text(verdicts).c_str(), dir.c_str());
}

}  // namespace

void add_convergence_command(CLI::App& app) {
  auto o = std::make_shared<convergence_options>();
  auto* cmd = app.add_subcommand("convergence", "Measure the order of convergence of a method on a problem");
  cmd->add_option("--method", o->method, "Method name (orderly list methods)");
  cmd->add_option("--problem", o->problem, "Problem name (orderly list problems)");
  cmd->add_option("--scalar", o->scalar, "double | long-double | float128 | mp50 (seed specimens always run in float)")
      ->capture_default_str();
  cmd->add_option("--norm", o->norm, "final (at t_end) | l2 | linf (over the steps, against the dense reference)")
      ->capture_default_str();
  cmd->add_option("--weights", o->weights, "primary | embedded: which weight set of a pair propagates")
      ->capture_default_str();
  within(cmd->add_option("--min-steps", o->min_steps, "Coarsest grid (steps over the time span); default 4"),
         std::size_t{1}, max_grid_steps);
  within(cmd->add_option(
             "--max-steps", o->max_steps,
             "Finest grid; default " + std::to_string(default_finest_grid) + " (stops earlier at the round-off floor)"),
         std::size_t{1}, max_grid_steps);
  cmd->add_option("--json", o->json_path, "Write the JSON result to FILE ('-' for standard output)");
  cmd->add_option(
      "--suite", o->suite,
      "Run a whole suite ('default', or 'quick' for the report's quick iteration) instead of one method and problem");
  cmd->add_option("--out", o->out_dir, "Directory for the suite's JSON files (default reports/out/convergence)");
  add_threads_option(*cmd, o->threads, "Threads for the suite (default: all cores)");
  cmd->add_flag("--verbose", o->verbose, "With --suite: one line per run, not only the summary");
  add_shard_option(*cmd, o->shard);
  cmd->callback([o] {
    if (!o->suite.empty()) return run_suite(*o);
    if (!o->shard.empty()) throw usage_error("--shard: only with --suite");
    if (o->method.empty() || o->problem.empty())
      throw usage_error("convergence needs --method and --problem, or --suite");
    run_single(*o);
  });
}

namespace {
const registered_command convergence_registration{
    {.name = "convergence",
     .add = &add_convergence_command,
     .merge = &convergence_outputs,
     .shard_test_run = {"convergence", "--suite", "quick", "--threads", "2", "--out", "{out}"},
     .report_run = {"convergence", "--suite", "default", "--out", "{json}/convergence"},
     .quick_report_run = {"convergence", "--suite", "quick", "--out", "{json}/convergence"}}};
}  // namespace

}  // namespace orderly::cli
