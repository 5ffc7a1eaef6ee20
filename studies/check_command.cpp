// `orderly check --tableau FILE.json`: a user's method as a file, checked as the catalog's are:
// structure, exact order and what the coefficients' digits support, error norms, stability
// polynomial, then the convergence study on the gate's problems in a scalar the digits support,
// and a verdict. Exit 0 when both the order conditions and the measurement confirm the declared
// order, 1 when either refuses it, 2 for a bad file.
#include "commands.hpp"
#include "output.hpp"

#include <orderly/algebraic_check.hpp>
#include <orderly/convergence_json.hpp>
#include <orderly/convergence_suites.hpp>
#include <orderly/analysis/method_analysis.hpp>
#include <orderly/stability.hpp>
#include <orderly/tableau_file.hpp>

#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>

namespace orderly::cli {
namespace {

struct check_options {
  std::string tableau_path, json_path;
  unsigned threads = 0;
};

tableau_file read_tableau_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw usage_error("--tableau '" + path + "': cannot read the file");
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(in);
  } catch (const nlohmann::json::parse_error& e) {
    throw usage_error("--tableau '" + path + "': not valid JSON (" + e.what() + ")");
  }
  try {
    return parse_tableau_file(j);
  } catch (const tableau_file_error& e) {
    throw usage_error("--tableau '" + path + "': " + e.what());
  }
}

std::string exact_text(const exact& x) {
  std::ostringstream out;
  out << x;
  return out.str();
}

nlohmann::json audit_json(const precision_audit& a, const algebraic_finding& declared) {
  nlohmann::json residuals = nlohmann::json::array();
  for (double r : a.max_residual) residuals.push_back(r);
  return {{"declared_order", declared.declared},
          {"exact_order", a.exact_order},
          {"order_to_precision", a.order_to_precision},
          {"max_residual_by_order", residuals},
          {"suited_scalars", a.suited_scalars}};
}

