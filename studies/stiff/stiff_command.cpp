// `orderly stiff --suite default [--out DIR]` and `orderly stiff --method M --problem P --rtol R
// [--json FILE|-]`: the stiff problems with the implicit solvers and the adaptive explicit pairs,
// accuracy in the test set's mixed significant correct digits, work counted; the suite adds order
// reduction on Prothero-Robinson. Writes orderly.stiff/3 (the wall times beside it, in
// stiff.timing.json).
#include <orderly/command.hpp>

#include <orderly/stiff_study.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <memory>
#include <string>

namespace orderly::cli {

namespace {

struct stiff_options {
  std::string suite, out_dir, method, problem, json_path, shard;
  double tol = 0;
  std::uint64_t step_budget = default_stiff_settings().step_budget;
  unsigned threads = 0;
};

std::string number_text(double x) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", x);
  return text;
}

std::string names_of(const std::vector<std::string>& names) {
  std::string text;
  for (const auto& n : names) text += (text.empty() ? "" : ", ") + n;
  return text;
}

void print_run(const stiff_run& r) {
  std::printf(
      "%-18s %-18s rtol %.0e atol %.1e  %-10s mescd %6s  rhs %8llu  jac %6llu  lu %6s  accepted %7s  "
      "rejected %6s  %.3g s\n",
      r.method.c_str(), r.problem.c_str(), r.rtol, r.atol, status_name(r.status),
      r.digits.mescd ? std::to_string(*r.digits.mescd).substr(0, 5).c_str() : "-",
      static_cast<unsigned long long>(r.rhs_evaluations), static_cast<unsigned long long>(r.jacobian_evaluations),
      r.lu_factorizations ? std::to_string(*r.lu_factorizations).c_str() : "-",
      r.accepted ? std::to_string(*r.accepted).c_str() : "-", r.rejected ? std::to_string(*r.rejected).c_str() : "-",
      r.wall_seconds);
  if (!r.failure.empty()) std::printf("  %s\n", r.failure.c_str());
}

void run_one(const stiff_options& o) {
  std::vector<std::string> solver_names;
  for (const auto& s : stiff_solvers()) solver_names.push_back(s.name);
  if (std::find(solver_names.begin(), solver_names.end(), o.method) == solver_names.end())
    throw usage_error("--method: unknown stiff-study solver '" + o.method + "'; choose one of " +
                      names_of(solver_names));
  const auto& problems = stiff_problem_list();
  if (std::find(problems.begin(), problems.end(), o.problem) == problems.end())
    throw usage_error("--problem: '" + o.problem + "' is not a stiff problem; choose one of " + names_of(problems));
  if (!(o.tol >= smallest_double_tolerance && o.tol < 1))
    throw usage_error("--rtol: " + number_text(o.tol) + " is outside [" + number_text(smallest_double_tolerance) +
                      ", 1) (double cannot honour tighter)");
  if (o.step_budget == 0) throw usage_error("--step-budget: must be positive");
  if (!o.json_path.empty()) check_output_path("--json", o.json_path);
  const auto run = run_stiff(o.method, o.problem, o.tol, o.step_budget, default_stiff_settings().min_wall_seconds);
  if (o.json_path.empty()) return print_run(run);
  nlohmann::json j = to_json(run);
  j["schema"] = "orderly.stiff-run/1";
  write_json("--json", o.json_path, j);
}

void run_suite(const stiff_options& o) {
  if (o.suite != "default" && o.suite != "quick")
    throw usage_error("--suite: unknown suite '" + o.suite + "'; the suites are 'default' and 'quick'");
  if (o.step_budget == 0) throw usage_error("--step-budget: must be positive");
  const auto shard = shard_option(o.shard);
  const std::string dir = o.out_dir.empty() ? "reports/out/stiff" : o.out_dir;
  ensure_output_dir("--out", dir);
  auto settings = o.suite == "quick" ? quick_stiff_settings() : default_stiff_settings();
  settings.threads = o.threads;
  settings.step_budget = o.step_budget;
  const auto start = std::chrono::steady_clock::now();
  const auto outputs = run_suite_or_shard(stiff_suite(settings), shard, "--out", dir);
  if (!outputs) return;
  write_outputs("--out", dir, *outputs);
  const auto& j = outputs->at("stiff.json");
  std::size_t solved = 0;
  for (const auto& r : j["runs"]) solved += r["status"] == status_name(stiff_run_status::solved);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("stiff: %zu runs (%zu solved), %zu order-reduction series, %.1f s -> %s/stiff.json\n", j["runs"].size(),
              solved, j["order_reduction"]["series"].size(), seconds, dir.c_str());
  for (const auto& row : j["efficiency_targets"]) {
    if (row.contains("rhs_evaluations"))
      std::printf("  %-18s %-6s rtol %.0e  mescd %.2f  rhs %llu  jac %llu  %s\n",
                  row["method"].get<std::string>().c_str(), row["problem"].get<std::string>().c_str(),
                  row["rtol"].get<double>(), row["mescd"].get<double>(),
                  row["rhs_evaluations"].get<unsigned long long>(),
                  row["jacobian_evaluations"].get<unsigned long long>(), row["met"].get<bool>() ? "met" : "NOT met");
    else
      std::printf("  %-18s %-6s NOT met: %s\n", row["method"].get<std::string>().c_str(),
                  row["problem"].get<std::string>().c_str(), row["reason"].get<std::string>().c_str());
  }
  for (const auto& s : j["order_reduction"]["series"])
    std::printf(
        "  order reduction %-16s %-9s classical %d  measured %s\n", s["method"].get<std::string>().c_str(),
        s["regime"].get<std::string>().c_str(), s["classical_order"].get<int>(),
        s["fit"]["found"].get<bool>() ? std::to_string(s["fit"]["order"].get<double>()).substr(0, 5).c_str() : "-");
}

}  // namespace

