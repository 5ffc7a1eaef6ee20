#pragma once
// The CLI's subcommands and how they join it. Each subcommand's file (a study's in its folder under
// studies/, the catalog's, the references' and the shards' in cli/) defines a function that adds it to a CLI::App
// and registers that function with a `registered_command` object, together with the runs
// `make report` makes of it. Nothing else lists the subcommands: the CLI, `orderly run-studies` and
// the report's JSON come from this one registry.
#include <orderly/shard.hpp>

#include <CLI/CLI.hpp>

#include <stdexcept>
#include <string>
#include <vector>

namespace orderly::cli {

// Bad input from the user (unknown name, out-of-range option): one line on stderr, exit code 2.
struct usage_error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// A study that ran to the end but whose verdict is negative (the gate refused): exit with code.
struct gate_failed : std::runtime_error {
  explicit gate_failed(int exit_code) : std::runtime_error("gate failed"), code(exit_code) {}
  int code;
};

// Stands for the report's JSON directory in a registered report run.
inline constexpr const char* report_json_dir = "{json}";

struct command_registration {
  std::string name;            // the subcommand, as typed
  void (*add)(CLI::App& app);  // adds the subcommand, its options and its callback to the app
  // A command that runs a suite in shards (--shard i/N): how its files are assembled from the jobs'
  // results, for `orderly merge`; the shard files name the suite by the command's name.
  suite_assembler merge = nullptr;
  // A command that runs in shards: its smallest suite run, writing under {out} (a directory, or a
  // file in it), that the shard test runs whole and in shards and compares (tests/cli/test_shards.py).
  std::vector<std::string> shard_test_run = {};
  // The subcommand's arguments for `make report` (its default suite, writing under {json}); empty
  // when the report does not run it.
  std::vector<std::string> report_run = {};
  // The same for the quick report (QUICK=1, the browser test); empty: the default run.
  std::vector<std::string> quick_report_run = {};
};

// Every registered subcommand, sorted by name (static registration order is not portable).
std::vector<command_registration> registered_commands();

// Registers a subcommand at static initialisation: `const registered_command x{{...}};`.
struct registered_command {
  explicit registered_command(command_registration registration);
};

// The orderly application with every registered subcommand (main and run-studies build it).
void add_registered_commands(CLI::App& app);

}  // namespace orderly::cli
