#pragma once
// The order policy: every threshold the convergence study, the gate and the gtest macros use to
// classify points, choose the fit window, judge a measured order and refine a run. One struct,
// written into every JSON result, so a verdict can always be traced to the numbers behind it.
#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdint>

namespace orderly {

struct order_policy {
  // --- The band around the declared order p ---
  // A measured order in [p - band_below, p + band_above] passes. Below: a defect costs at least a
  // whole order in every case the mutation suite holds, while pairs with small principal error
  // terms settle within a few hundredths of p; 0.15 leaves room for that and none for a defect.
  // Above: half an order is the smallest superconvergence worth a claim (a pair's propagated
  // weights, a symmetric method on a problem that cancels a term).
  double band_below = 0.15;
  double band_above = 0.5;
  // A pass needs an uncertainty no wider than this: a wider interval says nothing about p.
  double max_uncertainty_for_pass = 0.5;

  // --- Settled slopes ---
  // Local slopes have settled when the last two in the window differ by at most
  // max(slope_settle_absolute, slope_settle_relative * p): the asymptotic drift s_k - p ~ D h_k
  // halves per doubling, so two slopes this close leave at most the same again to drift.
  double slope_settle_absolute = 0.05;
  double slope_settle_relative = 0.01;

  // --- Pre-asymptotic errors ---
  // A run whose finest usable error is still this large relative to the solution's size is
  // saturated: an error as large as half the solution is bounded by the solution itself (a wrong
  // orbit is at most an orbit away), so its slope says nothing about the order (euler on arenstorf
  // at 2^18 steps). Below that an error can still fall, and settled slopes are evidence.
  double pre_asymptotic_relative_error = 0.5;

  // --- Round-off ---
  // Errors below roundoff_floor_factor x the rounding estimate eps |y| sqrt(N) are rounding.
  double roundoff_floor_factor = 10;
  // Within near_floor_factor x that estimate, a trailing slope that collapses below the median by
  // more than max(collapse_absolute, collapse_relative |median|) is rounding too; far above the
  // floor a falling slope is a real loss of order and stays in.
  double near_floor_factor = 1000;
  double collapse_absolute = 0.3;
  double collapse_relative = 0.1;
  // A point within shadow_trigger_factor x the estimate is rerun in the next more precise scalar;
  // if the two runs differ by more than rounding_fraction of its error, rounding is not negligible.
  double shadow_trigger_factor = 1e4;
  double rounding_fraction = 0.1;

  // --- The reference ---
  // Errors must stay above reference_factor x the reference's certified accuracy (CONTRIBUTING.md:
  // a reference's error is at most 1e-3 of the smallest error measured against it).
  double reference_factor = 1000;

  // --- Refinement budget ---
  // Grids double from 4 steps to 2^14 by default; a run that is not yet settled gets up to
  // extra_doublings more grids, and a run whose window is cut by round-off (or whose
  // superconvergence needs confirming) is repeated in up to max_scalar_escalations more precise
  // scalars. No grid beyond max_budget_steps steps is ever run.
  int extra_doublings = 4;
  int max_scalar_escalations = 2;
  std::size_t max_budget_steps = std::size_t{1} << 20;
};

inline const order_policy& default_order_policy() {
  static const order_policy policy;
  return policy;
}

inline nlohmann::json to_json(const order_policy& p) {
  return {{"band_below", p.band_below},
          {"band_above", p.band_above},
          {"max_uncertainty_for_pass", p.max_uncertainty_for_pass},
          {"slope_settle_absolute", p.slope_settle_absolute},
          {"slope_settle_relative", p.slope_settle_relative},
          {"pre_asymptotic_relative_error", p.pre_asymptotic_relative_error},
          {"roundoff_floor_factor", p.roundoff_floor_factor},
          {"near_floor_factor", p.near_floor_factor},
          {"collapse_absolute", p.collapse_absolute},
          {"collapse_relative", p.collapse_relative},
          {"shadow_trigger_factor", p.shadow_trigger_factor},
          {"rounding_fraction", p.rounding_fraction},
          {"reference_factor", p.reference_factor},
          {"extra_doublings", p.extra_doublings},
          {"max_scalar_escalations", p.max_scalar_escalations},
          {"max_budget_steps", p.max_budget_steps}};
}

}  // namespace orderly
