// The energy study's one run (study_energy): the request checked, the run dispatched to its
// scalar (energy_run.hpp), and the theory checks of its fitted growths.
#include <orderly/energy.hpp>
#include <orderly/energy_run.hpp>

#include <stdexcept>

namespace orderly {

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

}  // namespace orderly
