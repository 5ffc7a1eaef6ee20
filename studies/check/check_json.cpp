// The check's result as JSON: orderly.check/2 for a tableau file, the battery's
// orderly.stepper-battery/1 (with its recovered tableau's algebra) for a stepper.
#include <orderly/check.hpp>
#include <orderly/convergence_json.hpp>
#include <orderly/method_identity_json.hpp>

#include <filesystem>

namespace orderly {
namespace {

constexpr const char* check_schema = "orderly.check/2";

// The relative uncertainty of the file's entries, as a double.
double relative_uncertainty(const tableau_file& file) {
  return static_cast<double>(to_high_precision(file.relative_uncertainty));
}

nlohmann::json audit_json(const precision_audit& a, const algebraic_finding& declared) {
  nlohmann::json residuals = nlohmann::json::array(), by_scalar = nlohmann::json::object();
  for (double r : a.max_residual) residuals.push_back(r);
  for (const auto& entry : a.order_by_scalar) by_scalar[std::string(scalar_name(entry.scalar))] = entry.order;
  return {{"declared_order", declared.declared},
          {"coefficient_kind", coefficient_kind_name(a.kind)},
          {"exact_order", a.exact_order},
          {"digits_order", a.digits_order},
          {"order_to_precision", a.order_to_precision},
          {"residual_to_declared_order", a.residual_to_declared},
          {"max_residual_by_order", residuals},
          {"order_by_scalar", by_scalar},
          {"suited_scalars", a.suited_scalars}};
}

nlohmann::json to_json(const stability_finding& s) {
  const auto& stability = s.stability;
  nlohmann::json entry;
  nlohmann::json numerator = nlohmann::json::array(), denominator = nlohmann::json::array();
  for (const auto& r : stability.function.numerator) numerator.push_back(exact_text(r));
  for (const auto& r : stability.function.denominator) denominator.push_back(exact_text(r));
  if (s.explicit_method) entry["stability_polynomial"] = numerator;
  entry["stability_function"] = {{"numerator", numerator}, {"denominator", denominator}};
  entry["real_stability_limit"] =
      stability.real_limit ? nlohmann::json(stability.real_limit->convert_to<double>()) : nlohmann::json(nullptr);
  entry["imaginary_stability_limit"] = !stability.imaginary_limit ? nlohmann::json("unbounded")
                                       : *stability.imaginary_limit == 0
                                           ? nlohmann::json(nullptr)
                                           : nlohmann::json(stability.imaginary_limit->convert_to<double>());
  entry["A_stable"] = stability.a_stable;
  entry["L_stable"] = stability.l_stable;
  nlohmann::json dropped = nlohmann::json::array();
  for (const auto& [power, value] : s.margin_terms) dropped.push_back({{"power", power}, {"value", value}});
  entry["stability_decided"] = s.within_precision ? "within the coefficients' precision" : "exactly";
  entry["stability_function_recognised"] = s.within_precision && stability.function.all_coefficients_recognised;
  entry["margin_terms_within_precision"] = dropped;
  return entry;
}

nlohmann::json to_json(const weight_set_check& w) {
  nlohmann::json entry = audit_json(w.audit, w.finding);
  entry["weights"] = w.weights == weight_set::primary ? "b" : "b_hat";
  entry["algebraic_verdict"] = w.finding.passes() ? "pass" : "fail";
  entry["algebraic_reason"] = w.headline;
  entry["principal_error_2norm"] = w.audit.error.two_norm.convert_to<double>();
  entry["principal_error_max"] = w.audit.error.max_norm.convert_to<double>();
  entry.update(to_json(w.stability));
  return entry;
}

nlohmann::json to_json(const tableau_algebra& a) {
  const auto& t = a.file.tableau;
  nlohmann::json j{{"schema", check_schema},
                   {"name", t.name},
                   {"stages", t.stages()},
                   {"structure", structure_name(a.structure)},
                   {"coefficients", a.file.decimal ? "decimal" : "exact"},
                   {"printed_digits", a.file.printed_digits},
                   {"relative_uncertainty", relative_uncertainty(a.file)},
                   {"row_sum_residual", a.file.row_sum_residual}};
  if (a.identity) j["identity"] = to_json(*a.identity);
  nlohmann::json weight_sets = nlohmann::json::array();
  for (const auto& w : a.weight_sets) weight_sets.push_back(to_json(w));
  j["weight_sets"] = weight_sets;
  j["geometric"] = a.geometric;
  return j;
}

nlohmann::json to_json(const tableau_check& c) {
  nlohmann::json j = to_json(c.algebra);
  if (!c.measurement) {
    j["measurement"] = "not run: coefficients too coarse for double";
  } else {
    nlohmann::json runs = nlohmann::json::array();
    for (const auto& run : *c.measurement)
      if (run.outcome.result) runs.push_back(to_json(*run.outcome.result));
    j["measurement"] = runs;
  }
  j["summary"] = c.summary;
  j["verdict"] = verdict_name(c.overall);
  return j;
}

nlohmann::json to_json(const stepper_check& c) {
  nlohmann::json j = to_json(c.battery);
  if (c.recovered) {
    if (const auto* algebra = std::get_if<tableau_algebra>(&*c.recovered))
      j["identity"]["analysis"] = to_json(*algebra);
    else
      j["identity"]["analysis"] = {{"error", std::get<std::string>(*c.recovered)}};
  }
  return j;
}

}  // namespace

nlohmann::json to_json(const check_result& r) {
  return std::visit([](const auto& kind) { return to_json(kind); }, r.kind);
}

nlohmann::json bad_file_json(const std::string& why) {
  return {{"schema", check_schema}, {"verdict", "bad file"}, {"summary", why}};
}

suite_outputs check_outputs(const nlohmann::json&, const std::vector<std::string>& keys,
                            const std::vector<const nlohmann::json*>& results) {
  suite_outputs outputs;
  nlohmann::json files = nlohmann::json::array();
  for (std::size_t k = 0; k < keys.size(); ++k) {
    if (!results[k]) continue;
    const auto& r = *results[k];
    files.push_back({{"file", keys[k]}, {"verdict", r["verdict"]}, {"summary", r["summary"]}});
    outputs[std::filesystem::path(keys[k]).stem().string() + ".check.json"] = r;
  }
  outputs["check-summary.json"] = {{"schema", "orderly.check-summary/1"}, {"files", files}};
  return outputs;
}

}  // namespace orderly
