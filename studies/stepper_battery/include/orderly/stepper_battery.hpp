#pragma once
// The battery for a stepper Orderly did not write (user_stepper.hpp): what the catalog's methods
// get, measured with the step alone. Its convergence order and error constant on the gate's
// problems (a separable stepper: on the catalog's separable second-order problems with a closed
// form, since the gate's are not all of that shape), judged by the gate's order policy and
// verdicts; its cost in right-hand-side evaluations per step; the energy study on the harmonic
// oscillator and Kepler; the empirical stability region; the game table's stiffest stable spring.
//
// Schema: orderly.stepper-battery/1.
//
// From C++, without a shared library:
//
//   auto my_rk2 = [](auto&& f, double t, std::vector<double> y, double h) { ...; return y; };
//   const auto battery = orderly::stepper_battery(orderly::as_user_stepper(my_rk2, "my-rk2", 2));
//   EXPECT_EQ(battery.verdict.verdict, "pass");
#include <orderly/method_identity_json.hpp>
#include <orderly/order_policy.hpp>
#include <orderly/rhs.hpp>
#include <orderly/user_stepper.hpp>

#include <nlohmann/json.hpp>

#include <functional>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace orderly {

// A stepper the battery cannot judge at all (it writes NaN on a benign problem, throws on its
// first step): what the CLI reports as bad input, with the reason.
struct stepper_refused : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The stepper's step called as step(f, t, y, h) -> y with y a std::vector<double> and f(t, y) ->
// dy/dt, the form EXPECT_CONVERGENCE_ORDER takes.
template <class Step>
user_stepper as_user_stepper(Step step, std::string name, int declared_order, bool separable = false,
                             std::string closest_method = {}) {
  return {.name = std::move(name),
          .declared_order = declared_order,
          .separable = separable,
          .closest_method = std::move(closest_method),
          .step = [step = std::move(step)](const user_rhs& f, double t, state_of<double> y, double h) {
            return step(f, t, std::move(y), h);
          }};
}

// The problems the stepper's order is measured on: the gate's, or for a separable stepper the
// catalog's non-stiff separable second-order problems with a closed-form solution.
std::vector<std::string> battery_order_problems(const user_stepper& stepper);

// Throws stepper_refused when the stepper cannot take one benign step (harmonic oscillator).
void require_benign_step(const user_stepper& stepper);

// The step's cost, counted on the harmonic oscillator.
struct battery_cost {
  double rhs_evaluations_per_step = 0;
  int counted_over_steps = 0;
  std::string problem;
  double h = 0;
};

// The run in double a wider scalar was asked to decide.
struct refined_origin {
  std::string scalar;
  std::optional<double> measured_order;
  std::string verdict, verdict_code, verdict_reason;
};

// One order run: its measurement (convergence_json.hpp's fields: the grids, the fit, the lines a
// figure draws) and its judgement at the declared order.
struct battery_order_run {
  std::string problem, problem_description, scalar;
  nlohmann::json measurement;  // to_json(order_measurement, declared order)
  std::optional<double> measured_order, order_uncertainty, error_constant;
  // verdict_name() of the judgement, or "not declared"; the code only for a judged run.
  std::string verdict, verdict_reason;
  std::optional<std::string> verdict_code;
  bool passes = false;
  bool judged = false;                            // an order was declared
  std::optional<double> error_constant_declared;  // judged runs: null when the fit found no window
  std::optional<std::string> not_refined;         // why a wider scalar was not tried
  std::optional<refined_origin> refined_from;
};

// The battery's verdict over its order runs, by the gate's rules (verdict.hpp): "pass" when every
// run passes at the declared order; "fail" when a run's slopes settled with the interval wholly
// below the band; above_declared_verdict when every run settled clear above it ("measures 3 on
// every problem; declared 2"); "inconclusive" otherwise, with each unsettled run's reason; "not
// declared" without an order. `orderly check --stepper` exits 0, 1, 4, 3 and 0 for these.
inline constexpr const char* above_declared_verdict = "above the declared order";
struct battery_verdict {
  std::string verdict, reason;
};
battery_verdict overall_battery_verdict(const std::vector<battery_order_run>& runs, int declared_order,
                                        const order_policy& policy = default_order_policy());

// The identity section (method_identity_json.hpp): its JSON as the identity study writes it (or
// {"error": ...} when the recovery threw), and the orders the verdict reads, typed.
struct battery_identity {
  nlohmann::json section;
  std::optional<recovered_orders> orders;
  // The recovered tableau as a tableau file, or nullptr.
  const nlohmann::json* tableau() const;
  bool failed() const { return section.is_object() && section.contains("error"); }
};

// The whole battery. The analyses other studies provide for a user's step (energy, the empirical
// stability region, the game table, the closest method's analysis) are kept as their studies'
// JSON ({"error": ...} where one threw).
struct battery_result {
  std::string name;
  int declared_order = 0;
  bool separable = false;
  std::string closest_method;  // "" for none
  bool closest_method_known = false;
  battery_cost cost;
  battery_identity identity;
  std::string problems_from;
  nlohmann::json order_policy_json;  // the order policy the runs were judged by
  std::vector<battery_order_run> runs;
  std::map<std::string, nlohmann::json> energy;  // by problem
  nlohmann::json stability, game_table;
  std::vector<std::string> what_it_does;
  battery_verdict verdict;
};

// Schema orderly.stepper-battery/1.
nlohmann::json to_json(const battery_result& b);
// The battery as to_json wrote it (the isolated battery's child writes it to a pipe; the parent
// reads it back once); throws nlohmann::json::exception for a field of the wrong type.
battery_result battery_from_json(const nlohmann::json& j);

// Throws stepper_refused as require_benign_step does. on_stage, when given, is told each stage's
// name as the battery enters it (the isolated battery's watchdog times the stages).
using battery_stage_observer = std::function<void(const std::string& stage)>;
battery_result stepper_battery(const user_stepper& stepper, const battery_stage_observer& on_stage = {});

// The battery as the lines `orderly check --stepper` prints: the verdict first.
std::string battery_text(const battery_result& battery);

}  // namespace orderly
