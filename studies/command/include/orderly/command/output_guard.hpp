#pragma once
// Where no output may land: on a file the command reads (a tableau, a stepper library, a baseline),
// inside a directory it reads (a --tableau-dir, a merge's --in), or on a device. A command names
// each input with protect_input before it writes anything; every write (output.hpp) and every
// output directory it creates asks refuse_unsafe_output first, so one rule serves every command.
// Paths are compared as the file system resolves them: symbolic links followed, "..", "." and
// repeated separators folded, hard links recognised (the same file under two names).
#include "commands.hpp"

#include <sys/stat.h>

#include <filesystem>
#include <string>
#include <system_error>
#include <vector>

namespace orderly::cli {

struct protected_input {
  std::string option, path;
  std::filesystem::path resolved;
  bool directory = false;
};

inline std::vector<protected_input>& protected_inputs() {
  static std::vector<protected_input> inputs;
  return inputs;
}

// The path as the file system resolves it; a tail that does not exist yet is kept as written.
inline std::filesystem::path resolved_path(const std::string& path) {
  std::error_code ec;
  const auto absolute = std::filesystem::absolute(path, ec);
  if (ec) return std::filesystem::path(path).lexically_normal();
  const auto canonical = std::filesystem::weakly_canonical(absolute, ec);
  return ec ? absolute.lexically_normal() : canonical;
}

// True when `inner` is `outer` or lies under it (both resolved).
inline bool is_within(const std::filesystem::path& inner, const std::filesystem::path& outer) {
  const auto relative = inner.lexically_relative(outer);
  return !relative.empty() && *relative.begin() != "..";
}

// Names a file or directory the command reads: no output may be it, nor (a directory) lie inside it.
inline void protect_input(const std::string& option, const std::string& path) {
  if (path.empty() || path == "-") return;
  std::error_code ec;
  protected_inputs().push_back({option, path, resolved_path(path), std::filesystem::is_directory(path, ec)});
}

// The device an output may name: writing to it discards, and it is never replaced.
inline constexpr const char* discarding_device = "/dev/null";

// Refuses `path` as an output (a file to write, or a directory to write into) when it is or
// resolves onto an input, lies inside an input directory, or is a device.
inline void refuse_unsafe_output(const std::string& option, const std::string& path) {
  if (path == "-") return;
  const auto refuse = [&](const std::string& why) { throw usage_error(option + " '" + path + "': " + why); };
  const auto target = resolved_path(path);
  std::error_code ec;
  for (const auto& input : protected_inputs()) {
    if (input.directory && is_within(target, input.resolved))
      refuse("lies inside " + input.option + " '" + input.path + "', which is read as input; name a place outside it");
    if (!input.directory && (target == input.resolved || std::filesystem::equivalent(path, input.path, ec)))
      refuse("is " + input.option + " '" + input.path + "', an input; name another output");
  }
  struct stat status {};
  if (::stat(path.c_str(), &status) == 0 && (S_ISCHR(status.st_mode) || S_ISBLK(status.st_mode)) &&
      target != discarding_device)
    refuse("is a device; name a file, or '-' for standard output");
}

// Refuses a file written under `root` (a merge's --out) that would land outside it: a relative
// path that climbs out, or a directory on the way that is a symbolic link to elsewhere.
inline void refuse_outside(const std::string& option, const std::string& root, const std::string& path) {
  if (!is_within(resolved_path(path), resolved_path(root)))
    throw usage_error(option + " '" + root + "': '" + path + "' would be written outside it");
}

}  // namespace orderly::cli
