// `orderly check --tableau FILE.json`: a user's method as a file, checked as the catalog's are:
// structure, the order exactly and to the coefficients' precision (precision_audit.hpp), error norms,
// the stability function decided for the method the coefficients denote, then the convergence
// study on the gate's problems in a scalar the coefficients suit, and a verdict led by one line.
// Exit 0 when the order conditions give the declared order and no settled measurement refuses it,
// 1 when either refuses it, 2 for a bad file.
//
// `orderly check --stepper LIBRARY[:SYMBOL]`: a user's compiled stepper (orderly/stepper.h) through
// the stepper battery (stepper_battery.hpp), run in a child process so a crashing library cannot
// take orderly down. Exit 0 when every order run passes at the declared order (or none is
// declared), 1 when one fails (settled, clear below the band), 3 when the measurement is
// inconclusive (the reason is printed), 4 when every run settles above the declared order, 2 for a
// library that cannot be judged.
#include <orderly/command.hpp>

#include <orderly/algebraic_check.hpp>
#include <orderly/closest_method.hpp>
#include <orderly/convergence_json.hpp>
#include <orderly/convergence_suites.hpp>
#include <orderly/geometric_json.hpp>
#include <orderly/analysis/method_analysis.hpp>
#include <orderly/analysis/rounded_stability.hpp>
#include <orderly/isolated_battery.hpp>
#include <orderly/job_runner.hpp>
#include <orderly/measurement_cost.hpp>
#include <orderly/method_identity_json.hpp>
#include <orderly/json_text.hpp>
#include <orderly/order_policy.hpp>
#include <orderly/scalar_ladder.hpp>
#include <orderly/stability.hpp>
#include <orderly/stepper.h>
#include <orderly/stepper_battery.hpp>
#include <orderly/precision_audit.hpp>
#include <orderly/tableau_file.hpp>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <string_view>
#include <tuple>

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

namespace orderly::cli {
namespace {

struct check_options {
  std::string tableau_path, stepper_library, json_path, report_dir, tableau_dir, out_dir, shard;
  unsigned threads = 0;
  double max_minutes = default_max_minutes;  // --max-minutes: the measurement's estimated CPU time
  battery_time_limits limits;                // --step-timeout, --stage-timeout
};

// A tableau file larger than this is no method (a 40-stage tableau with 100-digit coefficients is
// about 200 KB): refused before it is read, instead of parsed into gigabytes of memory.
constexpr std::uintmax_t max_tableau_file_bytes = std::uintmax_t{4} << 20;

// A part of the check estimated beyond this many CPU seconds is announced before it starts.
constexpr double announced_seconds = 30;

tableau_file read_tableau_file(const std::string& path) {
  if (std::filesystem::is_directory(path)) throw usage_error("--tableau '" + path + "': is a directory");
  std::error_code size_error;
  if (const auto size = std::filesystem::file_size(path, size_error); !size_error && size > max_tableau_file_bytes)
    throw usage_error("--tableau '" + path + "': " + std::to_string(size) + " bytes, more than a tableau file's " +
                      std::to_string(max_tableau_file_bytes) + " (4 MiB)");
  std::ifstream in(path);
  if (!in) throw usage_error("--tableau '" + path + "': cannot read the file");
  nlohmann::json j;
  try {
    j = parse_json_text(in);
  } catch (const nlohmann::json::exception& e) {  // a syntax error, or a number beyond double's range
    throw usage_error("--tableau '" + path + "': not valid JSON (" + e.what() + ")");
  } catch (const std::invalid_argument& e) {  // a NUL byte
    throw usage_error("--tableau '" + path + "': not valid JSON (" + e.what() + ")");
  }
  try {
    return parse_tableau_file(j);
  } catch (const tableau_file_error& e) {
    throw usage_error("--tableau '" + path + "': " + e.what());
  }
}

std::string joined(const std::vector<std::string>& words, const char* separator = ", ") {
  std::string text;
  for (const auto& w : words) text += (text.empty() ? "" : separator) + w;
  return text;
}

// The scalars a measurement can run in (double and finer on the ladder), coarsest first.
const std::vector<std::string>& measurement_scalars() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> finer_than_float;
    for (const auto scalar : scalars_by_precision)
      if (scalar != scalar_kind::float32) finer_than_float.emplace_back(scalar_name(scalar));
    return finer_than_float;
  }();
  return names;
}

std::string input_text(const tableau_file& file, coefficient_kind kind, int declared) {
  switch (kind) {
    case coefficient_kind::decimal:
      return std::to_string(file.printed_digits) + "-digit decimals";
    case coefficient_kind::exact_approximating:
      return "rationals approximating an order-" + std::to_string(declared) + " method";
    case coefficient_kind::exact_defining:
      return "exact rationals";
  }
  return "?";
}

