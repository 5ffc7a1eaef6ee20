// The identity's JSON and text, and the battery's identity section for a compiled stepper.
#include <orderly/catalog.hpp>
#include <orderly/analysis/rational_recognition.hpp>
#include <orderly/method_identity_json.hpp>
#include <orderly/published_nystrom.hpp>

#include <cmath>
#include <sstream>

namespace orderly {
namespace {

// A principal error norm is said to change when it moves by more than this fraction.
constexpr double principal_error_change = 1e-6;

std::string decimal(double x, int digits = 17) {
  std::ostringstream out;
  out.precision(digits);
  out << x;
  return out.str();
}

// A coefficient as a reader wants it: the rational when it is a simple one, else its decimal.
std::string shown(const exact& x) {
  const auto text = exact_text(x);
  if (text.size() <= 24) return text;
  return decimal(x.convert_to<double>());
}

nlohmann::json difference_json(const coefficient_difference& d) {
  nlohmann::json j{{"coefficient", d.label()},
                   {"given", shown(d.given)},
                   {"given_value", d.given.convert_to<double>()},
                   {"given_bound", d.given_radius},
                   {"published", shown(d.published)},
                   {"published_value", d.published.convert_to<double>()}};
  if (d.given_estimate_weight && d.published_estimate_weight) {
    j["estimate_weight_given"] = shown(*d.given_estimate_weight);
    j["estimate_weight_published"] = shown(*d.published_estimate_weight);
  }
  return j;
}

std::string trees_text(const std::vector<std::string>& trees) {
  std::string text;
  const std::size_t shown_trees = std::min<std::size_t>(trees.size(), 4);
  for (std::size_t i = 0; i < shown_trees; ++i) text += (i ? ", " : "") + trees[i];
  if (trees.size() > shown_trees) text += " and " + std::to_string(trees.size() - shown_trees) + " more";
  return text;
}

std::string order_change(const char* what, int published, int given, const std::vector<std::string>& failing) {
  if (given == published) return std::string(what) + " keep order " + std::to_string(given);
  std::string text = std::string(what) + (given < published ? " drop" : " rise") + " from order " +
                     std::to_string(published) + " to " + std::to_string(given);
  if (given < published && !failing.empty())
    text += " (the order-" + std::to_string(given + 1) + " conditions of " + trees_text(failing) + " fail)";
  return text;
}

// What the differences change, in one sentence.
std::string effects_text(const difference_effects& e) {
  std::vector<std::string> parts;
  parts.push_back(order_change("the propagated weights", e.published_order, e.given_order, e.failing_trees));
  // The principal error says how another member of a family differs; unchanged weights leave it be.
  if (e.given_order == e.published_order && !e.only_nodes_differ &&
      std::fabs(e.given_principal_error - e.published_principal_error) >
          principal_error_change * std::max(e.given_principal_error, e.published_principal_error))
    parts.back() += " (principal error 2-norm " + decimal(e.given_principal_error, 4) + ", published " +
                    decimal(e.published_principal_error, 4) + "): another " + std::to_string(e.stages) +
                    "-stage method of order " + std::to_string(e.given_order) + ", not the published one";
  if (e.given_embedded_order && e.published_embedded_order)
    parts.push_back(order_change("the estimate's weights", *e.published_embedded_order, *e.given_embedded_order,
                                 e.failing_embedded_trees));
  if (e.given_nonautonomous_order)
    parts.push_back("the nodes c are not the row sums of A: on non-autonomous problems y' = f(t, y) order " +
                    std::to_string(*e.given_nonautonomous_order));
  if (e.only_nodes_differ) parts.push_back("autonomous problems y' = f(y) see the published method exactly");
  std::string text;
  for (std::size_t i = 0; i < parts.size(); ++i) text += (i ? "; " : "") + parts[i];
  if (!e.orders_decided_exactly) text += " (orders decided to the coefficients' rounding)";
  return text;
}

nlohmann::json effects_json(const difference_effects& e) {
  nlohmann::json j{
      {"order", {{"given", e.given_order}, {"published", e.published_order}}},
      {"failing_conditions", e.failing_trees},
      {"only_nodes_differ", e.only_nodes_differ},
      {"principal_error_2norm", {{"given", e.given_principal_error}, {"published", e.published_principal_error}}},
      {"orders_decided", e.orders_decided_exactly ? "exactly" : "to the coefficients' rounding"},
      {"stages", e.stages},
      {"summary", effects_text(e)}};
  if (e.given_embedded_order)
    j["embedded_order"] = {{"given", *e.given_embedded_order}, {"published", e.published_embedded_order.value_or(0)}},
    j["failing_embedded_conditions"] = e.failing_embedded_trees;
  if (e.given_nonautonomous_order) j["nonautonomous_order"] = *e.given_nonautonomous_order;
  return j;
}

nlohmann::json match_json(const method_match& m) {
  nlohmann::json differences = nlohmann::json::array();
  for (const auto& d : m.differences) differences.push_back(difference_json(d));
  nlohmann::json j{{"method", m.method->tableau.name},
                   {"title", m.method->tableau.title},
                   {"citation", m.method->tableau.citation},
                   {"aliases", m.method->aliases},
                   {"stage_map", m.stage_map},
                   {"propagates_embedded", m.propagates_embedded},
                   {"estimate_compared", m.estimate_compared},
                   {"estimate_sign_flipped", m.estimate_sign_flipped},
                   {"differences", differences}};
  if (m.effects) j["effects"] = effects_json(*m.effects);
  return j;
}

// ---------------------------------------------------------------------------------------------
// Separable steppers: the kick-drift sequence against the catalog's splitting methods

// The highest order asked of a stepper that declares none (a tableau file's limit).
constexpr int max_checked_order = 12;

// Drifts are differences of the position nodes, kicks the velocity weights: each carries the
// rounding of numbers of order one, a few units of double's last place of 1.
const double composition_tolerance = 4 * rounding_bound(1.0);

// (drift, kick) pairs with the empty ones dropped and consecutive drifts merged.
std::vector<std::pair<double, double>> normalised(std::vector<std::pair<double, double>> stages) {
  std::vector<std::pair<double, double>> out;
  for (const auto& [drift, kick] : stages) {
    if (drift == 0 && kick == 0) continue;
    if (!out.empty() && out.back().second == 0)
      out.back() = {out.back().first + drift, kick};
    else
      out.emplace_back(drift, kick);
  }
  return out;
}

nlohmann::json composition_identity(const kick_drift& kd) {
  std::vector<std::pair<double, double>> given;
  for (std::size_t i = 0; i < kd.drift.size(); ++i) given.emplace_back(kd.drift[i].value, kd.kick[i].value);
  given = normalised(given);
  for (const auto& entry : method_catalog()) {
    const auto* m = entry.splitting();
    if (!m) continue;
    std::vector<std::pair<double, double>> published;
    for (int i = 0; i < m->stages(); ++i)
      published.emplace_back(m->drift[static_cast<std::size_t>(i)].convert_to<double>(),
                             m->kick[static_cast<std::size_t>(i)].convert_to<double>());
    published = normalised(published);
    if (published.size() != given.size()) continue;
    bool same = true;
    for (std::size_t i = 0; i < given.size() && same; ++i)
      same = std::fabs(given[i].first - published[i].first) <= composition_tolerance &&
             std::fabs(given[i].second - published[i].second) <= composition_tolerance;
    if (same) return {{"method", m->name}, {"title", m->title}, {"citation", m->citation}};
  }
  return nullptr;
}

// A recovered Nystrom step against the published Runge-Kutta-Nystrom methods of as many
// evaluations: the one with the fewest coefficients outside their rounding, each named.
nlohmann::json nystrom_identity(const recovered_nystrom& m) {
  const published_nystrom_method* best = nullptr;
  nlohmann::json best_differences;
  for (const auto& p : published_nystrom_methods()) {
    if (p.stages() != m.evaluations) continue;
    nlohmann::json differences = nlohmann::json::array();
    auto compare = [&](const std::string& label, const recovered_coefficient& x, const exact& published) {
      const double value = published.convert_to<double>();
      if (std::fabs(x.value - value) <= x.bound + rounding_bound(value)) return;
      differences.push_back({{"coefficient", label},
                             {"given", x.rational ? shown(*x.rational) : decimal(x.value)},
                             {"published", shown(published)}});
    };
    for (int i = 0; i < m.evaluations; ++i) {
      const auto u = static_cast<std::size_t>(i);
      const std::string n = std::to_string(i + 1);
      compare("c_" + n, m.c[u], p.c[u]);
      for (int j = 0; j < i; ++j)
        compare("A_bar_" + n + "," + std::to_string(j + 1), m.a_bar[u][static_cast<std::size_t>(j)],
                p.a_bar[u][static_cast<std::size_t>(j)]);
    }
    for (int i = 0; i < m.evaluations; ++i) {
      const auto u = static_cast<std::size_t>(i);
      compare("b_bar_" + std::to_string(i + 1), m.b_bar[u], p.b_bar[u]);
      compare("b_" + std::to_string(i + 1), m.b[u], p.b[u]);
    }
    if (!best || differences.size() < best_differences.size()) best = &p, best_differences = differences;
  }
  if (!best)
    return {
        {"headline", "no published Runge-Kutta-Nystrom method has " + std::to_string(m.evaluations) + " evaluations"},
        {"method", nullptr}};
  std::string headline = best_differences.empty() ? "exactly " + best->title : best->title + " except ";
  for (std::size_t i = 0; i < best_differences.size(); ++i)
    headline += (i ? ", " : "") + best_differences[i]["coefficient"].get<std::string>();
  return {{"headline", headline},
          {"method", best->name},
          {"title", best->title},
          {"citation", best->citation},
          {"differences", best_differences}};
}

}  // namespace

nlohmann::json to_json(const identity_result& r) {
  nlohmann::json nearest = nlohmann::json::array();
  for (const auto& m : r.nearest) nearest.push_back(match_json(m));
  nlohmann::json j{{"headline", identity_headline(r)},
                   {"used_stages", r.used_stages},
                   {"match", r.match ? match_json(*r.match) : nlohmann::json(nullptr)},
                   {"nearest", nearest}};
  if (!r.declared_name.empty()) {
    j["declared"] = r.declared ? match_json(*r.declared) : nlohmann::json(nullptr);
    j["declared_name"] = r.declared_name;
  }
  return j;
}

nlohmann::json to_json(const tableau_recovery& r) {
  auto coefficient = [](const recovered_coefficient& x) {
    nlohmann::json j{{"value", x.value}, {"bound", x.bound}};
    j["rational"] = x.rational ? nlohmann::json(exact_text(*x.rational)) : nlohmann::json(nullptr);
    return j;
  };
  auto row = [&](const std::vector<recovered_coefficient>& xs) {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& x : xs) out.push_back(coefficient(x));
    return out;
  };
  nlohmann::json j{{"evidence", r.evidence}};
  if (r.method) {
    nlohmann::json a = nlohmann::json::array();
    for (const auto& xs : r.method->a) a.push_back(row(xs));
    j["kind"] = "explicit Runge-Kutta";
    j["evaluations"] = r.method->evaluations;
    j["c"] = row(r.method->c);
    j["A"] = a;
    j["b"] = row(r.method->b);
    j["all_rational"] = r.method->all_rational();
    if (r.method->error_weights) {
      j["error_weights"] = row(*r.method->error_weights);
      j["error_sign"] = r.method->error_sign;
    }
  } else if (r.nystrom) {
    nlohmann::json a = nlohmann::json::array();
    for (const auto& xs : r.nystrom->a_bar) a.push_back(row(xs));
    j["kind"] = "separable Nystrom";
    j["evaluations"] = r.nystrom->evaluations;
    j["c"] = row(r.nystrom->c);
    j["time_nodes"] = row(r.nystrom->time_nodes);
    j["row_sum_violations"] = r.nystrom->row_sum_violations;
    j["nystrom_identity"] = nystrom_identity(*r.nystrom);
    j["times_follow_positions"] = r.nystrom->times_follow_positions;
    j["A_bar"] = a;
    j["b_bar"] = row(r.nystrom->b_bar);
    j["b"] = row(r.nystrom->b);
    if (r.nystrom->composition) {
      j["drift"] = row(r.nystrom->composition->drift);
      j["kick"] = row(r.nystrom->composition->kick);
      j["composition"] = composition_identity(*r.nystrom->composition);
    } else {
      j["not_composition"] = r.nystrom->not_composition;
    }
  } else {
    j["kind"] = "not an explicit Runge-Kutta method";
    j["reason"] = r.not_runge_kutta;
  }
  return j;
}

