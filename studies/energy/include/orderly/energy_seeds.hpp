#pragma once
// The seed articles' energy experiments (spring-damper, undamped oscillator: the articles' float
// specimens beside the library's methods) and the damped spring's settling time against dt, each
// against the exact solutions of reference/include/orderly/problems/seed_problems.hpp. The energy
// suite (energy.hpp) includes both; here they are on their own.
#include <nlohmann/json.hpp>

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace orderly {

// One run of a seed problem, recorded at evenly spaced steps; for an undamped spring the phase is
// tracked every step.
struct seed_trajectory {
  std::string method, family, scalar;  // scalar: "float" (the articles' code) or "double"
  bool stable = true;
  std::vector<double> t, x, v, energy;  // energy (v^2 + k x^2) / 2, unit mass
  std::optional<std::string> failure;
  // A stable run: the energy at the end, the exact solution's, their ratio; undamped, the phase
  // error at the end (positive: ahead of the exact solution).
  std::optional<double> energy_at_end, exact_energy_at_end, energy_ratio_at_end, phase_error_at_end;
};
struct seed_exact_trajectory {
  std::vector<double> t, x, energy;
};
struct seed_experiment {
  std::string problem, description, dt;  // dt as the article gives it ("1/10")
  double t_end = 0;
  std::string article_claim;
  seed_exact_trajectory exact;
  std::vector<seed_trajectory> runs;
};

std::vector<seed_experiment> seed_experiments();
nlohmann::json to_json(const std::vector<seed_experiment>& experiments);

// The damped spring followed until its amplitude stays below settle_fraction x0.
struct settle_prediction {
  double spectral_radius = 0;         // of the method's one-step matrix on the spring
  std::optional<double> settle_time;  // h ceil(ln(settle_fraction) / ln rho); none when rho >= 1
  double exact_decay_per_step = 0;    // e^(-b h / 2)
};
struct settle_stuck {  // the arithmetic stops moving: the state repeats
  double time = 0;
  std::size_t period_steps = 0;  // after one or two steps
  double x = 0, v = 0;
};
struct settle_run {
  std::string method, scalar;
  double dt = 0;
  std::string dt_text;
  bool stable = true;
  std::optional<std::string> failure;  // unstable, or not settled within follow_seconds
  std::optional<double> settle_time;
  std::optional<settle_prediction> prediction;  // a method with a linear model on the spring
  double min_amplitude = 0;
  std::optional<double> first_subnormal_time, exact_zero_time;
  std::optional<settle_stuck> stuck;
};
struct settling_result {
  std::string problem, description;
  double settle_fraction = 0, follow_seconds = 0;
  double exact_settle_time = 0;  // on a grid of 1 ms
  std::vector<settle_run> runs;
};

settling_result settling_study();
// With the definition, the prediction's rule and the reader's reported settle times beside the runs.
nlohmann::json to_json(const settling_result& settling);

}  // namespace orderly