// The one line a user acts on: the order and to what precision, and where it passes.
std::string headline(const tableau_file& file, const precision_audit& a, const algebraic_finding& finding) {
  if (!finding.passes()) {
    if (a.kind == coefficient_kind::exact_defining || a.order_to_precision > a.declared) return finding.text();
    const double off = a.max_residual[static_cast<std::size_t>(a.order_to_precision)];
    return "order conditions fail at order " + std::to_string(a.order_to_precision + 1) + " by " + scientific(off) +
           ", more than double's rounding of the coefficients leaves (declared " + std::to_string(a.declared) + ")";
  }
  if (a.kind == coefficient_kind::exact_defining)
    return "order " + std::to_string(a.declared) + " exactly (" + input_text(file, a.kind, a.declared) + ")";
  std::vector<std::string> suited, finer;
  for (const auto& name : measurement_scalars())
    (std::find(a.suited_scalars.begin(), a.suited_scalars.end(), name) != a.suited_scalars.end() ? suited : finer)
        .push_back(name);
  std::string text = "order " + std::to_string(a.declared) + " to " + scientific(a.residual_to_declared) + " (" +
                     input_text(file, a.kind, a.declared) + "): holds in " +
                     (suited.empty() ? "float only" : joined(suited));
  if (!finer.empty()) text += "; " + joined(finer) + (finer.size() == 1 ? " needs" : " need") + " more digits";
  return text;
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

// The stability function and what it decides, for the method the coefficients denote: exactly for
// rationals, within their precision for decimals (rounded_stability.hpp).
// Rationals that only approximate a method stand for it to the rounding of the finest scalar they
// suit: their entries are given that relative uncertainty.
entry_uncertainty uncertainty_of(const tableau_file& file, weight_set weights, const precision_audit& audit) {
  if (file.decimal) return {file.a_resolution, file.weight_resolution(weights)};
  const exact u = exact_value_of(high_precision(audit.suited_unit_roundoff));
  entry_uncertainty delta;
  const auto coefficients = exact_coefficients(file.tableau, weights);
  for (const auto& row : coefficients.a) {
    delta.a.emplace_back();
    for (const auto& x : row) delta.a.back().push_back(abs(x) * u);
  }
  for (const auto& x : coefficients.b) delta.b.push_back(abs(x) * u);
  return delta;
}

nlohmann::json stability_json(const tableau_file& file, weight_set weights, const precision_audit& audit,
                              tableau_structure structure, std::string& text) {
  const auto& t = file.tableau;
  const auto coefficients = exact_coefficients(t, weights);
  const bool within_precision = audit.kind != coefficient_kind::exact_defining;
  const auto stability = analyse_linear_stability(
      within_precision ? stability_function_within(coefficients, uncertainty_of(file, weights, audit),
                                                   std::min(audit.order_to_precision, audit.declared))
                       : stability_function_of(coefficients));
  nlohmann::json entry;
  nlohmann::json numerator = nlohmann::json::array(), denominator = nlohmann::json::array();
  for (const auto& r : stability.function.numerator) numerator.push_back(exact_text(r));
  for (const auto& r : stability.function.denominator) denominator.push_back(exact_text(r));
  if (structure == tableau_structure::explicit_method) entry["stability_polynomial"] = numerator;
  entry["stability_function"] = {{"numerator", numerator}, {"denominator", denominator}};
  entry["real_stability_limit"] =
      stability.real_limit ? nlohmann::json(stability.real_limit->convert_to<double>()) : nlohmann::json(nullptr);
  entry["imaginary_stability_limit"] = !stability.imaginary_limit ? nlohmann::json("unbounded")
                                       : *stability.imaginary_limit == 0
                                           ? nlohmann::json(nullptr)
                                           : nlohmann::json(stability.imaginary_limit->convert_to<double>());
  entry["A_stable"] = stability.a_stable;
  entry["L_stable"] = stability.l_stable;
  // Where the rounding decided nothing by itself: terms of the margin |Q(iy)|^2 - |P(iy)|^2 that
  // lie within their uncertainty of zero, and coefficients of P/Q recognised as small rationals.
  const auto dropped = margin_terms_within_uncertainty(stability.function);
  nlohmann::json dropped_json = nlohmann::json::array();
  double largest_dropped = 0;
  for (const auto& [power, value] : dropped) {
    const double v = static_cast<double>(to_high_precision(value));
    dropped_json.push_back({{"power", power}, {"value", v}});
    largest_dropped = std::max(largest_dropped, std::fabs(v));
  }
  entry["stability_decided"] = within_precision ? "within the coefficients' precision" : "exactly";
  entry["stability_function_recognised"] = within_precision && stability.function.all_coefficients_recognised;
  entry["margin_terms_within_precision"] = dropped_json;
  const auto limit_text = [](const std::optional<high_precision>& x, const char* none) {
    return x ? x->str(16) : std::string(none);
  };
  text += "    stability: real limit " + limit_text(stability.real_limit, "unbounded") + ", imaginary limit " +
          limit_text(stability.imaginary_limit, "unbounded") + ", A-stable " + (stability.a_stable ? "yes" : "no") +
          ", L-stable " + (stability.l_stable ? "yes" : "no");
  if (within_precision) {
    text += " (within the coefficients' precision";
    if (stability.function.all_coefficients_recognised) text += "; P/Q recognised as rationals";
    if (!dropped.empty())
      text += "; " + std::to_string(dropped.size()) + " margin terms up to " + scientific(largest_dropped) +
              " are rounding, taken as 0";
    text += ")";
  }
  text += "\n";
  return entry;
}

// Exit 0: pass; 1: fail.
// One file's check: its JSON, its text (the summary line, then the details) and its verdict.
struct check_outcome {
  nlohmann::json out;
  std::string text;
  verdict overall = verdict::fail;
};

// The file's tableau with each entry's radius (its decimal's half unit; 0 where exact), as the
// identification against the published methods takes it.
known_tableau known_tableau_of(const tableau_file& file) {
  known_tableau k{.tableau = file.tableau};
  k.tableau.coefficient_digits = 0;  // the radii say how well each entry is known
  auto radii = [](const std::vector<exact>& xs) {
    std::vector<double> out;
    for (const auto& x : xs) out.push_back(x.convert_to<double>());
    return out;
  };
  for (const auto& row : file.a_resolution) k.a_radius.push_back(radii(row));
  k.b_radius = radii(file.b_resolution);
  k.b_embedded_radius = radii(file.b_hat_resolution);
  k.c_radius = radii(file.c_resolution);
  return k;
}

// The weight sets a tableau has: b, and b_hat for an embedded pair.
std::vector<weight_set> weight_sets_of(const butcher_tableau& t) {
  if (t.b_embedded) return {weight_set::primary, weight_set::embedded};
  return {weight_set::primary};
}

// What the file says before anything is computed: the method's shape and its coefficients' kind,
// as JSON and as the first lines of the details.
nlohmann::json file_json(const tableau_file& file, tableau_structure structure, std::string& details) {
  const auto& t = file.tableau;
  const double uncertainty = static_cast<double>(to_high_precision(file.relative_uncertainty));
  details += t.name + ": " + std::to_string(t.stages()) + " stages, " + structure_name(structure) + ", " +
             (file.decimal ? "decimal (" + std::to_string(file.printed_digits) + " significant digits, each entry to " +
                                 scientific(uncertainty) + " of its size)"
                           : std::string("exact rational")) +
             " coefficients\n";
  if (file.row_sum_residual > 0)
    details += "  c misses the row sums of A by up to " + scientific(file.row_sum_residual) +
               " beyond the entries' rounding: within double's tolerance, kept as a residual\n";
  return {{"schema", "orderly.check/2"},
          {"name", t.name},
          {"stages", t.stages()},
          {"structure", structure_name(structure)},
          {"coefficients", file.decimal ? "decimal" : "exact"},
          {"printed_digits", file.printed_digits},
          {"relative_uncertainty", uncertainty},
          {"row_sum_residual", file.row_sum_residual}};
}

// One weight set's findings (order conditions to the coefficients' precision, error norms,
// stability) as JSON, their text appended to details.
nlohmann::json weight_set_json(const tableau_file& file, weight_set weights, tableau_structure structure,
                               const precision_audit& audit, const algebraic_finding& finding,
                               const std::string& headline_text, std::string& details) {
  const char* label = weights == weight_set::primary ? "b" : "b_hat";
  details += std::string("  weights ") + label + " declared order " + std::to_string(finding.declared) + ": " +
             headline_text + "\n";
  details += "    exact order " + std::to_string(audit.exact_order) + "; order to the given digits " +
             std::to_string(audit.digits_order) + "; largest residual by order:";
  for (std::size_t p = 0; p < audit.max_residual.size(); ++p)
    details += " " + std::to_string(p + 1) + ":" + scientific(audit.max_residual[p]);
  details += "\n    precise enough for: " +
             (audit.suited_scalars.empty() ? std::string("no scalar") : joined(audit.suited_scalars)) + "\n";
  nlohmann::json entry = audit_json(audit, finding);
  entry["weights"] = label;
  entry["algebraic_verdict"] = finding.passes() ? "pass" : "fail";
  entry["algebraic_reason"] = headline_text;
  const double two_norm = audit.error.two_norm.convert_to<double>(),
               max_norm = audit.error.max_norm.convert_to<double>();
  entry["principal_error_2norm"] = two_norm;
  entry["principal_error_max"] = max_norm;
  details += "    principal error (order " + std::to_string(finding.declared + 1) + " terms): 2-norm " +
             scientific(two_norm) + ", max-norm " + scientific(max_norm) + "\n";
  entry.update(stability_json(file, weights, audit, structure, details));
  return entry;
}

// What the order conditions decide over every weight set, and the scalar they leave the
// measurement: lowered to what every weight set's coefficients suit.
struct algebraic_checks {
  nlohmann::json weight_sets = nlohmann::json::array();
  std::vector<std::string> headlines;
  bool passes = true;
  scalar_kind scalar = scalar_kind::quad;
  bool measurable = true;  // false when some weight set suits no measurement scalar
  bool capped = false;     // rounded coefficients: no measurement in a scalar finer than they suit
};

// Every weight set's check; rounded coefficients raise the method's coefficient residual to theirs.
algebraic_checks check_weight_sets(const tableau_file& file, tableau_structure structure, method_entry& method,
                                   std::string& details) {
  const auto& t = file.tableau;
  const order_policy& policy = default_order_policy();
  algebraic_checks checks;
  for (auto weights : weight_sets_of(t)) {
    const int declared = weights == weight_set::primary ? t.order : *t.embedded_order;
    const auto audit = audit_precision(file, weights, declared, policy.roundoff_floor_factor);
    const algebraic_finding finding{
        declared, audit.kind == coefficient_kind::exact_defining ? audit.exact_order : audit.order_to_precision};
    checks.passes = checks.passes && finding.passes();
    checks.headlines.push_back(headline(file, audit, finding));
    if (audit.kind != coefficient_kind::exact_defining || file.row_sum_residual > 0) {
      checks.capped = true;
      method.coefficient_residual =
          std::max({method.coefficient_residual, audit.residual_to_declared, file.row_sum_residual});
      const auto suited = measurement_scalar(audit);
      if (!suited)
        checks.measurable = false;
      else if (*suited < checks.scalar)
        checks.scalar = *suited;
    }
    checks.weight_sets.push_back(
        weight_set_json(file, weights, structure, audit, finding, checks.headlines.back(), details));
  }
  return checks;
}

// The measurement's runs counted by verdict, with the first failure's and the first unsettled
// run's reasons.
struct measurement_tally {
  nlohmann::json runs = nlohmann::json::array();
  int passed = 0, failed = 0, inconclusive = 0;
  std::string failure, inconclusive_reason;
  int total() const { return passed + failed + inconclusive; }
};

// The gate's problems, every weight set, in double first: the study refines an unsettled run into
// finer scalars, up to the method's cap. Explicit tableaus run on the explicit stepper, implicit
// ones on the Newton stepper, as the catalog's do.
measurement_tally measure_convergence(const method_entry& method, const butcher_tableau& t, unsigned threads,
                                      std::string& details) {
  std::vector<convergence_request> jobs;
  for (const auto* problem : select_problems(gate_suite(), method))
    for (auto weights : weight_sets_of(t)) {
      auto job = gate_request(&method, problem, weights);
      job.scalar = scalar_kind::float64;
      jobs.push_back(job);
    }
  progress_meter progress("check " + t.name, jobs.size(), stderr, std::chrono::seconds(1));
  const auto outcomes = run_convergence_jobs(jobs, threads, &progress);
  measurement_tally tally;
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    if (!outcomes[i].result) {
      details += "  convergence on " + jobs[i].problem->info.name + ": " + outcomes[i].error + "\n";
      ++tally.failed;
      tally.failure = jobs[i].problem->info.name + ": " + outcomes[i].error;
      continue;
    }
    const auto& r = *outcomes[i].result;
    char line[96];
    std::snprintf(line, sizeof line, "  convergence on %-16s (%s, %s weights): ", r.problem.c_str(),
                  std::string(scalar_name(r.scalar)).c_str(), weight_set_name(r.weights));
    details += line + std::string(verdict_name(r.judged.outcome)) + " -- " + r.judged.reason + "\n";
    if (r.judged.outcome == verdict::pass)
      ++tally.passed;
    else if (r.judged.outcome == verdict::inconclusive) {
      if (tally.inconclusive++ == 0)
        tally.inconclusive_reason = r.judged.reason + " in " + std::string(scalar_name(r.scalar));
    } else if (tally.failure.empty())
      ++tally.failed, tally.failure = r.problem + " (" + weight_set_name(r.weights) + " weights): " + r.judged.reason;
    else
      ++tally.failed;
    tally.runs.push_back(to_json(r));
  }
  return tally;
}

