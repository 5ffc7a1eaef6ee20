// A tableau file's check: read, the coefficients' algebra weight set by weight set, the
// measurement on the gate's problems, the verdict.
#include <orderly/check.hpp>
#include <orderly/convergence_suites.hpp>
#include <orderly/formatted.hpp>
#include <orderly/geometric_json.hpp>
#include <orderly/analysis/rounded_stability.hpp>
#include <orderly/json_text.hpp>
#include <orderly/measurement_cost.hpp>
#include <orderly/order_policy.hpp>
#include <orderly/stability.hpp>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <future>
#include <thread>

namespace orderly {
namespace {

// A tableau file larger than this is no method (a 40-stage tableau with 100-digit coefficients is
// about 200 KB): refused before it is read, instead of parsed into gigabytes of memory.
constexpr std::uintmax_t max_tableau_file_bytes = std::uintmax_t{4} << 20;

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

std::string joined_words(const std::vector<std::string>& words, const char* separator = ", ") {
  std::string text;
  for (const auto& w : words) text += (text.empty() ? "" : separator) + w;
  return text;
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
                     (suited.empty() ? "float only" : joined_words(suited));
  if (!finer.empty()) text += "; " + joined_words(finer) + (finer.size() == 1 ? " needs" : " need") + " more digits";
  return text;
}

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

stability_finding stability_of(const tableau_file& file, weight_set weights, const precision_audit& audit,
                               tableau_structure structure) {
  const auto coefficients = exact_coefficients(file.tableau, weights);
  stability_finding s{.within_precision = audit.kind != coefficient_kind::exact_defining,
                      .explicit_method = structure == tableau_structure::explicit_method};
  s.stability = analyse_linear_stability(
      s.within_precision ? stability_function_within(coefficients, uncertainty_of(file, weights, audit),
                                                     std::min(audit.order_to_precision, audit.declared))
                         : stability_function_of(coefficients));
  for (const auto& [power, value] : margin_terms_within_uncertainty(s.stability.function))
    s.margin_terms.emplace_back(power, static_cast<double>(to_high_precision(value)));
  return s;
}

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

// Every weight set's precision audit; rounded coefficients raise the method's coefficient residual
// to theirs and lower the measurement's scalar to what every weight set's coefficients suit.
void audit_weight_sets(tableau_algebra& a) {
  const auto& file = a.file;
  const auto& t = file.tableau;
  const order_policy& policy = default_order_policy();
  for (auto weights : weight_sets_of(t)) {
    const int declared = weights == weight_set::primary ? t.order : *t.embedded_order;
    const auto audit = audit_precision(file, weights, declared, policy.roundoff_floor_factor);
    const algebraic_finding finding{
        declared, audit.kind == coefficient_kind::exact_defining ? audit.exact_order : audit.order_to_precision};
    a.passes = a.passes && finding.passes();
    if (audit.kind != coefficient_kind::exact_defining || file.row_sum_residual > 0) {
      a.capped = true;
      a.method.coefficient_residual =
          std::max({a.method.coefficient_residual, audit.residual_to_declared, file.row_sum_residual});
      const auto suited = measurement_scalar(audit);
      if (!suited)
        a.measurable = false;
      else if (*suited < a.scalar)
        a.scalar = *suited;
    }
    a.weight_sets.push_back(
        {.weights = weights, .audit = audit, .finding = finding, .headline = headline(file, audit, finding)});
  }
}

// What the coefficients decide beyond their audit, and the measurement does not read: the identity
// among the published methods, each weight set's stability, the geometry.
struct algebra_findings {
  std::optional<identity_result> identity;
  std::vector<stability_finding> stability;  // one per weight set
  nlohmann::json geometric;
};

algebra_findings findings_of(const tableau_algebra& a, bool identify) {
  algebra_findings f;
  if (identify) f.identity = identify_method(known_tableau_of(a.file));
  for (const auto& w : a.weight_sets) f.stability.push_back(stability_of(a.file, w.weights, w.audit, a.structure));
  // What the coefficients promise about energy: symplecticity, symmetry, algebraic stability, SSP, B-series.
  f.geometric = rounded_tableau_geometric_json(a.file.tableau, a.file.relative_uncertainty);
  return f;
}

void add_findings(tableau_algebra& a, algebra_findings f) {
  a.identity = std::move(f.identity);
  for (std::size_t k = 0; k < a.weight_sets.size(); ++k) a.weight_sets[k].stability = std::move(f.stability[k]);
  a.geometric = std::move(f.geometric);
}

tableau_algebra audited_algebra(const tableau_file& file) {
  tableau_algebra a{.file = file, .structure = structure_of(file.tableau), .method = catalog_entry(file.tableau)};
  audit_weight_sets(a);
  return a;
}

// The gate's problems, every weight set, in double first: the study refines an unsettled run into
// finer scalars, up to the method's cap. Explicit tableaus run on the explicit stepper, implicit
// ones on the Newton stepper, as the catalog's do.
void measure_convergence(tableau_check& c, unsigned threads) {
  const auto& t = c.algebra.file.tableau;
  std::vector<convergence_request> jobs;
  for (const auto* problem : select_problems(gate_suite(), c.algebra.method))
    for (auto weights : weight_sets_of(t)) {
      auto job = gate_request(&c.algebra.method, problem, weights);
      job.scalar = scalar_kind::float64;
      jobs.push_back(job);
    }
  progress_meter progress("check " + t.name, jobs.size(), stderr, std::chrono::seconds(1));
  auto outcomes = run_convergence_jobs(jobs, threads, &progress);
  c.measurement.emplace();
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    c.measurement->push_back({.problem = jobs[i].problem->info.name, .outcome = std::move(outcomes[i])});
    const auto& run = c.measurement->back();
    if (!run.outcome.result) {
      ++c.failed;
      c.failure = run.problem + ": " + run.outcome.error;
      continue;
    }
    const auto& r = *run.outcome.result;
    if (r.judged.outcome == verdict::pass)
      ++c.passed;
    else if (r.judged.outcome == verdict::inconclusive) {
      if (c.inconclusive++ == 0) c.inconclusive_reason = r.judged.reason + " in " + std::string(scalar_name(r.scalar));
    } else if (c.failure.empty())
      ++c.failed, c.failure = r.problem + " (" + weight_set_name(r.weights) + " weights): " + r.judged.reason;
    else
      ++c.failed;
  }
}

// The verdict's one line: the conditions' headlines, then what the measurement says of them.
std::string summary_line(const tableau_check& c) {
  const auto& a = c.algebra;
  std::vector<std::string> headlines;
  for (const auto& w : a.weight_sets) headlines.push_back(w.headline);
  std::string summary = verdict_name(c.overall) + std::string(": ") + joined_words(headlines, "; embedded: ");
  if (a.passes && c.failed > 0) summary += "; the measurement refuses it on " + c.failure;
  if (a.passes && !a.measurable) summary += "; not measured: too coarse for double";
  if (a.measurable)
    summary += "; measured on " + std::to_string(c.passed + c.failed + c.inconclusive) + " runs (" +
               std::to_string(c.passed) + " pass, " + std::to_string(c.failed) + " fail, " +
               std::to_string(c.inconclusive) + " inconclusive" +
               (c.passed == 0 && c.inconclusive > 0 ? ": the measurement could not settle, " + c.inconclusive_reason
                                                    : std::string()) +
               ")";
  return summary;
}

tableau_file read_tableau_file(const std::string& path) {
  if (std::filesystem::is_directory(path)) throw check_input_error("'" + path + "': is a directory");
  std::error_code size_error;
  if (const auto size = std::filesystem::file_size(path, size_error); !size_error && size > max_tableau_file_bytes)
    throw check_input_error("'" + path + "': " + std::to_string(size) + " bytes, more than a tableau file's " +
                            std::to_string(max_tableau_file_bytes) + " (4 MiB)");
  std::ifstream in(path);
  if (!in) throw check_input_error("'" + path + "': cannot read the file");
  nlohmann::json j;
  try {
    j = parse_json_text(in);
  } catch (const nlohmann::json::exception& e) {  // a syntax error, or a number beyond double's range
    throw check_input_error("'" + path + "': not valid JSON (" + e.what() + ")");
  } catch (const std::invalid_argument& e) {  // a NUL byte
    throw check_input_error("'" + path + "': not valid JSON (" + e.what() + ")");
  }
  try {
    return parse_tableau_file(j);
  } catch (const tableau_file_error& e) {
    throw check_input_error("'" + path + "': " + e.what());
  }
}

}  // namespace

