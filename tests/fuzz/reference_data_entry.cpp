// fuzz_reference_data: what the studies do with a stored reference file's bytes
// (reference/include/orderly/reference_solution.hpp): parse the JSON, read it for the problem whose
// parameters it carries (reference_from_json, as load_reference does), and, for a problem without a
// closed form, take from it the state at the problem's end time as reference_at does
// (stored_reference_at: the stored state itself, or a step across a rounding-sized gap from it).
#include "fuzz_entries.hpp"

#include <orderly/reference_solution.hpp>

#include <nlohmann/json.hpp>

#include <optional>
#include <stdexcept>

namespace orderly::fuzz {

int fuzz_reference_data(const std::uint8_t* data, std::size_t size) {
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(data, data + size);
  } catch (const nlohmann::json::exception&) {
    return 0;
  }
  // The file names its problem only in its parameters (load_reference reads <name>.json and
  // compares them): every catalog problem is tried, as if the bytes were its file.
  for (const auto& entry : problem_catalog()) {
    std::optional<reference_states> stored;
    try {
      stored = reference_from_json(entry, j);
    } catch (const nlohmann::json::exception&) {  // a missing field or a value of the wrong type
      continue;
    } catch (const std::runtime_error&) {  // a decimal mp50 cannot read
      continue;
    } catch (const std::invalid_argument&) {  // an inconsistent file (times, states, dimension)
      continue;
    }
    if (!stored || entry.info.has_exact) continue;  // reference_at reads no file for a closed form
    (void)stored_reference_at(entry, *stored, {default_end_time(entry)});
  }
  return 0;
}

}  // namespace orderly::fuzz
