#pragma once
// Writing the CLI's outputs: whole or not at all. A file is written to a temporary beside it and
// renamed into place, so an interrupted or failed write leaves the previous file intact; write
// errors (a full disk, /dev/full) are bad output paths: one line, exit 2.
#include "commands.hpp"
#include "output_guard.hpp"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <string>
#include <system_error>
#include <cerrno>
#include <csignal>
#include <unistd.h>

namespace orderly::cli {

// Creates `dir` (and its parents) for a study's output files, or refuses the option.
inline void ensure_output_dir(const std::string& option, const std::string& dir) {
  refuse_unsafe_output(option, dir);
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec || !std::filesystem::is_directory(dir))
    throw usage_error(option + " '" + dir + "': cannot create the directory (" +
                      (ec ? ec.message() : std::string("not a directory")) + ")");
  if (::access(dir.c_str(), W_OK) != 0) throw usage_error(option + " '" + dir + "': the directory is not writable");
}

// Refuses an output path up front, before a long computation, when it cannot be written.
inline void check_output_path(const std::string& option, const std::string& path) {
  if (path == "-") return;
  refuse_unsafe_output(option, path);
  const std::filesystem::path target(path);
  std::error_code ec;
  if (std::filesystem::exists(target, ec)) {
    if (std::filesystem::is_directory(target, ec)) throw usage_error(option + " '" + path + "': is a directory");
    if (::access(path.c_str(), W_OK) != 0) throw usage_error(option + " '" + path + "': not writable");
    return;
  }
  const auto parent = target.has_parent_path() ? target.parent_path() : std::filesystem::path(".");
  if (!std::filesystem::is_directory(parent, ec))
    throw usage_error(option + " '" + path + "': its directory does not exist");
  if (::access(parent.c_str(), W_OK) != 0) throw usage_error(option + " '" + path + "': its directory is not writable");
}

// Temporaries "<prefix><pid>" whose writer is gone (killed before its rename) are removed before
// the next write of the same output; a live writer's (another run writing the same file) is kept.
inline void remove_abandoned_temporaries(const std::filesystem::path& dir, const std::string& prefix) {
  std::error_code ec;
  for (std::filesystem::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (name.size() <= prefix.size() || name.compare(0, prefix.size(), prefix) != 0) continue;
    const std::string digits = name.substr(prefix.size());
    if (digits.find_first_not_of("0123456789") != std::string::npos || digits.size() > 9) continue;
    const pid_t writer = static_cast<pid_t>(std::stol(digits));
    if (writer != ::getpid() && ::kill(writer, 0) != 0 && errno == ESRCH) {
      std::error_code ignored;
      std::filesystem::remove(it->path(), ignored);
    }
  }
}

// Writes text to `path` ("-": standard output). Regular files go through a temporary and a rename;
// anything else (a device, a pipe) is written directly and checked.
inline void write_text(const std::string& option, const std::string& path, const std::string& text) {
  auto refuse = [&](const std::string& why) { throw usage_error(option + " '" + path + "': " + why); };
  if (path == "-") {
    std::cout << text << std::flush;
    if (!std::cout) refuse("cannot write to standard output");
    return;
  }
  refuse_unsafe_output(option, path);
  const std::filesystem::path target(path);
  std::error_code ec;
  const bool special = std::filesystem::exists(target, ec) && !std::filesystem::is_regular_file(target, ec);
  if (special) {
    std::ofstream out(target);
    if (!out) refuse("cannot open for writing");
    out << text;
    out.flush();
    if (!out) refuse("write failed");
    out.close();
    if (!out) refuse("write failed");
    return;
  }
  const auto parent = target.has_parent_path() ? target.parent_path() : std::filesystem::path(".");
  if (!std::filesystem::is_directory(parent, ec)) refuse("its directory does not exist");
  const std::string temporary_prefix = "." + target.filename().string() + ".tmp";
  remove_abandoned_temporaries(parent, temporary_prefix);
  const auto temporary = parent / (temporary_prefix + std::to_string(::getpid()));
  {
    std::ofstream out(temporary);
    if (!out) refuse("cannot create a file in its directory");
    out << text;
    out.flush();
    const bool ok = static_cast<bool>(out);
    out.close();
    if (!ok || !out) {
      std::filesystem::remove(temporary, ec);
      refuse("write failed");
    }
  }
  std::filesystem::rename(temporary, target, ec);
  if (ec) {
    std::filesystem::remove(temporary, ec);
    refuse("cannot replace the file (" + ec.message() + ")");
  }
}

// Text that is not UTF-8 (a Latin-1 file name carried into a result) is written with U+FFFD in
// place of each invalid byte, instead of stopping the write.
inline void write_json(const std::string& option, const std::string& path, const nlohmann::json& j) {
  write_text(option, path, j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n");
}

// "3 pass, 1 fail" from counts by name (names in order), for the summary lines.
inline std::string count_text(const std::map<std::string, int>& counts) {
  std::string text;
  for (const auto& [name, n] : counts) text += (text.empty() ? "" : ", ") + std::to_string(n) + " " + name;
  return text;
}

// A study's one summary line: on standard output, or on standard error when the JSON itself goes
// to standard output (--json -).
inline void print_summary_line(const std::string& json_path, const std::string& line) {
  std::fprintf(json_path == "-" ? stderr : stdout, "%s\n", line.c_str());
}

}  // namespace orderly::cli
