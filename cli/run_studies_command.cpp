// `orderly run-studies [--suite default|quick] --out DIR [--dry-run]`: every registered study's
// report suite, one after another, each writing its JSON under DIR, as `make report` needs them.
// The runs are the studies' own subcommands with the arguments they registered, so a study joins
// the report by registering its run (commands.hpp), not by an edit here or in the Makefile.
#include <orderly/command/commands.hpp>
#include <orderly/command/output.hpp>
#include <orderly/command/resolve.hpp>
#include <orderly/command/sharded_run.hpp>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

namespace orderly::cli {
namespace {

struct run_studies_options {
  std::string suite = "default";
  std::string out, shard;
  std::vector<std::string> only;
  bool dry_run = false;
};

std::vector<std::string> with_json_dir(std::vector<std::string> args, const std::string& json_dir) {
  const std::string placeholder = report_json_dir;
  for (auto& arg : args)
    for (auto at = arg.find(placeholder); at != std::string::npos; at = arg.find(placeholder, at + json_dir.size()))
      arg.replace(at, placeholder.size(), json_dir);
  return args;
}

std::string command_line(const std::vector<std::string>& args) {
  std::string line = "orderly";
  for (const auto& arg : args) line += " " + arg;
  return line;
}

// Runs one registered study in this process, through the same parser as the command line.
void run_study(const std::vector<std::string>& args) {
  CLI::App app;
  app.require_subcommand(1);
  add_registered_commands(app);
  app.parse(std::vector<std::string>(args.rbegin(), args.rend()));  // CLI11 takes them reversed
}

}  // namespace

void add_run_studies_command(CLI::App& app) {
  auto options = std::make_shared<run_studies_options>();
  auto* cmd = app.add_subcommand(
      "run-studies", "Run every study's report suite, writing its JSON under --out (what `make report` runs)");
  cmd->add_option("--suite", options->suite, "default, or quick (reduced suites, for a fast report)")
      ->check(CLI::IsMember({"default", "quick"}));
  cmd->add_option("--out", options->out, "directory for the studies' JSON (one folder per study)")->required();
  cmd->add_flag("--dry-run", options->dry_run, "print the runs and run nothing");
  cmd->add_option("--only", options->only, "run only these studies (their subcommands' names, comma-separated)")
      ->delimiter(',');
  add_shard_option(*cmd, options->shard)
      ->description(
          "Run shard i of N (i/N) of every study's suite, each writing its shard file under --out; a study that "
          "does not run in shards runs whole in shard 1. `orderly merge` combines the N --out directories");
  cmd->callback([options] {
    const auto shard = shard_option(options->shard);
    std::vector<std::string> studies;
    for (const auto& command : registered_commands())
      if (!command.report_run.empty()) studies.push_back(command.name);
    for (const auto& name : options->only)
      if (std::find(studies.begin(), studies.end(), name) == studies.end())
        throw usage_error("--only '" + name + "': not a study the report runs; closest: " + suggestion(name, studies));
    std::vector<std::vector<std::string>> runs;
    for (const auto& command : registered_commands()) {
      if (!options->only.empty() &&
          std::find(options->only.begin(), options->only.end(), command.name) == options->only.end())
        continue;
      auto run = options->suite == "quick" && !command.quick_report_run.empty() ? command.quick_report_run
                                                                                : command.report_run;
      if (run.empty()) continue;
      if (shard && command.merge) {
        run.push_back("--shard");
        run.push_back(shard->text());
      } else if (shard && shard->index != 1) {
        continue;
      }
      runs.push_back(with_json_dir(run, options->out));
    }
    if (options->dry_run) {
      for (const auto& run : runs) std::cout << command_line(run) << "\n";
      return;
    }
    ensure_output_dir("--out", options->out);
    for (const auto& run : runs) {
      // A study writing a file (--json) needs its folder; one writing a directory (--out) makes it.
      for (std::size_t i = 1; i < run.size(); ++i)
        if (run[i - 1] == "--json") ensure_output_dir("--out", std::filesystem::path(run[i]).parent_path().string());
      std::cout << command_line(run) << std::endl;
      run_study(run);
    }
  });
}

namespace {
const registered_command run_studies_registration{{.name = "run-studies", .add = &add_run_studies_command}};
}  // namespace

}  // namespace orderly::cli