stepper_identity_result stepper_identity(const user_stepper& stepper) {
  stepper_identity_result r{.recovery = recover_tableau(stepper)};
  if (!r.recovery.method) return r;
  const auto& m = *r.recovery.method;
  const auto known = as_known_tableau(m, stepper.name, stepper.declared_order);
  // A stepper that declares no order is given the order its coefficients have (to their rounding),
  // so that the tableau reads as a file with its orders declared.
  const int order = stepper.declared_order > 0 ? stepper.declared_order
                                               : attained_order_within(known, weight_set::primary, max_checked_order);
  const int estimate_order = !m.error_weights ? 0
                             : stepper.error_estimate_order > 0
                                 ? stepper.error_estimate_order
                                 : attained_order_within(known, weight_set::embedded, max_checked_order);
  r.tableau = tableau_document(m, stepper.name, std::max(order, 1), std::max(estimate_order, 1));
  // The orders the coefficients have, checked one past the declared ones (so an order above the
  // declared is seen): exactly where every coefficient is a recognised rational.
  recovered_orders orders{
      .propagated = attained_order_within(known, weight_set::primary, std::min(order + 2, max_checked_order)),
      .decided_exactly = known.values_exact,
      .nodes_are_row_sums = !r.tableau.contains("row_sum_condition")};
  if (m.error_weights)
    orders.estimate =
        attained_order_within(known, weight_set::embedded, std::min(estimate_order + 2, max_checked_order));
  r.orders = orders;
  r.identity = identify_method(known, stepper.closest_method);
  return r;
}