// The verdict's one line: the conditions' headlines, then what the measurement says of them.
std::string summary_line(verdict overall, const algebraic_checks& checks, const measurement_tally& tally) {
  std::string summary = verdict_name(overall) + std::string(": ") + joined(checks.headlines, "; embedded: ");
  if (checks.passes && tally.failed > 0) summary += "; the measurement refuses it on " + tally.failure;
  if (checks.passes && !checks.measurable) summary += "; not measured: too coarse for double";
  if (checks.measurable)
    summary += "; measured on " + std::to_string(tally.total()) + " runs (" + std::to_string(tally.passed) + " pass, " +
               std::to_string(tally.failed) + " fail, " + std::to_string(tally.inconclusive) + " inconclusive" +
               (tally.passed == 0 && tally.inconclusive > 0
                    ? ": the measurement could not settle, " + tally.inconclusive_reason
                    : std::string()) +
               ")";
  return summary;
}

// What the coefficients alone decide: the file's shape, its identity among the published methods,
// each weight set's order, error norms and stability, and the method entry a measurement runs.
struct algebraic_outcome {
  nlohmann::json out;
  std::string details;
  algebraic_checks checks;
  method_entry method;
};

algebraic_outcome check_algebra(const tableau_file& file, bool identify = true) {
  const auto& t = file.tableau;
  const auto structure = structure_of(t);
  algebraic_outcome a{.method = catalog_entry(t)};
  a.out = file_json(file, structure, a.details);
  if (identify) {
    a.out["identity"] = to_json(identify_method(known_tableau_of(file)));
    a.details += identity_text(a.out["identity"], "  ");
  }
  a.checks = check_weight_sets(file, structure, a.method, a.details);
  a.out["weight_sets"] = a.checks.weight_sets;
  // What the coefficients promise about energy: symplecticity, symmetry, algebraic stability, SSP, B-series.
  a.out["geometric"] = rounded_tableau_geometric_json(t, file.relative_uncertainty);
  for (const auto& line : geometric_summary_lines(a.out["geometric"])) a.details += line + "\n";
  return a;
}

