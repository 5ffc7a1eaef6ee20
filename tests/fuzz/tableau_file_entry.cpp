// fuzz_tableau_file: what `orderly check --tableau` does with a file's bytes before any measurement
// (studies/check/check_command.cpp): parse the JSON, read the tableau, audit its precision exactly.
#include "fuzz_entries.hpp"

#include <orderly/precision_audit.hpp>
#include <orderly/tableau_file.hpp>

#include <nlohmann/json.hpp>

namespace orderly::fuzz {

int fuzz_tableau_file(const std::uint8_t* data, std::size_t size) {
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(data, data + size);
  } catch (const nlohmann::json::exception&) {  // a syntax error, or a number beyond double's range
    return 0;
  }
  tableau_file file;
  try {
    file = parse_tableau_file(j);
  } catch (const tableau_file_error&) {  // the reader's documented refusal
    return 0;
  }
  // The exact part of the check; the file's own limits (stages, order, work) bound it.
  const auto audit = audit_precision(file, weight_set::primary, file.tableau.order, 10.0);
  (void)measurement_scalar(audit);
  return 0;
}

}  // namespace orderly::fuzz
