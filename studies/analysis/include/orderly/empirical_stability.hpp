#pragma once
// The stability of a user's stepper, measured: it is known only as a step (user_stepper.hpp), so
// there is no R(z) to analyse; the stepper is run on the linear test problems and its growth over
// several steps decides stable or not.
//
// Schema: orderly.empirical-stability/1.
#include <orderly/user_stepper.hpp>

#include <nlohmann/json.hpp>

#include <optional>
#include <utility>
#include <vector>

namespace orderly {

// A limit measured along a ray: its value, or none where the ray is stable as far as it is
// searched (JSON "unbounded").
using measured_limit = std::optional<double>;

struct stability_ray {
  double angle = 0, radius = 0;  // radius: the first unstable point (0: unstable next to 0)
  bool bounded = false;          // false: stable out to the search radius
};

// The figure's coarse grid: stable[i][k] at y_i (from y_min to y_max), x_k (x_min to x_max).
struct stability_grid {
  double x_min = 0, x_max = 0, y_min = 0, y_max = 0;
  int points = 0;
  std::vector<std::vector<bool>> stable;
};

// y' = lambda y as the real system, z = lambda h.
struct test_equation_stability {
  // The left end -x of the stable interval [-x, 0] next to 0, signed as `orderly analyze` gives it.
  measured_limit real_stability_limit;
  std::vector<std::pair<double, double>> real_axis_stable_stretches;  // [x_low, x_high], nearest to 0 last
  measured_limit imaginary_stability_limit;                           // 0: unstable next to 0
  // When the imaginary limit is 0: where the growth first exceeds round-off.
  std::optional<double> imaginary_roundoff_crossing;
  std::vector<stability_ray> boundary_rays;  // pi/2 to pi
  stability_grid grid;
};

// A separable stepper on the harmonic oscillator and the damped spring (limits in omega h).
struct harmonic_stability {
  measured_limit harmonic_stability_limit, damped_harmonic_stability_limit;
  double damping_times_h = 0;
};

struct empirical_stability_result {
  nlohmann::json stepper;  // the stepper as user_stepper_json describes it
  // One of the two, as the stepper is separable or not.
  std::optional<test_equation_stability> test_equation;
  std::optional<harmonic_stability> harmonic;
};

// A stepper that takes any state: y' = lambda y, lambda = a + i b, as the real system
// [x, y]' = [[a, -b], [b, a]] [x, y] with h = 1; z = lambda h is stable when the per-step growth
// (|y_N| / |y_0|)^(1/N) over N steps stays within round-off of 1 (the rule and N are in the JSON's
// "policy"). Gives the boundary on rays from pi/2 to pi (located by bracketing root finding), the
// real-axis limit (-x for the largest x with every point of [-x, 0] stable, signed as `orderly
// analyze` gives it; every stable stretch of the axis is listed too), the imaginary-axis limit (0
// when the imaginary axis next to 0 is unstable) and a coarse grid of stable / unstable points for
// the figure. "unbounded" where a ray is stable out to the search radius.
// A separable stepper (it needs y = (q, p)) cannot take the complex test equation: it is measured
// on the harmonic oscillator q' = p, p' = -omega^2 q (largest stable omega h) and the damped spring
// q' = p, p' = -k q - c p instead. A step that blows up or throws is an unstable point, never an error.
empirical_stability_result empirical_stability(const user_stepper& stepper);
// Schema orderly.empirical-stability/1, with what each limit means, the rule and the policy.
nlohmann::json to_json(const empirical_stability_result& result);

}  // namespace orderly
