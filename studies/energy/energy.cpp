// The energy study: growth fit and classes, dispatch over scalars, the harmonic prediction, JSON.
#include <orderly/energy.hpp>
#include <orderly/formatted.hpp>
#include <orderly/energy_run.hpp>
#include <orderly/order_fit.hpp>
#include <orderly/problems/support.hpp>
#include <orderly/analysis/method_linear_model.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <complex>
#include <cstdio>
#include <limits>
#include <stdexcept>

namespace orderly {

nlohmann::json energy_policy::to_json() const {
  return {
      {"bins_per_decade", bins_per_decade},
      {"probes_per_bin", probes_per_bin},
      {"fit_decades", fit_decades},
      {"min_fit_points", min_fit_points},
      {"bounded_below", bounded_below},
      {"random_walk_below", random_walk_below},
      {"linear_below", linear_below},
      {"saturated_at", saturated_at},
      {"exponent_agreement", exponent_agreement},
      {"roundoff_level", roundoff_level},
      {"envelope", "running maximum over log-spaced bins of the bin's maximum over its probes"},
      {"fit", "least squares of log envelope on log t over [t_end / 10^fit_decades, t_end]"},
      {"uncertainty", "max(2 x standard error of the slope, |slope(first half) - slope(second half)| / 2)"},
      {"classes",
       "exponent < bounded_below: bounded; < random_walk_below: random-walk (t^(1/2), Brouwer's law); "
       "< linear_below: linear-drift; else faster. Decided on the whole record first: a value that is not finite "
       "or a blow-up of the run: unstable; a relative error (energy, angular momentum) >= saturated_at anywhere, "
       "the end included: saturated (the quantity is lost)"},
      {"theory",
       "energy: from the coefficients (geometric_properties): bounded for a symplectic method with its stage "
       "equations solved to round-off; for a method conjugate symplectic to order p + k, bounded while t_end < h^-k, "
       "linear-drift once the fit window starts past h^-k, either in between; linear-drift otherwise (a random walk or "
       "bounded energy at round-off, envelope <= roundoff_level x eps sqrt(n), is "
       "explained by it); phase (Kepler, mean anomaly), from the energy's measured class: exponent 1 for "
       "bounded, 2 for a drift, 1 to 3/2 for a random walk; a disagreement whose slope over the window's second "
       "half is nearer the model than over its first half is explained by the horizon; round-off alone (shadow run): "
       "exponent 1/2 plain, 0 compensated; an exponent agrees within "
       "exponent_agreement of the model range; a disagreement carries the measured reason where there is one"}};
}

energy_growth_class growth_class_of(double exponent, const energy_policy& policy) {
  if (exponent < policy.bounded_below) return energy_growth_class::bounded;
  if (exponent < policy.random_walk_below) return energy_growth_class::random_walk;
  if (exponent < policy.linear_below) return energy_growth_class::linear_drift;
  return energy_growth_class::faster;
}

growth_fit fit_growth(const std::vector<double>& t, const std::vector<double>& envelope, const energy_policy& policy) {
  growth_fit fit;
  if (t.empty()) {
    fit.growth_class = energy_growth_class::undetermined;
    fit.reason = "no samples";
    return fit;
  }
  const double t_end = t.back();
  const double t_from = t_end / std::pow(10.0, policy.fit_decades);
  std::vector<double> x, y;
  for (std::size_t i = 0; i < t.size(); ++i)
    if (t[i] >= t_from && t[i] > 0 && envelope[i] > 0 && std::isfinite(envelope[i])) {
      x.push_back(std::log10(t[i]));
      y.push_back(std::log10(envelope[i]));
    }
  fit.t_from = t_from;
  fit.t_to = t_end;
  fit.points = static_cast<int>(x.size());
  if (fit.points < policy.min_fit_points) {
    const bool all_zero = std::all_of(envelope.begin(), envelope.end(), [](double e) { return e == 0; });
    if (all_zero) {  // conserved to the evaluation's precision at every probe: nothing grows
      fit.found = true;
      fit.growth_class = energy_growth_class::bounded;
      fit.reason = "no deviation measured at any probe";
      return fit;
    }
    fit.growth_class = energy_growth_class::undetermined;
    fit.reason = "only " + std::to_string(fit.points) +
                 " positive envelope points in the window (t >= " + std::to_string(t_from) + "); need " +
                 std::to_string(policy.min_fit_points);
    return fit;
  }
  const auto line = fit_line(x, y);
  const std::size_t half = x.size() / 2;
  const auto first = fit_line(std::vector<double>(x.begin(), x.begin() + static_cast<std::ptrdiff_t>(half + 1)),
                              std::vector<double>(y.begin(), y.begin() + static_cast<std::ptrdiff_t>(half + 1)));
  const auto second = fit_line(std::vector<double>(x.begin() + static_cast<std::ptrdiff_t>(half), x.end()),
                               std::vector<double>(y.begin() + static_cast<std::ptrdiff_t>(half), y.end()));
  fit.found = true;
  fit.exponent = line.slope;
  fit.uncertainty = std::max(2 * line.slope_standard_error, std::fabs(first.slope - second.slope) / 2);
  fit.first_half_exponent = first.slope;
  fit.second_half_exponent = second.slope;
  fit.growth_class = growth_class_of(fit.exponent, policy);
  return fit;
}

namespace {

std::vector<double> running_max(const std::vector<double>& v) {
  std::vector<double> out(v.size());
  double m = 0;
  for (std::size_t i = 0; i < v.size(); ++i) out[i] = m = std::max(m, v[i]);
  return out;
}

std::string at_time(double value, double t) { return formatted("%.3g at t = %.6g", value, t); }

}  // namespace

growth_fit classify_relative_error(const std::vector<double>& t, const std::vector<double>& error,
                                   const energy_policy& policy) {
  // A value that is not finite anywhere: the run blew up, whatever the fit window would say.
  for (std::size_t i = 0; i < error.size(); ++i)
    if (!std::isfinite(error[i])) {
      growth_fit fit;
      fit.growth_class = energy_growth_class::unstable;
      fit.reason = "relative error not finite at t = " + std::to_string(t[i]) + ": blow-up";
      return fit;
    }
  const auto envelope = running_max(error);
  growth_fit fit = fit_growth(t, envelope, policy);
  // The whole record, the end included: a running maximum at or past saturated_at anywhere means
  // the quantity itself was lost there, even if the fit window's slope looks like a growth law.
  for (std::size_t i = 0; i < envelope.size(); ++i)
    if (envelope[i] >= policy.saturated_at) {
      fit.growth_class = energy_growth_class::saturated;
      fit.reason = "relative error " + at_time(envelope[i], t[i]) + " (saturated_at " +
                   std::to_string(policy.saturated_at) + "; " + at_time(envelope.back(), t.back()) +
                   " at the end): the quantity itself is lost, the envelope is capped by it";
      return fit;
    }
  return fit;
}

bool energy_problem(const problem_info& problem) {
  if (!problem.hamiltonian) return false;
  // The Hamiltonian problems of the catalog all carry an "energy" invariant.
  return true;
}

const char* wide_scalar_name(scalar_kind run) {
  switch (run) {
    case scalar_kind::float32:
      return "double";
    case scalar_kind::float64:
      return "float128";
    case scalar_kind::long_double:
      return "float128";
    case scalar_kind::quad:
      return "mp50";
    case scalar_kind::mp50:
      break;
  }
  return "?";
}

energy_result study_energy(const energy_request& request) {
  if ((!request.method && !request.user) || !request.problem)
    throw std::invalid_argument("energy: no method or problem");
  if (request.steps == 0) throw std::invalid_argument("energy: no steps");
  energy_result result;
  switch (request.scalar) {
    case scalar_kind::float32:
      result = energy_detail::run_energy_float(request);
      break;
    case scalar_kind::float64:
      result = energy_detail::run_energy_double(request);
      break;
    case scalar_kind::long_double:
      result = energy_detail::run_energy_long_double(request);
      break;
    case scalar_kind::quad:
      result = energy_detail::run_energy_float128(request);
      break;
    case scalar_kind::mp50:
      throw std::invalid_argument("energy: mp50 runs are not offered (no wider scalar to evaluate in)");
  }
  result.scalar = std::string(scalar_name(request.scalar));
  switch (request.scalar) {
    case scalar_kind::float32:
      result.epsilon = std::numeric_limits<float>::epsilon();
      break;
    case scalar_kind::float64:
      result.epsilon = std::numeric_limits<double>::epsilon();
      break;
    case scalar_kind::long_double:
      result.epsilon = static_cast<double>(std::numeric_limits<long double>::epsilon());
      break;
    case scalar_kind::quad:
      result.epsilon = std::ldexp(1.0, -112);
      break;
    case scalar_kind::mp50:
      break;
  }
  result.wide_scalar = wide_scalar_name(request.scalar);

  std::vector<double> t, bin_max, momentum, phase, roundoff;
  for (const auto& s : result.samples) {
    t.push_back(s.t);
    bin_max.push_back(s.bin_max);
    if (s.angular_momentum_error) momentum.push_back(*s.angular_momentum_error);
    if (s.phase_error) phase.push_back(std::fabs(*s.phase_error));
    if (s.roundoff_envelope) roundoff.push_back(*s.roundoff_envelope);
  }
  result.energy_growth = classify_relative_error(t, bin_max, request.policy);
  if (momentum.size() == t.size()) result.momentum_growth = classify_relative_error(t, momentum, request.policy);
  if (phase.size() == t.size()) {
    result.phase_growth = fit_growth(t, running_max(phase), request.policy);
    // The anomaly of an orbit that is no longer the bound Kepler ellipse has no meaning.
    if (result.energy_growth.growth_class == energy_growth_class::saturated) {
      result.phase_growth.growth_class = energy_growth_class::saturated;
      result.phase_growth.reason = "the energy is saturated: the orbit is lost, its anomaly is no phase";
    }
  }
  if (request.roundoff_shadow && roundoff.size() == t.size())
    result.roundoff_growth = fit_growth(t, roundoff, request.policy);
  if (!result.stable) {
    result.energy_growth.growth_class = energy_growth_class::unstable;
    result.energy_growth.reason = result.failure;
  }
  if (result.stable && !result.samples.empty() && result.t_end > 0) {
    const auto& last = result.samples.back();
    const double deviation = last.energy_deviation - last.roundoff_energy_deviation.value_or(0);
    result.measured_drift_rate = std::log1p(deviation) / last.t;
  }
  result.drift_rate_note =
      !result.predicted_drift_rate
          ? (result.coefficients && result.coefficients->energy_class != "bounded"
                 ? "predicted on the harmonic oscillator and Kepler only (the modified field's elementary "
                   "differentials are evaluated for those two fields)"
                 : "no drift is predicted")
          : (request.problem->info.name == "kepler"
                 ? "predicted: h^(n-1) <grad H . G_n> / |H0|, G_n the modified field's terms of the first even tree "
                   "order n >= p + 1 (odd orders average to zero on a reversible orbit), averaged over the exact "
                   "orbit through y0; predicted_along_run: the same term on the run's own orbit at each sample "
                   "(a and e change as the energy drifts), integrated over the run: it and the measured rate "
                   "differ by the modified field's next order (relative O(h)) and by the bounded O(h^p) "
                   "oscillation of the energy at the last sample (relative O(h^p)/(rate t)); within 1 % at "
                   "h = 1/100, t = 10^4 for the catalog's methods of orders 2 to 4 (docs/energy.md)"
                 : "predicted: the modified equation's leading term on the oscillator (chain trees: d ln H/dt = 2 "
                   "sum over even n of (-1)^(n/2) b(chain_n) omega^n h^(n-1), the first nonzero term)");
  if (result.predicted_drift_rate && !result.samples.empty() && !result.samples.back().roundoff_energy_deviation)
    result.drift_rate_note +=
        "; measured: the run's whole deviation, its round-off included (a run with the round-off shadow "
        "measures the truncation's drift alone)";
  result.energy_theory = energy_theory_of(result);
  if (result.phase_growth.points > 0 || result.phase_growth.found) result.phase_theory = phase_theory_of(result);
  if (result.roundoff_growth.points > 0 || result.roundoff_growth.found)
    result.roundoff_theory = roundoff_theory_of(result);
  return result;
}

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

namespace {

// A method with a stability function R = P / Q (Q = 1 for explicit tableaus): in coordinates
// (sqrt(k) x, v) the oscillator's matrix is skew, so H_n / H_0 = |R(i omega h)|^(2n), omega =
// sqrt(k), evaluated in 50 digits.
harmonic_prediction predict_from_stability_function(const stability_function_coefficients& r, const mp50& h,
                                                    const mp50& k, const std::vector<std::size_t>& steps) {
  using std::pow;
  using std::sqrt;
  harmonic_prediction out;
  const mp50 y = sqrt(k) * h;
  const mp50 factor = std::norm(evaluate_stability_function<mp50>(r, {mp50(0), y}));
  out.per_step_factor = static_cast<double>(factor);
  out.formula =
      "H_n / H_0 = |R(i omega h)|^(2n), R the stability function of the tableau (omega h = " + (sqrt(k) * h).str(17) +
      "); |R|^2 - 1 = " + (factor - 1).str(6) + " per step";
  for (auto n : steps) out.deviation.push_back(static_cast<double>(pow(factor, static_cast<long>(n)) - 1));
  return out;
}

// A splitting method: one step is drift then kick per stage, on (q, p), force -k q:
// M = K_s D_s ... K_1 D_1, and (q_n, p_n) = M^n (q_0, p_0).
harmonic_prediction predict_from_step_matrix(const splitting_method& split, const mp50& h, const mp50& k,
                                             const mp50& x0, const mp50& v0, const std::vector<std::size_t>& steps) {
  harmonic_prediction out;
  const mp50 H0 = (v0 * v0 + k * x0 * x0) / 2;
  using matrix = std::array<mp50, 4>;  // row-major 2x2
  auto multiply = [](const matrix& a, const matrix& b) {
    return matrix{a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3], a[2] * b[0] + a[3] * b[2],
                  a[2] * b[1] + a[3] * b[3]};
  };
  matrix M{1, 0, 0, 1};
  for (std::size_t i = 0; i < split.drift.size(); ++i) {
    const mp50 a = to_scalar<mp50>(split.drift[i]), b = to_scalar<mp50>(split.kick[i]);
    M = multiply(matrix{1, a * h, 0, 1}, M);
    M = multiply(matrix{1, 0, -b * h * k, 1}, M);
  }
  out.formula =
      "(q_n, p_n) = M^n (q_0, p_0), M the product of the drift [[1, a_i h], [0, 1]] and kick "
      "[[1, 0], [-b_i h k, 1]] matrices of the composition; trace(M)/2 = " +
      ((M[0] + M[3]) / 2).str(17) + ", det(M) = " + (M[0] * M[3] - M[1] * M[2]).str(17);
  for (auto n : steps) {
    matrix power{1, 0, 0, 1}, base = M;
    for (std::size_t e = n; e > 0; e >>= 1) {
      if (e & 1) power = multiply(power, base);
      base = multiply(base, base);
    }
    const mp50 q = power[0] * x0 + power[1] * v0, p = power[2] * x0 + power[3] * v0;
    out.deviation.push_back(static_cast<double>(((p * p + k * q * q) / 2 - H0) / H0));
  }
  return out;
}

}  // namespace

