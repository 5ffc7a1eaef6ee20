// `orderly crosscheck [--json FILE|-]`: Orderly's steppers against Boost.Odeint's, pair by pair.
#include "commands.hpp"
#include "output.hpp"

#include <orderly/crosscheck.hpp>

#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <string>

namespace orderly::cli {
namespace {

void print_table(const std::vector<crosscheck_result>& results) {
  std::printf("%-20s %-34s %-15s %-6s %12s  %-7s %s\n", "method", "odeint stepper", "problem", "scalar", "max diff/ulp",
              "verdict", "note");
  for (const auto& r : results)
    std::printf("%-20s %-34s %-15s %-6s %12.3g  %-7s %s\n", r.method.c_str(), r.odeint_stepper.c_str(),
                r.problem.c_str(), r.scalar.c_str(), r.max_difference_units, status_name(r.status), r.reason.c_str());
  std::printf("round-off unit: eps * max(|y_n|_inf, 1) * sqrt(n); pass when at most %g units at every step\n",
              crosscheck_policy::roundoff_units_bound);
}

}  // namespace

void add_crosscheck_command(CLI::App& app) {
  auto json_path = std::make_shared<std::string>();
  auto* cmd = app.add_subcommand("crosscheck", "Orderly's steppers against Boost.Odeint's, same problem and steps");
  cmd->add_option("--json", *json_path, "write the results as JSON to FILE ('-' for stdout)");
  cmd->callback([json_path] {
    if (!json_path->empty()) check_output_path("--json", *json_path);
    const auto results = run_crosscheck();
    if (json_path->empty()) {
      print_table(results);
      return;
    }
    write_json("--json", *json_path, crosscheck_json(results));
    std::map<std::string, int> statuses;
    int controls = 0;
    for (const auto& r : results) ++statuses[status_name(r.status)], controls += r.control;
    print_summary_line(*json_path, "crosscheck: " + std::to_string(results.size()) + " pairs (" + count_text(statuses) +
                                       "; " + std::to_string(controls) + " control pairs) -> " + *json_path);
  });
}

namespace {
const registered_command crosscheck_registration{
    {.name = "crosscheck",
     .add = &add_crosscheck_command,
     .report_run = {"crosscheck", "--json", "{json}/crosscheck/crosscheck.json"}}};
}  // namespace

}  // namespace orderly::cli
