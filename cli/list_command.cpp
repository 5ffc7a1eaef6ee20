// `orderly list methods|problems|studies [--json]`: the catalogs and the registered studies as a
// readable table or as JSON.
#include <orderly/command/commands.hpp>

#include <orderly/catalog.hpp>
#include <orderly/problem_catalog.hpp>

#include <nlohmann/json.hpp>

#include <cstdio>
#include <iostream>
#include <memory>

namespace orderly::cli {
namespace {

nlohmann::json methods_json() {
  auto all = nlohmann::json::array();
  for (const auto& m : method_catalog())
    all.push_back({{"name", m.name},
                   {"title", m.title},
                   {"family", family_name(m.family)},
                   {"stages", m.stages},
                   {"order", m.order},
                   {"embedded_order", m.embedded_order ? nlohmann::json(*m.embedded_order) : nlohmann::json()},
                   {"implicit", m.implicit},
                   {"symplectic", m.symplectic},
                   {"fevals_per_step", m.fevals_per_step}});
  return all;
}

void print_methods() {
  std::printf("%-26s %-13s %6s %5s %8s %9s %10s  %s\n", "name", "family", "stages", "order", "embedded", "symplectic",
              "f/step", "title");
  for (const auto& m : method_catalog())
    std::printf("%-26s %-13s %6d %5d %8s %9s %10g  %s\n", m.name.c_str(), family_name(m.family), m.stages, m.order,
                m.embedded_order ? std::to_string(*m.embedded_order).c_str() : "-", m.symplectic ? "yes" : "no",
                m.fevals_per_step, m.title.c_str());
}

nlohmann::json problems_json() {
  auto all = nlohmann::json::array();
  for (const auto& p : problem_catalog()) {
    const auto typed = instantiate<double>(p);
    all.push_back({{"name", p.info.name},
                   {"description", p.info.description},
                   {"citation", p.info.citation},
                   {"dimension", p.info.dimension},
                   {"stiff", p.info.stiff},
                   {"hamiltonian", p.info.hamiltonian},
                   {"has_exact", p.info.has_exact},
                   {"has_jacobian", p.info.has_jacobian},
                   {"separable", p.info.separable},
                   {"tags", p.info.tag_names()},
                   {"t0", typed.t0},
                   {"t_end", typed.t_end}});
  }
  return all;
}

void print_problems() {
  std::printf("%-20s %4s %-6s %-11s %-6s %12s  %s\n", "name", "dim", "stiff", "hamiltonian", "exact", "t_end",
              "description");
  for (const auto& p : problem_catalog()) {
    const auto typed = instantiate<double>(p);
    std::printf("%-20s %4d %-6s %-11s %-6s %12g  %s\n", p.info.name.c_str(), p.info.dimension,
                p.info.stiff ? "yes" : "no", p.info.hamiltonian ? "yes" : "no", p.info.has_exact ? "yes" : "no",
                typed.t_end, p.info.description.c_str());
  }
}

// The registered subcommands that are studies (those the report runs or that run in shards), with
// the runs the registry holds for them: what run-studies and the shard test are driven by.
nlohmann::json studies_json() {
  nlohmann::json all = nlohmann::json::array();
  for (const auto& command : registered_commands()) {
    if (command.report_run.empty() && !command.merge) continue;
    all.push_back({{"name", command.name},
                   {"sharded", command.merge != nullptr},
                   {"report_run", command.report_run},
                   {"quick_report_run", command.quick_report_run},
                   {"shard_test_run", command.shard_test_run}});
  }
  return all;
}

void print_studies() {
  for (const auto& study : studies_json())
    std::printf("%-14s %s\n", study["name"].get<std::string>().c_str(),
                study["sharded"].get<bool>() ? "sharded" : "whole");
}

// One listing: a table, or with --json the same entries as a JSON array.
void add_listing(CLI::App& list, const std::string& name, const std::string& description, nlohmann::json (*as_json)(),
                 void (*print)()) {
  auto json = std::make_shared<bool>(false);
  auto* listing = list.add_subcommand(name, description);
  listing->add_flag("--json", *json, "Print a JSON array instead of a table");
  listing->callback([json, as_json, print] {
    if (*json)
      std::cout << as_json().dump(2) << "\n";
    else
      print();
  });
}

}  // namespace

void add_list_command(CLI::App& app) {
  auto* list = app.add_subcommand("list", "List the method or problem catalog, or the registered studies");
  list->require_subcommand(1);
  add_listing(*list, "methods", "Every integrator with its declared order and cost", &methods_json, &print_methods);
  add_listing(*list, "problems", "Every test problem with its dimension and properties", &problems_json,
              &print_problems);
  add_listing(*list, "studies", "Every registered study: whether it runs in shards, and its report and shard-test runs",
              &studies_json, &print_studies);
}

namespace {
const registered_command list_registration{{.name = "list", .add = &add_list_command}};
}  // namespace

}  // namespace orderly::cli
