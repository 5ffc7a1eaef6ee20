#pragma once
// The game table's numerical choices, each named with its reason, and written into the JSON.
#include <orderly/linear_test_problems.hpp>

#include <nlohmann/json.hpp>

namespace orderly {

struct game_table_policy {
  static constexpr int frame_rates[] = {60, 120};
  static constexpr double dampings[] = {0, 1};
  // The scan over k: geometric steps from k_scan_start; beyond k_scan_end a method counts as unbounded.
  static constexpr double k_scan_start = 1;
  static constexpr double k_scan_factor = 1.02;
  static constexpr double k_scan_end = 1e9;
  // Bisection stops at this relative width of [k_inside, k_outside].
  static constexpr double k_relative_resolution = 1e-10;
  // Predicted and confirmed limits agree when within this relative difference (the stepper's
  // round-off near |rho| = 1 shifts the confirmed limit by a few units of its scalar's epsilon times
  // the slope; float seeds are not compared with a prediction).
  static constexpr double agreement_tolerance = 1e-6;
  // Where a method has no stable spring, the stepper's apparent limit is a round-off threshold; it
  // agrees with the one the stability function predicts for that threshold to this relative width.
  static constexpr double detection_agreement = 1e-2;
  // The runs that show the limit, at (1 -+ simulation_margin) * k_max: just outside until the
  // amplitude has grown blown_up_factor-fold (at most max_simulation_steps), just inside as long.
  static constexpr int max_simulation_steps = 2000000;
  static constexpr int min_inside_steps = 20000;
  static constexpr int early_steps = 1000;  // the stretch a run's growth is measured against
  static constexpr double simulation_margin = 0.02;
  // Growth of the spring's amplitude that counts as blown up / bounded in those runs.
  static constexpr double blown_up_factor = 10;
  static constexpr double bounded_factor = 2;
  // Spectral radii up to 1 + this many units of a step's round-off count as stable.
  static constexpr double stable_roundoff_units = orderly::stable_roundoff_units;

  static nlohmann::json to_json() {
    return {{"k_scan_start", k_scan_start},
            {"k_scan_factor", k_scan_factor},
            {"k_scan_end", k_scan_end},
            {"k_relative_resolution", k_relative_resolution},
            {"agreement_tolerance", agreement_tolerance},
            {"detection_agreement", detection_agreement},
            {"max_simulation_steps", max_simulation_steps},
            {"min_inside_steps", min_inside_steps},
            {"early_steps", early_steps},
            {"simulation_margin", simulation_margin},
            {"blown_up_factor", blown_up_factor},
            {"bounded_factor", bounded_factor},
            {"stable_roundoff_units", stable_roundoff_units}};
  }
};

}  // namespace orderly
