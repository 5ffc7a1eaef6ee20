// The adaptive study as a suite: one job per pair (its estimate's order, the tolerance sweeps on
// each problem, the step-control stability verdicts and runs), assembled into adaptive.json.
#include <orderly/adaptive.hpp>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace orderly {
namespace {

// The order sweep runs on the gate's nonlinear non-autonomous problem; the runs on problems with a
// closed-form solution (global error without a reference run): nonlinear, non-autonomous, an orbit.
constexpr const char* order_problem = "nonlinear-na";
const std::vector<std::string> default_sweep_problems{"nonlinear-na", "forced-duffing", "kepler"};
const std::vector<std::string> quick_sweep_problems{"nonlinear-na"};
// DETEST's range, 1e-3 ... 1e-12, a decade apart (the quick suite: every third decade).
std::vector<double> sweep_tolerances(bool quick) {
  std::vector<double> tolerances;
  for (int e = 3; e <= 12; e += quick ? 3 : 1) tolerances.push_back(std::pow(10.0, -e));
  return tolerances;
}
const std::vector<std::string> quick_pairs{"bs32", "dopri54", "runge_kutta_dopri5"};

std::vector<std::string> controller_names() {
  std::vector<std::string> names;
  for (const auto& c : controller_catalog()) names.push_back(c.name);
  return names;
}

std::vector<estimating_pair> suite_pairs(const adaptive_request& request) {
  std::vector<estimating_pair> pairs = catalog_pairs();
  for (auto& p : odeint_pairs()) pairs.push_back(std::move(p));
  if (request.quick)
    std::erase_if(pairs, [](const estimating_pair& p) {
      return std::find(quick_pairs.begin(), quick_pairs.end(), p.name) == quick_pairs.end();
    });
  for (const auto& p : request.extra_pairs) pairs.push_back(p);
  return pairs;
}

nlohmann::json optional_number(const std::optional<double>& x) { return x ? nlohmann::json(*x) : nlohmann::json(); }

nlohmann::json run_json(const controller_run& r) {
  nlohmann::json steps = nlohmann::json::array();
  for (const auto& [t, h] : r.steps) steps.push_back({t, h});
  return {{"controller", r.controller},
          {"accepted", r.accepted},
          {"rejected", r.rejected},
          {"rhs_evaluations", r.evaluations},
          {"rejected_fraction", r.rejected_fraction},
          {"log_step_ratio_rms", r.log_ratio_rms},
          {"mean_step_over_boundary_step", r.mean_step_over_boundary},
          {"settled", r.settled},
          {"failed", r.failed},
          {"reason", r.reason},
          {"steps", std::move(steps)}};
}

nlohmann::json order_json(const estimate_order_result& r) {
  nlohmann::json points = nlohmann::json::array();
  for (const auto& p : r.points)
    points.push_back({{"h", p.h}, {"estimate", p.estimate}, {"true_error", p.true_error}, {"resolved", p.resolved}});
  return {{"problem", r.problem},
          {"scalar", r.scalar},
          {"measured_order", optional_number(r.measured_order)},
          {"true_order", optional_number(r.true_order)},
          {"ratio_at_finest", optional_number(r.ratio_at_finest)},
          {"verdict", r.verdict},
          {"reason", r.reason},
          {"points", std::move(points)}};
}

nlohmann::json points_json(const std::vector<proportionality_point>& points) {
  nlohmann::json list = nlohmann::json::array();
  for (const auto& q : points)
    list.push_back({{"tolerance", q.tolerance},
                    {"global_error", q.failed ? nlohmann::json() : nlohmann::json(q.global_error)},
                    {"correct_digits", q.failed ? nlohmann::json() : nlohmann::json(q.digits)},
                    {"rhs_evaluations", q.evaluations},
                    {"accepted", q.accepted},
                    {"rejected", q.rejected},
                    {"failed", q.failed},
                    {"reason", q.reason}});
  return list;
}

nlohmann::json sweep_json(const adaptive_sweep& sweep) {
  const auto& p = sweep.proportionality;
  nlohmann::json rel = nlohmann::json::array();
  for (const auto& r : sweep.reliability)
    rel.push_back({{"tolerance", r.tolerance},
                   {"accepted", r.accepted},
                   {"rejected", r.rejected},
                   {"checked", r.checked},
                   {"deceived_fraction", r.deceived_fraction},
                   {"log10_ratio_quantiles", r.log10_ratio_quantiles},
                   {"log10_ratios", r.log10_ratios},
                   {"median_log10_step", r.median_log10_step},
                   {"median_log10_estimate", r.median_log10_estimate},
                   {"verdict", r.verdict},
                   {"reason", r.reason}});
  nlohmann::json j = {{"problem", p.problem},
                      {"proportionality",
                       {{"exponent", optional_number(p.exponent)},
                        {"constant", optional_number(p.constant)},
                        {"cost_per_digit", optional_number(p.cost_per_digit)},
                        {"estimate_order_along_runs", optional_number(p.estimate_order_along_runs)},
                        {"along_runs_verdict", p.along_runs_verdict},
                        {"points", points_json(p.points)}}},
                      {"reliability", std::move(rel)}};
  if (!p.odeint_points.empty())
    j["odeint_controller"] = {{"exponent", optional_number(p.odeint_exponent)},
                              {"constant", optional_number(p.odeint_constant)},
                              {"points", points_json(p.odeint_points)}};
  return j;
}

nlohmann::json stability_json(const pair_stability& s) {
  nlohmann::json controllers = nlohmann::json::array(), sweep = nlohmann::json::array();
  for (const auto& c : s.controllers) {
    nlohmann::json entry = {{"controller", c.controller},
                            {"spectral_radius", c.spectral_radius},
                            {"margin", c.margin},
                            {"verdict", c.verdict}};
    if (c.run) {
      entry["run"] = run_json(*c.run);
      // The run confirms the verdict when a stable map settles and an unstable one does not.
      entry["run_agrees"] = c.verdict == "marginal" || (c.verdict == "stable") == c.run->settled;
    }
    controllers.push_back(std::move(entry));
  }
  for (const auto& [theta, radii] : s.boundary_sweep) sweep.push_back({{"theta", theta}, {"spectral_radii", radii}});
  nlohmann::json j = {
      {"reason", s.reason}, {"controllers", std::move(controllers)}, {"boundary_sweep", std::move(sweep)}};
  if (s.boundary)
    j["boundary"] = {{"z", s.boundary->boundary},
                     {"R", s.boundary->r_at_boundary},
                     {"E", s.boundary->estimate_at_boundary},
                     {"C_R", s.boundary->c_r},
                     {"C_E", s.boundary->c_e}};
  if (s.odeint_run) j["odeint_run"] = run_json(*s.odeint_run);
  return j;
}

adaptive_pair_result judge_pair(const estimating_pair& pair, bool quick) {
  adaptive_pair_result r{.pair = pair.name,
                         .origin = pair.origin,
                         .twin = pair.twin,
                         .order = pair.order,
                         .estimate_order = pair.estimate_order};
  for (const auto& problem : quick ? quick_sweep_problems : default_sweep_problems) {
    auto [reliability, proportionality] = run_tolerance_sweep(pair, problem, sweep_tolerances(quick));
    r.sweeps.push_back({std::move(reliability), std::move(proportionality)});
  }
  r.estimate = measure_estimate_order(pair, order_problem);
  r.stability = decide_step_control_stability(pair, controller_names(), true);
  return r;
}

nlohmann::json policy_json() {
  return {{"deceived_factor", adaptive_policy::deceived_factor},
          {"deceived_fraction_bound", adaptive_policy::deceived_fraction_bound},
          {"run_order_fraction", adaptive_policy::run_order_fraction},
          {"order_band", adaptive_policy::order_band},
          {"settled_band", adaptive_policy::settled_band},
          {"roundoff_clearance", adaptive_policy::roundoff_clearance},
          {"reference_fraction", adaptive_policy::reference_fraction},
          {"reliability_samples", adaptive_policy::reliability_samples},
          {"stability_margin_band", adaptive_policy::stability_margin_band},
          {"settled_log_ratio_rms", adaptive_policy::settled_log_ratio_rms}};
}

nlohmann::json controllers_json() {
  nlohmann::json list = nlohmann::json::array();
  for (const auto& c : controller_catalog()) {
    auto text = [](const exact& x) { return x.str(); };
    list.push_back({{"name", c.name},
                    {"title", c.title},
                    {"citation", c.citation},
                    {"beta", {text(c.beta[0]), text(c.beta[1]), text(c.beta[2])}},
                    {"alpha", {text(c.alpha[0]), text(c.alpha[1])}},
                    {"memory_weight", text(c.memory_weight)},
                    {"default", c.name == default_controller_name}});
  }
  return list;
}

nlohmann::json adaptive_document(const nlohmann::json& settings, nlohmann::json pairs) {
  return {{"schema", "orderly.adaptive/1"},
          {"suite", settings.value("quick", false) ? "quick" : "default"},
          {"order_problem", order_problem},
          {"stability_problem",
           {{"name", "prothero-robinson"},
            {"lambda", -1000},
            {"t_end", 5},
            {"tolerance", 1e-3},
            {"why",
             "y' = lambda (y - sin t) + cos t: sin t allows steps near 0.3 at this tolerance, stability "
             "only |z*| / 1000"}}},
          {"policy", policy_json()},
          {"controllers", controllers_json()},
          {"pairs", std::move(pairs)}};
}

nlohmann::json settings_of(const adaptive_request& request) {
  nlohmann::json extra = nlohmann::json::array();
  for (const auto& p : request.extra_pairs) extra.push_back(p.origin + ":" + p.name);
  return {{"quick", request.quick}, {"extra_pairs", std::move(extra)}};
}

}  // namespace