// The check's two parts estimated before either starts (measurement_cost.hpp) and refused beyond
// --max-minutes: the algebra alone first (it decides whether the pilot runs at all), then the
// algebra and the measurement together; a part that will take a while is announced on standard
// error. The pilot runs the method as the measurement would: a decimal file that turns out too
// coarse for double is not measured, and its estimate counted the measurement anyway (an
// overestimate, never a run cut short).
void announce_check(const butcher_tableau& t, double max_minutes) {
  const double algebra = estimate_algebra_seconds(t);
  const std::string algebra_why = "order " + std::to_string(std::max(t.order, t.embedded_order.value_or(0))) +
                                  " with " + std::to_string(t.stages()) +
                                  " stages, from the length of its coefficients";
  refuse_beyond_time_bound(max_minutes, "the coefficients' algebra of " + t.name, algebra, algebra_why,
                           "shorten the coefficients or declare a lower order");
  const auto method = catalog_entry(t);
  const auto e = estimate_measurement(method, weight_sets_of(t));
  const std::string measurement_why = std::to_string(e.runs) + " runs, " + formatted("%.3g", e.steps) + " steps of a " +
                                      std::to_string(t.stages()) + "-stage " +
                                      (method.implicit ? "implicit" : "explicit") +
                                      " method in double, timed on a pilot of its first steps";
  refuse_beyond_time_bound(max_minutes, "the check of " + t.name, algebra + e.seconds,
                           "the coefficients' algebra about " + estimate_text(algebra) + ", " + algebra_why +
                               "; the measurement about " + estimate_text(e.seconds) + ", " + measurement_why,
                           "fewer stages make a cheaper check");
  for (const auto& [part, seconds, why] : {std::tuple{"the coefficients' algebra", algebra, algebra_why},
                                           std::tuple{"the measurement", e.seconds, measurement_why}})
    if (seconds > announced_seconds)
      std::fprintf(stderr, "check %s: %s estimated at about %s of CPU time (%s)\n", t.name.c_str(), part,
                   estimate_text(seconds).c_str(), why.c_str());
}

