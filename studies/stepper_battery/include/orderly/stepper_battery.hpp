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
//   EXPECT_EQ(battery["verdict"], "pass");
#include <orderly/order_policy.hpp>
#include <orderly/rhs.hpp>
#include <orderly/user_stepper.hpp>

#include <nlohmann/json.hpp>

#include <functional>
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

// The battery's verdict over its order runs, by the gate's rules (verdict.hpp): "pass" when every
// run passes at the declared order; "fail" when a run's slopes settled with the interval wholly
// below the band; above_declared_verdict when every run settled clear above it ("measures 3 on
// every problem; declared 2"); "inconclusive" otherwise, with each unsettled run's reason; "not
// declared" without an order. `orderly check --stepper` exits 0, 1, 4, 3 and 0 for these.
inline constexpr const char* above_declared_verdict = "above the declared order";
struct battery_verdict {
  std::string verdict, reason;
};
battery_verdict overall_battery_verdict(const nlohmann::json& runs, int declared_order,
                                        const order_policy& policy = default_order_policy());

// The whole battery ({"schema": "orderly.stepper-battery/1"}); "verdict" and "verdict_reason" as
// overall_battery_verdict gives them.
// Throws stepper_refused as require_benign_step does. on_stage, when given, is told each stage's
// name as the battery enters it (the isolated battery's watchdog times the stages).
using battery_stage_observer = std::function<void(const std::string& stage)>;
nlohmann::json stepper_battery(const user_stepper& stepper, const battery_stage_observer& on_stage = {});

// The battery as the lines `orderly check --stepper` prints: the verdict first.
std::string battery_text(const nlohmann::json& battery);

}  // namespace orderly
