#pragma once
// The stability of a user's stepper, measured: it is known only as a step (user_stepper.hpp), so
// there is no R(z) to analyse; the stepper is run on the linear test problems and its growth over
// several steps decides stable or not.
//
// Schema: orderly.empirical-stability/1.
#include <orderly/user_stepper.hpp>

#include <nlohmann/json.hpp>

namespace orderly {

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
nlohmann::json empirical_stability(const user_stepper& stepper);

}  // namespace orderly
