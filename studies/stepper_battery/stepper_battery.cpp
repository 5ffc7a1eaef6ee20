// The battery for a user's stepper: order on the gate's (or the separable) problems with the
// gate's machinery, cost by counting the right-hand side's calls, and the measured analyses the
// energy, analysis and game-table studies provide for a user's step.
#include <orderly/convergence_json.hpp>
#include <orderly/empirical_stability.hpp>
#include <orderly/energy.hpp>
#include <orderly/game_table.hpp>
#include <orderly/method_identity_json.hpp>
#include <orderly/method_analysis_study.hpp>
#include <orderly/order_policy.hpp>
#include <orderly/problem_catalog.hpp>
#include <orderly/stepper_battery.hpp>
#include <orderly/stepper_order.hpp>
#include <orderly/suites.hpp>
#include <orderly/verdict.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <sstream>

namespace orderly {
namespace {

// The benign problem every stepper must step without NaN, and on which its cost is counted: the
// harmonic oscillator q' = v, v' = -q from (1, 0), which is second order, so separable steppers
// take it too.
state_of<double> harmonic_rhs(double, const state_of<double>& y) { return {y[1], -y[0]}; }
const state_of<double> harmonic_start{1, 0};
// A step well inside every explicit method's stability region.
constexpr double benign_step = 1.0 / 64;
// Steps over which the calls are counted: more than one, so a stepper that reuses its last
// evaluation (first same as last) is counted at its steady cost per step.
constexpr int counted_steps = 16;
// A measured stability limit this far (relatively) from the closest method's exact one is the
// stepper doing something else, not the scan's resolution (analysis_policy's radial step is finer).
constexpr double distinct_stability_ratio = 0.05;

// The energy study's problems a user's stepper is run on (energy.hpp: user_energy).
const std::vector<std::string>& energy_problems() {
  static const std::vector<std::string> names{"harmonic", "kepler"};
  return names;
}

// An analysis the other studies provide, kept out of the battery's way when it throws: its
// error is the section's content.
template <class Analysis>
nlohmann::json guarded(Analysis&& analysis) {
  try {
    return analysis();
  } catch (const std::exception& e) {
    return {{"error", e.what()}};
  }
}

// One order run in scalar T with the stepper's step in T, judged at the declared order;
// `confirmed`: a narrower scalar already settled above the band (superconvergence confirmed).
std::optional<double> finite(double x) { return std::isfinite(x) ? std::optional<double>(x) : std::nullopt; }

template <class T>
battery_order_run order_run_in(const user_step_in<T>& step_in, const user_stepper& stepper, const std::string& problem,
                               const order_policy& policy, bool confirmed) {
  const auto step = [&](const auto& f, const T& t, const state_of<T>& y, const T& h) {
    return step_in(user_rhs_in<T>(f), t, y, h);
  };
  const auto m = testing::measure_stepper_order_in<T>(step, problem, error_norm_kind::final, policy);
  battery_order_run run{.problem = problem,
                        .problem_description = find_problem(problem)->info.description,
                        .scalar = std::string(testing::scalar_name_of<T>()),
                        .measurement = to_json(m, stepper.declared_order)};
  if (m.fit.found) {
    run.measured_order = finite(m.fit.order);
    run.order_uncertainty = finite(m.fit.uncertainty);
    run.error_constant = finite(m.fit.error_constant);
  }
  if (stepper.declared_order > 0) {
    const std::vector<convergence_point> points(m.points.begin(), m.points.end());
    const auto judged = judge_order(points, m.fit, stepper.declared_order, m.solution_scale, confirmed, policy);
    run.judged = true;
    run.verdict = verdict_name(judged.outcome);
    run.verdict_code = verdict_code_name(judged.code);
    run.verdict_reason = judged.reason;
    run.passes = gate_accepts(judged);
    if (m.fit.found) run.error_constant_declared = finite(error_constant_at(points, m.fit, stepper.declared_order));
  } else {
    run.verdict = "not declared";
    run.verdict_reason = "the stepper declares no order: measured only";
    run.passes = true;
  }
  return run;
}

// Inconclusive runs a wider scalar can decide: double's window cut by round-off, or too short to
// settle (a high order reaches round-off within a few grids), or a superconvergence to confirm.
bool wider_scalar_helps(const battery_order_run& run) {
  static const std::vector<std::string> codes{
      verdict_code_name(verdict_code::round_off), verdict_code_name(verdict_code::unsettled_slopes),
      verdict_code_name(verdict_code::too_few_points), verdict_code_name(verdict_code::wide_uncertainty),
      verdict_code_name(verdict_code::unconfirmed_superconvergence)};
  return run.verdict == verdict_name(verdict::inconclusive) && run.verdict_code &&
         std::find(codes.begin(), codes.end(), *run.verdict_code) != codes.end();
}

bool code_is(const battery_order_run& run, verdict_code code) {
  return run.verdict_code && *run.verdict_code == verdict_code_name(code);
}

// The run in double, refined in the widest scalar the stepper steps in when double cannot decide
// (as the catalog's runs are); the double run is kept under "refined_from".
battery_order_run order_run(const user_stepper& stepper, const std::string& problem, const order_policy& policy) {
  auto run = order_run_in<double>(stepper.step, stepper, problem, policy, false);
  if (stepper.declared_order == 0 || !wider_scalar_helps(run)) return run;
  if (!stepper.step_float128 && !stepper.step_long_double) {
    run.not_refined = "the stepper steps in double only (no wider step in its C interface)";
    return run;
  }
  const bool above = code_is(run, verdict_code::unconfirmed_superconvergence);
  const auto refine = [&](bool confirmed) {
    return stepper.step_float128
               ? order_run_in<float128>(stepper.step_float128, stepper, problem, policy, confirmed)
               : order_run_in<long double>(stepper.step_long_double, stepper, problem, policy, confirmed);
  };
  auto wider = refine(false);
  // Double settled above the band and the wider scalar settles above it too: confirmed.
  if (above && code_is(wider, verdict_code::unconfirmed_superconvergence)) wider = refine(true);
  wider.refined_from = refined_origin{.scalar = run.scalar,
                                      .measured_order = run.measured_order,
                                      .verdict = run.verdict,
                                      .verdict_code = run.verdict_code.value_or(""),
                                      .verdict_reason = run.verdict_reason};
  return wider;
}

battery_cost cost(const user_stepper& stepper) {
  std::size_t calls = 0;
  const user_rhs counted = [&](double t, const state_of<double>& y) {
    ++calls;
    return harmonic_rhs(t, y);
  };
  auto y = harmonic_start;
  for (int n = 0; n < counted_steps; ++n) y = stepper.step(counted, n * benign_step, std::move(y), benign_step);
  return {.rhs_evaluations_per_step = static_cast<double>(calls) / counted_steps,
          .counted_over_steps = counted_steps,
          .problem = "harmonic oscillator q' = v, v' = -q",
          .h = benign_step};
}

// A run whose slopes settled above the band: superconvergent (confirmed in a wider scalar), or
// above the band where no wider scalar could confirm it.
bool settled_above(const battery_order_run& run) {
  return run.verdict == verdict_name(verdict::superconvergent) ||
         code_is(run, verdict_code::unconfirmed_superconvergence);
}

std::string order_text(double order) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f", order);
  return text;
}

// "3 on every problem" when every run's measured order rounds to the same whole number within the
// policy's band; otherwise the range measured.
std::string measured_range_text(const std::vector<battery_order_run>& runs, const order_policy& policy) {
  double low = std::numeric_limits<double>::infinity(), high = -low;
  for (const auto& run : runs) {
    const double p = run.measured_order.value_or(std::nan(""));
    low = std::min(low, p), high = std::max(high, p);
  }
  const double whole = std::round(low);
  if (std::round(high) == whole && high - whole <= policy.band_above && whole - low <= policy.band_below)
    return std::to_string(static_cast<int>(whole)) + " on every problem";
  return order_text(low) + " to " + order_text(high) + " on the " + std::to_string(runs.size()) + " problems";
}

std::string reasons_of(const std::vector<battery_order_run>& runs, bool (*chosen)(const battery_order_run&)) {
  std::string text;
  for (const auto& run : runs)
    if (chosen(run))
      text += (text.empty() ? "" : "; ") + run.problem + ": " + run.verdict + " (" + run.verdict_reason + ")";
  return text;
}

std::string plain_number(double x) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3g", x);
  return text;
}