adaptive_result run_adaptive(const adaptive_request& request) {
  adaptive_result result{.quick = request.quick};
  for (const auto& pair : suite_pairs(request)) result.pairs.push_back(judge_pair(pair, request.quick));
  return result;
}

nlohmann::json to_json(const adaptive_pair_result& r) {
  nlohmann::json sweeps = nlohmann::json::array();
  for (const auto& sweep : r.sweeps) sweeps.push_back(sweep_json(sweep));
  return {{"pair", r.pair},
          {"origin", r.origin},
          {"twin", r.twin},
          {"order", r.order},
          {"estimate_order", r.estimate_order},
          {"estimate", order_json(r.estimate)},
          {"sweeps", std::move(sweeps)},
          {"stability", stability_json(r.stability)}};
}

nlohmann::json to_json(const adaptive_result& result) {
  nlohmann::json pairs = nlohmann::json::array();
  for (const auto& pair : result.pairs) pairs.push_back(to_json(pair));
  return adaptive_document({{"quick", result.quick}}, std::move(pairs));
}

suite_outputs adaptive_outputs(const nlohmann::json& settings, const std::vector<std::string>& keys,
                               const std::vector<const nlohmann::json*>& results) {
  nlohmann::json pairs = nlohmann::json::array();
  for (std::size_t k = 0; k < keys.size(); ++k)
    if (results[k]) pairs.push_back(*results[k]);
  return {{"adaptive.json", adaptive_document(settings, std::move(pairs))}};
}

sharded_suite adaptive_suite(const adaptive_request& request) {
  sharded_suite suite{.name = "adaptive", .settings = settings_of(request), .assemble = &adaptive_outputs};
  auto pairs = suite_pairs(request);
  for (const auto& pair : pairs) {
    suite.keys.push_back(pair.origin + "/" + pair.name);
    suite.costs.push_back(static_cast<double>(pair.tableau ? pair.tableau->stages() : 8));
  }
  const bool quick = request.quick;
  suite.run = independent_jobs<estimating_pair>(
      std::move(pairs), [quick](const estimating_pair& pair) { return to_json(judge_pair(pair, quick)); },
      request.threads);
  return suite;
}

}  // namespace orderly
