// A method's analysis (method_analysis_study.hpp) as an entry of orderly.analysis/1's "methods",
// and what the result says of its stepper.
#include <orderly/method_analysis_study.hpp>

#include <optional>
#include <string>
#include <vector>

namespace orderly {
namespace {

constexpr const char* no_stepper_summary = "not run: this method has no stepper yet (analysis only)";

template <class T>
nlohmann::json or_null(const std::optional<T>& x) {
  return x ? nlohmann::json(*x) : nlohmann::json(nullptr);
}

nlohmann::json stability_json(const stability_report& s) {
  nlohmann::json j;
  j["stability_function"] = {
      {"numerator", s.numerator}, {"denominator", s.denominator}, {"coefficients", s.coefficients}};
  j["real_stability_limit"] = or_null(s.real_stability_limit);
  j["real_stability_limit_digits"] = or_null(s.real_stability_limit_digits);
  // Convention: null when zero. An unbounded imaginary interval is spelled out.
  const auto& imaginary = s.imaginary_stability_limit;
  j["imaginary_stability_limit"] = !imaginary        ? nlohmann::json("unbounded")
                                   : *imaginary == 0 ? nlohmann::json(nullptr)
                                                     : nlohmann::json(*imaginary);
  j["imaginary_stability_limit_digits"] = or_null(s.imaginary_stability_limit_digits);
  j["A_stable"] = s.a_stable;
  j["L_stable"] = s.l_stable;
  return j;
}

nlohmann::json error_json(const error_norms& e) {
  return {{"order", e.order}, {"two_norm", e.two_norm}, {"max_norm", e.max_norm}};
}

nlohmann::json conditions_json(const std::vector<rosenbrock_condition_report>& conditions) {
  auto out = nlohmann::json::array();
  for (const auto& c : conditions)
    out.push_back({{"order", c.order}, {"condition", c.condition}, {"residual", c.residual}});
  return out;
}

nlohmann::json region_json(const stability_region& region) {
  nlohmann::json rays = nlohmann::json::array(), locus = nlohmann::json::array();
  for (const auto& ray : region.empirical_rays)
    rays.push_back({{"angle", ray.angle},
                    {"analytic_radius", ray.analytic_radius},
                    {"measured_radius", ray.measured_radius},
                    {"analytic_modulus_at_measured", ray.analytic_modulus_at_measured},
                    {"bounded", ray.bounded}});
  for (const auto& [x, y] : region.boundary_locus) locus.push_back({x, y});
  nlohmann::json j = {{"grid",
                       {{"x_min", region.x_min},
                        {"x_max", region.x_max},
                        {"y_min", region.y_min},
                        {"y_max", region.y_max},
                        {"points", region.points},
                        {"modulus", region.modulus}}},
                      {"boundary_locus", std::move(locus)}};
  if (region.has_empirical_rays) j["empirical_rays"] = std::move(rays);
  return j;
}

nlohmann::json runge_kutta_json(const runge_kutta_report& r) {
  nlohmann::json j = {{"stage_order", or_null(r.stage_order)}};
  j.update(stability_json(r.stability));
  j["principal_error_2norm"] = r.principal_error ? nlohmann::json(r.principal_error->two_norm) : nlohmann::json();
  j["principal_error_max"] = r.principal_error ? nlohmann::json(r.principal_error->max_norm) : nlohmann::json();
  j["principal_error"] = r.principal_error ? error_json(*r.principal_error) : nlohmann::json();
  if (const auto& e = r.embedded) {
    nlohmann::json embedded = {
        {"order", e->order},
        {"principal_error_2norm", e->principal_error ? nlohmann::json(e->principal_error->two_norm) : nlohmann::json()},
        {"principal_error_max", e->principal_error ? nlohmann::json(e->principal_error->max_norm) : nlohmann::json()}};
    embedded.update(stability_json(e->stability));
    if (e->order_conditions) embedded["order_conditions"] = conditions_json(*e->order_conditions);
    j["embedded"] = std::move(embedded);
  }
  if (const auto& c = r.empirical)
    j["empirical"] = {{"grid_points", c->grid_points},
                      {"max_relative_difference", c->max_relative_difference},
                      {"classification_differences", c->classification_differences},
                      {"max_boundary_difference_on_rays", c->max_boundary_difference_on_rays},
                      {"resolution", c->resolution},
                      {"agrees", c->agrees},
                      {"summary", c->summary}};
  else
    j["empirical"] = {{"agrees", nullptr}, {"summary", no_stepper_summary}};
  if (r.region) j["region"] = region_json(*r.region);
  if (r.order_conditions) j["order_conditions"] = conditions_json(*r.order_conditions);
  if (r.order_conditions_tolerance) j["order_conditions_tolerance"] = *r.order_conditions_tolerance;
  if (r.nonautonomous_residual) j["nonautonomous_residual"] = *r.nonautonomous_residual;
  if (r.order_note) j["order_note"] = *r.order_note;
  return j;
}

nlohmann::json splitting_json(const splitting_report& r) {
  nlohmann::json j = {{"harmonic_stability_limit", or_null(r.harmonic_stability_limit)},
                      {"harmonic_stability_limit_digits", or_null(r.harmonic_stability_limit_digits)},
                      {"principal_error_2norm", r.principal_error.two_norm},
                      {"principal_error_max", r.principal_error.max_norm},
                      {"principal_error", error_json(r.principal_error)}};
  j["principal_error"]["trees"] = "bicoloured, alternating (separable problems)";
  j["empirical"] = {{"measured_harmonic_limit", r.measured_harmonic_limit},
                    {"difference", r.difference},
                    {"resolution", r.resolution},
                    {"agrees", r.agrees},
                    {"summary", r.summary}};
  if (r.harmonic_curve)
    j["region"] = {{"harmonic_curve", *r.harmonic_curve},
                   {"columns", {"omega_h", "half_trace", "measured_spectral_radius"}}};
  return j;
}

}  // namespace

std::optional<bool> method_analysis_result::stepper_agrees() const {
  if (splitting) return splitting->agrees;
  if (runge_kutta && runge_kutta->empirical) return runge_kutta->empirical->agrees;
  return std::nullopt;
}

std::string method_analysis_result::empirical_summary() const {
  if (splitting) return splitting->summary;
  if (runge_kutta && runge_kutta->empirical) return runge_kutta->empirical->summary;
  return no_stepper_summary;
}

nlohmann::json to_json(const method_analysis_result& a) {
  nlohmann::json j = {{"name", a.name},     {"title", a.title},
                      {"family", a.family}, {"declared_order", a.declared_order},
                      {"order", a.order},   {"geometric", a.geometric}};
  if (a.citation) j["citation"] = *a.citation;
  if (a.runge_kutta) j.update(runge_kutta_json(*a.runge_kutta));
  if (a.splitting) j.update(splitting_json(*a.splitting));
  return j;
}

}  // namespace orderly