std::optional<harmonic_prediction> predict_harmonic(const method_entry& method, const mp50& h, const mp50& k,
                                                    const mp50& x0, const mp50& v0,
                                                    const std::vector<std::size_t>& steps) {
  using result = std::optional<harmonic_prediction>;
  const auto from_stability_function = [&]() -> result {
    return predict_from_stability_function(*stability_function_of(method), h, k, steps);
  };
  return method.visit(method_visitor{
      [&](const butcher_tableau&) { return from_stability_function(); },
      [&](const rosenbrock_method&) { return from_stability_function(); },
      // No stability function: a splitting method acts on the oscillator through its step matrix.
      [&](const splitting_method& split) -> result { return predict_from_step_matrix(split, h, k, x0, v0, steps); },
      [](const seed_specimen&) -> result { return std::nullopt; },
  });
}

namespace {

nlohmann::json fit_json(const growth_fit& g) {
  nlohmann::json j{{"class", class_name(g.growth_class)},
                   {"window", {{"t_from", g.t_from}, {"t_to", g.t_to}, {"points", g.points}}}};
  if (g.found) {
    j["exponent"] = g.exponent;
    j["uncertainty"] = g.uncertainty;
    j["half_window_exponents"] = {g.first_half_exponent, g.second_half_exponent};
  } else {
    j["exponent"] = nullptr;
    j["uncertainty"] = nullptr;
  }
  if (!g.reason.empty()) j["reason"] = g.reason;
  return j;
}

nlohmann::json theory_json(const theory_check& c) {
  nlohmann::json j{{"expected", c.expected}, {"agrees", c.agrees}};
  j["exponent"] = c.exponent_low ? nlohmann::json{*c.exponent_low, *c.exponent_high} : nlohmann::json(nullptr);
  if (!c.reason.empty()) j["reason"] = c.reason;
  return j;
}

// JSON has no infinity or NaN: such values are written as null.
nlohmann::json number(double v) { return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(nullptr); }

}  // namespace

