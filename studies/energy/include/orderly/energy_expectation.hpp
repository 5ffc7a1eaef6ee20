#pragma once
// What a method's coefficients promise about the energy (integrators/analysis/geometric_properties.hpp),
// in the terms the energy study checks a run against: the class, the horizon of a conjugate
// symplectic method, the drift law on the harmonic oscillator from the modified equation.
#include <orderly/catalog.hpp>

#include <array>
#include <optional>
#include <utility>
#include <vector>
#include <string>

namespace orderly {

struct coefficient_expectation {
  std::string energy_class;  // "bounded", "bounded-to-horizon", "drift"
  std::string text;          // the expectation in words, with what it is derived from
  bool symplectic = false;
  bool symmetric = false;
  int order = 0;
  // Conjugate symplectic to order r > p: energy error O(h^p) + O(t h^r), bounded up to t ~ h^-k, k = r - p.
  std::optional<int> horizon_exponent;
  bool horizon_at_least = false;  // the conjugacy test reached its limit without a failure
  // The harmonic oscillator's drift from the modified equation: d ln H/dt = coefficient omega^power h^(power-1).
  std::optional<int> drift_power;
  std::optional<double> drift_coefficient;
  std::string derived_from;  // "tableau", "splitting coefficients", or the catalog method a seed computes
  // The modified field's terms of the first even tree order n >= p + 1 (odd orders give no secular drift
  // on a reversible problem): (tree index in bseries_trees_up_to(tree_forest_order), b(t)).
  int drift_tree_order = 0, tree_forest_order = 0;
  std::vector<std::pair<int, double>> drift_terms;
};

// The expectation of a catalog method: a Runge-Kutta tableau's properties, a splitting method's
// (symplectic by construction), a seed specimen's catalog equivalent's; none for a Rosenbrock method
// (no Runge-Kutta tableau to analyse) or a specimen without an equivalent. Computed once per method.
std::optional<coefficient_expectation> coefficient_expectation_of(const method_entry& method);

// Kepler's problem q'' = -q/|q|^3 from y0 = (q1, q2, p1, p2) (a bound orbit): the predicted relative
// drift rate d((H - H0)/|H0|)/dt = h^(n-1) <grad H . G_n> / |H0|, G_n = sum over trees of order n of
// b(t)/sigma(t) F(t), the average over one period of the exact orbit (uniform in the mean anomaly;
// the integrand is invariant under the orbit's rotation and time shift, so a and e alone decide it).
// The elementary differentials use the multilinear derivatives of the force, by polarization of
// its Taylor series along lines in long double. None when no drift term is known (n beyond the trees).
std::optional<double> predicted_kepler_drift_rate(const method_entry& method, const std::array<double, 4>& y0,
                                                  double h);
inline constexpr int kepler_average_points = 256;

// The leading term's prediction along a run of Kepler's problem: d((H - H0)/|H0|)/dt = rate(y) |H(y)|/|H0|
// with rate(y) the prediction above at the orbit through the sample's state y (its own a and e),
// integrated by the trapezoidal rule from t = 0 (rate_at_start, y0) over the samples (times, the
// measured deviations (H - H0)/|H0| there, states); returned as ln(1 + dev)/t at the last sample.
// None if a sample's orbit is no longer bound.
std::optional<double> kepler_drift_rate_along_run(const method_entry& method, const std::vector<double>& times,
                                                  const std::vector<double>& deviations,
                                                  const std::vector<std::array<double, 4>>& states, double h,
                                                  double rate_at_start);

// The harmonic oscillator's predicted relative drift rate d ln H/dt at frequency omega and step h.
double predicted_harmonic_drift_rate(const coefficient_expectation& e, double omega, double h);

}  // namespace orderly
