// Reading and writing a stored reference's JSON, compiled once (the data folder it is read from
// stays in the header: see reference_solution.hpp).
#include <orderly/reference_solution.hpp>

namespace orderly::detail {

std::string decimal(const mp50& x) { return x.str(std::numeric_limits<mp50>::digits10 + 2, std::ios::scientific); }

}  // namespace orderly::detail

namespace orderly {

nlohmann::json parameters_json(const problem_info& info) {
  nlohmann::json parameters = nlohmann::json::object();
  for (const auto& p : info.parameters) parameters[p.name] = p.value;
  return parameters;
}

nlohmann::json reference_to_json(const problem_entry& entry, const reference_states& r) {
  nlohmann::json j;
  j["problem"] = entry.info.name;
  j["parameters"] = parameters_json(entry.info);
  j["times"] = nlohmann::json::array();
  j["states"] = nlohmann::json::array();
  for (std::size_t k = 0; k < r.times.size(); ++k) {
    j["times"].push_back(detail::decimal(r.times[k]));
    nlohmann::json state = nlohmann::json::array();
    for (const auto& x : r.states[k]) state.push_back(detail::decimal(x));
    j["states"].push_back(state);
  }
  j["certified_digits"] = r.certified_digits;
  j["digits_definition"] =
      "min over times and components of -log10(|y_i - y'_i| / max(|y'_i|, floor)), "
      "floor = 1e-3 max|y'| (non-stiff) or the problem's certification floor (stiff)";
  j["method"] = r.method;
  j["compute_seconds"] = r.compute_seconds;
  j["reproduce"] = "orderly reference --problem " + entry.info.name + " --recompute";
  return j;
}

std::optional<reference_states> reference_from_json(const problem_entry& entry, const nlohmann::json& j) {
  if (j.value("parameters", nlohmann::json::object()) != parameters_json(entry.info)) return std::nullopt;
  const auto decimal = [](const nlohmann::json& x) {
    const auto& text = x.get_ref<const std::string&>();
    // Boost's reader sums an exponent's digits in intmax_t unchecked: more than 6 overflow it (UB).
    if (const auto e = text.find_first_of("eE"); e != std::string::npos && text.size() - e > 8)
      throw std::runtime_error("stored reference: '" + text + "' has an exponent of more than 6 digits");
    const mp50 value(text);
    // "nan" and "inf" read as numbers, and a NaN time would pass every comparison with a requested one.
    if (!boost::multiprecision::isfinite(value))
      throw std::invalid_argument("stored reference: '" + text + "' is not a finite number");
    return value;
  };
  reference_states r;
  for (const auto& t : j.at("times")) r.times.push_back(decimal(t));
  for (const auto& s : j.at("states")) {
    state_of<mp50> state;
    for (const auto& x : s) state.push_back(decimal(x));
    if (state.size() != static_cast<std::size_t>(entry.info.dimension))
      throw std::invalid_argument("stored reference of " + entry.info.name + ": a state of " +
                                  std::to_string(state.size()) + " components");
    r.states.push_back(state);
  }
  if (r.states.size() != r.times.size())
    throw std::invalid_argument("stored reference: times and states differ in number");
  r.certified_digits = j.at("certified_digits").get<double>();
  if (!std::isfinite(r.certified_digits) || r.certified_digits < 0)
    throw std::invalid_argument("stored reference: certified_digits is not a non-negative number");
  r.method = j.at("method").get<std::string>();
  r.compute_seconds = j.value("compute_seconds", 0.0);
  r.origin = "stored";
  return r;
}

}  // namespace orderly
