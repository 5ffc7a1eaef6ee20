// The report package run in a child process with its progress lines on standard error.
#include <orderly/command/data_paths.hpp>
#include <orderly/command/output.hpp>
#include <orderly/command/report_package.hpp>

#include <cerrno>
#include <filesystem>
#include <string_view>
#include <vector>

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

namespace orderly::cli {

std::string write_report(const std::string& option, const std::string& dir, const std::string& file_name,
                         const nlohmann::json& json, const std::string& json_name) {
  const std::string tree = source_dir();
  const std::filesystem::path root(dir), reports = std::filesystem::path(tree) / "reports";
  ensure_output_dir(option, (root / "json").string());
  write_json(option, (root / "json" / file_name).string(), json);
  std::error_code ec;
  if (tree.empty() || !std::filesystem::is_directory(reports / "orderly_report", ec))
    throw usage_error(option + " '" + dir +
                      "': the report package (reports/orderly_report) is not beside this "
                      "orderly; " +
                      json_name + " is in " + (root / "json").string());
  const std::string input = (root / "json").string(), output = (root / "html").string(),
                    python_path = "PYTHONPATH=" + reports.string();
  std::vector<const char*> argv{"/usr/bin/python3", "-m",       "orderly_report", "--input",
                                input.c_str(),      "--output", output.c_str(),   nullptr};
  // The caller's environment, with the package on the path and no bytecode left in the sources.
  std::vector<const char*> envp{python_path.c_str(), "PYTHONDONTWRITEBYTECODE=1"};
  for (char** entry = environ; *entry; ++entry)
    if (std::string_view(*entry).rfind("PYTHONPATH=", 0) != 0) envp.push_back(*entry);
  envp.push_back(nullptr);
  // Its progress lines go to stderr: standard output may be carrying the command's JSON (--json -).
  posix_spawn_file_actions_t redirect;
  posix_spawn_file_actions_init(&redirect);
  posix_spawn_file_actions_adddup2(&redirect, STDERR_FILENO, STDOUT_FILENO);
  pid_t child = 0;
  const int spawned = posix_spawn(&child, argv[0], &redirect, nullptr, const_cast<char* const*>(argv.data()),
                                  const_cast<char* const*>(envp.data()));
  posix_spawn_file_actions_destroy(&redirect);
  if (spawned != 0) throw usage_error(option + " '" + dir + "': cannot run /usr/bin/python3 for the report");
  int status = 0;
  while (waitpid(child, &status, 0) < 0 && errno == EINTR) {
  }
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
    throw usage_error(option + " '" + dir + "': the report package failed (see above); " + json_name + " is in " +
                      input);
  return (root / "html" / "index.html").string();
}

}  // namespace orderly::cli
