// What theory expects of an energy run's growths, and whether the run agrees (energy.hpp:
// energy_theory_of, phase_theory_of, roundoff_theory_of).
#include <orderly/energy.hpp>
#include <orderly/formatted.hpp>

#include <algorithm>
#include <cmath>
#include <string>

namespace orderly {

namespace {

// Brouwer's law for the run's n steps: eps sqrt(n).
double brouwer_level(const energy_result& r) {
  return r.samples.empty() ? 0 : r.epsilon * std::sqrt(static_cast<double>(r.samples.back().step));
}

bool energy_at_roundoff(const energy_result& r) {
  return !r.samples.empty() && r.samples.back().envelope <= r.policy.roundoff_level * brouwer_level(r);
}

std::string roundoff_reason(const energy_result& r) {
  return formatted(
      "energy at round-off: envelope %.3g <= roundoff_level x eps sqrt(n) = %.3g; the truncation "
      "error is below the round-off, whose random walk (Brouwer's law) is what grows",
      r.samples.back().envelope, r.policy.roundoff_level * brouwer_level(r));
}

// A disagreement the horizon explains: over the window's second half the exponent is nearer the
// model range than over its first half, so a bounded or lower-order part of the error still
// dominates the window's start and the fit over the whole window lags behind the model.
void explain_by_horizon(theory_check& c, const growth_fit& fit) {
  if (c.agrees || !c.reason.empty() || !fit.found || !c.exponent_low) return;
  auto distance = [&](double p) { return std::max({*c.exponent_low - p, p - *c.exponent_high, 0.0}); };
  if (!(distance(fit.second_half_exponent) < distance(fit.first_half_exponent))) return;
  c.reason = formatted(
      "horizon: the exponent moves from %.2f (first half of the window) to %.2f (second half) towards "
      "%.3g: a bounded or lower-order part of the error still dominates from t = %.3g; a longer run "
      "reaches the model",
      fit.first_half_exponent, fit.second_half_exponent,
      fit.second_half_exponent < *c.exponent_low ? *c.exponent_low : *c.exponent_high, fit.t_from);
}

bool solved_exactly(const energy_result& r) { return !r.newton_tolerance || *r.newton_tolerance == 0; }

}  // namespace

theory_check energy_theory_of(const energy_result& r) {
  theory_check c;
  const bool conserving = r.symplectic && solved_exactly(r);
  const auto& promised = r.coefficients;
  double low = 1, high = 1;  // the model exponents: 0 bounded, 1 linear drift
  if (conserving) {
    low = high = 0;
    c.expected = promised ? promised->text : "bounded (symplectic)";
  } else if (r.symplectic) {
    c.expected =
        "linear drift (symplectic only as the exact solution of its stage equations; Newton stopped short of it)";
  } else if (promised && promised->horizon_exponent && r.h > 0) {
    // Conjugate symplectic to order p + k: bounded until t ~ h^-k, a drift after it.
    const int k = *promised->horizon_exponent;
    const double horizon = std::pow(r.h, -k);
    if (horizon >= r.energy_growth.t_to) {
      low = high = 0;
      c.expected = promised->text + formatted("; the run ends at t = %.3g, before h^-%d = %.3g: bounded",
                                              r.energy_growth.t_to, k, horizon);
    } else if (promised->symmetric) {
      // Every problem of the study is reversible (H even in p): a symmetric method's energy error stays
      // bounded there (reversible KAM theory, HLW Sect. XI), whatever its horizon.
      low = high = 0;
      c.expected = promised->text + "; symmetric, on a reversible problem: bounded";
    } else if (promised->horizon_at_least) {
      low = 0;
      c.expected = promised->text +
                   formatted("; past h^-%d = %.3g the conjugacy test's reach ends: bounded or a drift", k, horizon);
    } else if (horizon <= r.energy_growth.t_from) {
      c.expected = promised->text + formatted("; the fit window starts at t = %.3g, past h^-%d = %.3g: linear drift",
                                              r.energy_growth.t_from, k, horizon);
    } else {
      low = 0;
      c.expected = promised->text +
                   formatted("; h^-%d = %.3g lies inside the fit window: between bounded and linear drift", k, horizon);
    }
  } else {
    c.expected = promised ? promised->text : "linear drift (not symplectic)";
  }
  c.exponent_low = low;
  c.exponent_high = high;
  const auto expected = high == 0 ? energy_growth_class::bounded : energy_growth_class::linear_drift;
  const auto measured = r.energy_growth.growth_class;
  c.agrees = low == high ? measured == expected
                         : r.energy_growth.found && (measured == energy_growth_class::bounded ||
                                                     measured == energy_growth_class::random_walk ||
                                                     measured == energy_growth_class::linear_drift);
  if (c.agrees) return c;
  if (measured == energy_growth_class::saturated && high > 0)
    c.reason = "the drift reached the size of the energy (saturated): the solution is lost";
  else if (measured == energy_growth_class::unstable)
    c.reason = "the run blew up (" + r.failure + "): the step is outside the method's stability region";
  else if ((measured == energy_growth_class::random_walk || measured == energy_growth_class::bounded) &&
           energy_at_roundoff(r))
    c.reason = roundoff_reason(r);
  else if (r.symplectic && !solved_exactly(r) && r.momentum_growth.growth_class == energy_growth_class::linear_drift)
    // A Gauss method conserves the angular momentum (a quadratic invariant) exactly when its stages
    // are solved; its linear drift is the loose solve's, which the energy's bounded truncation error
    // still hides at this horizon.
    c.reason =
        "the loose solve's drift is below the bounded truncation error of the energy at this horizon; the "
        "angular momentum, conserved exactly by a solved Gauss method, drifts linearly (exponent " +
        std::to_string(r.momentum_growth.exponent).substr(0, 5) + ")";
  explain_by_horizon(c, r.energy_growth);
  return c;
}

theory_check phase_theory_of(const energy_result& r) {
  theory_check c;
  const auto energy = r.energy_growth.growth_class;
  if (energy == energy_growth_class::saturated || energy == energy_growth_class::unstable) {
    c.expected = "none: the orbit is lost";
    c.agrees = r.phase_growth.growth_class == energy_growth_class::saturated;
    c.reason = "the energy is " + std::string(class_name(energy)) + ": the anomaly of a lost orbit is no phase";
    return c;
  }
  // The phase follows the energy as measured: the frequency of a Kepler orbit is a function of its
  // energy, so a bounded energy gives a constant frequency error, a drift a drifting one.
  if (energy == energy_growth_class::random_walk) {
    // The random walk of the frequency gives t^(3/2); a constant frequency error of the truncation
    // adds a linear term, which dominates while it is larger.
    c.expected = "between t (a constant frequency error) and t^(3/2) (a random walk of the energy, integrated)";
    c.exponent_low = 1.0;
    c.exponent_high = 1.5;
  } else {
    const bool bounded = energy == energy_growth_class::bounded;
    c.expected = bounded ? "t (bounded energy: a constant frequency error)" : "t^2 (a drifting energy and frequency)";
    c.exponent_low = c.exponent_high = bounded ? 1.0 : 2.0;
  }
  c.agrees = r.phase_growth.found && r.phase_growth.exponent >= *c.exponent_low - r.policy.exponent_agreement &&
             r.phase_growth.exponent <= *c.exponent_high + r.policy.exponent_agreement;
  explain_by_horizon(c, r.phase_growth);
  return c;
}

theory_check roundoff_theory_of(const energy_result& r) {
  theory_check c;
  const double expected = r.compensated ? 0.0 : 0.5;
  c.expected = r.compensated ? "bounded (compensated update)" : "t^(1/2) (Brouwer's law: the update's rounding)";
  c.exponent_low = c.exponent_high = expected;
  c.agrees = r.roundoff_growth.found && std::fabs(r.roundoff_growth.exponent - expected) <= r.policy.exponent_agreement;
  return c;
}

}  // namespace orderly
