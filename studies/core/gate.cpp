// Compiled once into the study library (declared in gate.hpp).
#include <orderly/gate.hpp>

namespace orderly {

order_baseline baseline_from_json(const nlohmann::json& j) {
  auto refuse = [](const std::string& why) { throw std::invalid_argument(why); };
  if (!j.is_object() || !j.contains("schema") || !j.at("schema").is_string() ||
      j.at("schema").get<std::string>() != baseline_schema)
    refuse(std::string("its schema is not ") + baseline_schema);
  if (!j.contains("entries") || !j.at("entries").is_array()) refuse("it has no 'entries' array");
  order_baseline b;
  for (const auto& e : j.at("entries")) {
    if (!e.is_object() || !e.contains("key") || !e.at("key").is_string()) refuse("an entry has no 'key'");
    const auto key = e.at("key").get<std::string>();
    for (const char* field : {"measured_order", "error_constant"})
      if (!e.contains(field) || !e.at(field).is_number() || !std::isfinite(e.at(field).get<double>()))
        refuse("entry '" + key + "': '" + field + "' is not a finite number");
    const baseline_entry entry{e.at("measured_order").get<double>(), e.at("error_constant").get<double>()};
    if (!(entry.error_constant > 0)) refuse("entry '" + key + "': 'error_constant' must be positive");
    if (!b.entries.emplace(key, entry).second) refuse("entry '" + key + "' appears twice");
  }
  if (j.contains("declared_superconvergence")) {
    if (!j.at("declared_superconvergence").is_object()) refuse("'declared_superconvergence' is not an object");
    for (const auto& [key, reason] : j.at("declared_superconvergence").items()) {
      if (!reason.is_string()) refuse("declared_superconvergence '" + key + "': the reason is not a string");
      b.superconvergence[key] = reason.get<std::string>();
    }
  }
  return b;
}

nlohmann::json baseline_to_json(const std::vector<convergence_result>& results, const order_baseline& previous) {
  nlohmann::json entries = nlohmann::json::array();
  for (const auto& r : results) {
    if (!r.solution.fit.found) continue;
    const bool seed = r.family == method_family::seed;
    entries.push_back({{"key", gate_key(r)},
                       {"measured_order", r.solution.fit.order},
                       {"error_constant", seed ? gated_constant(r, r.solution.fit.order) : r.error_constant_declared},
                       {"declared_order", r.declared_order}});
  }
  nlohmann::json declared = nlohmann::json::object();
  for (const auto& [key, reason] : previous.superconvergence) declared[key] = reason;
  return {{"schema", baseline_schema},
          {"note", "Written by `orderly gate --update-baseline`; declared_superconvergence is kept by hand."},
          {"declared_superconvergence", declared},
          {"entries", entries}};
}

std::string describe_points(const convergence_result& r) {
  std::ostringstream out;
  out.precision(4);
  for (const auto& p : r.solution.points) {
    out << "    h = " << p.h << "  error = " << p.error << "  [" << status_name(p.status) << "]";
    if (!p.note.empty()) out << " " << p.note;
    out << "\n";
  }
  return out.str();
}

gate_finding judge_against_baseline(const convergence_result& r, const order_baseline& baseline) {
  gate_finding finding{gate_key(r), {}};
  const auto& fit = r.solution.fit;
  std::ostringstream head;
  head.precision(4);
  head << r.method << " on " << r.problem << " (" << weight_set_name(r.weights) << " weights, " << scalar_name(r.scalar)
       << "): declared " << r.declared_order << ", measured "
       << (fit.found ? std::to_string(fit.order) : std::string("-"));
  auto fail = [&](const std::string& why) { finding.failures.push_back(head.str() + ": " + why); };
  if (!fit.found) {
    fail("no asymptotic window (" + fit.reason + ")");
    return finding;
  }
  const auto entry = baseline.entries.find(finding.key);
  const bool seed = r.family == method_family::seed;
  const auto& policy = r.policy;
  if (!seed && !gate_accepts(r.judged, baseline.superconvergence.count(finding.key) > 0))
    fail(std::string(verdict_name(r.judged.outcome)) + " (" + r.judged.reason + ")" +
         (r.judged.outcome == verdict::superconvergent ? ", with no declared superconvergence" : ""));
  if (entry == baseline.entries.end()) {
    fail("not in the baseline (run orderly gate --update-baseline)");
    return finding;
  }
  if (seed && std::fabs(fit.order - entry->second.measured_order) > policy.band_below)
    fail("specimen's order moved from its pinned " + std::to_string(entry->second.measured_order));
  const double constant = seed ? gated_constant(r, entry->second.measured_order) : r.error_constant_declared;
  if (constant > (1 + error_constant_tolerance) * entry->second.error_constant)
    fail("error constant " + std::to_string(constant) + " worse than baseline " +
         std::to_string(entry->second.error_constant) + " by more than " +
         std::to_string(static_cast<int>(error_constant_tolerance * 100)) + "%");
  return finding;
}

}  // namespace orderly