std::string ratio_text(double ours, double theirs) {
  char text[64];
  std::snprintf(text, sizeof text, "%.3g, %.3g times", ours, ours / theirs);
  return text;
}

// What the stepper does, beside the method it names as closest, where the battery measured it:
// its cost per step against the method's evaluations, its measured stability limits against the
// method's exact ones. A stepper that costs more or reaches further than its method is doing more
// than its method (GSL's rk4 steps twice at h/2 for its error estimate).
std::vector<std::string> what_it_does(const battery_result& battery) {
  std::vector<std::string> lines;
  const std::string& closest = battery.closest_method;
  const method_entry* method = find_method(closest);
  if (!method) return lines;
  const double calls = battery.cost.rhs_evaluations_per_step;
  if (method->fevals_per_step > 0 && calls != method->fevals_per_step)
    lines.push_back("costs " + ratio_text(calls, method->fevals_per_step) + " " + closest + "'s " +
                    plain_number(method->fevals_per_step) + " right-hand-side evaluations per step");
  const auto analysis = guarded([&] { return to_json(analyse_method(closest, false)); });
  const auto& measured = battery.stability;
  for (const char* limit : {"real_stability_limit", "imaginary_stability_limit"}) {
    if (!measured.contains(limit) || !analysis.contains(limit)) continue;
    const auto &ours = measured[limit], &theirs = analysis[limit];
    if (!ours.is_number() || !theirs.is_number() || theirs.get<double>() == 0) continue;
    // As distances from 0: the real limit is written as the point -x on the axis.
    const double reach = std::fabs(ours.get<double>()), method_reach = std::fabs(theirs.get<double>());
    if (std::fabs(reach / method_reach - 1) > distinct_stability_ratio)
      lines.push_back(std::string("its measured ") + (limit[0] == 'r' ? "real" : "imaginary") + " stability limit is " +
                      ratio_text(reach, method_reach) + " " + closest + "'s " + plain_number(method_reach));
  }
  return lines;
}