namespace {
constexpr const char* orders_decided_exactly = "exactly";
constexpr const char* orders_decided_to_rounding = "to the coefficients' rounding";
}  // namespace

const char* how_decided(const recovered_orders& orders) {
  return orders.decided_exactly ? orders_decided_exactly : orders_decided_to_rounding;
}

nlohmann::json to_json(const stepper_identity_result& r) {
  nlohmann::json j{{"recovery", to_json(r.recovery)}};
  if (!r.recovery.method) return j;
  j["tableau"] = r.tableau;
  nlohmann::json orders{{"propagated", r.orders->propagated},
                        {"decided", how_decided(*r.orders)},
                        {"nodes_are_row_sums", r.orders->nodes_are_row_sums}};
  if (r.orders->estimate) orders["estimate"] = *r.orders->estimate;
  j["orders"] = orders;
  j["identity"] = to_json(*r.identity);
  return j;
}

recovered_orders recovered_orders_from_json(const nlohmann::json& orders) {
  recovered_orders o{.propagated = orders.at("propagated").get<int>(),
                     .decided_exactly = orders.at("decided").get<std::string>() == orders_decided_exactly,
                     .nodes_are_row_sums = orders.at("nodes_are_row_sums").get<bool>()};
  if (orders.contains("estimate")) o.estimate = orders.at("estimate").get<int>();
  return o;
}

