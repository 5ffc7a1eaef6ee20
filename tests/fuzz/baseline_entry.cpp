// fuzz_baseline: what `orderly gate --baseline` does with a baseline file's bytes
// (studies/gate/gate_command.cpp): parse the JSON, read the baseline.
#include "fuzz_entries.hpp"

#include <orderly/gate.hpp>

#include <nlohmann/json.hpp>

#include <stdexcept>

namespace orderly::fuzz {

int fuzz_baseline(const std::uint8_t* data, std::size_t size) {
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(data, data + size);
  } catch (const nlohmann::json::exception&) {
    return 0;
  }
  try {
    (void)baseline_from_json(j);
  } catch (const std::invalid_argument&) {  // the reader's documented refusal
    return 0;
  }
  return 0;
}

}  // namespace orderly::fuzz
