// `orderly adaptive [--suite default|quick] [--tableau FILE]... [--stepper LIBRARY]... [--json FILE|-]`:
// embedded pairs judged whole (the estimate, the controllers, their stability).
#include <orderly/command.hpp>

#include <orderly/adaptive.hpp>
#include <orderly/json_text.hpp>
#include <orderly/stepper_library.hpp>
#include <orderly/tableau_file.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

namespace orderly::cli {
namespace {

struct adaptive_options {
  std::string suite = "default", json_path, shard;
  std::vector<std::string> tableau_paths, stepper_libraries;
  unsigned threads = 0;
};

estimating_pair adaptive_tableau_pair(const std::string& path) {
  std::ifstream in(path);
  if (std::filesystem::is_directory(path) || !in) throw usage_error("--tableau '" + path + "': cannot read the file");
  try {
    return tableau_pair(parse_tableau_file(parse_json_text(in)).tableau);
  } catch (const std::exception& e) {  // not JSON, not a tableau, or no b_hat
    throw usage_error("--tableau '" + path + "': " + e.what());
  }
}

estimating_pair adaptive_library_pair(const std::string& text) {
  try {
    return library_pair(load_stepper_library(parse_stepper_library_spec(text)));
  } catch (const std::exception& e) {  // not loadable, or no step with an error estimate
    throw usage_error("--stepper '" + text + "': " + e.what());
  }
}

void print_adaptive_table(const adaptive_result& result) {
  std::printf("%-24s %-8s %-10s %-9s %-34s %s\n", "pair", "origin", "est.order", "verdict", "deceived (worst tol)",
              "step-control stability at the real boundary");
  for (const auto& p : result.pairs) {
    double worst = 0;
    for (const auto& s : p.sweeps)
      for (const auto& r : s.reliability) worst = std::max(worst, r.deceived_fraction);
    std::string stability;
    for (const auto& c : p.stability.controllers) stability += c.controller + "=" + c.verdict.substr(0, 1) + " ";
    const std::string order =
        p.estimate.measured_order ? std::to_string(*p.estimate.measured_order).substr(0, 5) : std::string("-");
    std::printf("%-24s %-8s %-10s %-9s %-34.3g %s\n", p.pair.c_str(), p.origin.c_str(), order.c_str(),
                p.estimate.verdict.c_str(), worst, stability.c_str());
  }
  std::printf("stability: s = stable, u = unstable, m = marginal (spectral radius of the linearised step-size map)\n");
}

void run_adaptive_command(const adaptive_options& o) {
  if (o.suite != "default" && o.suite != "quick")
    throw usage_error("--suite '" + o.suite + "': unknown suite; use default or quick");
  adaptive_request request{.quick = o.suite == "quick", .threads = o.threads};
  for (const auto& path : o.tableau_paths) request.extra_pairs.push_back(adaptive_tableau_pair(path));
  for (const auto& library : o.stepper_libraries) request.extra_pairs.push_back(adaptive_library_pair(library));
  const auto shard = shard_option(o.shard);
  if (o.json_path.empty() && !shard) return print_adaptive_table(run_adaptive(request));
  if (!shard) check_output_path("--json", o.json_path);
  const auto document = run_document_suite(adaptive_suite(request), shard, o.json_path);
  if (!document) return;
  write_json("--json", o.json_path, *document);
  print_summary_line(o.json_path,
                     "adaptive: " + std::to_string((*document)["pairs"].size()) + " pairs -> " + o.json_path);
}

}  // namespace

void add_adaptive_command(CLI::App& app) {
  auto o = std::make_shared<adaptive_options>();
  auto* cmd = app.add_subcommand("adaptive",
                                 "Embedded pairs judged whole: the error estimate's order and reliability, tolerance "
                                 "proportionality, and step-size control stability under each controller");
  cmd->add_option("--suite", o->suite,
                  "Every catalog and odeint pair on three problems: default; bs32, dopri54 and odeint's dopri5 "
                  "on one: quick");
  cmd->add_option("--tableau", o->tableau_paths, "Also judge the embedded pair of this tableau file (needs b_hat)");
  cmd->add_option("--stepper", o->stepper_libraries,
                  "Also judge this compiled stepper's estimate (orderly/stepper.h version 2, step_with_error), as "
                  "LIBRARY or LIBRARY:SYMBOL");
  cmd->add_option("--json", o->json_path, "Write the results as JSON to FILE ('-' for standard output)");
  add_threads_option(*cmd, o->threads, "Pairs judged at once (default: all cores)");
  add_shard_option(*cmd, o->shard);
  cmd->callback([o] { run_adaptive_command(*o); });
}

namespace {
const registered_command adaptive_registration{
    {.name = "adaptive",
     .add = &add_adaptive_command,
     .merge = &adaptive_outputs,
     .shard_test_run = {"adaptive", "--suite", "quick", "--json", "{out}/adaptive.json"},
     .report_run = {"adaptive", "--json", "{json}/adaptive/adaptive.json"},
     .quick_report_run = {"adaptive", "--suite", "quick", "--json", "{json}/adaptive/adaptive.json"}}};
}  // namespace

}  // namespace orderly::cli