std::string differ_text(std::size_t count) {
  return std::to_string(count) + (count == 1 ? " coefficient differs" : " coefficients differ");
}

std::string identity_text(const nlohmann::json& id, const std::string& indent) {
  std::string text = indent + "identity: " + id["headline"].get<std::string>() + "\n";
  auto lines = [&](const nlohmann::json& match) {
    for (const auto& d : match["differences"]) {
      text += indent + "  " + d["coefficient"].get<std::string>() + ": " + d["given"].get<std::string>() +
              ", published " + d["published"].get<std::string>();
      if (d.contains("estimate_weight_given"))
        text += " (the estimate's weight b - b_hat there: " + d["estimate_weight_given"].get<std::string>() +
                ", published " + d["estimate_weight_published"].get<std::string>() + ")";
      text += "\n";
    }
    if (match.contains("effects"))
      text += indent + "  what it changes: " + match["effects"]["summary"].get<std::string>() + "\n";
  };
  if (!id["match"].is_null()) {
    text += indent + "  " + id["match"]["citation"].get<std::string>() + "\n";
  } else if (!id["nearest"].empty()) {
    const auto& n = id["nearest"][0];
    text += indent + "  nearest published method: " + n["title"].get<std::string>() + " (" +
            differ_text(n["differences"].size()) + ")\n";
    lines(n);
  }
  if (id.contains("declared_name")) {
    const auto& declared = id["declared"];
    const std::string name = id["declared_name"];
    if (declared.is_null())
      text += indent + "  declared closest method '" + name + "': not a published method Orderly holds\n";
    else if (!id["match"].is_null() && declared["method"] == id["match"]["method"])
      text += indent + "  declared closest method '" + name + "': this is it\n";
    else if (id["nearest"].empty() || declared["method"] != id["nearest"][0]["method"]) {
      text += indent + "  declared closest method " + declared["title"].get<std::string>() + ": " +
              differ_text(declared["differences"].size()) + "\n";
      lines(declared);
    }
  }
  return text;
}

