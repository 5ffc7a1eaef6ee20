// The orderly CLI: one subcommand per study; each study lives in its own file and registers here.
#include "commands.hpp"

#include <CLI/CLI.hpp>

#include <exception>
#include <iostream>

int main(int argc, char** argv) {
  CLI::App app{"orderly: measure whether an ODE integrator is right"};
  app.require_subcommand(1);
  orderly::cli::register_commands(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // CLI11 prints help with exit code 0 and a one-line message for bad input; bad input exits 2.
    const int code = app.exit(e);
    return code == 0 ? 0 : 2;
  } catch (const orderly::cli::gate_failed& e) {
    return e.code;
  } catch (const orderly::cli::usage_error& e) {
    std::cerr << "orderly: " << e.what() << "\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "orderly: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
