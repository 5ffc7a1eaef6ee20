#pragma once
// Running a stepper on the linear test problems and deciding stable or not: shared by the method
// analysis (the catalog's steppers beside their R(z)) and the empirical stability of a user's
// stepper (no R(z): the measurement is the result). Internal to the analysis study.
#include <orderly/stepper_factory.hpp>

#include <complex>
#include <functional>
#include <memory>
#include <vector>

namespace orderly::stability_measurement {

using complex = std::complex<double>;

// Makes the stepper under study bound to a problem (the catalog's factory or a user's step). The
// problem outlives the stepper.
using stepper_maker = std::function<std::unique_ptr<bound_stepper<double>>(const typed_problem<double>&)>;

// The per-step growth of a stepper on y' = z y (h = 1), as a function of z; infinite where the
// stepper blows up or fails.
using growth_function = std::function<double(complex z)>;

// y' = z y written as the real system [x, y]' = [[a, -b], [b, a]] [x, y], z = a + i b, from
// (1, 0): the per-step growth (|y_N| / |y_0|)^(1/N) over `steps` steps of h = 1. A Runge-Kutta
// step multiplies y by R(z) as a complex number, so one step already gives |R(z)|; a stepper known
// only by its code is measured over several. The stepper is made once (copies of the returned
// function share it: one thread) and reset before each run.
growth_function test_equation_growth(const stepper_maker& make, int steps);

// The harmonic oscillator q' = p, p' = -x^2 q - c p at h = 1 (x = omega h, c the damping times h):
// the spectral radius of the stepper's step matrix, measured column by column in the scaled
// coordinates (q, p / x), as a function of x. A fresh stepper for each column; infinite where it
// blows up or fails.
std::function<double(double x)> harmonic_step_radius(const stepper_maker& make, double damping);

// A growth within round-off of 1 (analysis_policy::stable_roundoff_units) is stable; a non-finite
// growth (a pole, a failed Newton solve, a blow-up) is not.
bool stable_growth(double growth);

// The first radius along the direction u at which stable() fails: a scan of
// analysis_policy::radial_scan_step from 0, then bisection (Boost.Math) to a few units of double
// round-off. max_radius when it never fails up to max_radius; 0 when it fails at the first scan point.
double first_instability(const std::function<bool(complex)>& stable, complex u, double max_radius);

// The stable stretches of [0, max_radius] along u, as [from, to] pairs, each end bisected like
// first_instability's: a stability region's intersection with a ray need not be connected.
std::vector<std::pair<double, double>> stable_stretches(const std::function<bool(complex)>& stable, complex u,
                                                        double max_radius);

struct region_box {
  double x_min, x_max, y_max;  // the figure shows [x_min, x_max] x [-y_max, y_max]
};

// The figure's box around boundary points, with a margin; A-stable methods (whose unstable set lies
// in the right half-plane) get a box symmetric about the imaginary axis.
region_box box_for(const std::vector<complex>& boundary, bool a_stable);

}  // namespace orderly::stability_measurement
