// Compiled once into the study library (declared in convergence_json.hpp).
#include <orderly/convergence_json.hpp>

namespace orderly {

nlohmann::json to_json(const order_measurement& m, int declared_order) {
  using nlohmann::json;
  json points = json::array();
  for (std::size_t i = 0; i < m.points.size(); ++i) {
    const auto& p = m.points[i];
    const bool in_window = m.fit.found && i >= m.fit.first && i <= m.fit.last && p.status == point_status::ok;
    points.push_back({{"h", p.h},
                      {"steps", p.steps},
                      {"error", p.status == point_status::unstable ? json() : finite_or_null(p.error)},
                      {"rhs_evaluations", p.rhs_evaluations},
                      {"in_window", in_window},
                      {"status", status_name(p.status)},
                      {"note", p.note}});
  }
  json window;
  if (m.fit.found)
    window = {{"first", m.fit.first},
              {"last", m.fit.last},
              {"h_max", m.points[m.fit.first].h},
              {"h_min", m.points[m.fit.last].h}};
  json slopes = json::array();
  for (double s : m.fit.local_slopes) slopes.push_back(finite_or_null(s));
  // The lines a figure draws, so the report never fits: C h^p over the window, and the declared
  // order through the window's geometric mean.
  json fit_line, declared_line;
  if (m.fit.found) {
    const double h1 = m.points[m.fit.first].h, h2 = m.points[m.fit.last].h;
    fit_line = {{"h", {h1, h2}},
                {"error",
                 {m.fit.error_constant * std::pow(h1, m.fit.order), m.fit.error_constant * std::pow(h2, m.fit.order)}}};
    const double c =
        error_constant_at(std::vector<convergence_point>(m.points.begin(), m.points.end()), m.fit, declared_order);
    declared_line = {{"h", {h1, h2}}, {"error", {c * std::pow(h1, declared_order), c * std::pow(h2, declared_order)}}};
  }
  return {{"declared_order", declared_order},
          {"fit_line", fit_line},
          {"declared_line", declared_line},
          {"slopes_settled", m.fit.found ? json(m.fit.settled) : json()},
          {"solution_scale", finite_or_null(m.solution_scale)},
          {"measured_order", m.fit.found ? json(m.fit.order) : json()},
          {"order_uncertainty", m.fit.found ? finite_or_null(m.fit.uncertainty) : json()},
          {"error_constant", m.fit.found ? finite_or_null(m.fit.error_constant) : json()},
          {"window", window},
          {"window_reason", m.fit.reason},
          {"local_slopes", slopes},
          {"points", points}};
}

nlohmann::json to_json(const convergence_result& r) {
  using nlohmann::json;
  json j = to_json(r.solution, r.declared_order);
  j["schema"] = "orderly.convergence/1";
  j["method"] = r.method;
  j["method_title"] = r.method_title;
  j["family"] = family_name(r.family);
  j["problem"] = r.problem;
  j["problem_description"] = r.problem_description;
  j["scalar"] = scalar_name(r.scalar);
  j["norm"] = norm_name(r.norm);
  j["kind"] = run_kind_name(r.kind);
  j["weights"] = weight_set_name(r.weights);
  j["error_constant_declared"] = finite_or_null(r.error_constant_declared);
  j["verdict"] = verdict_name(r.judged.outcome);
  j["verdict_code"] = verdict_code_name(r.judged.code);
  j["verdict_reason"] = r.judged.reason;
  j["policy"] = to_json(r.policy);
  json attempts = json::array();
  for (const auto& a : r.refinement)
    attempts.push_back({{"scalar", a.scalar},
                        {"max_steps", a.max_steps},
                        {"finest_steps", a.finest_steps},
                        {"verdict", verdict_name(a.judged.outcome)},
                        {"verdict_code", verdict_code_name(a.judged.code)},
                        {"reason", a.judged.reason}});
  j["refinement"] = {{"attempts", attempts},
                     {"budget",
                      {{"max_budget_steps", r.policy.max_budget_steps},
                       {"extra_doublings", r.policy.extra_doublings},
                       {"max_scalar_escalations", r.policy.max_scalar_escalations}}},
                     {"outcome", attempts.size() > 1 ? "refined" : "first measurement kept"}};
  j["reference"] = {{"method", r.reference_method}, {"certified_digits", finite_or_null(r.reference_digits)}};
  j["energy"] = r.energy ? to_json(*r.energy, r.declared_order) : json();
  j["seed"] =
      r.seed_source.empty()
          ? json()
          : json{{"source", r.seed_source}, {"claimed_order", r.declared_order}, {"description", r.seed_description}};
  if (r.embedded_weights || !r.adaptive.empty()) {
    json points = json::array();
    for (const auto& p : r.adaptive)
      points.push_back({{"tol", p.tolerance},
                        {"error", p.status == point_status::unstable ? json() : finite_or_null(p.error)},
                        {"rhs_evaluations", p.rhs_evaluations},
                        {"accepted", p.accepted},
                        {"rejected", p.rejected},
                        {"status", status_name(p.status)},
                        {"note", p.note}});
    // Slope of log(error) against log(tol) over the completed points with positive error.
    std::vector<double> x, y;
    for (const auto& p : r.adaptive)
      if (p.status == point_status::ok && p.error > 0)
        x.push_back(std::log(p.tolerance)), y.push_back(std::log(p.error));
    json fixed = {{"primary",
                   {{"declared_order", r.declared_order},
                    {"measured_order", r.solution.fit.found ? json(r.solution.fit.order) : json()},
                    {"order_uncertainty", r.solution.fit.found ? json(r.solution.fit.uncertainty) : json()}}}};
    if (r.embedded_weights) {
      const auto& e = *r.embedded_weights;
      fixed["embedded"] = to_json(e, r.embedded_declared_order);
    }
    j["adaptive"] = {{"points", points},
                     {"slope_error_vs_tol", x.size() >= 2 ? finite_or_null(fit_line(x, y).slope) : json()},
                     {"fixed_step", fixed}};
  } else {
    j["adaptive"] = json();
  }
  return j;
}

}  // namespace orderly
