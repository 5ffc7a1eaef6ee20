// `orderly workprecision --suite default [--json FILE|-]`: error against RHS evaluations and wall time for
// Orderly's adaptive pairs and odeint's controlled steppers and bulirsch_stoer, with dopri54 and odeint's
// controlled runge_kutta_dopri5 compared at equal achieved error; and the stiff solvers on ROBER and
// HIRES (correct digits against evaluations and wall time).
#include "commands.hpp"
#include "output.hpp"

#include <orderly/workprecision.hpp>

#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>
#include <string>

namespace orderly::cli {

void add_workprecision_command(CLI::App& app) {
  auto json_path = std::make_shared<std::string>();
  auto suite = std::make_shared<std::string>("default");
  auto* cmd = app.add_subcommand("workprecision",
                                 "error against RHS evaluations and wall time: Orderly's adaptive pairs and odeint's "
                                 "controlled steppers and bulirsch_stoer (dopri54 against odeint's dopri5 at equal "
                                 "error); radau5, rosenbrock4 and odeint's rosenbrock4 on rober and hires");
  cmd->add_option("--suite", *suite, "suite (default)");
  cmd->add_option("--json", *json_path, "write the results as JSON to FILE ('-' for stdout)");
  cmd->callback([json_path, suite] {
    if (*suite != "default") throw usage_error("--suite: unknown suite '" + *suite + "'; use default");
    if (!json_path->empty()) check_output_path("--json", *json_path);
    const auto study = study_workprecision();
    if (json_path->empty()) {
      for (const auto& r : study.dopri)
        std::printf("%-10s error %10.3e  dopri54 %8.0f  odeint dopri5 %8.0f  ratio %.3f\n", r.problem.c_str(), r.error,
                    r.candidate_evaluations, r.baseline_evaluations, r.ratio);
      return;
    }
    write_json("--json", *json_path, to_json(study));
    // "worst arenstorf 1.166, pleiades 0.955, kepler 1.204; where above 1, odeint against itself
    // reaches arenstorf 1.148 (0 of 8 reruns at or above ours), kepler 1.126 (0 of 8 reruns at or above ours)".
    std::string worst, resolution;
    for (const auto& e : study.summary) {
      char cell[128];
      std::snprintf(cell, sizeof cell, "%s%s %.3f", worst.empty() ? "" : ", ", e.problem.c_str(), e.worst);
      worst += cell;
      if (!e.null_worst_there) continue;
      std::snprintf(cell, sizeof cell, "%s%s %.3f (%zu of %zu reruns at or above ours)", resolution.empty() ? "" : ", ",
                    e.problem.c_str(), *e.null_worst_there, e.null_curves_reaching_worst, e.null_curves_there);
      resolution += cell;
    }
    if (!resolution.empty()) resolution = "; where above 1, odeint against itself reaches " + resolution;
    print_summary_line(*json_path, "workprecision: " + std::to_string(study.dopri.size()) +
                                       " dopri54/odeint work ratios at equal error; worst " + worst + resolution +
                                       " -> " + *json_path);
  });
}

namespace {
const registered_command workprecision_registration{
    {.name = "workprecision",
     .add = &add_workprecision_command,
     .report_run = {"workprecision", "--suite", "default", "--json", "{json}/workprecision/workprecision.json"}}};
}  // namespace

}  // namespace orderly::cli
