// `orderly workprecision --suite default [--json FILE|-]`: error against RHS evaluations and wall time for
// Orderly's adaptive pairs and odeint's controlled steppers and bulirsch_stoer, with dopri54 and odeint's
// controlled runge_kutta_dopri5 compared at equal achieved error; and the stiff solvers on ROBER and
// HIRES (correct digits against evaluations and wall time).
#include "commands.hpp"
#include "output.hpp"

#include <orderly/workprecision.hpp>

#include <nlohmann/json.hpp>

#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>
#include <string>

namespace orderly::cli {

void register_workprecision_command(CLI::App& app) {
  auto json_path = std::make_shared<std::string>();
  auto suite = std::make_shared<std::string>("default");
  auto* cmd = app.add_subcommand("workprecision", "error against RHS evaluations and wall time: Orderly's adaptive pairs and odeint's controlled steppers and bulirsch_stoer (dopri54 against odeint's dopri5 at equal error); radau5, rosenbrock4 and odeint's rosenbrock4 on rober and hires");
  cmd->add_option("--suite", *suite, "suite (default)");
  cmd->add_option("--json", *json_path, "write the results as JSON to FILE ('-' for stdout)");
  cmd->callback([json_path, suite] {
    if (*suite != "default") throw usage_error("--suite: unknown suite '" + *suite + "'; use default");
    if (!json_path->empty()) check_output_path("--json", *json_path);
    const auto curves = run_workprecision();
    const auto ratios = dopri_ratios(curves);
    const auto restarts = restart_ratios(curves);
    const auto same = summarise_ratios(same_method_ratios(curves), {});
    const auto stiff_curves = run_stiff_workprecision();
    nlohmann::json j{{"schema", "orderly.workprecision/1"},
                     {"comparison", "at equal achieved final-time error (log-log interpolation of odeint's curve), "
                                    "not at equal tolerance; atol = rtol = tol, four tolerances per decade; seconds: "
                                    "the minimum wall time of 5 repeated runs of the integration alone on this "
                                    "machine (Orderly's steppers built before the clock starts; odeint's, whose "
                                    "coefficients are compile-time constants, inside it)"},
                     {"curves", nlohmann::json::array()},
                     {"resolution",
                      "odeint's controlled dopri5 run again with eight other first steps (span/1000 scaled by "
                      "2^(k/4), k = -4 .. 4 but 0: from half to twice it), each compared with its own curve at "
                      "equal achieved error as dopri54 is: the same method on the same problem, so ratios away "
                      "from 1 there are what the comparison cannot resolve"},
                     {"odeint_restarted", nlohmann::json::array()},
                     {"odeint_restarted_over_odeint_dopri5", nlohmann::json::array()},
                     {"summary_by_problem", nlohmann::json::array()},
                     {"same_method_comparison",
                      "the methods both libraries have, Orderly's run and odeint's controlled stepper of the same "
                      "tableau: ours over odeint's evaluations at equal achieved error, compared as dopri54 is; the "
                      "two differ in their error norm and step-size controller, not in the method"},
                     {"same_methods", nlohmann::json::array()},
                     {"same_method_summary", nlohmann::json::array()},
                     {"stiff_comparison",
                      "ROBER and HIRES: each point one run of the stiff study (orderly stiff) at rtol from 1e-3 to "
                      "1e-12, four per decade, atol by the study's rule for the problem; accuracy in mixed "
                      "significant correct digits (mescd) against the certified reference at t_end; seconds: the "
                      "minimum wall time of 5 repeated runs. Runs that did not finish are listed with their status"},
                     {"stiff_curves", nlohmann::json::array()},
                     {"dopri54_over_odeint_dopri5", nlohmann::json::array()}};
    auto curve_json = [](const work_curve& c, bool timed) {
      auto pts = nlohmann::json::array();
      for (const auto& p : c.points) {
        nlohmann::json point{{"tolerance", p.tolerance}, {"error", p.error}, {"rhs_evaluations", p.rhs_evaluations}};
        if (timed) point["seconds"] = p.seconds;
        pts.push_back(point);
      }
      return nlohmann::json{{"method", c.method}, {"problem", c.problem}, {"points", pts}};
    };
    for (const auto& c : curves.compared) j["curves"].push_back(curve_json(c, true));
    for (const auto& c : curves.odeint_restarted) j["odeint_restarted"].push_back(curve_json(c, false));
    for (const auto& c : stiff_curves) {
      auto pts = nlohmann::json::array();
      for (const auto& r : c.runs) {
        auto optional = [](const auto& v) { return v ? nlohmann::json(*v) : nlohmann::json(); };
        pts.push_back({{"rtol", r.rtol},
                       {"atol", r.atol},
                       {"status", status_name(r.status)},
                       {"failure", r.failure},
                       {"mescd", optional(r.digits.mescd)},
                       {"rhs_evaluations", r.rhs_evaluations},
                       {"jacobian_evaluations", r.jacobian_evaluations},
                       {"lu_factorizations", optional(r.lu_factorizations)},
                       {"linear_solves", optional(r.linear_solves)},
                       {"seconds", r.wall_seconds}});
      }
      j["stiff_curves"].push_back({{"method", c.method}, {"problem", c.problem}, {"points", pts}});
    }
    for (const auto& r : ratios)
      j["dopri54_over_odeint_dopri5"].push_back({{"problem", r.problem},
                                                 {"error", r.error},
                                                 {"ours", r.candidate_evaluations},
                                                 {"odeint", r.baseline_evaluations},
                                                 {"ratio", r.ratio}});
    for (const auto& r : restarts)
      j["odeint_restarted_over_odeint_dopri5"].push_back({{"problem", r.problem},
                                                          {"restarted", r.candidate},
                                                          {"error", r.error},
                                                          {"restarted_evaluations", r.candidate_evaluations},
                                                          {"odeint", r.baseline_evaluations},
                                                          {"ratio", r.ratio}});
    // A summary's spread of ratios, as both summaries write it.
    auto spread_json = [](const work_ratio_summary& e) {
      return nlohmann::json{{"problem", e.problem},
                            {"ratios", e.ratios},
                            {"worst_ratio", e.worst},
                            {"geometric_mean", e.geometric_mean},
                            {"ratios_above_one", e.above_one},
                            {"errors_above_one", e.errors_above_one ? nlohmann::json{e.errors_above_one->first,
                                                                                     e.errors_above_one->second}
                                                                    : nlohmann::json(nullptr)}};
    };
    const auto summary = summarise_ratios(ratios, restarts);
    for (const auto& e : summary) {
      auto entry = spread_json(e);
      entry["odeint_against_itself_worst_there"] = e.null_worst_there ? nlohmann::json(*e.null_worst_there)
                                                                      : nlohmann::json(nullptr);
      entry["odeint_reruns_there"] = e.null_curves_there;
      entry["odeint_reruns_reaching_worst_ratio"] = e.null_curves_reaching_worst;
      j["summary_by_problem"].push_back(entry);
    }
    for (const auto& pair : same_methods()) j["same_methods"].push_back({{"ours", pair.ours}, {"odeint", pair.odeint}});
    for (const auto& e : same) {
      auto entry = spread_json(e);
      entry["ours"] = e.candidate;
      j["same_method_summary"].push_back(entry);
    }
    if (json_path->empty()) {
      for (const auto& r : ratios)
        std::printf("%-10s error %10.3e  dopri54 %8.0f  odeint dopri5 %8.0f  ratio %.3f\n", r.problem.c_str(), r.error,
                    r.candidate_evaluations, r.baseline_evaluations, r.ratio);
      return;
    }
    write_json("--json", *json_path, j);
    // "worst arenstorf 1.166, pleiades 0.955, kepler 1.204; where above 1, odeint against itself
    // reaches arenstorf 1.148 (0 of 8 reruns at or above ours), kepler 1.126 (0 of 8 reruns at or above ours)".
    std::string worst, resolution;
    for (const auto& e : summary) {
      char cell[128];
      std::snprintf(cell, sizeof cell, "%s%s %.3f", worst.empty() ? "" : ", ", e.problem.c_str(), e.worst);
      worst += cell;
      if (!e.null_worst_there) continue;
      std::snprintf(cell, sizeof cell, "%s%s %.3f (%zu of %zu reruns at or above ours)", resolution.empty() ? "" : ", ",
                    e.problem.c_str(), *e.null_worst_there, e.null_curves_reaching_worst, e.null_curves_there);
      resolution += cell;
    }
    if (!resolution.empty()) resolution = "; where above 1, odeint against itself reaches " + resolution;
    print_summary_line(*json_path, "workprecision: " + std::to_string(ratios.size()) +
                                       " dopri54/odeint work ratios at equal error; worst " + worst + resolution +
                                       " -> " + *json_path);
  });
}

}  // namespace orderly::cli
