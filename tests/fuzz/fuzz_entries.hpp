#pragma once
// The fuzz targets' entry points, one per reader of a user- or repository-supplied file. Each takes
// a file's raw bytes, parses them as the program does and returns 0; an input the reader refuses
// with its documented exception is an ordinary outcome. Anything else escaping (another exception,
// a sanitizer report, a crash) is a finding. The libFuzzer targets (tests/fuzz/*_fuzz.cpp, built
// with clang by `make fuzz`) and the corpus regression test (tests/fuzz/fuzz_corpus.cpp, the normal
// build) call the same functions, defined in tests/fuzz/*_entry.cpp.
#include <cstddef>
#include <cstdint>

namespace orderly::fuzz {

// A tableau file (orderly check --tableau): nlohmann::json::parse, parse_tableau_file and, for an
// accepted file, the exact precision audit of its primary weights at its declared order.
int fuzz_tableau_file(const std::uint8_t* data, std::size_t size);

// An order baseline (orderly gate --baseline, tests/baselines/order.json): baseline_from_json.
int fuzz_baseline(const std::uint8_t* data, std::size_t size);

// A stored reference (reference/data/<problem>.json): reference_from_json for every catalog problem
// and, where one is read, what reference_at and `orderly reference --check` do with it.
int fuzz_reference_data(const std::uint8_t* data, std::size_t size);

}  // namespace orderly::fuzz
