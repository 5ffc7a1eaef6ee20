// The stability of a user's stepper, measured on the linear test problems (empirical_stability.hpp).
#include <orderly/analysis_policy.hpp>
#include <orderly/bound_user_stepper.hpp>
#include <orderly/empirical_stability.hpp>
#include <orderly/user_stepper_json.hpp>

#include "stability_measurement.hpp"

#include <cmath>
#include <numbers>
#include <string>
#include <vector>

namespace orderly {
namespace {

using policy = analysis_policy;
using stability_measurement::complex;

stability_measurement::stepper_maker user_maker(const user_stepper& stepper) {
  return [&stepper](const typed_problem<double>& problem) { return bind_user_stepper(stepper, problem); };
}

std::string stable_rule(const std::string& growth) {
  return growth + " <= 1 + " + std::to_string(static_cast<int>(policy::stable_roundoff_units)) +
         " eps (double round-off); a blow-up or a failed step is unstable";
}

// A crossing before the first point of the scan is the round-off's: the growth exceeds 1 by more
// than round-off already at the smallest radius probed, so the ray is unstable next to 0 (forward
// Euler's imaginary axis: 1 + y^2 / 2 passes 1 + 64 eps at y = sqrt(128 eps)).
double limit_of(double crossing) { return crossing < policy::radial_scan_step ? 0 : crossing; }

// A limit measured along a ray: none ("unbounded") when the ray is stable as far as it is searched.
measured_limit limit_along(double crossing) {
  return crossing >= policy::empirical_search_radius ? std::nullopt : std::optional(limit_of(crossing));
}

nlohmann::json limit_json(const measured_limit& limit) {
  return limit ? nlohmann::json(*limit) : nlohmann::json("unbounded");
}

// The point z = -r of the negative real axis (0 stays +0 in the JSON).
double on_negative_axis(double r) { return r == 0 ? 0.0 : -r; }

test_equation_stability test_equation(const user_stepper& stepper) {
  const auto growth = stability_measurement::test_equation_growth(user_maker(stepper), policy::empirical_growth_steps);
  const auto stable = [&](complex z) { return stability_measurement::stable_growth(growth(z)); };
  const double radius = policy::empirical_search_radius;
  test_equation_stability result;

  // The rays of the figure, pi/2 (the imaginary axis) to pi (the negative real axis).
  std::vector<complex> boundary;
  double imaginary_crossing = 0, real_limit = 0;
  for (int k = 0; k <= policy::boundary_rays; ++k) {
    const double angle = std::numbers::pi / 2 + std::numbers::pi / 2 * k / policy::boundary_rays;
    const complex u = std::polar(1.0, angle);
    const double r = stability_measurement::first_instability(stable, u, radius);
    if (k == 0) imaginary_crossing = r;
    if (k == policy::boundary_rays) real_limit = r;
    result.boundary_rays.push_back({.angle = angle, .radius = limit_of(r), .bounded = r < radius});
    if (r < radius) {
      boundary.push_back(limit_of(r) * u);
      boundary.push_back(std::conj(limit_of(r) * u));
    }
  }
  result.real_stability_limit =
      real_limit >= radius ? std::nullopt : std::optional(on_negative_axis(limit_of(real_limit)));
  result.imaginary_stability_limit = limit_along(imaginary_crossing);
  if (limit_of(imaginary_crossing) == 0) result.imaginary_roundoff_crossing = imaginary_crossing;

  // The real axis in full: its stable stretches, so that a stable interval past an unstable gap
  // shows; as intervals [x_low, x_high] of z = x (radii r along -1 are x = -r), nearest to 0 last.
  const auto stretches = stability_measurement::stable_stretches(stable, complex(-1, 0), radius);
  for (auto stretch = stretches.rbegin(); stretch != stretches.rend(); ++stretch)
    result.real_axis_stable_stretches.emplace_back(on_negative_axis(stretch->second), on_negative_axis(stretch->first));

  const auto box = stability_measurement::box_for(boundary, false);
  auto& grid = result.grid;
  grid = {.x_min = box.x_min,
          .x_max = box.x_max,
          .y_min = -box.y_max,
          .y_max = box.y_max,
          .points = policy::empirical_grid_points};
  for (int i = 0; i < policy::empirical_grid_points; ++i) {
    const double y = -box.y_max + 2 * box.y_max * i / (policy::empirical_grid_points - 1);
    std::vector<bool> row;
    for (int k = 0; k < policy::empirical_grid_points; ++k) {
      const double x = box.x_min + (box.x_max - box.x_min) * k / (policy::empirical_grid_points - 1);
      row.push_back(stable(complex(x, y)));
    }
    grid.stable.push_back(std::move(row));
  }
  return result;
}

harmonic_stability harmonic(const user_stepper& stepper) {
  const double radius = policy::empirical_search_radius;
  auto limit_with_damping = [&](double damping) {
    const auto spectral_radius = stability_measurement::harmonic_step_radius(user_maker(stepper), damping);
    return stability_measurement::first_instability(
        [&](complex z) { return stability_measurement::stable_growth(spectral_radius(z.real())); }, complex(1, 0),
        radius);
  };
  return {.harmonic_stability_limit = limit_along(limit_with_damping(0)),
          .damped_harmonic_stability_limit = limit_along(limit_with_damping(policy::empirical_damping_times_h)),
          .damping_times_h = policy::empirical_damping_times_h};
}

nlohmann::json test_equation_json(const test_equation_stability& t) {
  nlohmann::json rays = nlohmann::json::array(), stretches = nlohmann::json::array();
  for (const auto& ray : t.boundary_rays)
    rays.push_back({{"angle", ray.angle}, {"radius", ray.radius}, {"bounded", ray.bounded}});
  for (const auto& [low, high] : t.real_axis_stable_stretches) stretches.push_back({low, high});
  nlohmann::json j = {{"measured_on",
                       "y' = lambda y as the real system [x, y]' = [[a, -b], [b, a]] [x, y], z = lambda h = a + i b, "
                       "h = 1, from (1, 0)"},
                      {"stable_when", stable_rule("the per-step growth (|y_N| / |y_0|)^(1/N) over N = " +
                                                  std::to_string(policy::empirical_growth_steps) + " steps")},
                      {"real_stability_limit", limit_json(t.real_stability_limit)},
                      {"real_axis_stable_stretches", std::move(stretches)},
                      {"imaginary_stability_limit", limit_json(t.imaginary_stability_limit)},
                      {"boundary_rays", std::move(rays)},
                      {"grid",
                       {{"x_min", t.grid.x_min},
                        {"x_max", t.grid.x_max},
                        {"y_min", t.grid.y_min},
                        {"y_max", t.grid.y_max},
                        {"points", t.grid.points},
                        {"stable", t.grid.stable}}}};
  j["real_stability_limit_means"] =
      "the left end -x of the stable interval [-x, 0] next to 0, as orderly analyze gives it (the axis scanned "
      "at radial_scan_step, each change bisected; real_axis_stable_stretches lists every stable interval)";
  if (t.imaginary_roundoff_crossing) {
    j["imaginary_roundoff_crossing"] = *t.imaginary_roundoff_crossing;
    j["imaginary_stability_limit_means"] =
        "0: the imaginary axis is unstable next to 0; the growth exceeds round-off from the crossing given on";
  }
  return j;
}

nlohmann::json harmonic_json(const harmonic_stability& h) {
  return {{"measured_on",
           "the harmonic oscillator q' = p, p' = -omega^2 q, and the damped spring q' = p, p' = -omega^2 q - c p, "
           "h = 1 (a separable stepper needs y = (q, p) and cannot take the complex test equation)"},
          {"stable_when", stable_rule("the spectral radius of the step matrix, measured column by column")},
          {"harmonic_stability_limit", limit_json(h.harmonic_stability_limit)},
          {"harmonic_stability_limit_means", "the largest omega h with every omega h in (0, limit] stable, undamped"},
          {"damped_harmonic_stability_limit", limit_json(h.damped_harmonic_stability_limit)},
          {"damping_times_h", h.damping_times_h}};
}

}  // namespace

empirical_stability_result empirical_stability(const user_stepper& stepper) {
  empirical_stability_result result{.stepper = user_stepper_json(stepper)};
  if (stepper.separable)
    result.harmonic = harmonic(stepper);
  else
    result.test_equation = test_equation(stepper);
  return result;
}

nlohmann::json to_json(const empirical_stability_result& result) {
  nlohmann::json j = {{"schema", "orderly.empirical-stability/1"}, {"stepper", result.stepper}};
  if (result.harmonic) j.update(harmonic_json(*result.harmonic));
  if (result.test_equation) j.update(test_equation_json(*result.test_equation));
  j["policy"] = policy::to_json();
  return j;
}

}  // namespace orderly