check_outcome check_tableau(const std::string& path, unsigned threads, double max_minutes) {
  const auto file = read_tableau_file(path);
  const auto& t = file.tableau;
  announce_check(t, max_minutes);
  auto [out, details, checks, method] = check_algebra(file);
  // Never beyond the precision the coefficients suit: the escalation of an unsettled run stops there.
  if (checks.capped && checks.measurable) method.coefficient_digits = decimal_digits(checks.scalar);

  // The measurement, in the most precise scalar the coefficients suit (double first, kept when
  // clear of rounding).
  measurement_tally tally;
  if (!checks.measurable) {
    details += "  convergence: not measured (the coefficients are too coarse for double)\n";
    out["measurement"] = "not run: coefficients too coarse for double";
  } else {
    tally = measure_convergence(method, t, threads, details);
    out["measurement"] = tally.runs;
  }
  // pass: the conditions hold and no settled run refuses them; fail: the conditions or a settled
  // run refuse the order. The conditions decide the coefficients' order (exactly, or to their
  // precision); a run that cannot settle (a 9th-order method whose digits suit double only reaches
  // double's round-off within a few grids) leaves that decision standing, with its reason.
  const verdict overall = !checks.passes || tally.failed > 0 || !checks.measurable ? verdict::fail : verdict::pass;
  const std::string summary = summary_line(overall, checks, tally);
  out["summary"] = summary;
  out["verdict"] = verdict_name(overall);
  return {out, summary + "\n" + details, overall};
}

