#pragma once
// Where the CLI finds its data: installed beside the executable (<prefix>/share/orderly, see
// cmake/install.cmake) or, for a build tree, in the source tree it was built from. An installed
// orderly never reads a build machine's checkout.
#include "commands.hpp"

#include <filesystem>
#include <string>
#include <unistd.h>

namespace orderly::cli {

// The source tree this build was configured from, and `orderly --version`'s text (build_info.cpp).
std::string source_dir();
std::string version_text();

// <prefix>/share/orderly when this executable is <prefix>/bin/orderly and that folder exists.
inline std::filesystem::path installed_data_dir() {
  std::error_code ec;
  const auto exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (ec) return {};
  const auto dir = exe.parent_path().parent_path() / "share" / "orderly";
  return std::filesystem::is_directory(dir, ec) ? dir : std::filesystem::path{};
}

inline std::string default_baseline_path() {
  if (const auto installed = installed_data_dir(); !installed.empty()) return installed / "order-baseline.json";
  const std::string tree = source_dir();
  const std::filesystem::path source = tree + "/tests/baselines/order.json";
  std::error_code ec;
  if (!tree.empty() && std::filesystem::exists(source, ec)) return source;
  throw usage_error("no default order baseline is installed; give --baseline FILE");
}

// An installed orderly reads its stored references from <prefix>/share/orderly/reference-data.
inline void use_installed_reference_data() {
  if (const auto installed = installed_data_dir(); !installed.empty() && !std::getenv("ORDERLY_REFERENCE_DATA"))
    ::setenv("ORDERLY_REFERENCE_DATA", (installed / "reference-data").c_str(), 0);
}

}  // namespace orderly::cli
