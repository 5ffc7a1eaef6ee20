// What the CLI knows of its own build: the source tree it was configured from and the --version
// text, from definitions given to this file alone (cli/CMakeLists.txt says why).
#include <orderly/command/data_paths.hpp>

#include <boost/version.hpp>

#include <string>

namespace orderly::cli {
namespace {
std::string compiler_text() {
#if defined(__clang__)
  return std::string("clang ") + __clang_version__;
#elif defined(__GNUC__)
  return std::string("g++ ") + __VERSION__;
#else
  return "unknown";
#endif
}
}  // namespace

std::string source_dir() { return ORDERLY_SOURCE_DIR; }

std::string version_text() {
  return std::string("orderly ") + ORDERLY_VERSION + "\ncommit " + ORDERLY_COMMIT + "\ncompiler " + compiler_text() +
         "\nflags " + ORDERLY_BUILD_FLAGS + "\nboost " + BOOST_LIB_VERSION;
}

}  // namespace orderly::cli