nlohmann::json to_json(const energy_result& r) {
  nlohmann::json samples = nlohmann::json::array();
  for (const auto& s : r.samples) {
    nlohmann::json j{{"step", s.step},
                     {"t", s.t},
                     {"energy_error", number(s.energy_error)},
                     {"energy_deviation", number(s.energy_deviation)},
                     {"bin_max", number(s.bin_max)},
                     {"envelope", number(s.envelope)}};
    if (s.angular_momentum_error) j["angular_momentum_error"] = number(*s.angular_momentum_error);
    if (s.phase_error) j["phase_error"] = number(*s.phase_error);
    if (s.roundoff_energy_error) {
      j["roundoff_energy_error"] = number(*s.roundoff_energy_error);
      j["roundoff_envelope"] = number(*s.roundoff_envelope);
    }
    if (s.roundoff_energy_deviation) j["roundoff_energy_deviation"] = number(*s.roundoff_energy_deviation);
    if (s.predicted_energy_error) {
      j["predicted_energy_error"] = number(*s.predicted_energy_error);
      j["predicted_energy_deviation"] = number(*s.predicted_energy_deviation);
    }
    samples.push_back(std::move(j));
  }
  nlohmann::json j{{"schema", "orderly.energy/2"},
                   {"kind", "run"},
                   {"method", r.method},
                   {"family", r.family},
                   {"symplectic", r.symplectic},
                   {"order", r.order},
                   {"problem", r.problem},
                   {"h", r.h},
                   {"h_text", r.h_text},
                   {"steps", r.steps},
                   {"t_end", r.t_end},
                   {"scalar", r.scalar},
                   {"evaluated_in", r.wide_scalar},
                   {"compensated", r.compensated},
                   {"stable", r.stable},
                   {"rhs_evaluations", r.rhs_evaluations},
                   {"growth", fit_json(r.energy_growth)},
                   {"policy", r.policy.to_json()},
                   {"samples", samples}};
  if (!r.stable) j["failure"] = r.failure;
  if (r.newton_tolerance) {
    const double per_step = r.steps > 0 ? static_cast<double>(r.newton_iterations) / static_cast<double>(r.steps) : 0;
    j["newton"] = {{"tolerance", *r.newton_tolerance},
                   {"stops_at", *r.newton_tolerance > 0 ? "correction <= tolerance x max(|y|, 1) (max norm)"
                                                        : "round-off: correction <= 4 eps x max(|y|, 1) (max norm)"},
                   {"iterations", r.newton_iterations},
                   {"iterations_per_step", per_step}};
  }
  // The round-off references a figure draws: epsilon, and Brouwer's law eps sqrt(n) = eps sqrt(t / h)
  // from the first sample to the last.
  if (!r.samples.empty() && r.h > 0) {
    const double t1 = r.samples.front().t, t2 = r.samples.back().t;
    j["roundoff_lines"] = {
        {"epsilon", r.epsilon},
        {"random_walk",
         {{"t", {t1, t2}}, {"error", {r.epsilon * std::sqrt(t1 / r.h), r.epsilon * std::sqrt(t2 / r.h)}}}}};
  }
  if (r.momentum_growth.points > 0 || r.momentum_growth.found)
    j["angular_momentum_growth"] = fit_json(r.momentum_growth);
  j["growth"]["theory"] = theory_json(r.energy_theory);
  if (r.phase_growth.points > 0 || r.phase_growth.found) {
    j["phase_growth"] = fit_json(r.phase_growth);
    j["phase_growth"]["theory"] = theory_json(r.phase_theory);
  }
  if (r.roundoff_growth.points > 0 || r.roundoff_growth.found) {
    j["roundoff_growth"] = fit_json(r.roundoff_growth);
    j["roundoff_growth"]["theory"] = theory_json(r.roundoff_theory);
  }
  if (r.coefficients) {
    const auto& e = *r.coefficients;
    j["coefficients"] = {
        {"energy_class", e.energy_class},
        {"expectation", e.text},
        {"symplectic", e.symplectic},
        {"symmetric", e.symmetric},
        {"order", e.order},
        {"derived_from", e.derived_from},
        {"horizon_exponent", e.horizon_exponent ? nlohmann::json(*e.horizon_exponent) : nlohmann::json(nullptr)},
        {"horizon_at_least", e.horizon_at_least}};
    if (e.drift_power)
      j["coefficients"]["harmonic_drift"] = {{"power", *e.drift_power}, {"coefficient", *e.drift_coefficient}};
  }
  j["drift_rate"] = {{"predicted", r.predicted_drift_rate ? number(*r.predicted_drift_rate) : nlohmann::json(nullptr)},
                     {"measured", r.measured_drift_rate ? number(*r.measured_drift_rate) : nlohmann::json(nullptr)},
                     {"note", r.drift_rate_note}};
  if (r.predicted_drift_rate_along_run)
    j["drift_rate"]["predicted_along_run"] = number(*r.predicted_drift_rate_along_run);
  if (!r.theory.empty()) {
    j["theory"] = {{"formula", r.theory}};
    if (r.per_step_energy_factor) j["theory"]["per_step_energy_factor"] = *r.per_step_energy_factor;
  }
  return j;
}

}  // namespace orderly
