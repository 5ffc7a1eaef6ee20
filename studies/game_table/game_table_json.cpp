// The game table as JSON (orderly.game-table/1): a row's cells, the document with its one-line
// meaning (from the typed rows, or from the rows a merge reads back), a user's row.
#include <orderly/game_table.hpp>
#include <orderly/game_table_policy.hpp>

#include <cstdio>
#include <optional>
#include <string>
#include <vector>

namespace orderly {
namespace {

using policy = game_table_policy;

std::string k_text(const std::optional<stiffness_limit>& k) {
  if (!k) return "(not measured)";  // a partial merge without the method's row
  if (k->unbounded()) return "any k";
  char text[64];
  std::snprintf(text, sizeof text, "k = %.0f N/m", *k->k);
  return text;
}

nlohmann::json limit_json(const std::optional<stiffness_limit>& k) {
  if (!k) return nullptr;
  return k->k ? nlohmann::json(*k->k) : nlohmann::json("unbounded");
}

nlohmann::json cell_json(const game_cell& c) {
  nlohmann::json j = {{"frame_rate", c.frame_rate},
                      {"h", c.h},
                      {"damping", c.damping},
                      {"predicted_k_max", limit_json(c.predicted_k_max)},
                      {"confirmed_k_max", limit_json(c.confirmed_k_max)}};
  if (c.predicted_from) j["predicted_from"] = *c.predicted_from;
  if (c.stable_when) j["stable_when"] = *c.stable_when;
  if (c.agrees) j["agrees"] = *c.agrees;
  if (c.predicted_detectable_k) j["predicted_detectable_k"] = limit_json(c.predicted_detectable_k);
  if (c.roundoff_crossing_k) j["roundoff_crossing_k"] = *c.roundoff_crossing_k;
  if (c.note) j["note"] = *c.note;
  if (const auto& s = c.simulation)
    j["simulation"] = {{"k_outside", s->k_outside},
                       {"steps_outside", s->steps_outside},
                       {"growth_outside", s->growth_outside ? nlohmann::json(*s->growth_outside) : "overflow"},
                       {"blows_up_outside", s->blows_up_outside},
                       {"k_inside", s->k_inside},
                       {"steps_inside", s->steps_inside},
                       {"largest_amplitude_first_half", s->largest_amplitude_first_half},
                       {"largest_amplitude_second_half", s->largest_amplitude_second_half},
                       {"bounded_inside", s->bounded_inside}};
  return j;
}

// The one line for a 60 Hz loop, from the limits the rows show (shown(method, damping)).
template <class Shown>
std::string meaning_of(Shown&& shown) {
  return "At 60 Hz (h = 1/60 s) a unit mass on an undamped spring stays stable with RK4 up to " +
         k_text(shown("rk4", 0)) + " and with semi-implicit Euler up to " +
         k_text(shown("seed-semi-implicit-euler", 0)) +
         "; explicit Euler is unstable for every undamped spring and with damping b = 1 stable "
         "only up to " +
         k_text(shown("seed-euler", 1)) +
         ". A stiffer spring needs a smaller step (k_max grows as 1/h^2), substeps, or an A-stable "
         "implicit method (Radau IIA: " +
         k_text(shown("radau5", 0)) + ").";
}

nlohmann::json table_document(nlohmann::json rows, const std::string& meaning) {
  return {{"schema", "orderly.game-table/1"},
          {"mass", 1},
          {"frame_rates", policy::frame_rates},
          {"dampings", policy::dampings},
          {"k_scan",
           {{"start", policy::k_scan_start},
            {"factor", policy::k_scan_factor},
            {"unbounded_beyond", policy::k_scan_end},
            {"relative_resolution", policy::k_relative_resolution}}},
          {"policy", policy::to_json()},
          {"rows", std::move(rows)},
          {"meaning", meaning}};
}

// A limit as a row's JSON holds it (null, "unbounded", or k).
std::optional<stiffness_limit> limit_from_json(const nlohmann::json& k) {
  if (k.is_null()) return std::nullopt;
  return stiffness_limit{.k = k.is_number() ? std::optional(k.get<double>()) : std::nullopt};
}

}  // namespace

nlohmann::json to_json(const game_row& row) {
  nlohmann::json cells = nlohmann::json::array();
  for (const auto& c : row.cells) cells.push_back(cell_json(c));
  return {{"method", row.method}, {"title", row.title}, {"family", row.family}, {"cells", std::move(cells)}};
}

std::optional<stiffness_limit> game_table_result::shown(const std::string& method, int frame_rate,
                                                        double damping) const {
  for (const auto& row : rows)
    if (row.method == method)
      for (const auto& cell : row.cells)
        if (cell.frame_rate == frame_rate && cell.damping == damping) return cell.shown();
  return std::nullopt;
}

std::string game_table_result::meaning() const {
  return meaning_of([this](const std::string& method, double b) { return shown(method, 60, b); });
}

nlohmann::json to_json(const game_table_result& table) {
  nlohmann::json rows = nlohmann::json::array();
  for (const auto& row : table.rows) rows.push_back(to_json(row));
  return table_document(std::move(rows), table.meaning());
}

nlohmann::json to_json(const user_game_limits& limits) {
  auto j = to_json(limits.row);
  j["stepper"] = limits.stepper;
  j["measured_only"] = "a user's step: no stability function to predict from, every limit is measured";
  j["policy"] = policy::to_json();
  return j;
}

suite_outputs game_table_outputs(const nlohmann::json&, const std::vector<std::string>& keys,
                                 const std::vector<const nlohmann::json*>& results) {
  nlohmann::json rows = nlohmann::json::array();
  for (std::size_t k = 0; k < keys.size(); ++k)
    if (results[k]) rows.push_back(*results[k]);
  // The jobs' rows come back as JSON (a merge reads them from the shards' files).
  const auto shown = [&rows](const std::string& method, double b) -> std::optional<stiffness_limit> {
    for (const auto& row : rows)
      if (row["method"] == method)
        for (const auto& cell : row["cells"])
          if (cell["frame_rate"] == 60 && cell["damping"] == b)
            return limit_from_json(cell["confirmed_k_max"].is_null() ? cell["predicted_k_max"]
                                                                     : cell["confirmed_k_max"]);
    return std::nullopt;
  };
  const std::string meaning = meaning_of(shown);
  return {{"game-table.json", table_document(std::move(rows), meaning)}};
}

}  // namespace orderly
