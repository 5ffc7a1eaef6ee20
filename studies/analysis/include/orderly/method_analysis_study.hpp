#pragma once
// `orderly analyze`: the method analysis (integrators/analysis/) turned into JSON, with the
// empirical check that runs each method's actual stepper on the test equation.
//
// Schema: orderly.analysis/1 (one object per method under "methods").
#include <orderly/shard.hpp>

#include <nlohmann/json.hpp>

#include <array>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace orderly {

// Every name `orderly analyze --method` accepts: the catalog's Runge-Kutta (explicit and implicit),
// Rosenbrock and splitting methods. Seed specimens have no tableau; they appear in the game table,
// measured.
std::vector<std::string> analysable_methods();

// A stability function and what it implies.
struct stability_report {
  std::vector<std::string> numerator, denominator;  // exact coefficients, lowest power first
  std::string coefficients;                         // how exact they are
  std::optional<double> real_stability_limit;       // none: the negative real axis is stable
  std::optional<std::string> real_stability_limit_digits;
  // None: the imaginary interval is unbounded; 0: unstable next to 0 (the JSON writes null then).
  std::optional<double> imaginary_stability_limit;
  std::optional<std::string> imaginary_stability_limit_digits;
  bool a_stable = false, l_stable = false;
};

struct error_norms {
  int order = 0;  // of the trees the principal error is taken over
  double two_norm = 0, max_norm = 0;
};

// A Rosenbrock order condition and its residual at the published coefficients.
struct rosenbrock_condition_report {
  int order = 0;
  std::string condition;
  double residual = 0;
};

struct embedded_report {
  int order = 0;
  std::optional<error_norms> principal_error;  // none: not derived (Rosenbrock)
  stability_report stability;
  std::optional<std::vector<rosenbrock_condition_report>> order_conditions;  // Rosenbrock
};

// The stepper's growth on the test equation against |R(z)|: on a grid and along rays.
struct stepper_agreement {
  int grid_points = 0, classification_differences = 0;
  double max_relative_difference = 0, max_boundary_difference_on_rays = 0, resolution = 0;
  bool agrees = false;
  std::string summary;
};

struct empirical_ray {
  double angle = 0, analytic_radius = 0, measured_radius = 0, analytic_modulus_at_measured = 0;
  bool bounded = false;
};

// The stability region figure's data.
struct stability_region {
  double x_min = 0, x_max = 0, y_min = 0, y_max = 0;
  int points = 0;
  std::vector<std::vector<double>> modulus;   // |R| on the grid (capped), rows in y
  std::vector<empirical_ray> empirical_rays;  // none without a stepper
  bool has_empirical_rays = false;
  std::vector<std::pair<double, double>> boundary_locus;
};

// A Runge-Kutta tableau's or a Rosenbrock method's analysis.
struct runge_kutta_report {
  std::optional<int> stage_order;              // none: not derived (Rosenbrock)
  std::optional<error_norms> principal_error;  // none: not derived (Rosenbrock)
  stability_report stability;
  std::optional<embedded_report> embedded;
  std::optional<stepper_agreement> empirical;  // none: the method has no stepper
  std::optional<stability_region> region;
  // Rosenbrock methods: the order conditions, the tolerance they hold to, the non-autonomous
  // condition's residual and how the order was found.
  std::optional<std::vector<rosenbrock_condition_report>> order_conditions;
  std::optional<double> order_conditions_tolerance, nonautonomous_residual;
  std::optional<std::string> order_note;
};

// A splitting method's: its harmonic limit, from |tr M(omega h)| <= 2 and from its stepper.
struct splitting_report {
  std::optional<double> harmonic_stability_limit;  // none: unbounded
  std::optional<std::string> harmonic_stability_limit_digits;
  error_norms principal_error;
  double measured_harmonic_limit = 0, difference = 0, resolution = 0;
  bool agrees = false;
  std::string summary;
  // The figure's curve: (omega h, half the trace, the measured spectral radius).
  std::optional<std::vector<std::array<double, 3>>> harmonic_curve;
};

struct method_analysis_result {
  std::string name, title, family;
  int declared_order = 0, order = 0;
  std::optional<std::string> citation;
  nlohmann::json geometric;  // the geometric properties as geometric_json.hpp writes them
  std::optional<runge_kutta_report> runge_kutta;
  std::optional<splitting_report> splitting;
  // The stepper agrees with the coefficients; none when no stepper ran.
  std::optional<bool> stepper_agrees() const;
  // What the check of the stepper found, in a line.
  std::string empirical_summary() const;
};

// The analysis of one method; throws std::invalid_argument for a name not in analysable_methods().
// with_region adds the figure's data (boundary locus, |R| on a grid, the empirical ray points).
method_analysis_result analyse_method(const std::string& name, bool with_region);
// One entry of orderly.analysis/1's "methods".
nlohmann::json to_json(const method_analysis_result& analysis);

// Every analysable method, one job each: {"schema": "orderly.analysis/1", "methods": [...]}.
// quick: the methods of quick_analysis_methods() alone, for trying the suite's machinery in seconds.
sharded_suite analysis_suite(unsigned threads, bool quick = false);
const std::vector<std::string>& quick_analysis_methods();
suite_outputs analysis_suite_outputs(const nlohmann::json& settings, const std::vector<std::string>& keys,
                                     const std::vector<const nlohmann::json*>& results);

}  // namespace orderly
