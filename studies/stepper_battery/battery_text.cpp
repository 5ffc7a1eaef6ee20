// The battery as lines for a terminal: the verdict and its reason first, then one line
// per measurement. The analyses the other studies provide are shown by their headline keys.
#include <orderly/method_identity_json.hpp>
#include <orderly/stepper_battery.hpp>

#include <cstdio>
#include <optional>
#include <string>

namespace orderly {
namespace {

std::string number(double x, const char* format = "%.4g") {
  char text[32];
  std::snprintf(text, sizeof text, format, x);
  return text;
}

std::string number(const std::optional<double>& x, const char* format = "%.4g") {
  return x ? number(*x, format) : "none";
}

std::string number(const nlohmann::json& x, const char* format = "%.4g") {
  if (!x.is_number()) return x.is_null() ? "none" : x.dump();
  return number(x.get<double>(), format);
}

// The section's value at `key` as text; empty when it has none.
std::string value_text(const nlohmann::json& section, const char* key) {
  if (!section.is_object() || !section.contains(key)) return {};
  return section[key].is_string() ? section[key].get<std::string>() : number(section[key]);
}

std::string analysis_line(const std::string& label, const nlohmann::json& section,
                          std::initializer_list<std::pair<const char*, const char*>> fields) {
  if (section.is_object() && section.contains("error"))
    return "  " + label + ": not measured (" + section["error"].get<std::string>() + ")\n";
  std::string line;
  for (const auto& [name, key] : fields)
    if (auto value = value_text(section, key); !value.empty())
      line += (line.empty() ? "" : ", ") + std::string(name) + " " + value;
  return "  " + label + ": " + (line.empty() ? "see the JSON" : line) + "\n";
}

}  // namespace

std::string battery_text(const battery_result& b) {
  const int declared = b.declared_order;
  const std::string& reason = b.verdict.reason;
  std::string text = b.verdict.verdict + ": " + b.name +
                     (declared > 0 ? ", declared order " + std::to_string(declared) : ", no order declared") +
                     (reason.empty() || declared == 0 ? "" : "; " + reason) + "\n";
  if (!b.closest_method.empty() && !b.closest_method_known)
    text += "  closest method '" + b.closest_method +
            "' is not in the catalog (orderly list): nothing is drawn beside the stepper\n";
  text += "  cost: " + number(b.cost.rhs_evaluations_per_step) + " right-hand-side evaluations per step\n";
  text += b.identity.failed() ? analysis_line("identity", b.identity.section, {})
                              : stepper_identity_text(b.identity.section);
  for (const auto& line : b.what_it_does) text += "  what it does: " + line + "\n";
  text += "  order measured on " + b.problems_from + ":\n";
  for (const auto& run : b.runs) {
    char line[160];
    std::snprintf(line, sizeof line, "    %-16s measured %s +- %s, error constant %s: ", run.problem.c_str(),
                  number(run.measured_order, "%.3f").c_str(), number(run.order_uncertainty, "%.2g").c_str(),
                  number(run.error_constant).c_str());
    text += line + run.verdict + " (" + run.verdict_reason + ")\n";
  }
  // An energy entry has the energy study's keys: its growth law under "growth".
  for (const auto& [problem, energy] : b.energy)
    text += analysis_line("energy on " + problem, energy.contains("growth") ? energy["growth"] : energy,
                          {{"class", "class"}, {"exponent", "exponent"}});
  text += analysis_line("stability (measured)", b.stability,
                        {{"real limit", "real_stability_limit"},
                         {"imaginary limit", "imaginary_stability_limit"},
                         {"harmonic limit (omega h)", "harmonic_stability_limit"},
                         {"damped harmonic limit", "damped_harmonic_stability_limit"}});
  const auto& game = b.game_table;
  if (game.is_object() && game.contains("cells") && game["cells"].is_array()) {
    std::string cells;
    for (const auto& cell : game["cells"]) {
      std::string where = value_text(cell, "frame_rate");
      std::string damped = value_text(cell, "damping");
      cells += (cells.empty() ? "" : ", ") + (where.empty() ? std::string("?") : where) + " Hz" +
               (damped.empty() ? "" : " b=" + damped) + ": " +
               number(cell.value("confirmed_k_max", nlohmann::json()), "%.6g");
    }
    text += "  game table (largest stable k, N/m): " + cells + "\n";
  } else {
    text += analysis_line("game table", game, {});
  }
  return text;
}

}  // namespace orderly
