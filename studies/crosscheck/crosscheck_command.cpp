// `orderly crosscheck [--json FILE|-]`: Orderly's steppers against Boost.Odeint's, pair by pair.
#include <orderly/command.hpp>

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
  auto shard_text = std::make_shared<std::string>();
  auto* cmd = app.add_subcommand("crosscheck", "Orderly's steppers against Boost.Odeint's, same problem and steps");
  cmd->add_option("--json", *json_path, "write the results as JSON to FILE ('-' for stdout)");
  add_shard_option(*cmd, *shard_text);
  cmd->callback([json_path, shard_text] {
    const auto shard = shard_option(*shard_text);
    if (json_path->empty() && !shard) return print_table(run_crosscheck());
    if (!shard) check_output_path("--json", *json_path);
    const auto document = run_document_suite(crosscheck_suite(), shard, *json_path);
    if (!document) return;
    write_json("--json", *json_path, *document);
    std::map<std::string, int> statuses;
    int controls = 0;
    for (const auto& pair : (*document)["pairs"])
      ++statuses[pair["status"].get<std::string>()], controls += pair["control"].get<bool>();
    print_summary_line(*json_path, "crosscheck: " + std::to_string((*document)["pairs"].size()) + " pairs (" +
                                       count_text(statuses) + "; " + std::to_string(controls) + " control pairs) -> " +
                                       *json_path);
  });
}

namespace {
const registered_command crosscheck_registration{
    {.name = "crosscheck",
     .add = &add_crosscheck_command,
     .merge = &crosscheck_outputs,
     .shard_test_run = {"crosscheck", "--json", "{out}/crosscheck.json"},
     .report_run = {"crosscheck", "--json", "{json}/crosscheck/crosscheck.json"}}};
}  // namespace

}  // namespace orderly::cli