void add_stiff_command(CLI::App& app) {
  auto o = std::make_shared<stiff_options>();
  auto* cmd =
      app.add_subcommand("stiff", "stiff problems: implicit solvers and explicit pairs, mescd, work, order reduction");
  cmd->add_option("--suite", o->suite,
                  "Run a whole suite ('default', or 'quick': two solvers, two problems, two tolerances) instead of one "
                  "method, problem and tolerance");
  cmd->add_option("--out", o->out_dir, "Directory for the suite's stiff.json (default reports/out/stiff)");
  cmd->add_option("--method", o->method,
                  "Solver (radau5, radau13, rosenbrock4, odeint-rosenbrock4 or an embedded pair)");
  cmd->add_option("--problem", o->problem,
                  "Stiff problem (rober, vdpol, hires, orego, e5, prothero-robinson, stiff-spring)");
  auto* rtol = cmd->add_option("--rtol,--tol", o->tol, "Relative tolerance; atol follows the problem's rule");
  cmd->add_option("--json", o->json_path, "Write the run as JSON to FILE ('-' for standard output)");
  within(cmd->add_option("--step-budget", o->step_budget, "Accepted + rejected steps per run before it is stopped"),
         std::uint64_t{1}, max_step_budget);
  add_threads_option(*cmd, o->threads, "Threads for the suite (default: all cores)");
  add_shard_option(*cmd, o->shard);
  cmd->callback([o, rtol] {
    if (!o->suite.empty()) return run_suite(*o);
    if (!o->shard.empty()) throw usage_error("--shard: only with --suite");
    if (o->method.empty() || o->problem.empty() || rtol->count() == 0)
      throw usage_error("stiff needs --method, --problem and --rtol, or --suite default");
    run_one(*o);
  });
}

namespace {
const registered_command stiff_registration{
    {.name = "stiff",
     .add = &add_stiff_command,
     .merge = &stiff_suite_outputs,
     .shard_test_run = {"stiff", "--suite", "quick", "--threads", "2", "--out", "{out}"},
     .report_run = {"stiff", "--suite", "default", "--out", "{json}/stiff"},
     .quick_report_run = {"stiff", "--suite", "quick", "--out", "{json}/stiff"}}};
}  // namespace

}  // namespace orderly::cli
