#pragma once
// The method analysis's numerical choices, each named with its reason, and written into the JSON.
#include <orderly/analysis/rosenbrock_order_conditions.hpp>
#include <orderly/linear_test_problems.hpp>

#include <nlohmann/json.hpp>

namespace orderly {

struct analysis_policy {
  // Grid of the region figure and of the empirical comparison (points per axis).
  static constexpr int region_grid_points = 121;
  // Rays from the origin on which the stepper's own boundary is located (upper-left quadrant).
  static constexpr int boundary_rays = 24;
  // Resolution of the radial scan before bisection; the bisection then narrows to double precision.
  static constexpr double radial_scan_step = 1.0 / 256;
  // Angles at which the boundary locus R(z) = e^(i theta) is solved.
  static constexpr int locus_angles = 720;
  // A one-step growth counts as stable up to this many units of round-off above 1.
  static constexpr double stable_roundoff_units = orderly::stable_roundoff_units;
  // Grid points with | |R| - 1 | below this are on the boundary to within the double evaluation of
  // R and are not compared (the boundary is compared on rays instead).
  static constexpr double boundary_band = 1e-9;
  // Largest box half-width drawn for methods whose region is unbounded.
  static constexpr double unbounded_region_extent = 10;
  // Digits a sum of products of published coefficients may lose against their own precision.
  static constexpr int residual_digits_lost = rosenbrock_residual_digits_lost;

  // A user's stepper (empirical_stability.hpp), known only by its code: its growth on the test
  // equation is measured over this many steps, (|y_N| / |y_0|)^(1/N), so that a step that is not
  // a plain multiplication by R(z) is judged by what it does over several steps. Its figure's grid
  // is coarser (every point costs that many steps).
  static constexpr int empirical_growth_steps = 16;
  static constexpr int empirical_grid_points = 41;
  // Rays are searched out to this radius; a ray stable that far counts as unbounded.
  static constexpr double empirical_search_radius = 1.2 * unbounded_region_extent;
  // The damped harmonic oscillator a separable stepper is measured on: damping c with c h = this,
  // a light damping (a tenth per step): the spring is underdamped for every omega h above
  // c h / 2 = 0.05, so the limit found is the damped oscillation's.
  static constexpr double empirical_damping_times_h = 0.1;

  static nlohmann::json to_json() {
    return {{"region_grid_points", region_grid_points},
            {"boundary_rays", boundary_rays},
            {"radial_scan_step", radial_scan_step},
            {"locus_angles", locus_angles},
            {"stable_roundoff_units", stable_roundoff_units},
            {"boundary_band", boundary_band},
            {"unbounded_region_extent", unbounded_region_extent},
            {"residual_digits_lost", residual_digits_lost},
            {"empirical_growth_steps", empirical_growth_steps},
            {"empirical_grid_points", empirical_grid_points},
            {"empirical_search_radius", empirical_search_radius},
            {"empirical_damping_times_h", empirical_damping_times_h}};
  }
};

}  // namespace orderly