// Where the step's recovered coefficients give its order (exactly, where each is a recognised
// rational; else to their rounding, as a tableau file's decimals do), they decide, as for a
// tableau file, and the measurement confirms: fewer orders than declared fail; the declared order
// passes where the measurement could not settle (nodes that are the row sums of A only: otherwise
// non-autonomous problems see another order); more is said as above the declared order. An
// estimate whose weights have a lower order than the stepper declares for it fails.
battery_verdict decided_by_coefficients(battery_verdict measured, const std::optional<recovered_orders>& orders,
                                        const user_stepper& stepper) {
  if (!orders) return measured;
  const int order = orders->propagated, declared = stepper.declared_order;
  const std::string how = std::string(" (") + how_decided(*orders) + ")";
  const std::string coefficients = "its recovered coefficients have order " + std::to_string(order) + how;
  if (declared > 0) {
    if (order < declared)
      measured = {"fail",
                  coefficients + ", declared " + std::to_string(declared) + "; the measurement: " + measured.reason};
    else if (order == declared && measured.verdict == "inconclusive" && orders->nodes_are_row_sums)
      measured = {"pass", coefficients + ", as declared; the measurement could not settle: " + measured.reason};
    else if (order > declared && measured.verdict == above_declared_verdict)
      measured.reason += "; " + coefficients;
  }
  const int declared_estimate = stepper.error_estimate_order;
  if (declared_estimate > 0 && orders->estimate && *orders->estimate < declared_estimate && measured.verdict != "fail")
    measured = {"fail", "its estimate's recovered weights have order " + std::to_string(*orders->estimate) + how +
                            ", declared " + std::to_string(declared_estimate) + "; " + measured.reason};
  return measured;
}

// The identity section: the identity study's result as its JSON, its orders typed; a recovery
// that throws is the section's error.
battery_identity identity_section(const user_stepper& stepper) {
  try {
    const auto identity = stepper_identity(stepper);
    return {.section = to_json(identity), .orders = identity.orders};
  } catch (const std::exception& e) {
    return {.section = {{"error", e.what()}}};
  }
}

}  // namespace

