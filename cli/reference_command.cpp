// `orderly reference`: the certified reference state of a problem at a time, with its digits.
//   orderly reference --problem NAME [--t T] [--json]   stored/exact value, computed and cached if missing
//   orderly reference --problem NAME --recompute        fresh two-run computation, rewrites reference/data
//   orderly reference --all --recompute                 rewrites every stored reference (one command)
//   orderly reference --all --check                     recomputes and compares with the stored values
#include <orderly/command/commands.hpp>
#include <orderly/command/resolve.hpp>
#include <orderly/command/time_bound.hpp>

#include <orderly/problems/support.hpp>
#include <orderly/reference_solution.hpp>

#include <nlohmann/json.hpp>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <limits>
#include <memory>
#include <string>

namespace orderly::cli {
namespace {

struct reference_options {
  std::string problem;
  std::string time;
  bool json = false;
  bool recompute = false;
  bool check = false;
  bool all = false;
  double max_minutes = default_max_minutes;
};

struct reference_report {
  const problem_entry* entry;
  reference_states reference;
  std::optional<double> stored_agreement;  // --check: digits on which stored and fresh values agree
  bool check_passed = true;
};

// Computed (not closed-form) references are integrated from t0: at most this many default spans.
constexpr int max_computed_span_factor = 100;

// Below this many certified digits a reference state certifies nothing a study could use.
constexpr double min_certified_digits = 1;

mp50 parse_time(const problem_entry& entry, const std::string& text) {
  if (text.empty()) return default_end_time(entry);
  mp50 t;
  try {
    t = mp50(problems::parse_value(text));
  } catch (const std::exception&) {
    throw usage_error("--t '" + text + "' is not a number (decimal or a/b)");
  }
  const auto p = instantiate<mp50>(entry);
  if (t < p.t0) throw usage_error("--t " + text + " is before the problem's t0 = " + p.t0.str());
  // A computed reference integrates up to t: bound the span so a typo cannot start a run of years.
  if (!entry.info.has_exact && t - p.t0 > mp50(max_computed_span_factor) * (p.t_end - p.t0))
    throw usage_error("--t " + text + " is beyond " + std::to_string(max_computed_span_factor) +
                      " times the default span of " + entry.info.name + " (t_end = " + p.t_end.str(6) +
                      "); its reference would have to be integrated that far");
  // A chaotic orbit loses rate t / ln 10 digits by t: beyond that, 50-digit arithmetic certifies none.
  if (const double rate = entry.info.error_growth_rate; rate > 0) {
    const double span = static_cast<double>(t - p.t0);
    const double lost = rate * span / std::log(10.0);
    const double available = std::numeric_limits<mp50>::digits10 - min_certified_digits;
    if (lost > available)
      throw usage_error(
          "--t " + text + ": " + entry.info.name + "'s errors grow like e^(" + std::to_string(rate) +
          " t); over that span they gain " + std::to_string(static_cast<int>(lost)) +
          " digits, more than 50-digit arithmetic holds (certifiable up to t = " +
          std::to_string(static_cast<int>(static_cast<double>(p.t0) + available * std::log(10.0) / rate)) + ")");
  }
  return t;
}

// A computed reference can take minutes: a line on stderr at most every progress_interval, the
// first after one interval (a quick computation prints none), with the attempt's time left at the
// rate its span has been integrated so far.
constexpr std::chrono::seconds progress_interval{2};

reference_progress progress_line(const std::string& problem) {
  const auto start = std::chrono::steady_clock::now();
  return [problem, start, last = start, attempt_start = start, attempt = 0](const reference_progress_point& p) mutable {
    const auto now = std::chrono::steady_clock::now();
    if (p.attempt != attempt) attempt = p.attempt, attempt_start = now;
    if (now - last < progress_interval) return;
    last = now;
    const double in_attempt = std::chrono::duration<double>(now - attempt_start).count();
    const std::string left = p.fraction > 0 ? ", about " + estimate_text(in_attempt * (1 - p.fraction) / p.fraction) +
                                                  " left in this attempt"
                                            : "";
    std::fprintf(stderr, "reference %s: attempt %d of at most %d, %.0f%% of the span integrated, %.0f s elapsed%s\n",
                 problem.c_str(), p.attempt, p.max_attempts, 100 * p.fraction,
                 std::chrono::duration<double>(now - start).count(), left.c_str());
    std::fflush(stderr);
  };
}

// A computed reference's time, estimated before it starts from the stored reference's own
// computation (reference/data: its compute time to t_end) scaled by the span, one attempt; refused
// beyond --max-minutes. A problem without a stored computation has no estimate.
void refuse_beyond_stored_estimate(const problem_entry& entry, const mp50& t, double max_minutes) {
  const auto stored = load_reference(entry);
  if (!stored || stored->times.empty() || !(stored->compute_seconds > 0)) return;
  const auto p = instantiate<mp50>(entry);
  const mp50 stored_span = stored->times.back() - p.t0;
  if (!(stored_span > 0)) return;
  const double ratio = static_cast<double>((t - p.t0) / stored_span);
  refuse_beyond_time_bound(max_minutes, "the reference to t = " + t.str(6), stored->compute_seconds * ratio,
                           "its stored computation to t = " + stored->times.back().str(6) + " took " +
                               formatted("%.1f s", stored->compute_seconds) + "; this span is " +
                               formatted("%.3g", ratio) + " times as long",
                           "give a shorter --t");
}

reference_report run_one(const problem_entry& entry, const reference_options& options) {
  const mp50 t = parse_time(entry, options.time);
  const auto progress = progress_line(entry.info.name);
  const bool at_end = t == default_end_time(entry);
  reference_report report{&entry, {}, std::nullopt, true};
  if (entry.info.has_exact) {
    report.reference = exact_reference(entry, {t});
    if (report.reference.certified_digits < min_certified_digits)
      throw usage_error("--t " + options.time +
                        ": at that time the rounding of t itself in 50-digit arithmetic moves " + entry.info.name +
                        "'s solution by more than its size; no digit can be certified");
    return report;
  }
  // Every path below computes a reference unless a stored one holds t.
  const bool stored_serves = !options.check && !options.recompute && at_end && load_reference(entry).has_value();
  if (!stored_serves) refuse_beyond_stored_estimate(entry, t, options.max_minutes);
  if (options.check) {
    const auto stored = load_reference(entry);
    if (!stored) throw std::runtime_error("no stored reference for " + entry.info.name + " to check");
    report.reference = compute_reference(entry, {t}, progress);
    const auto it = std::find(stored->times.begin(), stored->times.end(), t);
    if (it == stored->times.end())
      throw usage_error("stored reference of " + entry.info.name + " does not hold t = " + t.str());
    const auto& stored_state = stored->states[static_cast<std::size_t>(it - stored->times.begin())];
    // Both are certified to min(stored, fresh) digits; they must agree to that, less one digit of slack
    // for the two certifications' own rounding.
    report.stored_agreement = agreement_digits_floor(stored_state, report.reference.states[0], mp50(0));
    report.check_passed =
        *report.stored_agreement >= std::min(stored->certified_digits, report.reference.certified_digits) - 1;
    return report;
  }
  if (!options.recompute) {
    report.reference = reference_at(entry, {t}, progress);
    if (report.reference.origin == "computed" && at_end) store_reference(entry, report.reference);
    return report;
  }
  report.reference = compute_reference(entry, {t}, progress);
  if (at_end) store_reference(entry, report.reference);
  return report;
}

nlohmann::json report_json(const reference_report& r) {
  nlohmann::json state = nlohmann::json::array();
  for (const auto& x : r.reference.states[0]) state.push_back(detail::decimal(x));
  nlohmann::json j{{"problem", r.entry->info.name},
                   {"t", detail::decimal(r.reference.times[0])},
                   {"state", state},
                   {"certified_digits", r.reference.certified_digits},
                   {"method", r.reference.method},
                   {"origin", r.reference.origin},
                   {"compute_seconds", r.reference.compute_seconds}};
  if (r.stored_agreement) {
    j["stored_agreement_digits"] = *r.stored_agreement;
    j["check_passed"] = r.check_passed;
  }
  return j;
}

void print_report(const reference_report& r, bool full) {
  std::printf("%-20s t = %-12s digits %5.1f  %-8s %7.2f s", r.entry->info.name.c_str(),
              r.reference.times[0].str(12).c_str(), r.reference.certified_digits, r.reference.origin.c_str(),
              r.reference.compute_seconds);
  if (r.stored_agreement)
    std::printf("  stored vs fresh: %.1f digits %s", *r.stored_agreement, r.check_passed ? "ok" : "MISMATCH");
  std::printf("\n");
  if (!full) return;
  std::printf("method: %s\n", r.reference.method.c_str());
  for (std::size_t i = 0; i < r.reference.states[0].size(); ++i)
    std::printf("y[%zu] = %s\n", i, detail::decimal(r.reference.states[0][i]).c_str());
}

}  // namespace

void add_reference_command(CLI::App& app) {
  auto options = std::make_shared<reference_options>();
  auto* command = app.add_subcommand("reference", "Certified high-precision reference state of a problem");
  command->add_option("--problem", options->problem, "Problem name (orderly list problems)");
  command->add_option("--t", options->time, "Output time (decimal or a/b); default: the problem's t_end");
  command->add_flag("--json", options->json, "Print JSON");
  command->add_flag("--recompute", options->recompute,
                    "Compute afresh (two runs) and, at t_end, rewrite reference/data/<name>.json");
  command->add_flag("--check", options->check, "Recompute and compare with the stored reference (exit 1 on mismatch)");
  command->add_flag("--all", options->all, "Every problem in the catalog (at t_end)");
  add_max_minutes_option(*command, options->max_minutes,
                         "a computed reference: the stored computation's time to t_end, scaled by the span");
  command->callback([options] {
    if (options->all == !options->problem.empty())
      throw usage_error("reference: give exactly one of --problem NAME and --all");
    if (options->all && !options->time.empty()) throw usage_error("reference: --t cannot be combined with --all");
    if (options->recompute && options->check)
      throw usage_error("reference: --recompute and --check exclude each other");
    std::vector<const problem_entry*> entries;
    if (options->all)
      for (const auto& entry : problem_catalog()) entries.push_back(&entry);
    else
      entries.push_back(&resolve_problem(options->problem));
    const auto start = std::chrono::steady_clock::now();
    nlohmann::json all = nlohmann::json::array();
    bool passed = true;
    for (const auto* entry : entries) {
      if (options->check && entry->info.has_exact) continue;
      const auto report = run_one(*entry, *options);
      passed = passed && report.check_passed;
      if (options->json)
        all.push_back(report_json(report));
      else
        print_report(report, !options->all);
      std::fflush(stdout);
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (options->json)
      std::cout << (options->all ? all : all[0]).dump(2) << "\n";
    else if (options->all)
      std::printf("total %.1f s\n", seconds);
    if (!passed) throw gate_failed(1);
  });
}

namespace {
const registered_command reference_registration{{.name = "reference", .add = &add_reference_command}};
}  // namespace

}  // namespace orderly::cli
