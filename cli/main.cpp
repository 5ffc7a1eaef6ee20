// The orderly CLI: one subcommand per study (each registers itself, commands.hpp); exit codes here.
#include <orderly/command/commands.hpp>
#include <orderly/command/data_paths.hpp>

#include <CLI/CLI.hpp>

#include <cstdio>
#include <exception>
#include <iostream>
#include <string>

int main(int argc, char** argv) {
  CLI::App app{"orderly: measure whether an ODE integrator is right"};
  app.require_subcommand(1);
  app.set_version_flag("--version", orderly::cli::version_text());
  orderly::cli::add_registered_commands(app);
  orderly::cli::use_installed_reference_data();
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // Help and --version are "errors" with exit code 0; bad input is one line and exit code 2.
    if (e.get_exit_code() == 0) return app.exit(e);
    std::cerr << "orderly: " << e.what() << " (see --help)\n";
    return 2;
  } catch (const orderly::cli::gate_failed& e) {
    return e.code;
  } catch (const orderly::cli::usage_error& e) {
    std::cerr << "orderly: " << e.what() << "\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "orderly: " << e.what() << "\n";
    return 1;
  }
  // What was printed must have arrived: a full disk or a closed pipe on standard output is a bad
  // output path like any other (one line, exit 2), not a success.
  std::cout.flush();
  if (!std::cout || std::fflush(stdout) != 0 || std::ferror(stdout)) {
    std::cerr << "orderly: standard output: write failed\n";
    return 2;
  }
  return 0;
}
