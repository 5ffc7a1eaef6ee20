// `orderly odeint-orders [--json FILE|-]`: odeint's declared orders against measured ones.
#include <orderly/command.hpp>

#include <orderly/odeint_orders.hpp>

#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <string>

namespace orderly::cli {

namespace {
std::string optional_text(const std::optional<int>& value) { return value ? std::to_string(*value) : "-"; }
}  // namespace

void add_odeint_orders_command(CLI::App& app) {
  auto json_path = std::make_shared<std::string>();
  auto shard_text = std::make_shared<std::string>();
  auto* cmd = app.add_subcommand("odeint-orders", "odeint's steppers: declared orders against measured orders");
  cmd->add_option("--json", *json_path, "write the results as JSON to FILE ('-' for stdout)");
  add_shard_option(*cmd, *shard_text);
  cmd->callback([json_path, shard_text] {
    const auto shard = shard_option(*shard_text);
    if (json_path->empty() && !shard) {
      const auto all = run_odeint_orders();
      const auto& results = all.fixed_step;
      std::printf("%-32s %-62s %-15s %5s %5s %5s  %-16s %s\n", "stepper", "call", "problem", "order", "step", "err",
                  "measured", "verdict");
      for (const auto& r : results) {
        char measured[64] = "-";
        if (r.measured.fit.found)
          std::snprintf(measured, sizeof measured, "%.3f +- %.3f", r.measured.fit.order, r.measured.fit.uncertainty);
        std::printf("%-32s %-62s %-15s %5s %5s %5s  %-16s %s\n", r.stepper.c_str(), r.call.c_str(), r.problem.c_str(),
                    optional_text(r.order_value).c_str(), optional_text(r.stepper_order_value).c_str(),
                    optional_text(r.error_order_value).c_str(), measured, verdict_name(r.verdict));
      }
      std::printf("\ntolerance-driven (effective order: slope of the error against evaluations)\n");
      std::printf("%-44s %-30s %5s %5s  %-16s %s\n", "stepper", "call", "step", "err", "effective", "verdict");
      for (const auto& r : all.tolerance_driven) {
        char measured[64] = "-";
        if (r.effective.found)
          std::snprintf(measured, sizeof measured, "%.3f +- %.3f", r.effective.order, r.effective.uncertainty);
        std::printf("%-44s %-30s %5s %5s  %-16s %s\n", r.stepper.c_str(), r.call.c_str(),
                    r.stepper_order_value ? std::to_string(*r.stepper_order_value).c_str() : "-",
                    r.error_order_value ? std::to_string(*r.error_order_value).c_str() : "-", measured,
                    verdict_name(r.verdict));
      }
      return;
    }
    if (!shard) check_output_path("--json", *json_path);
    const auto document = run_document_suite(odeint_orders_suite(), shard, *json_path);
    if (!document) return;
    write_json("--json", *json_path, *document);
    std::map<std::string, int> verdicts;
    for (const auto& r : (*document)["steppers"]) ++verdicts[r["verdict"].get<std::string>()];
    for (const auto& r : (*document)["tolerance_driven"]) ++verdicts[r["verdict"].get<std::string>()];
    print_summary_line(*json_path, "odeint-orders: " + std::to_string((*document)["steppers"].size()) +
                                       " fixed-step and " + std::to_string((*document)["tolerance_driven"].size()) +
                                       " tolerance-driven (" + count_text(verdicts) + ") -> " + *json_path);
  });
}

namespace {
const registered_command odeint_orders_registration{
    {.name = "odeint-orders",
     .add = &add_odeint_orders_command,
     .merge = &odeint_orders_outputs,
     .shard_test_run = {"odeint-orders", "--json", "{out}/odeint-orders.json"},
     .report_run = {"odeint-orders", "--json", "{json}/crosscheck/odeint-orders.json"}}};
}  // namespace

}  // namespace orderly::cli
