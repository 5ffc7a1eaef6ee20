#pragma once
// Registration of the CLI's subcommands. Each study file defines one register_* function.
#include <CLI/CLI.hpp>

#include <stdexcept>

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

void register_list_command(CLI::App& app);
void register_convergence_command(CLI::App& app);
void register_gate_command(CLI::App& app);
void register_reference_command(CLI::App& app);
void register_check_command(CLI::App& app);
void register_crosscheck_command(CLI::App& app);
void register_odeint_orders_command(CLI::App& app);
void register_workprecision_command(CLI::App& app);
void register_energy_command(CLI::App& app);
void register_stiff_command(CLI::App& app);
void register_analyze_command(CLI::App& app);
void register_game_table_command(CLI::App& app);

inline void register_commands(CLI::App& app) {
  register_list_command(app);
  register_convergence_command(app);
  register_gate_command(app);
  register_reference_command(app);
  register_check_command(app);
  register_crosscheck_command(app);
  register_odeint_orders_command(app);
  register_workprecision_command(app);
  register_energy_command(app);
  register_stiff_command(app);
  register_analyze_command(app);
  register_game_table_command(app);
}

}  // namespace orderly::cli