// A compiled stepper's recovered tableau checked as a tableau file is: its algebra only (the
// battery has measured the stepper itself). Its JSON joins the battery's identity; its lines are returned.
std::string check_recovered_tableau(nlohmann::json& battery) {
  if (!battery.contains("identity") || !battery["identity"].contains("tableau")) return {};
  auto& identity = battery["identity"];
  try {
    // The battery's own identity stands beside it: not identified twice.
    auto a = check_algebra(parse_tableau_file(identity["tableau"]), /*identify=*/false);
    identity["analysis"] = a.out;
    std::string text = "  recovered tableau, checked as a tableau file:\n";
    std::istringstream lines(a.details);
    for (std::string line; std::getline(lines, line);) text += "  " + line + "\n";
    return text;
  } catch (const tableau_file_error& e) {
    identity["analysis"] = {{"error", e.what()}};
    return std::string("  recovered tableau: not checked (") + e.what() + ")\n";
  }
}

int run_check(const check_options& o) {
  if (!o.json_path.empty()) check_output_path("--json", o.json_path);
  const auto outcome = check_tableau(o.tableau_path, o.threads, o.max_minutes);
  std::FILE* out_text = o.json_path == "-" ? stderr : stdout;  // JSON on standard output stays parseable
  std::fprintf(out_text, "%s", outcome.text.c_str());
  if (!o.json_path.empty()) write_json("--json", o.json_path, outcome.out);
  return outcome.overall == verdict::pass ? 0 : 1;
}

