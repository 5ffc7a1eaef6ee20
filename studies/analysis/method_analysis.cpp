// `orderly analyze`: what a method's coefficients say (integrators/analysis/), and the empirical
// check that runs the method's own stepper on the test equation y' = lambda y (its JSON:
// method_analysis_json.cpp).
#include <orderly/analysis/method_analysis.hpp>
#include <orderly/analysis/method_linear_model.hpp>
#include <orderly/analysis/rosenbrock_order_conditions.hpp>
#include <orderly/analysis_policy.hpp>
#include <orderly/geometric_json.hpp>
#include <orderly/job_runner.hpp>
#include <orderly/linear_test_problems.hpp>
#include <orderly/method_analysis_study.hpp>
#include <orderly/stepper_factory.hpp>
#include <orderly/tableaus/implicit_methods.hpp>

#include "stability_measurement.hpp"

#include <Eigen/Eigenvalues>

#include <algorithm>
#include <cstdio>
#include <cmath>
#include <complex>
#include <limits>
#include <memory>
#include <numbers>
#include <optional>
#include <stdexcept>
#include <utility>

namespace orderly {
namespace {

using stability_measurement::box_for;
using stability_measurement::complex;
using stability_measurement::first_instability;
using stability_measurement::growth_function;
using stability_measurement::harmonic_step_radius;
using stability_measurement::region_box;
using stability_measurement::stable_growth;
using stability_measurement::test_equation_growth;

using policy = analysis_policy;

std::string text_of(const high_precision& x, int digits = 30) { return x.str(digits, std::ios_base::scientific); }

std::optional<double> limit_of(const std::optional<high_precision>& x) {
  return x ? std::optional(x->convert_to<double>()) : std::nullopt;
}

std::vector<std::string> polynomial_text(const exact_polynomial& p) {
  std::vector<std::string> coefficients;
  for (const auto& c : p) coefficients.push_back(c.str());
  return coefficients;
}

stability_report stability_of(const linear_stability& s) {
  stability_report r{.numerator = polynomial_text(s.function.numerator),
                     .denominator = polynomial_text(s.function.denominator),
                     .coefficients = s.function.exact_from_rational_tableau ? "exact (rational tableau)"
                                     : s.function.all_coefficients_recognised
                                         ? "rationals recognised from 100-digit values (80 digits agree)"
                                         : "exact values of 100-digit approximations (80 digits certified)",
                     .real_stability_limit = limit_of(s.real_limit),
                     .imaginary_stability_limit = limit_of(s.imaginary_limit),
                     .a_stable = s.a_stable,
                     .l_stable = s.l_stable};
  if (s.real_limit) r.real_stability_limit_digits = text_of(*s.real_limit);
  if (s.imaginary_limit && *s.imaginary_limit != 0) r.imaginary_stability_limit_digits = text_of(*s.imaginary_limit);
  return r;
}

error_norms norms_of(const principal_error& e) {
  return {.order = e.order, .two_norm = e.two_norm.convert_to<double>(), .max_norm = e.max_norm.convert_to<double>()};
}

complex stability_at(const stability_function_coefficients& r, complex z) {
  return evaluate_stability_function<double>(r, z);
}

// The boundary locus: every z with R(z) = e^(i theta), i.e. the roots of P(z) - e^(i theta) Q(z).
std::vector<complex> boundary_locus(const stability_function_coefficients& r) {
  std::vector<complex> points;
  const std::size_t n = std::max(r.numerator.size(), r.denominator.size());
  for (int k = 0; k < policy::locus_angles; ++k) {
    const complex unit = std::polar(1.0, 2 * std::numbers::pi * k / policy::locus_angles);
    std::vector<complex> c(n, complex(0));
    for (std::size_t i = 0; i < r.numerator.size(); ++i) c[i] += to_scalar<double>(r.numerator[i]);
    for (std::size_t i = 0; i < r.denominator.size(); ++i) c[i] -= unit * to_scalar<double>(r.denominator[i]);
    std::size_t degree = n;
    while (degree > 1 && std::abs(c[degree - 1]) < 1e-14) --degree;
    const int d = static_cast<int>(degree) - 1;
    if (d < 1) continue;
    Eigen::MatrixXcd companion = Eigen::MatrixXcd::Zero(d, d);
    for (int i = 1; i < d; ++i) companion(i, i - 1) = 1;
    for (int i = 0; i < d; ++i) companion(i, d - 1) = -c[static_cast<std::size_t>(i)] / c[static_cast<std::size_t>(d)];
    const Eigen::ComplexEigenSolver<Eigen::MatrixXcd> solver(companion, false);
    for (int i = 0; i < d; ++i) points.push_back(solver.eigenvalues()(i));
  }
  return points;
}

// The catalog stepper of any family (stepper_factory.hpp) on the test equation, one step: a
// Runge-Kutta step multiplies y by R(z), so |y_1| is the stepper's own |R(z)|. The test equation
// gives its exact Jacobian (the implicit and Rosenbrock steppers read it); a Newton solve that fails
// next to a pole of R is infinite growth. The stepper is made once per method (making one rounds
// every coefficient from its exact or 100-digit form: for radau13 that was four fifths of its
// analysis when done per z) and reset before each step, so every step starts as a fresh stepper's.
growth_function stepper_growth(const method_entry& method) {
  return test_equation_growth(
      [&method](const typed_problem<double>& problem) { return make_stepper<double>(method, problem); }, 1);
}

double round_to(double x, int significant) {
  if (x == 0 || !std::isfinite(x)) return x;
  const double scale = std::pow(10.0, significant - 1 - std::floor(std::log10(std::abs(x))));
  return std::round(x * scale) / scale;
}

// The empirical check: the stepper's |y_1| against |R(z)| on the grid, and its boundary against the
// analytic one on rays. Agreement: the two stable/unstable classifications differ only where |R| is
// within round-off of 1, and the ray boundaries agree to the scan's resolution.
stepper_agreement empirical_check(const stability_function_coefficients& r, const growth_function& growth,
                                  const region_box& box, bool with_region, stability_region& region) {
  double max_difference = 0;
  int differing = 0, compared = 0;
  std::vector<std::vector<double>> modulus;
  for (int i = 0; i < policy::region_grid_points; ++i) {
    std::vector<double> row;
    const double y = -box.y_max + 2 * box.y_max * i / (policy::region_grid_points - 1);
    for (int k = 0; k < policy::region_grid_points; ++k) {
      const double x = box.x_min + (box.x_max - box.x_min) * k / (policy::region_grid_points - 1);
      const double analytic = std::abs(stability_at(r, complex(x, y)));
      const double measured = growth(complex(x, y));
      ++compared;
      if (std::isfinite(analytic) && std::isfinite(measured))
        max_difference = std::max(max_difference, std::abs(measured - analytic) / std::max(1.0, analytic));
      const bool near_boundary = std::abs(analytic - 1) <= policy::boundary_band;
      if (!near_boundary && stable_growth(measured) != stable_growth(analytic)) ++differing;
      row.push_back(std::isfinite(analytic) ? round_to(std::min(analytic, 1e6), 4) : 1e6);
    }
    modulus.push_back(std::move(row));
  }
  std::vector<empirical_ray> rays;
  double worst_ray = 0;
  const double max_radius = 1.2 * std::max(-box.x_min, box.y_max);
  for (int k = 0; k <= policy::boundary_rays; ++k) {
    const double angle = std::numbers::pi / 2 + std::numbers::pi / 2 * k / policy::boundary_rays;
    const complex u = std::polar(1.0, angle);
    const double analytic =
        first_instability([&](complex z) { return stable_growth(std::abs(stability_at(r, z))); }, u, max_radius);
    const double measured = first_instability([&](complex z) { return stable_growth(growth(z)); }, u, max_radius);
    // Where the boundary meets the ray tangentially, |R| stays within round-off of 1 along a stretch
    // and the first crossing is decided by round-off; the stepper's crossing then still lies on the
    // analytic boundary: |R| there is within policy::boundary_band of 1.
    const double modulus_there = std::abs(stability_at(r, measured * u));
    const bool on_boundary = std::abs(modulus_there - 1) <= policy::boundary_band;
    const double difference = std::abs(measured - analytic);
    if ((analytic < max_radius || measured < max_radius) && !on_boundary) worst_ray = std::max(worst_ray, difference);
    rays.push_back({.angle = angle,
                    .analytic_radius = analytic,
                    .measured_radius = measured,
                    .analytic_modulus_at_measured = modulus_there,
                    .bounded = measured < max_radius});
  }
  const bool agrees = differing == 0 && worst_ray <= policy::radial_scan_step;
  char summary[200];
  if (agrees)
    std::snprintf(summary, sizeof summary,
                  "the stepper's growth matches |R(z)| (max relative difference %.1e; boundary on rays within %.1e)",
                  max_difference, worst_ray);
  else
    std::snprintf(summary, sizeof summary,
                  "the stepper disagrees with its tableau: %d grid points classified differently, boundary off by up "
                  "to %.3g",
                  differing, worst_ray);
  if (with_region) {
    region.x_min = box.x_min, region.x_max = box.x_max, region.y_min = -box.y_max, region.y_max = box.y_max;
    region.points = policy::region_grid_points;
    region.modulus = std::move(modulus);
    region.empirical_rays = std::move(rays);
    region.has_empirical_rays = true;
  }
  return {.grid_points = compared,
          .classification_differences = differing,
          .max_relative_difference = max_difference,
          .max_boundary_difference_on_rays = worst_ray,
          .resolution = policy::radial_scan_step,
          .agrees = agrees,
          .summary = summary};
}

std::vector<std::pair<double, double>> locus_in(const std::vector<complex>& locus, const region_box& box) {
  std::vector<std::pair<double, double>> points;
  for (const auto& z : locus)
    if (z.real() >= box.x_min && z.real() <= box.x_max && std::abs(z.imag()) <= box.y_max)
      points.emplace_back(round_to(z.real(), 6), round_to(z.imag(), 6));
  return points;
}

method_analysis_result analyse_runge_kutta_method(const std::string& name, const std::string& title,
                                                  const std::string& family, int declared, const rk_analysis& a,
                                                  const growth_function& growth, bool with_region) {
  method_analysis_result result{
      .name = name, .title = title, .family = family, .declared_order = declared, .order = a.order};
  runge_kutta_report r{
      .stage_order = a.stage_order, .principal_error = norms_of(a.error), .stability = stability_of(a.stability)};
  if (a.embedded_order)
    r.embedded = embedded_report{.order = *a.embedded_order,
                                 .principal_error = norms_of(*a.embedded_error),
                                 .stability = stability_of(*a.embedded_stability)};
  const auto locus = boundary_locus(a.stability.function);
  const auto box = box_for(locus, a.stability.a_stable);
  stability_region region;
  if (growth) {
    r.empirical = empirical_check(a.stability.function, growth, box, with_region, region);
  } else if (with_region) {
    const growth_function analytic = [&](complex z) { return std::abs(stability_at(a.stability.function, z)); };
    empirical_check(a.stability.function, analytic, box, true, region);  // the |R| grid for the figure
    region.empirical_rays.clear();
    region.has_empirical_rays = false;
  }
  if (with_region) {
    region.boundary_locus = locus_in(locus, box);
    r.region = std::move(region);
  }
  result.runge_kutta = std::move(r);
  return result;
}

// Splitting methods: the stepper's step matrix on q'' = -x^2 q with h = 1, its spectral radius
// against |tr M| <= 2 from the exact trace polynomial.
method_analysis_result analyse_splitting_method(const method_entry& method, const splitting_method& m,
                                                bool with_region) {
  const auto a = analyse_splitting(m);
  method_analysis_result result{.name = m.name,
                                .title = m.title,
                                .family = "splitting",
                                .declared_order = m.order,
                                .order = a.order,
                                .geometric = geometric_json(analyse_splitting_geometry(m, a.order))};
  splitting_report r{.harmonic_stability_limit = limit_of(a.harmonic_limit), .principal_error = norms_of(a.error)};
  if (a.harmonic_limit) r.harmonic_stability_limit_digits = text_of(*a.harmonic_limit);

  // The step matrix in (q, p / x) from two steps with h = 1 on the spring k = x^2: columns (1, 0), (0, x).
  const auto spectral_radius_at = harmonic_step_radius(
      [&method](const typed_problem<double>& problem) { return make_stepper<double>(method, problem); }, 0);
  const double analytic = a.harmonic_limit ? a.harmonic_limit->convert_to<double>() : policy::unbounded_region_extent;
  const double max_x = 1.5 * analytic;
  const double measured =
      first_instability([&](complex z) { return stable_growth(spectral_radius_at(z.real())); }, complex(1, 0), max_x);
  r.measured_harmonic_limit = measured;
  r.difference = std::abs(measured - analytic);
  r.resolution = policy::radial_scan_step;
  r.agrees = r.difference <= policy::radial_scan_step;
  r.summary = r.agrees ? "the stepper's step matrix turns unstable where |tr M(omega h)| = 2"
                       : "the stepper disagrees with its coefficients";
  if (with_region) {
    const auto trace = harmonic_step_trace(m);
    std::vector<std::array<double, 3>> curve;
    constexpr int curve_points = 241;
    for (int k = 0; k < curve_points; ++k) {
      const double x = max_x * k / (curve_points - 1);
      const double half_trace = evaluate(trace, high_precision(x)).convert_to<double>() / 2;
      curve.push_back({round_to(x, 6), round_to(half_trace, 6), round_to(spectral_radius_at(std::max(x, 1e-9)), 6)});
    }
    r.harmonic_curve = std::move(curve);
  }
  result.splitting = std::move(r);
  return result;
}

// Runge-Kutta tableaus, explicit or implicit: the analysis of their coefficients (exact or to their
// certified precision) and the catalog stepper's growth on the test equation.
method_analysis_result analyse_tableau_method(const method_entry& method, const butcher_tableau& t, bool with_region) {
  auto result = analyse_runge_kutta_method(t.name, t.title, family_name(method.family), t.order, analyse_tableau(t),
                                           stepper_growth(method), with_region);
  result.citation = t.citation;
  result.geometric = geometric_json(analyse_geometric_properties(t), geometric_arithmetic(t));
  return result;
}

std::vector<rosenbrock_condition_report> rosenbrock_conditions(const std::vector<rosenbrock_condition>& conditions) {
  std::vector<rosenbrock_condition_report> out;
  for (const auto& c : conditions)
    out.push_back({.order = c.order, .condition = c.condition, .residual = static_cast<double>(c.residual)});
  return out;
}

// Rosenbrock methods: the stability functions come from the linear equivalent; the order from the
// Rosenbrock order conditions, which hold to the published coefficients' digits (less the few a
// sum of products of them loses), not exactly.
method_analysis_result analyse_rosenbrock_method(const method_entry& method, const rosenbrock_method& r,
                                                 bool with_region) {
  const exact tolerance = rosenbrock_residual_tolerance(r);
  const auto conditions = rosenbrock_order_conditions(r, false);
  const auto embedded_conditions = rosenbrock_order_conditions(r, true);
  rk_analysis a;
  a.order = rosenbrock_order_from(conditions, tolerance);
  a.embedded_order = rosenbrock_order_from(embedded_conditions, tolerance);
  a.stability = analyse_linear_stability(*stability_function_of(method, weight_set::primary));
  a.embedded_stability = analyse_linear_stability(*stability_function_of(method, weight_set::embedded));
  a.embedded_error = principal_error{};  // not derived: left out below
  auto result = analyse_runge_kutta_method(r.name, r.title, family_name(method.family), r.order, a,
                                           stepper_growth(method), with_region);
  auto& report = *result.runge_kutta;
  report.order_conditions = rosenbrock_conditions(conditions);
  report.embedded->order_conditions = rosenbrock_conditions(embedded_conditions);
  report.order_conditions_tolerance = static_cast<double>(tolerance);
  report.nonautonomous_residual = static_cast<double>(rosenbrock_nonautonomous_residual(r));
  report.principal_error.reset();
  report.embedded->principal_error.reset();
  report.stage_order.reset();
  report.order_note =
      "Rosenbrock method: the stability function is exact (from the linear equivalent A = alpha + "
      "Gamma); the order is the highest whose Rosenbrock conditions (Hairer-Wanner II, Table IV.7.1, "
      "to order " +
      std::to_string(rosenbrock_conditions_max_order) +
      ") all hold to the published coefficients' digits; conditions beyond that order and the "
      "error norms are not derived";
  result.citation = r.citation;
  result.geometric =
      geometric_json(analyse_rosenbrock_geometry(r),
                     "100 digits from the published decimals: a residual below " +
                         to_high_precision(tolerance).str(2, std::ios_base::scientific) + " counts as zero");
  return result;
}

}  // namespace

std::vector<std::string> analysable_methods() {
  std::vector<std::string> names;
  for (const auto& m : method_catalog())
    if (m.has_coefficients()) names.push_back(m.name);
  return names;
}

// One analysis per family.
method_analysis_result analyse_method(const std::string& name, bool with_region) {
  const auto* method = find_method(name);
  // A seed specimen is the articles' float code: no coefficients to analyse.
  if (!method || !method->has_coefficients()) throw std::invalid_argument("no analysable method '" + name + "'");
  return method->visit(method_visitor{
      [&](const butcher_tableau& t) { return analyse_tableau_method(*method, t, with_region); },
      [&](const rosenbrock_method& r) { return analyse_rosenbrock_method(*method, r, with_region); },
      [&](const splitting_method& m) { return analyse_splitting_method(*method, m, with_region); },
  });
}

const std::vector<std::string>& quick_analysis_methods() {
  static const std::vector<std::string> names{"euler",  "rk4",         "dopri54",        "backward-euler",
                                              "radau5", "rosenbrock4", "velocity-verlet"};
  return names;
}

suite_outputs analysis_suite_outputs(const nlohmann::json&, const std::vector<std::string>& keys,
                                     const std::vector<const nlohmann::json*>& results) {
  nlohmann::json methods = nlohmann::json::array();
  for (std::size_t k = 0; k < keys.size(); ++k)
    if (results[k]) methods.push_back(*results[k]);
  return {{"analysis.json", {{"schema", "orderly.analysis/1"}, {"policy", policy::to_json()}, {"methods", methods}}}};
}

// A method's analysis costs about its stages squared (the stability function's determinants and the
// order conditions grow with them).
sharded_suite analysis_suite(unsigned threads, bool quick) {
  sharded_suite suite{
      .name = "analyze", .settings = {{"suite", quick ? "quick" : "default"}}, .assemble = &analysis_suite_outputs};
  suite.keys = analysable_methods();  // builds the catalog's statics before the threads read them
  if (quick) suite.keys = quick_analysis_methods();
  for (const auto& name : suite.keys) {
    const auto* method = find_method(name);
    const double stages = method ? std::max(method->stages, 1) : 1;
    suite.costs.push_back(stages * stages);
  }
  suite.run = independent_jobs<std::string>(
      suite.keys, [](const std::string& name) { return to_json(analyse_method(name, true)); }, threads);
  return suite;
}

}  // namespace orderly