int run_check(const check_options& o) {
  if (!o.json_path.empty()) check_output_path("--json", o.json_path);
  std::FILE* text = o.json_path == "-" ? stderr : stdout;  // JSON on standard output stays parseable
  const auto file = read_tableau_file(o.tableau_path);
  const auto& t = file.tableau;
  const auto structure = structure_of(t);
  const method_entry method = catalog_entry(t);

  nlohmann::json out{{"schema", "orderly.check/1"},
                     {"name", t.name},
                     {"stages", t.stages()},
                     {"structure", structure_name(structure)},
                     {"coefficients", file.decimal ? "decimal" : "exact"}};
  std::fprintf(text, "%s: %d stages, %s, %s coefficients\n", t.name.c_str(), t.stages(), structure_name(structure),
              file.decimal ? ("decimal (" + std::to_string(file.printed_digits) + " significant digits)").c_str()
                           : "exact rational");

  bool passed = true;
  scalar_kind scalar = scalar_kind::quad;  // lowered to what every weight set's digits support
  bool measurable = true;
  nlohmann::json weight_sets = nlohmann::json::array();
  for (auto weights : {weight_set::primary, weight_set::embedded}) {
    if (weights == weight_set::embedded && !t.b_embedded) continue;
    const char* label = weights == weight_set::primary ? "b" : "b_hat";
    const int declared = weights == weight_set::primary ? t.order : *t.embedded_order;
    const auto audit = audit_precision(file, weights, declared);
    // Exact rationals are judged exactly; decimals by the order their digits support.
    const algebraic_finding finding{declared, file.decimal ? audit.order_to_precision : audit.exact_order};
    passed = passed && finding.passes();
    const auto coefficients = exact_coefficients(t, weights);
    const auto norm = principal_error_norm(coefficients, declared + 1);
    std::fprintf(text, "  weights %-5s declared order %d: %s\n", label, declared, finding.text().c_str());
    if (file.decimal) {
      std::fprintf(text, "    exact order of the given decimals %d; order their digits support %d\n", audit.exact_order,
                  audit.order_to_precision);
      std::fprintf(text, "    largest residual by order:");
      for (std::size_t p = 0; p < audit.max_residual.size(); ++p) std::fprintf(text, " %zu:%.1e", p + 1, audit.max_residual[p]);
      std::fprintf(text, "\n    precise enough for: %s\n",
                  audit.suited_scalars.empty() ? "no scalar (coefficients are too coarse even for float)" : [&] {
                    std::string text;
                    for (const auto& name : audit.suited_scalars) text += (text.empty() ? "" : ", ") + name;
                    return text;
                  }().c_str());
      const auto suited = measurement_scalar(audit);
      if (!suited) measurable = false;
      else if (*suited < scalar) scalar = *suited;
    }
    std::fprintf(text, "    principal error norm (order %d terms, 2-norm) %.6e\n", declared + 1,
                static_cast<double>(norm));
    nlohmann::json entry = audit_json(audit, finding);
    entry["weights"] = label;
    entry["algebraic_verdict"] = finding.passes() ? "pass" : "fail";
    entry["algebraic_reason"] = finding.text();
    entry["principal_error_2norm"] = static_cast<double>(norm);
    // The stability function and what it decides (analysis/stability_function.hpp), for every structure.
    const auto stability = analyse_linear_stability(stability_function_of(exact_coefficients(t, weights)));
    nlohmann::json numerator = nlohmann::json::array(), denominator = nlohmann::json::array();
    for (const auto& r : stability.function.numerator) numerator.push_back(exact_text(r));
    for (const auto& r : stability.function.denominator) denominator.push_back(exact_text(r));
    if (structure == tableau_structure::explicit_method) entry["stability_polynomial"] = numerator;
    entry["stability_function"] = {{"numerator", numerator}, {"denominator", denominator}};
    const auto limit_text = [](const std::optional<high_precision>& x, const char* none) {
      return x ? x->str(16) : std::string(none);
    };
    entry["real_stability_limit"] = stability.real_limit ? nlohmann::json(stability.real_limit->convert_to<double>())
                                                         : nlohmann::json(nullptr);
    entry["imaginary_stability_limit"] =
        !stability.imaginary_limit ? nlohmann::json("unbounded")
        : *stability.imaginary_limit == 0 ? nlohmann::json(nullptr)
                                          : nlohmann::json(stability.imaginary_limit->convert_to<double>());
    entry["A_stable"] = stability.a_stable;
    entry["L_stable"] = stability.l_stable;
    const auto errors = principal_error_norms<exact>(generate_trees(declared + 1), {&coefficients}, declared + 1);
    entry["principal_error_max"] = errors.max_norm.convert_to<double>();
    std::fprintf(text, "    principal error max-norm %.6e\n", errors.max_norm.convert_to<double>());
    std::fprintf(text, "    stability: real limit %s, imaginary limit %s, A-stable %s, L-stable %s\n",
                 limit_text(stability.real_limit, "unbounded").c_str(),
                 limit_text(stability.imaginary_limit, "unbounded").c_str(), stability.a_stable ? "yes" : "no",
                 stability.l_stable ? "yes" : "no");
    weight_sets.push_back(entry);
  }
  out["weight_sets"] = weight_sets;

  // The measurement: the gate's problems, in the most precise scalar the digits support.
  nlohmann::json measured = nlohmann::json::array();
  // Explicit tableaus run on the explicit stepper, implicit ones on the implicit one (Newton), as
  // the catalog's methods do (catalog_entry decides the family from the tableau).
  if (!measurable) {
    std::fprintf(text, "  convergence: not measured (the coefficients are too coarse for double)\n");
    out["measurement"] = "not run: coefficients too coarse for double";
    passed = false;
  } else {
    std::vector<convergence_request> jobs;
    for (const auto* problem : select_problems(gate_suite(), method))
      for (auto weights : {weight_set::primary, weight_set::embedded}) {
        if (weights == weight_set::embedded && !t.b_embedded) continue;
        jobs.push_back({.method = &method, .problem = problem, .scalar = scalar, .weights = weights,
                        .tolerance_sweep = false});
      }
    const auto outcomes = run_convergence_jobs(jobs, o.threads);
    for (std::size_t i = 0; i < jobs.size(); ++i) {
      if (!outcomes[i].result) {
        std::fprintf(text, "  convergence on %s: %s\n", jobs[i].problem->info.name.c_str(), outcomes[i].error.c_str());
        passed = false;
        continue;
      }
      const auto& r = *outcomes[i].result;
      std::fprintf(text, "  convergence on %-16s (%s, %s weights): %s -- %s\n", r.problem.c_str(), r.scalar.c_str(),
                  r.weights.c_str(), verdict_name(r.judged.outcome), r.judged.reason.c_str());
      passed = passed && r.judged.outcome == verdict::pass;
      measured.push_back(to_json(r));
    }
    out["measurement"] = measured;
  }
  out["verdict"] = passed ? "pass" : "fail";
  std::fprintf(text, "verdict: %s\n", passed ? "pass" : "fail");
  if (!o.json_path.empty()) write_json("--json", o.json_path, out);
  return passed ? 0 : 1;
}

}  // namespace

void register_check_command(CLI::App& app) {
  auto o = std::make_shared<check_options>();
  auto* cmd = app.add_subcommand("check", "Check a user's Runge-Kutta tableau file: order conditions, precision, "
                                          "convergence, verdict");
  cmd->add_option("--tableau", o->tableau_path, "Tableau JSON file (see the README's format)")->required();
  cmd->add_option("--json", o->json_path, "Also write the result as JSON to FILE ('-' for standard output)");
  cmd->add_option("--threads", o->threads, "Threads for the measurement (default: all cores)");
  cmd->callback([o] {
    const int code = run_check(*o);
    if (code != 0) throw gate_failed(code);
  });
}

}  // namespace orderly::cli
