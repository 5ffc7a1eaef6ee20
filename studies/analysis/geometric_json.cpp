// geometric_properties and splitting_geometry as JSON and as printed lines.
#include <orderly/geometric_json.hpp>
#include <orderly/formatted.hpp>

namespace orderly {

nlohmann::json geometric_json(const geometric_properties& g, const std::string& arithmetic) {
  nlohmann::json modified = nlohmann::json::array();
  for (const auto& t : g.modified_equation)
    modified.push_back(
        {{"order", t.order}, {"tree", t.tree}, {"symmetry", t.symmetry}, {"b", t.value}, {"b_double", t.value_double}});
  nlohmann::json ssp = {{"lower", g.ssp.lower.str(25)},
                        {"upper", g.ssp.upper.str(25)},
                        {"text", g.ssp.text},
                        {"digits", g.ssp.digits},
                        {"unbounded", g.ssp.unbounded}};
  ssp["value"] = g.ssp.unbounded ? nlohmann::json("unbounded") : nlohmann::json(g.ssp.lower.convert_to<double>());
  nlohmann::json drift = nullptr;
  if (g.harmonic_drift)
    drift = {{"power", g.harmonic_drift->power},
             {"coefficient", g.harmonic_drift->coefficient},
             {"coefficient_double", g.harmonic_drift->coefficient_double},
             {"law", "d ln H/dt = coefficient omega^power h^(power-1)"}};
  // Algebraic stability and the SSP coefficient are decided for Runge-Kutta stage equations only.
  const auto stage_property = [&](const nlohmann::json& value) {
    return g.stage_equations ? value : nlohmann::json(nullptr);
  };
  return {{"arithmetic", arithmetic},
          {"symplectic", g.symplectic},
          {"symmetric", g.symmetric},
          {"symmetric_permutation", g.symmetric_permutation},
          {"symmetry_undecided", g.symmetry_undecided},
          {"algebraically_stable", stage_property(g.algebraically_stable)},
          {"nonnegative_weights", stage_property(g.nonnegative_weights)},
          {"M_positive_semidefinite", stage_property(g.positive_semidefinite_m)},
          {"algebraic_stability_reason", g.algebraic_stability_reason},
          {"ssp_coefficient", stage_property(ssp)},
          {"bseries_max_tree_order", g.max_tree_order},
          {"bseries_order", g.order},
          {"pseudo_symplectic_order", g.pseudo_symplectic_order},
          {"pseudo_symplectic_at_least", g.pseudo_symplectic_capped},
          {"conjugate_symplectic_order", g.conjugate_symplectic_order},
          {"conjugate_symplectic_at_least", g.conjugate_symplectic_capped},
          {"modified_equation", modified},
          {"harmonic_drift", drift},
          {"energy", {{"class", g.energy_class}, {"expectation", g.energy_expectation}}}};
}

nlohmann::json geometric_json(const splitting_geometry& g) {
  return {{"arithmetic", "100-digit coefficients"},
          {"symplectic", true},
          {"symmetric", g.symmetric},
          {"modified_hamiltonian_order", g.modified_hamiltonian_order},
          {"energy", {{"class", "bounded"}, {"expectation", g.energy_expectation}}}};
}

std::string geometric_arithmetic(const butcher_tableau& t) {
  if (geometric_analysis_exact(t)) return "exact rationals";
  return t.exact_entries() ? "100 digits (rational entries too many or too long to analyse exactly): a residual "
                             "below 1e-80 is zero"
                           : "100 digits: a residual below 1e-80 (the coefficients' certified precision) is zero";
}

nlohmann::json rounded_tableau_geometric_json(const butcher_tableau& t, const exact& relative_uncertainty) {
  if (relative_uncertainty == 0) return geometric_json(analyse_geometric_properties(t), geometric_arithmetic(t));
  const high_precision tolerance =
      high_precision(rounded_table_tolerance_factor) * to_high_precision(relative_uncertainty);
  return geometric_json(
      analyse_geometric_properties(tableau_coefficients<high_precision>(t), tolerance),
      "to the table's digits: a residual below " + tolerance.str(2, std::ios_base::scientific) + " counts as zero");
}

std::vector<std::string> geometric_summary_lines(const nlohmann::json& g) {
  auto yes = [](const nlohmann::json& b) { return b.is_null() ? "not defined" : b.get<bool>() ? "yes" : "no"; };
  std::vector<std::string> lines;
  if (g.contains("modified_hamiltonian_order")) {
    lines.push_back(
        formatted("  symplectic yes (composition of exact flows), symmetric %s; modified Hamiltonian "
                  "H + O(h^%d)",
                  yes(g["symmetric"]), g["modified_hamiltonian_order"].get<int>()));
  } else {
    lines.push_back(formatted("  symplectic %s, symmetric %s, algebraically stable %s%s (%s)", yes(g["symplectic"]),
                              g.value("symmetry_undecided", false) ? "undecided (search limit)" : yes(g["symmetric"]),
                              yes(g["algebraically_stable"]),
                              g["algebraic_stability_reason"].get<std::string>().empty()
                                  ? ""
                                  : (": " + g["algebraic_stability_reason"].get<std::string>()).c_str(),
                              g["arithmetic"].get<std::string>().c_str()));
    if (g["ssp_coefficient"].is_object())
      lines.push_back("  SSP coefficient (radius of absolute monotonicity) " +
                      g["ssp_coefficient"]["text"].get<std::string>());
    auto order = [&](const char* key, const char* capped) {
      return std::string(g[capped].get<bool>() ? ">= " : "") + std::to_string(g[key].get<int>());
    };
    lines.push_back("  B-series to trees of order " + std::to_string(g["bseries_max_tree_order"].get<int>()) +
                    ": pseudo-symplectic order " + order("pseudo_symplectic_order", "pseudo_symplectic_at_least") +
                    ", conjugate symplectic order " +
                    order("conjugate_symplectic_order", "conjugate_symplectic_at_least"));
    std::string terms;
    int shown = 0;
    for (const auto& t : g["modified_equation"]) {
      if (t["order"] != g["modified_equation"][0]["order"] || ++shown > 6) break;
      terms += (terms.empty() ? "" : ", ") + t["tree"].get<std::string>() + ": " + t["b"].get<std::string>();
    }
    if (!terms.empty())
      lines.push_back("  modified equation, leading b(t) (h^" +
                      std::to_string(g["modified_equation"][0]["order"].get<int>() - 1) + " / sigma(t)): " + terms +
                      (shown > 6 ? ", ..." : ""));
  }
  lines.push_back("  energy: " + g["energy"]["expectation"].get<std::string>());
  return lines;
}

}  // namespace orderly