// The tableau files a directory holds (*.json, in name order).
std::vector<std::string> tableau_files(const std::string& dir) {
  std::error_code ec;
  if (!std::filesystem::is_directory(dir, ec)) throw usage_error("--tableau-dir '" + dir + "': not a directory");
  std::vector<std::string> names;
  for (std::filesystem::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
    if (it->is_regular_file() && it->path().extension() == ".json") names.push_back(it->path().filename().string());
  if (ec) throw usage_error("--tableau-dir '" + dir + "': cannot read (" + ec.message() + ")");
  if (names.empty()) throw usage_error("--tableau-dir '" + dir + "': no tableau files (*.json)");
  std::sort(names.begin(), names.end());
  return names;
}

// A directory's check: one file per tableau file, "<file>.check.json" (its check's JSON, or why the
// file could not be read), and check-summary.json listing every file's verdict and summary line.
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

// A file's expected cost: its size, which grows with its stages and digits as the order conditions'
// work does (orderly check's own work bound weighs both).
sharded_suite check_suite(const std::string& dir, unsigned threads, double max_minutes) {
  sharded_suite suite{.name = "check", .settings = nlohmann::json::object(), .assemble = &check_outputs};
  suite.keys = tableau_files(dir);
  for (const auto& name : suite.keys) {
    std::error_code ec;
    const auto size = std::filesystem::file_size(std::filesystem::path(dir) / name, ec);
    suite.costs.push_back(ec ? 1.0 : static_cast<double>(size));
  }
  suite.run = independent_jobs<std::string>(
      suite.keys,
      [dir, threads, max_minutes](const std::string& name) -> nlohmann::json {
        try {
          return check_tableau((std::filesystem::path(dir) / name).string(), threads, max_minutes).out;
        } catch (const usage_error& e) {
          return {{"schema", "orderly.check/2"}, {"verdict", "bad file"}, {"summary", e.what()}};
        }
      },
      /*threads=*/1);  // one file after another, each measured on `threads`
  return suite;
}

// `check --tableau-dir DIR --out DIR`: every file, its verdict line on standard output; exit 1 when
// any file's verdict is not pass.
int run_check_dir(const check_options& o) {
  if (o.out_dir.empty()) throw usage_error("--tableau-dir: give --out DIR for the files' results");
  const auto shard = shard_option(o.shard);
  auto suite = check_suite(o.tableau_dir, o.threads, o.max_minutes);
  ensure_output_dir("--out", o.out_dir);
  const auto outputs = run_suite_or_shard(suite, shard, "--out", o.out_dir);
  if (!outputs) return 0;
  write_outputs("--out", o.out_dir, *outputs);
  int refused = 0;
  for (const auto& f : outputs->at("check-summary.json")["files"]) {
    std::printf("%s: %s\n", f["file"].get<std::string>().c_str(), f["summary"].get<std::string>().c_str());
    refused += f["verdict"] != "pass";
  }
  std::printf("check: %zu files, %d not pass -> %s\n", suite.keys.size(), refused, o.out_dir.c_str());
  return refused ? 1 : 0;
}

// The report package (reports/, as `make report` runs it) on the battery's JSON, with the closest
// catalog method measured beside it; returns the page's path.
std::string write_stepper_report(nlohmann::json battery, const std::string& dir, unsigned threads) {
  if (battery["closest_method_known"].get<bool>()) {
    std::vector<std::string> problems;
    for (const auto& run : battery["order"]["runs"]) problems.push_back(run["problem"]);
    battery["closest"] = closest_method_runs(battery["closest_method"], problems, threads);
  }
  const std::string tree = source_dir();
  const std::filesystem::path root(dir), reports = std::filesystem::path(tree) / "reports";
  ensure_output_dir("--report", (root / "json").string());
  write_json("--report", (root / "json" / "stepper-battery.json").string(), battery);
  std::error_code ec;
  if (tree.empty() || !std::filesystem::is_directory(reports / "orderly_report", ec))
    throw usage_error("--report '" + dir +
                      "': the report package (reports/orderly_report) is not beside this "
                      "orderly; the battery's JSON is in " +
                      (root / "json").string());
  const std::string input = (root / "json").string(), output = (root / "html").string(),
                    python_path = "PYTHONPATH=" + reports.string();
  std::vector<const char*> argv{"/usr/bin/python3", "-m",       "orderly_report", "--input",
                                input.c_str(),      "--output", output.c_str(),   nullptr};
  // The caller's environment, with the package on the path and no bytecode left in the sources.
  std::vector<const char*> envp{python_path.c_str(), "PYTHONDONTWRITEBYTECODE=1"};
  for (char** entry = environ; *entry; ++entry)
    if (std::string_view(*entry).rfind("PYTHONPATH=", 0) != 0) envp.push_back(*entry);
  envp.push_back(nullptr);
  // Its progress lines go to stderr: standard output may be carrying the battery's JSON (--json -).
  posix_spawn_file_actions_t redirect;
  posix_spawn_file_actions_init(&redirect);
  posix_spawn_file_actions_adddup2(&redirect, STDERR_FILENO, STDOUT_FILENO);
  pid_t child = 0;
  const int spawned = posix_spawn(&child, argv[0], &redirect, nullptr, const_cast<char* const*>(argv.data()),
                                  const_cast<char* const*>(envp.data()));
  posix_spawn_file_actions_destroy(&redirect);
  if (spawned != 0) throw usage_error("--report '" + dir + "': cannot run /usr/bin/python3 for the report");
  int status = 0;
  while (waitpid(child, &status, 0) < 0 && errno == EINTR) {
  }
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
    throw usage_error("--report '" + dir + "': the report package failed (see above); the battery's JSON is in " +
                      input);
  return (root / "html" / "index.html").string();
}

// Exit 0: pass (or no order declared); 1: fail.
int run_stepper_check(const check_options& o) {
  if (!o.json_path.empty()) check_output_path("--json", o.json_path);
  if (!o.report_dir.empty()) ensure_output_dir("--report", o.report_dir);
  const auto spec = parse_stepper_library_spec(o.stepper_library);
  nlohmann::json battery;
  try {
    battery = isolated_stepper_battery(spec, o.limits);
  } catch (const isolated_battery_error& e) {
    throw usage_error("--stepper: " + escaped_text(e.what()));
  }
  const std::string recovered = check_recovered_tableau(battery);
  std::FILE* out_text = o.json_path == "-" ? stderr : stdout;  // JSON on standard output stays parseable
  std::fprintf(out_text, "%s%s", battery_text(battery).c_str(), recovered.c_str());
  if (!o.json_path.empty()) write_json("--json", o.json_path, battery);
  if (!o.report_dir.empty())
    std::fprintf(out_text, "report: %s\n", write_stepper_report(battery, o.report_dir, o.threads).c_str());
  const std::string verdict = battery["verdict"];
  return verdict == "fail" ? 1 : verdict == "inconclusive" ? 3 : verdict == above_declared_verdict ? 4 : 0;
}

}  // namespace

