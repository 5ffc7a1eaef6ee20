// The stiff study's JSON (orderly.stiff/3): a run, a series, the suite's document.
#include "stiff_parts.hpp"

#include <orderly/order_policy.hpp>

#include <algorithm>
#include <cmath>
#include <optional>

namespace orderly {

using stiff_detail::end_reference;
using stiff_detail::regimes;
using stiff_detail::rosenbrock4_name;
using stiff_detail::stiff_entry;

namespace {

template <class T>
nlohmann::json optional_json(const std::optional<T>& v) {
  return v ? nlohmann::json(*v) : nlohmann::json(nullptr);
}

nlohmann::json fit_json(const order_fit& fit) {
  return {{"found", fit.found},
          {"order", fit.found ? nlohmann::json(fit.order) : nlohmann::json(nullptr)},
          {"uncertainty", fit.uncertainty},
          {"settled", fit.settled},
          {"window_first", fit.first},
          {"window_last", fit.last},
          {"local_slopes", fit.local_slopes},
          {"error_constant", fit.error_constant},
          {"reason", fit.reason}};
}

}  // namespace

nlohmann::json to_json(const stiff_run& r) {
  return {{"method", r.method},
          {"problem", r.problem},
          {"rtol", r.rtol},
          {"atol", r.atol},
          {"status", status_name(r.status)},
          {"failure", r.failure.empty() ? nlohmann::json(nullptr) : nlohmann::json(r.failure)},
          {"failure_t", r.status == stiff_run_status::solved ? nlohmann::json(nullptr) : nlohmann::json(r.failure_t)},
          {"mescd", optional_json(r.digits.mescd)},
          {"scd", optional_json(r.digits.scd)},
          {"rhs_evaluations", r.rhs_evaluations},
          {"jacobian_evaluations", r.jacobian_evaluations},
          {"lu_factorizations", optional_json(r.lu_factorizations)},
          {"linear_solves", optional_json(r.linear_solves)},
          {"newton_iterations", optional_json(r.newton_iterations)},
          {"accepted", optional_json(r.accepted)},
          {"rejected", optional_json(r.rejected)},
          {"newton_failures", optional_json(r.newton_failures)},
          {"wall_seconds", r.wall_seconds},
          {"wall_repetitions", r.wall_repetitions},
          {"y_end", r.y_end},
          {"reference_end", r.reference_end}};
}

namespace {

// The efficiency targets: for each (solver, problem), the cheapest solved run reaching
// efficiency_target_mescd, and whether it needed fewer than efficiency_target_rhs evaluations.
nlohmann::json efficiency_targets_json(const nlohmann::json& runs) {
  nlohmann::json done = nlohmann::json::array();
  for (const std::string method : {"radau5", rosenbrock4_name})
    for (const std::string problem : {"rober", "hires"}) {
      const nlohmann::json* best = nullptr;
      for (const auto& r : runs)
        if (r["method"] == method && r["problem"] == problem && r["status"] == status_name(stiff_run_status::solved) &&
            r["mescd"].is_number() && r["mescd"].get<double>() >= efficiency_target_mescd &&
            (!best || r["rhs_evaluations"].get<std::uint64_t>() < (*best)["rhs_evaluations"].get<std::uint64_t>()))
          best = &r;
      nlohmann::json row{{"method", method},
                         {"problem", problem},
                         {"required_mescd", efficiency_target_mescd},
                         {"rhs_limit", efficiency_target_rhs}};
      if (best) {
        row["rtol"] = (*best)["rtol"];
        row["atol"] = (*best)["atol"];
        row["mescd"] = (*best)["mescd"];
        row["rhs_evaluations"] = (*best)["rhs_evaluations"];
        row["jacobian_evaluations"] = (*best)["jacobian_evaluations"];
        row["met"] = (*best)["rhs_evaluations"].get<std::uint64_t>() < efficiency_target_rhs;
      } else {
        row["met"] = false;
        row["reason"] = "no solved run reached the required mescd";
      }
      done.push_back(row);
    }
  return done;
}

}  // namespace

namespace stiff_detail {

// What a run measured, without its wall time (which goes to the timing file: two runs of the
// suite differ in it, and nothing else may).
nlohmann::json suite_run_json(const stiff_run& r) {
  auto j = to_json(r);
  j.erase("wall_seconds");
  j.erase("wall_repetitions");
  return j;
}

nlohmann::json series_json(const order_reduction_series& s) {
  nlohmann::json points = nlohmann::json::array();
  for (std::size_t k = 0; k < s.points.size(); ++k)
    points.push_back(
        {{"steps", s.steps[k]},
         {"h", s.points[k].h},
         {"h_abs_lambda", s.points[k].h * std::fabs(s.lambda)},
         {"error", std::isfinite(s.points[k].error) ? nlohmann::json(s.points[k].error) : nlohmann::json(nullptr)},
         {"in_window", s.fit.found && k >= s.fit.first && k <= s.fit.last},
         {"status", status_name(s.points[k].status)}});
  // The fitted line C h^p over the window, so the figure draws it and fits nothing.
  nlohmann::json fit_line;
  if (s.fit.found) {
    const double h1 = s.points[s.fit.first].h, h2 = s.points[s.fit.last].h;
    fit_line = {{"h", {h1, h2}},
                {"error",
                 {s.fit.error_constant * std::pow(h1, s.fit.order), s.fit.error_constant * std::pow(h2, s.fit.order)}}};
  }
  return {{"method", s.method},
          {"source", s.source},
          {"regime", s.regime},
          {"lambda", s.lambda},
          {"classical_order", s.classical_order},
          {"stage_order", optional_json(s.stage_order)},
          {"points", points},
          {"fit", fit_json(s.fit)},
          {"fit_line", fit_line}};
}

nlohmann::json settings_json(const stiff_settings& settings) {
  return {{"methods", settings.methods},
          {"problems", settings.problems},
          {"tolerances", settings.tolerances},
          {"step_budget", settings.step_budget},
          {"min_wall_seconds", settings.min_wall_seconds}};
}

const char* const wall_time_note =
    "Wall time per run of the integration alone (Orderly's steppers built before the clock "
    "starts), runs shorter than min_wall_seconds repeated and averaged; measured with the "
    "suite's threads sharing the machine: an indication, not a benchmark";

// The suite's document from its settings, its runs and its order-reduction series (as JSON).
nlohmann::json stiff_document(const nlohmann::json& settings, const nlohmann::json& runs,
                              const nlohmann::json& series) {
  nlohmann::json j;
  j["schema"] = "orderly.stiff/3";
  j["mescd_definition"] =
      "mescd = -log10(max_i |y_i - ref_i| / (atol/rtol + |ref_i|)) at t_end (Mazzia & Magherini, "
      "Test Set for IVP Solvers, rel. 2.4; as ported in OdePkg's odepkg_testsuite_calcmescd.m)";
  j["scd_definition"] = "scd = -log10(max_i |y_i - ref_i| / |ref_i|) at t_end (same source)";
  j["digits_cap"] = "an exact match is reported as the reference's certified digits";
  j["step_budget"] = settings["step_budget"];
  j["step_budget_meaning"] =
      "accepted + rejected steps per run; a run reaching it is reported as step-limit with "
      "the time reached";
  j["timing_file"] = stiff_timing_file;
  j["tolerances"] = settings["tolerances"];
  j["solvers"] = nlohmann::json::array();
  const auto methods = settings["methods"].get<std::vector<std::string>>();
  for (const auto& s : stiff_solvers())
    if (std::find(methods.begin(), methods.end(), s.name) != methods.end())
      j["solvers"].push_back(
          {{"name", s.name}, {"family", family_name(s.family)}, {"solver", s.solver}, {"order", s.order}});
  j["problems"] = nlohmann::json::array();
  for (const auto& name : settings["problems"].get<std::vector<std::string>>()) {
    const auto& entry = stiff_entry(name);
    const auto& rule = tolerance_rule(name);
    const auto& reference = end_reference(entry);
    // CONTRIBUTING.md: a reference's error must be at most 1/reference_factor of the smallest error
    // measured against it, i.e. its certified digits must exceed the best run's by log10 of it.
    std::optional<double> best;
    for (const auto& r : runs)
      if (r["problem"] == name && r["mescd"].is_number())
        best = std::max(best.value_or(r["mescd"].get<double>()), r["mescd"].get<double>());
    const double margin_needed = std::log10(default_order_policy().reference_factor);
    j["problems"].push_back({{"name", name},
                             {"best_mescd", optional_json(best)},
                             {"reference_margin_digits",
                              best ? nlohmann::json(reference.certified_digits - *best) : nlohmann::json(nullptr)},
                             {"reference_margin_required", margin_needed},
                             {"reference_sufficient", !best || reference.certified_digits - *best >= margin_needed},
                             {"description", entry.info.description},
                             {"t_end", static_cast<double>(default_end_time(entry))},
                             {"atol_rule", rule.source},
                             {"reference_origin", reference.origin},
                             {"reference_certified_digits", reference.certified_digits},
                             {"reference_method", reference.method}});
  }
  j["runs"] = runs;
  j["efficiency_targets"] = efficiency_targets_json(runs);

  nlohmann::json reduction;
  reduction["problem"] = "prothero-robinson";
  reduction["error"] = "max over the grid points of |y_n - sin(t_n)|, t in [0, 10], fixed steps h = 10/N";
  reduction["fit"] =
      "least-squares slope of log(error) against log(h) over the asymptotic window (order_fit.hpp); "
      "points below 10 x eps sqrt(N) are round-off";
  reduction["regimes"] = nlohmann::json::array();
  for (const auto& r : regimes)
    reduction["regimes"].push_back(
        {{"name", r.name},
         {"lambda", std::stod(r.lambda)},
         {"h_abs_lambda_max", 10.0 / static_cast<double>(r.first_steps) * std::fabs(std::stod(r.lambda))},
         {"h_abs_lambda_min", 10.0 / static_cast<double>(r.last_steps) * std::fabs(std::stod(r.lambda))}});
  reduction["series"] = series;
  j["order_reduction"] = reduction;
  return j;
}

}  // namespace stiff_detail

}  // namespace orderly
