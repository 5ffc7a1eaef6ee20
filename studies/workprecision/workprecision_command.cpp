// `orderly workprecision --suite default [--json FILE|-]`: error against RHS evaluations and wall time for
// Orderly's adaptive pairs and odeint's controlled steppers and bulirsch_stoer, with dopri54 and odeint's
// controlled runge_kutta_dopri5 compared at equal achieved error; and the stiff solvers on ROBER and
// HIRES (correct digits against evaluations and wall time).
#include <orderly/command.hpp>

#include <orderly/workprecision.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <string>

namespace orderly::cli {

void add_workprecision_command(CLI::App& app) {
  auto json_path = std::make_shared<std::string>();
  auto suite = std::make_shared<std::string>("default");
  auto shard_text = std::make_shared<std::string>();
  auto* cmd = app.add_subcommand("workprecision",
                                 "error against RHS evaluations and wall time: Orderly's adaptive pairs and odeint's "
                                 "controlled steppers and bulirsch_stoer (dopri54 against odeint's dopri5 at equal "
                                 "error); radau5, rosenbrock4 and odeint's rosenbrock4 on rober and hires");
  cmd->add_option("--suite", *suite, "suite: default, or quick (kepler and rosenbrock4 on rober alone)");
  cmd->add_option("--json", *json_path,
                  "write the results as JSON to FILE ('-' for stdout); the wall times go beside it, to " +
                      std::string(workprecision_timing_file));
  add_shard_option(*cmd, *shard_text);
  cmd->callback([json_path, suite, shard_text] {
    if (*suite != "default" && *suite != "quick")
      throw usage_error("--suite: unknown suite '" + *suite + "'; use default or quick");
    const auto shard = shard_option(*shard_text);
    if (json_path->empty() && !shard) {
      if (*suite == "quick") throw usage_error("--suite quick: give --json FILE");
      for (const auto& r : study_workprecision().dopri)
        std::printf("%-10s error %10.3e  dopri54 %8.0f  odeint dopri5 %8.0f  ratio %.3f\n", r.problem.c_str(), r.error,
                    r.candidate_evaluations, r.baseline_evaluations, r.ratio);
      return;
    }
    if (!shard) check_output_path("--json", *json_path);
    if (shard && *json_path == "-")
      throw usage_error("--shard: give --json FILE (the shard file is written beside it)");
    const auto parent = std::filesystem::path(*json_path).parent_path();
    const std::string dir = parent.empty() ? "." : parent.string();
    if (shard) ensure_output_dir("--json", dir);
    const auto outputs = run_suite_or_shard(workprecision_suite(*suite == "quick"), shard, "--json", dir);
    if (!outputs) return;
    write_json("--json", *json_path, outputs->at("workprecision.json"));
    if (*json_path != "-")
      write_json("--json", dir + "/" + workprecision_timing_file, outputs->at(workprecision_timing_file));
    const auto& j = outputs->at("workprecision.json");
    // "worst arenstorf 1.166, pleiades 0.955, kepler 1.204; where above 1, odeint against itself
    // reaches arenstorf 1.148 (0 of 8 reruns at or above ours), kepler 1.126 (0 of 8 reruns at or above ours)".
    std::string worst, resolution;
    for (const auto& e : j["summary_by_problem"]) {
      char cell[128];
      std::snprintf(cell, sizeof cell, "%s%s %.3f", worst.empty() ? "" : ", ", e["problem"].get<std::string>().c_str(),
                    e["worst_ratio"].get<double>());
      worst += cell;
      if (e["odeint_against_itself_worst_there"].is_null()) continue;
      std::snprintf(cell, sizeof cell, "%s%s %.3f (%zu of %zu reruns at or above ours)", resolution.empty() ? "" : ", ",
                    e["problem"].get<std::string>().c_str(), e["odeint_against_itself_worst_there"].get<double>(),
                    e["odeint_reruns_reaching_worst_ratio"].get<std::size_t>(),
                    e["odeint_reruns_there"].get<std::size_t>());
      resolution += cell;
    }
    if (!resolution.empty()) resolution = "; where above 1, odeint against itself reaches " + resolution;
    print_summary_line(*json_path, "workprecision: " + std::to_string(j["dopri54_over_odeint_dopri5"].size()) +
                                       " dopri54/odeint work ratios at equal error; worst " + worst + resolution +
                                       " -> " + *json_path);
  });
}

namespace {
const registered_command workprecision_registration{
    {.name = "workprecision",
     .add = &add_workprecision_command,
     .merge = &workprecision_outputs,
     .shard_test_run = {"workprecision", "--suite", "quick", "--json", "{out}/workprecision.json"},
     .report_run = {"workprecision", "--suite", "default", "--json", "{json}/workprecision/workprecision.json"},
     .quick_report_run = {"workprecision", "--suite", "quick", "--json", "{json}/workprecision/workprecision.json"}}};
}  // namespace

}  // namespace orderly::cli
