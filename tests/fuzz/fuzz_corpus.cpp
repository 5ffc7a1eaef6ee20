// The fuzz targets' corpus and every crashing input they found, run through the same entry
// functions (tests/fuzz/fuzz_entries.hpp) in the normal build: each input must be read or refused
// with the reader's documented exception. An input that crashes aborts this test (its name is the
// last "[ input ]" line printed); one that throws anything else fails it, naming the file.
#include "fuzz_entries.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;
using entry_function = int (*)(const std::uint8_t*, std::size_t);

const fs::path fuzz_dir = fs::path(ORDERLY_SOURCE_DIR) / "tests" / "fuzz";

// Every file of corpus/<target>/ and crashes/<target>/ (not the .gitkeep of an empty folder), sorted.
std::vector<fs::path> inputs_of(const std::string& target, const char* folder) {
  std::vector<fs::path> files;
  const fs::path dir = fuzz_dir / folder / target;
  if (!fs::is_directory(dir)) return files;
  for (const auto& item : fs::directory_iterator(dir))
    if (item.is_regular_file() && item.path().filename() != ".gitkeep") files.push_back(item.path());
  std::sort(files.begin(), files.end());
  return files;
}

std::vector<std::uint8_t> bytes_of(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void run_all(const std::string& target, entry_function entry) {
  const auto corpus = inputs_of(target, "corpus");
  ASSERT_FALSE(corpus.empty()) << "no seed corpus in " << (fuzz_dir / "corpus" / target);
  auto files = corpus;
  const auto crashes = inputs_of(target, "crashes");
  files.insert(files.end(), crashes.begin(), crashes.end());
  for (const auto& file : files) {
    std::fprintf(stderr, "[ input ] %s\n", file.string().c_str());
    const auto data = bytes_of(file);
    try {
      EXPECT_EQ(entry(data.data(), data.size()), 0) << file;
    } catch (const std::exception& e) {
      ADD_FAILURE() << file << ": an undocumented exception escaped the reader: " << e.what();
    } catch (...) {
      ADD_FAILURE() << file << ": a non-standard exception escaped the reader";
    }
  }
}

TEST(FuzzCorpus, TableauFileInputsAreReadOrRefused) { run_all("tableau_file", orderly::fuzz::fuzz_tableau_file); }

TEST(FuzzCorpus, BaselineInputsAreReadOrRefused) { run_all("baseline", orderly::fuzz::fuzz_baseline); }

TEST(FuzzCorpus, ReferenceDataInputsAreReadOrRefused) { run_all("reference_data", orderly::fuzz::fuzz_reference_data); }

}  // namespace