std::string stepper_identity_text(const nlohmann::json& identity) {
  const auto& recovery = identity["recovery"];
  if (recovery["kind"] == "explicit Runge-Kutta")
    return "  recovered: an explicit Runge-Kutta method of " + std::to_string(recovery["evaluations"].get<int>()) +
           " stages" + (recovery.contains("error_weights") ? " with an error estimate" : "") +
           (recovery["all_rational"].get<bool>() ? ", every coefficient a rational" : "") + "\n" +
           identity_text(identity["identity"], "  ");
  if (recovery["kind"] == "separable Nystrom") {
    std::string text = "  recovered: a separable step with " + std::to_string(recovery["evaluations"].get<int>()) +
                       " acceleration evaluations";
    if (recovery.contains("drift")) {
      text += ", a kick-drift composition";
      const auto& c = recovery["composition"];
      text += c.is_null() ? std::string(" that is none of the catalog's splitting methods")
                          : " identical to " + c["title"].get<std::string>();
    } else {
      text += ", not a kick-drift composition: " + recovery["not_composition"].get<std::string>();
    }
    for (const auto& violation : recovery["row_sum_violations"]) text += "; " + violation.get<std::string>();
    const auto& rkn = recovery["nystrom_identity"];
    if (!rkn["method"].is_null() || !recovery.contains("composition")) {
      text += "\n  identity: " + rkn["headline"].get<std::string>();
      if (rkn.contains("differences"))
        for (const auto& d : rkn["differences"])
          text += "\n    " + d["coefficient"].get<std::string>() + ": " + d["given"].get<std::string>() +
                  ", published " + d["published"].get<std::string>();
    }
    if (!recovery["times_follow_positions"].get<bool>())
      text += "; its forces are evaluated at other times than their positions' (exact on autonomous forces only)";
    return text + "\n";
  }
  return "  recovered: not an explicit Runge-Kutta method: " + recovery["reason"].get<std::string>() + "\n";
}

}  // namespace orderly