battery_verdict overall_battery_verdict(const std::vector<battery_order_run>& runs, int declared_order,
                                        const order_policy& policy) {
  if (declared_order == 0) return {"not declared", "the stepper declares no order: measured only"};
  const auto is = [](const char* name) { return [name](const battery_order_run& run) { return run.verdict == name; }; };
  if (std::any_of(runs.begin(), runs.end(), is("fail")))
    return {"fail", "fails on " + reasons_of(runs, [](const battery_order_run& r) { return r.verdict == "fail"; })};
  if (!runs.empty() && std::all_of(runs.begin(), runs.end(), is("pass")))
    return {"pass", "order " + std::to_string(declared_order) + " on every problem"};
  if (!runs.empty() && std::all_of(runs.begin(), runs.end(), settled_above)) {
    const bool confirmed = std::all_of(runs.begin(), runs.end(), is("superconvergent"));
    return {std::string(above_declared_verdict),
            "measures " + measured_range_text(runs, policy) + "; declared " + std::to_string(declared_order) +
                (confirmed ? " (settled, clear of the band, confirmed in a wider scalar)"
                           : " (settled, clear of the band; not confirmed in a wider scalar: the library steps in "
                             "double only)")};
  }
  return {"inconclusive", reasons_of(runs, [](const battery_order_run& r) { return r.verdict != "pass"; })};
}

std::vector<std::string> battery_order_problems(const user_stepper& stepper) {
  if (!stepper.separable) return testing::gate_problems();
  std::vector<std::string> names;
  for (const auto& problem : problem_catalog()) {
    const auto& info = problem.info;
    if (info.separable && info.second_order && info.has_exact && info.nonlinear && !info.stiff)
      names.push_back(info.name);
  }
  return names;
}

void require_benign_step(const user_stepper& stepper) {
  state_of<double> y;
  try {
    y = stepper.step(user_rhs(harmonic_rhs), 0, harmonic_start, benign_step);
  } catch (const std::exception& e) {
    throw stepper_refused("its first step on the harmonic oscillator failed: " + std::string(e.what()));
  }
  if (y.size() != harmonic_start.size())
    throw stepper_refused("its step on the harmonic oscillator returned " + std::to_string(y.size()) +
                          " values for a state of " + std::to_string(harmonic_start.size()));
  for (double v : y)
    if (!std::isfinite(v)) {
      std::ostringstream out;
      out << "its step writes a non-finite value (" << v
          << ") on the harmonic oscillator (y = (1, 0), h = " << benign_step << ")";
      throw stepper_refused(out.str());
    }
}

battery_result stepper_battery(const user_stepper& stepper, const battery_stage_observer& on_stage) {
  const auto stage = [&](const std::string& name) {
    if (on_stage) on_stage(name);
  };
  stage("the first step");
  require_benign_step(stepper);
  const order_policy& policy = default_order_policy();
  battery_result b{.name = stepper.name,
                   .declared_order = stepper.declared_order,
                   .separable = stepper.separable,
                   .closest_method = stepper.closest_method,
                   .closest_method_known = find_method(stepper.closest_method) != nullptr};
  stage("the cost count");
  b.cost = cost(stepper);
  // Which method the step computes, read from its coefficients (method_identity_json.hpp).
  stage("the method's identity");
  b.identity = identity_section(stepper);

  for (const auto& problem : battery_order_problems(stepper)) {
    stage("the order on " + problem);
    b.runs.push_back(order_run(stepper, problem, policy));
  }
  b.problems_from = stepper.separable ? "the catalog's non-stiff separable second-order problems with "
                                        "a closed-form solution (the step needs y = (q, v))"
                                      : "the gate's problems (orderly gate)";
  b.order_policy_json = to_json(policy);

  for (const auto& problem : energy_problems()) {
    stage("the energy on " + problem);
    b.energy[problem] = guarded([&] { return to_json(user_energy(stepper, problem)); });
  }
  stage("the stability region");
  b.stability = guarded([&] { return to_json(empirical_stability(stepper)); });
  stage("the game table");
  b.game_table = guarded([&] { return to_json(game_limits(stepper)); });
  b.what_it_does = what_it_does(b);
  b.verdict = decided_by_coefficients(overall_battery_verdict(b.runs, stepper.declared_order, policy),
                                      b.identity.orders, stepper);
  return b;
}

}  // namespace orderly
