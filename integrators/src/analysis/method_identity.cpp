// Identification of a tableau against the published methods: the closest match over every
// published method and role of its weights, the declared method's differences, and the headline.
#include "identity_forms.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace orderly {
namespace identity_detail {
namespace {

// Nearest methods reported when none matches.
constexpr std::size_t nearest_reported = 3;

// Every published method's coefficients as compared, built once.
const std::vector<full_form>& published_forms() {
  static const std::vector<full_form> forms = [] {
    std::vector<full_form> all;
    for (const auto& p : published_methods()) all.push_back(full_form_of(known_exactly(p.tableau)));
    return all;
  }();
  return forms;
}

// The best match of the given tableau with one published method over the roles tried.
std::optional<method_match> match_with(const std::vector<std::pair<full_form, bool>>& given_forms,
                                       const published_method& p, const full_form& published) {
  std::optional<method_match> best;
  int best_cost = std::numeric_limits<int>::max();
  for (const auto& [given, flipped] : given_forms) {
    for (bool swapped : {false, true}) {
      if (swapped && !published.has_estimate) continue;
      const bool with_estimate = given.has_estimate && published.has_estimate;
      const auto g = reduce(given, false, with_estimate);
      const auto q = reduce(published, swapped, with_estimate);
      if (g.stages() != q.stages()) continue;
      auto [cost, map] = best_renumbering(g, q);
      // The declared sign and the published roles first: a tie keeps them.
      if (cost >= best_cost) continue;
      best_cost = cost;
      method_match m;
      m.method = &p;
      m.propagates_embedded = swapped;
      m.estimate_sign_flipped = flipped;
      m.estimate_compared = with_estimate;
      m.stage_map.assign(given.b.size(), -1);
      for (std::size_t i = 0; i < map.size(); ++i)
        m.stage_map[static_cast<std::size_t>(g.original[i])] = q.original[static_cast<std::size_t>(map[i])];
      m.differences = differences_of(g, q, map, swapped);
      for (const auto& d : m.differences) m.distance += std::fabs((d.given - d.published).convert_to<double>());
      best = std::move(m);
    }
  }
  return best;
}

}  // namespace
}  // namespace identity_detail

known_tableau known_exactly(const butcher_tableau& t) {
  known_tableau k{.tableau = t};
  if (t.exact_entries()) return k;
  // 100-digit computations or published decimals: each entry to the half unit of its digits.
  const double unit = 0.5 * std::pow(10.0, -t.coefficient_digits);
  const int s = t.stages();
  auto radius = [unit](const exact& x) { return unit * std::max(1.0, std::fabs(x.convert_to<double>())); };
  for (int i = 0; i < s; ++i) {
    k.a_radius.emplace_back();
    for (int j = 0; j < s; ++j) k.a_radius.back().push_back(radius(t.a_at(i, j)));
    k.b_radius.push_back(radius(t.b[static_cast<std::size_t>(i)]));
    k.c_radius.push_back(radius(t.c[static_cast<std::size_t>(i)]));
    if (t.b_embedded) k.b_embedded_radius.push_back(radius((*t.b_embedded)[static_cast<std::size_t>(i)]));
  }
  return k;
}

std::string coefficient_difference::label() const {
  switch (part) {
    case coefficient_part::c:
      return "c_" + std::to_string(row + 1);
    case coefficient_part::a:
      return "a_" + std::to_string(row + 1) + "," + std::to_string(column + 1);
    case coefficient_part::b:
      return "b_" + std::to_string(row + 1);
    case coefficient_part::b_embedded:
      return "b_hat_" + std::to_string(row + 1);
  }
  return "?";
}

identity_result identify_method(const known_tableau& given, std::string_view declared_method) {
  using namespace identity_detail;
  identity_result result;
  result.declared_name = std::string(declared_method);
  const full_form form = full_form_of(given);
  std::vector<std::pair<full_form, bool>> forms{{form, false}};
  if (form.has_estimate && given.estimate_sign_uncertain) forms.emplace_back(with_flipped_estimate(form), true);
  result.used_stages = reduce(form, false, form.has_estimate).stages();

  const published_method* declared = declared_method.empty() ? nullptr : find_published_method(declared_method);
  std::vector<method_match> candidates;
  const auto& all = published_methods();
  for (std::size_t k = 0; k < all.size(); ++k) {
    const auto& p = all[k];
    auto m = match_with(forms, p, published_forms()[k]);
    if (!m) continue;
    if (m->exact() && !result.match) result.match = *m;
    if (&p == declared) result.declared = *m;
    candidates.push_back(std::move(*m));
  }
  if (!result.match) {
    std::stable_sort(candidates.begin(), candidates.end(), [](const method_match& x, const method_match& y) {
      if (x.differences.size() != y.differences.size()) return x.differences.size() < y.differences.size();
      return x.distance < y.distance;
    });
    for (std::size_t i = 0; i < candidates.size() && i < nearest_reported; ++i) result.nearest.push_back(candidates[i]);
  }
  for (auto& m : result.nearest) m.effects = effects_of(given, form, m);
  if (result.declared && !result.declared->exact())
    result.declared->effects = effects_of(given, form, *result.declared);
  return result;
}

std::string identity_headline(const identity_result& r) {
  auto title = [](const method_match& m) { return m.method->tableau.title; };
  if (r.match) {
    std::string text = "exactly " + title(*r.match);
    if (r.match->propagates_embedded) text += ", propagating its embedded solution";
    if (r.match->estimate_sign_flipped) text += " (its estimate has the opposite sign to the one declared)";
    return text;
  }
  if (r.nearest.empty()) return "no published method has " + std::to_string(r.used_stages) + " used stages";
  const auto& n = r.nearest.front();
  const std::size_t total = n.differences.size();
  if (total <= 3) {
    std::string text = title(n) + " except ";
    for (std::size_t i = 0; i < total; ++i) text += (i ? ", " : "") + n.differences[i].label();
    return text;
  }
  return "no published method matches; nearest " + title(n) + ", differing in " + std::to_string(total) +
         " coefficients";
}

}  // namespace orderly
