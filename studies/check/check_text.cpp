// The check's result as the lines `orderly check` prints: the verdict's line, then the details in
// the order they were found (the file, its identity, each weight set, the geometry, the runs).
#include <orderly/check.hpp>
#include <orderly/geometric_json.hpp>
#include <orderly/method_identity_json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

namespace orderly {
namespace {

std::string words_joined(const std::vector<std::string>& words) {
  std::string text;
  for (const auto& w : words) text += (text.empty() ? "" : ", ") + w;
  return text;
}

std::string file_text(const tableau_algebra& a) {
  const auto& file = a.file;
  const auto& t = file.tableau;
  const double uncertainty = static_cast<double>(to_high_precision(file.relative_uncertainty));
  std::string text =
      t.name + ": " + std::to_string(t.stages()) + " stages, " + structure_name(a.structure) + ", " +
      (file.decimal ? "decimal (" + std::to_string(file.printed_digits) + " significant digits, each entry to " +
                          scientific(uncertainty) + " of its size)"
                    : std::string("exact rational")) +
      " coefficients\n";
  if (file.row_sum_residual > 0)
    text += "  c misses the row sums of A by up to " + scientific(file.row_sum_residual) +
            " beyond the entries' rounding: within double's tolerance, kept as a residual\n";
  return text;
}

std::string stability_text(const stability_finding& s) {
  const auto& stability = s.stability;
  const auto limit_text = [](const std::optional<high_precision>& x, const char* none) {
    return x ? x->str(16) : std::string(none);
  };
  std::string text = "    stability: real limit " + limit_text(stability.real_limit, "unbounded") +
                     ", imaginary limit " + limit_text(stability.imaginary_limit, "unbounded") + ", A-stable " +
                     (stability.a_stable ? "yes" : "no") + ", L-stable " + (stability.l_stable ? "yes" : "no");
  if (s.within_precision) {
    text += " (within the coefficients' precision";
    if (stability.function.all_coefficients_recognised) text += "; P/Q recognised as rationals";
    if (!s.margin_terms.empty()) {
      double largest = 0;
      for (const auto& term : s.margin_terms) largest = std::max(largest, std::fabs(term.second));
      text += "; " + std::to_string(s.margin_terms.size()) + " margin terms up to " + scientific(largest) +
              " are rounding, taken as 0";
    }
    text += ")";
  }
  return text + "\n";
}

std::string weight_set_text(const weight_set_check& w) {
  const auto& audit = w.audit;
  std::string text = std::string("  weights ") + (w.weights == weight_set::primary ? "b" : "b_hat") +
                     " declared order " + std::to_string(w.finding.declared) + ": " + w.headline + "\n";
  text += "    exact order " + std::to_string(audit.exact_order) + "; order to the given digits " +
          std::to_string(audit.digits_order) + "; largest residual by order:";
  for (std::size_t p = 0; p < audit.max_residual.size(); ++p)
    text += " " + std::to_string(p + 1) + ":" + scientific(audit.max_residual[p]);
  text += "\n    precise enough for: " +
          (audit.suited_scalars.empty() ? std::string("no scalar") : words_joined(audit.suited_scalars)) + "\n";
  text += "    principal error (order " + std::to_string(w.finding.declared + 1) + " terms): 2-norm " +
          scientific(audit.error.two_norm.convert_to<double>()) + ", max-norm " +
          scientific(audit.error.max_norm.convert_to<double>()) + "\n";
  return text + stability_text(w.stability);
}

// What the coefficients alone decide, line by line.
std::string algebra_text(const tableau_algebra& a) {
  std::string text = file_text(a);
  if (a.identity) text += identity_text(to_json(*a.identity), "  ");
  for (const auto& w : a.weight_sets) text += weight_set_text(w);
  for (const auto& line : geometric_summary_lines(a.geometric)) text += line + "\n";
  return text;
}

std::string measurement_text(const tableau_check& c) {
  if (!c.measurement) return "  convergence: not measured (the coefficients are too coarse for double)\n";
  std::string text;
  for (const auto& run : *c.measurement) {
    if (!run.outcome.result) {
      text += "  convergence on " + run.problem + ": " + run.outcome.error + "\n";
      continue;
    }
    const auto& r = *run.outcome.result;
    char line[96];
    std::snprintf(line, sizeof line, "  convergence on %-16s (%s, %s weights): ", r.problem.c_str(),
                  std::string(scalar_name(r.scalar)).c_str(), weight_set_name(r.weights));
    text += line + std::string(verdict_name(r.judged.outcome)) + " -- " + r.judged.reason + "\n";
  }
  return text;
}

std::string text_of(const tableau_check& c) { return c.summary + "\n" + algebra_text(c.algebra) + measurement_text(c); }

// The recovered tableau's lines, indented under the battery's.
std::string text_of(const stepper_check& c) {
  std::string text = battery_text(c.battery);
  if (!c.recovered) return text;
  if (const auto* error = std::get_if<std::string>(&*c.recovered))
    return text + "  recovered tableau: not checked (" + *error + ")\n";
  text += "  recovered tableau, checked as a tableau file:\n";
  std::istringstream lines(algebra_text(std::get<tableau_algebra>(*c.recovered)));
  for (std::string line; std::getline(lines, line);) text += "  " + line + "\n";
  return text;
}

}  // namespace

std::string check_text(const check_result& r) {
  return std::visit([](const auto& kind) { return text_of(kind); }, r.kind);
}

}  // namespace orderly
