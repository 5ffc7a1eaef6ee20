// An energy run as JSON (energy.hpp: to_json(energy_result)).
#include <orderly/energy.hpp>

#include <cmath>

namespace orderly {

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
