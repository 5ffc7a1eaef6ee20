// Compiled once: nlohmann's parser.
#include <orderly/json_text.hpp>

namespace orderly {

nlohmann::json parse_json_text(std::istream& in) {
  const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  if (const auto nul = text.find('\0'); nul != std::string::npos)
    throw std::invalid_argument("a NUL byte at offset " + std::to_string(nul) + ": not a JSON text");
  return nlohmann::json::parse(text);
}

}  // namespace orderly
