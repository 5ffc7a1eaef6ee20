// `orderly convergence`: the convergence-order study for one method and problem, or the default
// suite of every method on the problems where it applies. Writes orderly.convergence/1 JSON.
#include "commands.hpp"
#include "input_limits.hpp"
#include "output.hpp"
#include "resolve.hpp"

#include <orderly/convergence_json.hpp>
#include <orderly/convergence_suites.hpp>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <thread>

namespace orderly::cli {
namespace {

struct convergence_options {
  std::string method, problem, scalar = "double", norm = "final", weights = "primary", json_path, suite, out_dir;
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
  if (o.max_steps == 0 && o.min_steps > (std::size_t{1} << 14))
    throw usage_error("--min-steps " + std::to_string(o.min_steps) + " is above the default --max-steps 16384");
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

void run_suite(const convergence_options& o) {
  if (o.suite != "default" && o.suite != "quick")
    throw usage_error("--suite '" + o.suite + "': the suites are 'default' and 'quick'");
  const std::string dir = o.out_dir.empty() ? "reports/out/convergence" : o.out_dir;
  ensure_output_dir("--out", dir);
  auto jobs = o.suite == "quick" ? quick_suite() : default_suite();
  const auto norm = parse_norm(o.norm);
  for (auto& job : jobs) job.norm = norm;
  progress_meter progress("convergence", jobs.size());
  const auto outcomes = run_convergence_jobs(jobs, o.threads, &progress);
  int failures = 0;
  std::map<std::string, int> verdicts;
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    if (!outcomes[i].result) {
      std::cerr << "orderly: " << jobs[i].method->name << " on " << jobs[i].problem->info.name << ": "
                << outcomes[i].error << "\n";
      ++failures;
      continue;
    }
    const auto& r = *outcomes[i].result;
    // Named by the job as requested (a run refined into a wider scalar keeps its job's name: two jobs of
    // one method and problem that both end in mp50 would otherwise overwrite each other).
    write_json("--out",
               dir + "/" + r.method + "__" + r.problem + "__" + std::string(scalar_name(jobs[i].scalar)) + "__" +
                   norm_name(r.norm) + ".json",
               to_json(r));
    if (o.verbose) print_summary(r);
    ++verdicts[verdict_name(r.judged.outcome)];
  }
  const std::string counts = count_text(verdicts);
  std::printf("convergence: %zu runs in %s (%s), written to %s\n", jobs.size() - static_cast<std::size_t>(failures),
              progress_meter::duration_text(progress.elapsed_seconds()).c_str(), counts.c_str(), dir.c_str());
  if (auto slowest = progress.slowest_text(); !slowest.empty())
    std::fprintf(stderr, "convergence: %s\n", slowest.c_str());
  if (failures) throw std::runtime_error(std::to_string(failures) + " suite runs failed");
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
  within(
      cmd->add_option("--max-steps", o->max_steps, "Finest grid; default 16384 (stops earlier at the round-off floor)"),
      std::size_t{1}, max_grid_steps);
  cmd->add_option("--json", o->json_path, "Write the JSON result to FILE ('-' for standard output)");
  cmd->add_option(
      "--suite", o->suite,
      "Run a whole suite ('default', or 'quick' for the report's quick iteration) instead of one method and problem");
  cmd->add_option("--out", o->out_dir, "Directory for the suite's JSON files (default reports/out/convergence)");
  add_threads_option(*cmd, o->threads, "Threads for the suite (default: all cores)");
  cmd->add_flag("--verbose", o->verbose, "With --suite: one line per run, not only the summary");
  cmd->callback([o] {
    if (!o->suite.empty()) return run_suite(*o);
    if (o->method.empty() || o->problem.empty())
      throw usage_error("convergence needs --method and --problem, or --suite");
    run_single(*o);
  });
}

namespace {
const registered_command convergence_registration{
    {.name = "convergence",
     .add = &add_convergence_command,
     .report_run = {"convergence", "--suite", "default", "--out", "{json}/convergence"},
     .quick_report_run = {"convergence", "--suite", "quick", "--out", "{json}/convergence"}}};
}  // namespace

}  // namespace orderly::cli
