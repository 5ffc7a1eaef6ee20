// The battery for a user's stepper: order on the gate's (or the separable) problems with the
// gate's machinery, cost by counting the right-hand side's calls, and the measured analyses the
// energy, analysis and game-table studies provide for a user's step.
#include <orderly/convergence_json.hpp>
#include <orderly/empirical_stability.hpp>
#include <orderly/energy.hpp>
#include <orderly/game_table.hpp>
#include <orderly/method_identity_json.hpp>
#include <orderly/order_policy.hpp>
#include <orderly/problem_catalog.hpp>
#include <orderly/stepper_battery.hpp>
#include <orderly/stepper_order.hpp>
#include <orderly/suites.hpp>
#include <orderly/user_stepper_json.hpp>
#include <orderly/verdict.hpp>

#include <cmath>
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

nlohmann::json order_run(const user_stepper& stepper, const std::string& problem, const order_policy& policy) {
  const auto step = [&](const auto& f, double t, const state_of<double>& y, double h) {
    return stepper.step(user_rhs(f), t, y, h);
  };
  const auto m = testing::measure_stepper_order_in<double>(step, problem, error_norm_kind::final, policy);
  nlohmann::json run = to_json(m, stepper.declared_order);
  run["problem"] = problem;
  run["problem_description"] = find_problem(problem)->info.description;
  if (stepper.declared_order > 0) {
    const std::vector<convergence_point> points(m.points.begin(), m.points.end());
    const auto judged = judge_order(points, m.fit, stepper.declared_order, m.solution_scale, false, policy);
    run["verdict"] = verdict_name(judged.outcome);
    run["verdict_code"] = verdict_code_name(judged.code);
    run["verdict_reason"] = judged.reason;
    run["passes"] = gate_accepts(judged);
    run["error_constant_declared"] =
        m.fit.found ? finite_or_null(error_constant_at(points, m.fit, stepper.declared_order)) : nlohmann::json();
  } else {
    run["verdict"] = "not declared";
    run["verdict_reason"] = "the stepper declares no order: measured only";
    run["passes"] = true;
  }
  return run;
}

nlohmann::json cost(const user_stepper& stepper) {
  std::size_t calls = 0;
  const user_rhs counted = [&](double t, const state_of<double>& y) {
    ++calls;
    return harmonic_rhs(t, y);
  };
  auto y = harmonic_start;
  for (int n = 0; n < counted_steps; ++n) y = stepper.step(counted, n * benign_step, std::move(y), benign_step);
  return {{"rhs_evaluations_per_step", static_cast<double>(calls) / counted_steps},
          {"counted_over_steps", counted_steps},
          {"problem", "harmonic oscillator q' = v, v' = -q"},
          {"h", benign_step}};
}

}  // namespace

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

nlohmann::json stepper_battery(const user_stepper& stepper) {
  require_benign_step(stepper);
  const order_policy& policy = default_order_policy();
  nlohmann::json out{{"schema", "orderly.stepper-battery/1"}};
  out.update(user_stepper_json(stepper));  // name, declared_order, separable, closest_method ("" for none)
  out["closest_method_known"] = find_method(stepper.closest_method) != nullptr;
  out["scalar"] = "double";
  out["cost"] = cost(stepper);
  // Which method the step computes, read from its coefficients (method_identity_json.hpp).
  out["identity"] = guarded([&] { return stepper_identity(stepper); });

  nlohmann::json runs = nlohmann::json::array();
  bool passes = true;
  for (const auto& problem : battery_order_problems(stepper)) {
    runs.push_back(order_run(stepper, problem, policy));
    passes = passes && runs.back()["passes"].get<bool>();
  }
  out["order"] = {{"problems_from", stepper.separable ? "the catalog's non-stiff separable second-order problems with "
                                                        "a closed-form solution (the step needs y = (q, v))"
                                                      : "the gate's problems (orderly gate)"},
                  {"norm", norm_name(error_norm_kind::final)},
                  {"policy", to_json(policy)},
                  {"runs", runs}};

  nlohmann::json energy = nlohmann::json::object();
  for (const auto& problem : energy_problems())
    energy[problem] = guarded([&] { return user_energy(stepper, problem); });
  out["energy"] = energy;
  out["stability"] = guarded([&] { return empirical_stability(stepper); });
  out["game_table"] = guarded([&] { return game_limits(stepper); });
  out["verdict"] = stepper.declared_order == 0 ? "not declared" : passes ? "pass" : "fail";
  return out;
}

}  // namespace orderly
