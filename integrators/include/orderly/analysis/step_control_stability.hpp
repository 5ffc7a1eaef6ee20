#pragma once
// Step-size control stability (G. Hall, "Equilibrium states of Runge-Kutta schemes", ACM TOMS 11
// (1985) 289-301; Hall & Higham, IMA J. Numer. Anal. 8 (1988); Hairer & Wanner, Solving ODEs II,
// IV.2 "Step size control stability"). On y' = lambda y with h lambda limited by stability, an
// adaptive explicit pair settles (if it can) where h lambda = z* lies on the boundary of its
// stability region, |R(z*)| = 1. Near there, with u_n = log(h_n / h*) and rho_n = log |y_n|,
//   rho_{n+1} = rho_n + C_R u_n,          C_R = Re(z R'(z) / R(z)) at z*,
//   log err_n = C_E u_n + rho_n + const,  C_E = Re(z E'(z) / E(z)) at z*,  E = R - R_hat,
// and a controller (step_size_filter.hpp) with gains beta, alpha and k = q + 1 closes the loop:
//   (z - 1)(z^2 + alpha2 z + alpha3) U = -(1/k)(beta1 z^2 + beta2 z + beta3) (C_E + C_R / (z - 1)) U.
// The step size settles when every root of
//   chi(z) = (z - 1)^2 (z^2 + alpha2 z + alpha3) + (1/k)(beta1 z^2 + beta2 z + beta3)(C_E (z - 1) + C_R)
// lies inside the unit circle; for the elementary controller chi reduces to Hairer-Wanner's
// (z - 1)^2 + (C_E / k)(z - 1) + C_R / k (times z^2). C_R and C_E come from the exact stability
// polynomials of both weight sets (stability_function.hpp) at the exact boundary point.
#include <orderly/analysis/stability_function.hpp>

#include <array>
#include <complex>
#include <optional>
#include <vector>

namespace orderly {

// Where a pair's step settles on y' = lambda y, lambda < 0 real, and how R and the estimate vary there.
struct step_control_linearisation {
  double boundary = 0;              // z* = h* lambda: the negative real stability limit, |R(z*)| = 1
  double r_at_boundary = 0;         // R(z*), +1 or -1
  double estimate_at_boundary = 0;  // E(z*) = R(z*) - R_hat(z*)
  double c_r = 0;                   // z R'(z) / R(z) at z*
  double c_e = 0;                   // z E'(z) / E(z) at z*
};

// Empty when the pair is not explicit, has no embedded weights, is stable on the whole negative
// real axis, or its estimate vanishes at the boundary (C_E undefined).
std::optional<step_control_linearisation> linearise_at_real_boundary(const butcher_tableau& tableau);

// The same at the boundary point along the ray z = r e^(i theta) (pi/2 < theta <= pi): the first r
// where |R| reaches 1 going out from 0; the complex point in `point`.
struct step_control_boundary_point {
  std::complex<double> point;
  double c_r = 0, c_e = 0;
};
std::optional<step_control_boundary_point> linearise_on_ray(const butcher_tableau& tableau, double theta);

struct step_control_spectrum {
  double spectral_radius = 0;
  std::vector<std::complex<double>> roots;  // of chi, degree 4
};

// The roots of chi for gains (beta1, beta2, beta3, alpha2, alpha3) (controller_gains::for_order).
step_control_spectrum step_control_spectrum_of(const std::array<double, 5>& gains, int k, double c_r, double c_e);

}  // namespace orderly