tableau_algebra check_algebra(const tableau_file& file, bool identify) {
  auto a = audited_algebra(file);
  add_findings(a, findings_of(a, identify));
  return a;
}

part_estimate estimate_check_algebra(const butcher_tableau& t) {
  return {.seconds = estimate_algebra_seconds(t),
          .why = "order " + std::to_string(std::max(t.order, t.embedded_order.value_or(0))) + " with " +
                 std::to_string(t.stages()) + " stages, from the length of its coefficients"};
}

part_estimate estimate_check_measurement(const butcher_tableau& t) {
  const auto method = catalog_entry(t);
  const auto e = estimate_measurement(method, weight_sets_of(t));
  return {.seconds = e.seconds,
          .why = std::to_string(e.runs) + " runs, " + formatted("%.3g", e.steps) + " steps of a " +
                 std::to_string(t.stages()) + "-stage " + (method.implicit ? "implicit" : "explicit") +
                 " method in double, timed on a pilot of its first steps"};
}

tableau_check check_tableau_file(const std::string& path, unsigned threads, const check_announcer& announce) {
  const auto file = read_tableau_file(path);
  if (announce) announce(file.tableau);
  tableau_check c{.algebra = audited_algebra(file)};
  // Never beyond the precision the coefficients suit: the escalation of an unsettled run stops there.
  if (c.algebra.capped && c.algebra.measurable) c.algebra.method.coefficient_digits = decimal_digits(c.algebra.scalar);
  // The rest of the algebra (identity, stability, geometry) reads only the file and the audits, and
  // the measurement reads none of it: with more than one thread it runs beside the measurement, so
  // that a tableau whose exact algebra is as long as its runs keeps every core busy.
  const tableau_algebra& audited = c.algebra;
  const bool one_thread = threads == 1 || (threads == 0 && std::thread::hardware_concurrency() <= 1);
  auto findings = std::async(one_thread ? std::launch::deferred : std::launch::async,
                             [&audited] { return findings_of(audited, /*identify=*/true); });
  // The measurement, in the most precise scalar the coefficients suit (double first, kept when
  // clear of rounding).
  if (c.algebra.measurable) measure_convergence(c, threads);
  add_findings(c.algebra, findings.get());
  // pass: the conditions hold and no settled run refuses them; fail: the conditions or a settled
  // run refuse the order. The conditions decide the coefficients' order (exactly, or to their
  // precision); a run that cannot settle (a 9th-order method whose digits suit double only reaches
  // double's round-off within a few grids) leaves that decision standing, with its reason.
  c.overall = !c.algebra.passes || c.failed > 0 || !c.algebra.measurable ? verdict::fail : verdict::pass;
  c.summary = summary_line(c);
  return c;
}

}  // namespace orderly