void add_check_command(CLI::App& app) {
  auto o = std::make_shared<check_options>();
  auto* cmd = app.add_subcommand("check",
                                 "Check a user's method: a Runge-Kutta tableau file (order conditions, precision, "
                                 "convergence, verdict), a directory of them, or a compiled stepper (the stepper "
                                 "battery)");
  auto* tableau = cmd->add_option("--tableau", o->tableau_path, "Tableau JSON file (see the README's format)");
  auto* stepper = cmd->add_option("--stepper", o->stepper_library,
                                  "Shared library exporting a stepper through orderly/stepper.h, as LIBRARY or "
                                  "LIBRARY:SYMBOL (default symbol " ORDERLY_STEPPER_DEFAULT_SYMBOL
                                  "); run in a child process. "
                                  "Exit 0 pass, 1 fail, 3 inconclusive, 4 above the declared order, 2 not judged");
  tableau->excludes(stepper);
  stepper->excludes(tableau);
  cmd->add_option("--json", o->json_path, "Also write the result as JSON to FILE ('-' for standard output)");
  auto* report = cmd->add_option("--report", o->report_dir,
                                 "With --stepper: write an HTML page for the stepper to DIR (with the catalog "
                                 "method it names as closest beside it)");
  report->needs(stepper);
  // The watchdog's bounds (the parent's clock; the library cannot stop it): one day at most.
  constexpr double longest_timeout = 86400;
  within(cmd->add_option("--step-timeout", o->limits.step_seconds,
                         "With --stepper: seconds a single call into the library (loading it, one step) may take "
                         "before it is taken for a step that never returns (default 10)"),
         0.1, longest_timeout)
      ->needs(stepper);
  within(cmd->add_option("--stage-timeout", o->limits.stage_seconds,
                         "With --stepper: seconds each stage of the battery (the cost, the order on one problem, "
                         "the energy on one problem, the stability scan, the game table) may take (default 600); "
                         "a line every 10 s says which stage runs"),
         1.0, longest_timeout)
      ->needs(stepper);
  auto* dir = cmd->add_option("--tableau-dir", o->tableau_dir,
                              "Check every tableau file (*.json) of a directory instead, one after another; with "
                              "--out DIR for <file>.check.json each and check-summary.json");
  tableau->excludes(dir);
  stepper->excludes(dir);
  cmd->add_option("--out", o->out_dir, "With --tableau-dir: the directory for the results");
  add_threads_option(*cmd, o->threads, "Threads for the measurement (default: all cores)");
  add_max_minutes_option(*cmd, o->max_minutes,
                         "--tableau: the algebra from the coefficients' length, the measurement from a pilot of the "
                         "method's first steps; progress lines follow");
  add_shard_option(*cmd, o->shard);
  cmd->callback([o] {
    if (o->tableau_path.empty() && o->tableau_dir.empty() && o->stepper_library.empty())
      throw usage_error("check needs --tableau FILE, --tableau-dir DIR or --stepper LIBRARY");
    if (o->tableau_dir.empty() && !o->shard.empty()) throw usage_error("--shard: only with --tableau-dir");
    // No output may land on what is read: the tableau, the library, the directory of tableaus.
    protect_input("--tableau", o->tableau_path);
    protect_input("--tableau-dir", o->tableau_dir);
    if (!o->stepper_library.empty()) protect_input("--stepper", parse_stepper_library_spec(o->stepper_library).path);
    const int code = !o->stepper_library.empty() ? run_stepper_check(*o)
                     : !o->tableau_dir.empty()   ? run_check_dir(*o)
                                                 : run_check(*o);
    if (code != 0) throw gate_failed(code);
  });
}

namespace {
// Its shard test checks a directory of tableau files the test provides ({tableaus}).
const registered_command check_registration{
    {.name = "check",
     .add = &add_check_command,
     .merge = &check_outputs,
     .shard_test_run = {"check", "--tableau-dir", "{tableaus}", "--threads", "2", "--out", "{out}"}}};
}  // namespace

}  // namespace orderly::cli
