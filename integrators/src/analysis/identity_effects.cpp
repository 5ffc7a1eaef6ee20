// What a difference from a published method does: the orders (autonomous and non-autonomous) and
// principal errors of the given coefficients against the published ones, decided within the radii.
#include "identity_forms.hpp"

#include <orderly/order_conditions.hpp>

#include <algorithm>
#include <cmath>

namespace orderly {
namespace identity_detail {
namespace {

// Orders are checked one above the published order, and for non-autonomous problems (bicoloured
// trees, whose number grows fastest) up to this order.
constexpr int max_nonautonomous_order = 7;
// Orders up to this one are decided on their small forest before a larger one is generated.
constexpr int small_forest_order = 5;

rk_coefficients<high_precision> high_precision_of(const full_form& f, const std::vector<entry>& weights, bool radii) {
  rk_coefficients<high_precision> m;
  auto value = [radii](const entry& e) {
    return radii ? high_precision(static_cast<double>(e.radius)) : to_high_precision(e.value);
  };
  for (std::size_t i = 0; i < f.b.size(); ++i) {
    m.a.emplace_back();
    for (const auto& x : f.a[i]) m.a.back().push_back(value(x));
    m.b.push_back(value(weights[i]));
    m.c.push_back(value(f.c[i]));
  }
  m.complete();
  return m;
}

bool any_radius(const full_form& f) {
  auto nonzero = [](const entry& e) { return e.radius != 0; };
  if (std::any_of(f.b.begin(), f.b.end(), nonzero) || std::any_of(f.b_hat.begin(), f.b_hat.end(), nonzero) ||
      std::any_of(f.c.begin(), f.c.end(), nonzero))
    return true;
  for (const auto& row : f.a)
    if (std::any_of(row.begin(), row.end(), nonzero)) return true;
  return false;
}

struct order_finding {
  int order = 0;
  std::vector<std::string> failing;  // trees of the first failing order
};

// The order of a weight set up to max_order over a forest whose colour-1 vertices (if any) stand
// for the time: a condition holds when its residual lies within what the radii can move it (the
// elementary weight of |A| + R against that of |A|, a bound on the perturbation of every product).
order_finding order_within(const tree_forest& forest, const std::vector<const rk_coefficients<high_precision>*>& m,
                           const std::vector<const rk_coefficients<high_precision>*>& magnitude,
                           const std::vector<const rk_coefficients<high_precision>*>& widened) {
  const auto phi = elementary_weights(forest, m);
  const auto low = elementary_weights(forest, magnitude);
  const auto high = elementary_weights(forest, widened);
  order_finding f;
  f.order = forest.max_order;
  for (std::size_t k = 0; k < forest.trees.size(); ++k) {
    const auto& tree = forest.trees[k];
    if (tree.order > f.order + 1) break;
    const high_precision residual = abs(phi[k] - high_precision(1) / high_precision(tree.density));
    const high_precision tolerance = (high[k] - low[k]) + certified_coefficient_tolerance();
    if (residual > tolerance) {
      if (tree.order - 1 < f.order) {
        f.order = tree.order - 1;
        f.failing.clear();
      }
      if (tree.order - 1 == f.order) f.failing.push_back(tree.notation);
    }
  }
  return f;
}

rk_coefficients<high_precision> absolute(rk_coefficients<high_precision> m) {
  for (auto& row : m.a)
    for (auto& x : row) x = abs(x);
  for (auto& x : m.b) x = abs(x);
  for (auto& x : m.c) x = abs(x);
  return m;
}

rk_coefficients<high_precision> plus(rk_coefficients<high_precision> m, const rk_coefficients<high_precision>& r) {
  for (std::size_t i = 0; i < m.a.size(); ++i)
    for (std::size_t j = 0; j < m.a[i].size(); ++j) m.a[i][j] += r.a[i][j];
  for (std::size_t i = 0; i < m.b.size(); ++i) m.b[i] += r.b[i], m.c[i] += r.c[i];
  return m;
}

// Autonomous order (ordinary trees) of the given weights. The trees' number grows fast with the
// order: a low order is decided on the small forest first.
order_finding weights_order(const full_form& f, const std::vector<entry>& weights, int max_order) {
  const auto m = high_precision_of(f, weights, false);
  const auto r = high_precision_of(f, weights, true);
  const auto mag = absolute(m);
  const auto wide = plus(mag, r);
  const int first = std::min(max_order, small_forest_order);
  order_finding found = order_within(generate_trees(first), {&m}, {&mag}, {&wide});
  if (found.order < first || first == max_order) return found;
  return order_within(generate_trees(max_order), {&m}, {&mag}, {&wide});
}

// The time enters a non-autonomous problem through the nodes: y' = f(t, y) is the autonomous
// (y, t)' = (f, 1), whose time component is stepped by any coefficients with row sums c. Its
// conditions are the bicoloured trees whose time vertices (colour 1) are leaves under a y root.
order_finding nonautonomous_order(const full_form& f, int max_order) {
  const auto m = high_precision_of(f, f.b, false);
  const auto r = high_precision_of(f, f.b, true);
  auto time_part = [](const rk_coefficients<high_precision>& x) {
    rk_coefficients<high_precision> t = x;
    for (std::size_t i = 0; i < t.a.size(); ++i) {
      std::fill(t.a[i].begin(), t.a[i].end(), high_precision(0));
      t.a[i][0] = x.c[i];
    }
    return t;
  };
  const auto mag = absolute(m), wide = plus(mag, r);
  const auto mt = time_part(m), magt = time_part(mag), widet = time_part(wide);
  tree_forest all = generate_trees(max_order, 2);
  // Keep the trees with a y root whose time vertices are leaves; the order bookkeeping is rebuilt.
  tree_forest forest;
  forest.max_order = max_order;
  forest.colours = 2;
  std::vector<int> index(all.trees.size(), -1);
  for (std::size_t k = 0; k < all.trees.size(); ++k) {
    const auto& tree = all.trees[k];
    bool keep = tree.colour == 0 || tree.children.empty();
    for (int child : tree.children) keep = keep && index[static_cast<std::size_t>(child)] >= 0;
    if (!keep) continue;
    rooted_tree copy = tree;
    for (auto& child : copy.children) child = index[static_cast<std::size_t>(child)];
    index[k] = static_cast<int>(forest.trees.size());
    forest.trees.push_back(copy);
  }
  // The lone time vertex is the time's own step (t + h, exact): not a condition on b.
  tree_forest conditions = forest;
  order_finding found = order_within(conditions, {&m, &mt}, {&mag, &magt}, {&wide, &widet});
  return found;
}

bool nodes_are_row_sums(const full_form& f) {
  for (std::size_t i = 0; i < f.c.size(); ++i) {
    exact sum = 0;
    long double radius = f.c[i].radius;
    for (const auto& x : f.a[i]) sum += x.value, radius += x.radius;
    if (!same(f.c[i], entry{sum, static_cast<long double>(sum.convert_to<long double>()), radius - f.c[i].radius}))
      return false;
  }
  return true;
}

double principal_error_of(const full_form& f, const std::vector<entry>& weights, int order) {
  const auto m = high_precision_of(f, weights, false);
  return principal_error_norms<high_precision>(generate_trees(order), {&m}, order).two_norm.convert_to<double>();
}

}  // namespace

difference_effects effects_of(const known_tableau& known, const full_form& matched, const method_match& match) {
  // Orders of exact values are decided exactly: their radii only bounded the match.
  const full_form given = known.values_exact ? full_form_of(known_exactly(known.tableau)) : matched;
  const auto& pt = match.method->tableau;
  const known_tableau published_known = known_exactly(pt);
  full_form published = full_form_of(published_known);
  if (match.propagates_embedded) std::swap(published.b, published.b_hat);
  difference_effects e;
  const int published_order = match.propagates_embedded ? pt.embedded_order.value_or(0) : pt.order;
  const int max_order = std::clamp(published_order + 1, 1, 10);
  const auto given_order = weights_order(given, given.b, max_order);
  e.given_order = given_order.order;
  e.failing_trees = given_order.failing;
  e.published_order = weights_order(published, published.b, max_order).order;
  e.orders_decided_exactly = !any_radius(given);
  e.stages =
      static_cast<int>(std::count_if(match.stage_map.begin(), match.stage_map.end(), [](int m) { return m >= 0; }));
  if (given.has_estimate && published.has_estimate) {
    const int published_embedded = match.propagates_embedded ? pt.order : pt.embedded_order.value_or(0);
    const int embedded_max = std::clamp(published_embedded + 1, 1, 10);
    const auto g = weights_order(given, given.b_hat, embedded_max);
    e.given_embedded_order = g.order;
    e.failing_embedded_trees = g.failing;
    e.published_embedded_order = weights_order(published, published.b_hat, embedded_max).order;
  }
  if (!nodes_are_row_sums(given))
    e.given_nonautonomous_order = nonautonomous_order(given, std::min(max_order, max_nonautonomous_order)).order;
  e.only_nodes_differ = std::all_of(match.differences.begin(), match.differences.end(),
                                    [](const coefficient_difference& d) { return d.part == coefficient_part::c; });
  const int error_order = std::max(1, e.published_order + 1);
  e.given_principal_error = principal_error_of(given, given.b, error_order);
  e.published_principal_error = principal_error_of(published, published.b, error_order);
  return e;
}

}  // namespace identity_detail

int attained_order_within(const known_tableau& k, weight_set weights, int max_order) {
  using namespace identity_detail;
  const full_form f = full_form_of(k);
  return weights_order(f, weights == weight_set::primary ? f.b : f.b_hat, max_order).order;
}

}  // namespace orderly
