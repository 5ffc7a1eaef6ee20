// The registry behind registered_command: a function-local list, so that registrations from any
// translation unit find it constructed, whatever the order of static initialisation.
#include <orderly/command/commands.hpp>

#include <algorithm>

namespace orderly::cli {
namespace {

std::vector<command_registration>& registry() {
  static std::vector<command_registration> commands;
  return commands;
}

}  // namespace

registered_command::registered_command(command_registration registration) {
  registry().push_back(std::move(registration));
}

std::vector<command_registration> registered_commands() {
  auto commands = registry();
  std::sort(commands.begin(), commands.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
  return commands;
}

void add_registered_commands(CLI::App& app) {
  for (const auto& command : registered_commands()) command.add(app);
}

}  // namespace orderly::cli
