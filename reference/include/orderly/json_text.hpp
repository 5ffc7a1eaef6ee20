#pragma once
// Reading a JSON file whole. nlohmann's stream reader stops at a NUL byte and accepts whatever
// follows it; a NUL is no part of a JSON text, so a file holding one is refused like any other
// malformed file. Every JSON file Orderly reads (tableau files, baselines, stored references) is
// read here.
#include <nlohmann/json.hpp>

#include <istream>
#include <iterator>
#include <stdexcept>
#include <string>

namespace orderly {

// Throws std::invalid_argument for a NUL byte or a key given twice in one object,
// nlohmann::json::parse_error for a syntax error.
nlohmann::json parse_json_text(std::istream& in);

}  // namespace orderly
