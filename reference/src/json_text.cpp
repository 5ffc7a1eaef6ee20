// Compiled once: nlohmann's parser.
#include <orderly/json_text.hpp>

#include <set>
#include <vector>

namespace orderly {

nlohmann::json parse_json_text(std::istream& in) {
  const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  if (const auto nul = text.find('\0'); nul != std::string::npos)
    throw std::invalid_argument("a NUL byte at offset " + std::to_string(nul) + ": not a JSON text");
  // The keys of each open object: a key given twice is refused, not silently the last one's.
  std::vector<std::set<std::string>> open_objects;
  const auto refuse_duplicates = [&](int, nlohmann::json::parse_event_t event, nlohmann::json& parsed) {
    using event_t = nlohmann::json::parse_event_t;
    if (event == event_t::object_start) open_objects.emplace_back();
    if (event == event_t::object_end && !open_objects.empty()) open_objects.pop_back();
    if (event == event_t::key && !open_objects.empty() && !open_objects.back().insert(parsed.get<std::string>()).second)
      throw std::invalid_argument("the key '" + parsed.get<std::string>() + "' appears twice in one object");
    return true;
  };
  return nlohmann::json::parse(text, refuse_duplicates);
}

}  // namespace orderly
