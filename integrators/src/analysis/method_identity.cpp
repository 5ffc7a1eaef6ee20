// Identification of a tableau against the published methods: stage renumberings searched with
// branch and bound on the number of differing coefficients; effects from the order conditions.
#include <orderly/analysis/method_identity.hpp>
#include <orderly/order_conditions.hpp>

#include <algorithm>
#include <cctype>
#include <cfloat>
#include <cmath>
#include <limits>
#include <numeric>

namespace orderly {
namespace {

// The renumberings tried for one pair of tableaus, at most: the nodes leave each stage a few
// places, so every exact match and nearest method of up to 17 stages is found well within it.
constexpr long max_search_nodes = 20000;
// Nearest methods reported when none matches.
constexpr std::size_t nearest_reported = 3;
// Orders are checked one above the published order, and for non-autonomous problems (bicoloured
// trees, whose number grows fastest) up to this order.
constexpr int max_nonautonomous_order = 7;
// Orders up to this one are decided on their small forest before a larger one is generated.
constexpr int small_forest_order = 5;

// One coefficient as compared: exact value, its long double rounding, and its radius.
struct entry {
  exact value;
  long double approx = 0;
  long double radius = 0;
  bool zero() const { return value == 0 && radius == 0; }
};

entry make_entry(const exact& value, double radius) {
  return {value, static_cast<long double>(value.convert_to<long double>()), static_cast<long double>(radius)};
}

// Equal within the two radii. Entries known finer than long double (exact, or published decimals)
// are compared at 100 digits, to their radii.
bool same(const entry& x, const entry& y) {
  const long double scale = std::max(std::fabs(x.approx), std::fabs(y.approx));
  const long double fine = 64 * LDBL_EPSILON * scale;
  if (x.radius + y.radius <= fine) {
    if (x.radius == 0 && y.radius == 0) return x.value == y.value;
    return abs(to_high_precision(x.value - y.value)) <=
           high_precision(static_cast<double>(x.radius + y.radius)) + certified_coefficient_tolerance();
  }
  return std::fabs(x.approx - y.approx) <= x.radius + y.radius + fine;
}

// A tableau reduced to the stages its weights use, with the weights in the roles compared.
struct reduced_form {
  std::vector<int> original;  // reduced stage -> stage of the tableau
  std::vector<entry> c, b, b_hat;
  std::vector<std::vector<entry>> a;
  bool has_estimate = false;
  int stages() const { return static_cast<int>(original.size()); }
};

// The stages the weights reach: those with a nonzero weight, and those a reached stage reads.
std::vector<int> used_stages(const std::vector<std::vector<entry>>& a,
                             const std::vector<const std::vector<entry>*>& w) {
  const std::size_t s = a.size();
  std::vector<bool> used(s, false);
  for (std::size_t i = 0; i < s; ++i)
    for (const auto* weights : w)
      if (!(*weights)[i].zero()) used[i] = true;
  // A stage reads the stages of its row; repeat until nothing changes (implicit tableaus too).
  for (bool changed = true; changed;) {
    changed = false;
    for (std::size_t i = 0; i < s; ++i)
      if (used[i])
        for (std::size_t j = 0; j < s; ++j)
          if (!used[j] && !a[i][j].zero()) used[j] = changed = true;
  }
  std::vector<int> kept;
  for (std::size_t i = 0; i < s; ++i)
    if (used[i]) kept.push_back(static_cast<int>(i));
  return kept;
}

struct full_form {
  std::vector<entry> c, b, b_hat;
  std::vector<std::vector<entry>> a;
  bool has_estimate = false;
};

full_form full_form_of(const known_tableau& k) {
  const auto& t = k.tableau;
  const int s = t.stages();
  full_form f;
  auto radius = [](const std::vector<double>& r, int i) { return r.empty() ? 0.0 : r[static_cast<std::size_t>(i)]; };
  for (int i = 0; i < s; ++i) {
    f.c.push_back(make_entry(t.c[static_cast<std::size_t>(i)], radius(k.c_radius, i)));
    f.b.push_back(make_entry(t.b[static_cast<std::size_t>(i)], radius(k.b_radius, i)));
    if (t.b_embedded)
      f.b_hat.push_back(make_entry((*t.b_embedded)[static_cast<std::size_t>(i)], radius(k.b_embedded_radius, i)));
    f.a.emplace_back();
    for (int j = 0; j < s; ++j)
      f.a.back().push_back(
          make_entry(t.a_at(i, j),
                     k.a_radius.empty() ? 0.0 : k.a_radius[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)]));
  }
  f.has_estimate = t.b_embedded.has_value();
  return f;
}

// The form with weights (first, second) and the stages they use.
reduced_form reduce(const full_form& f, bool swap_weights, bool with_estimate) {
  const auto& b = swap_weights ? f.b_hat : f.b;
  const auto& b_hat = swap_weights ? f.b : f.b_hat;
  std::vector<const std::vector<entry>*> weights{&b};
  if (with_estimate) weights.push_back(&b_hat);
  reduced_form r;
  r.original = used_stages(f.a, weights);
  r.has_estimate = with_estimate;
  for (int i : r.original) {
    const auto u = static_cast<std::size_t>(i);
    r.c.push_back(f.c[u]);
    r.b.push_back(b[u]);
    if (with_estimate) r.b_hat.push_back(b_hat[u]);
    r.a.emplace_back();
    for (int j : r.original) r.a.back().push_back(f.a[u][static_cast<std::size_t>(j)]);
  }
  return r;
}

// The estimate with the opposite sign: b_hat' = 2 b - b_hat.
full_form with_flipped_estimate(full_form f) {
  for (std::size_t i = 0; i < f.b.size(); ++i) {
    const exact flipped = 2 * f.b[i].value - f.b_hat[i].value;
    f.b_hat[i] = {flipped, static_cast<long double>(flipped.convert_to<long double>()),
                  2 * f.b[i].radius + f.b_hat[i].radius};
  }
  return f;
}

// Branch and bound over the renumberings of the given stages onto the published ones.
class stage_matcher {
 public:
  stage_matcher(const reduced_form& given, const reduced_form& published) : g_(given), p_(published) {}

  // The fewest differences and the renumbering that gives them.
  std::pair<int, std::vector<int>> best() {
    const int s = g_.stages();
    std::vector<int> identity(static_cast<std::size_t>(s));
    std::iota(identity.begin(), identity.end(), 0);
    best_map_ = identity;
    best_cost_ = cost_of(identity);
    if (best_cost_ > 0) {
      map_.assign(static_cast<std::size_t>(s), -1);
      taken_.assign(static_cast<std::size_t>(s), false);
      search(0, 0);
    }
    return {best_cost_, best_map_};
  }

 private:
  // The differences stage i adds once stages 0..i are placed.
  int added_cost(int i, const std::vector<int>& map) const {
    const auto u = static_cast<std::size_t>(i);
    const auto m = static_cast<std::size_t>(map[u]);
    int cost = 0;
    cost += !same(g_.c[u], p_.c[m]);
    cost += !same(g_.b[u], p_.b[m]);
    if (g_.has_estimate) cost += !same(g_.b_hat[u], p_.b_hat[m]);
    for (int k = 0; k <= i; ++k) {
      const auto v = static_cast<std::size_t>(k);
      const auto n = static_cast<std::size_t>(map[v]);
      cost += !same(g_.a[u][v], p_.a[m][n]);
      if (k != i) cost += !same(g_.a[v][u], p_.a[n][m]);
    }
    return cost;
  }

  int cost_of(const std::vector<int>& map) const {
    int cost = 0;
    for (int i = 0; i < g_.stages(); ++i) cost += added_cost(i, map);
    return cost;
  }

  // Renumberings that keep the nodes: stage i goes only where the published node is the same (a
  // renumbering that moves a node changes the method, and the identity map already counts that).
  void search(int i, int cost) {
    if (cost >= best_cost_ || ++nodes_ > max_search_nodes) return;
    const int s = g_.stages();
    if (i == s) {
      best_cost_ = cost;
      best_map_ = map_;
      return;
    }
    for (int j = 0; j < s; ++j) {
      const auto u = static_cast<std::size_t>(j);
      if (taken_[u] || !same(g_.c[static_cast<std::size_t>(i)], p_.c[u])) continue;
      map_[static_cast<std::size_t>(i)] = j;
      taken_[u] = true;
      search(i + 1, cost + added_cost(i, map_));
      taken_[u] = false;
    }
    map_[static_cast<std::size_t>(i)] = -1;
  }

  const reduced_form& g_;
  const reduced_form& p_;
  std::vector<int> map_, best_map_;
  std::vector<bool> taken_;
  int best_cost_ = 0;
  long nodes_ = 0;
};

coefficient_part published_part(coefficient_part given, bool swapped) {
  if (!swapped) return given;
  if (given == coefficient_part::b) return coefficient_part::b_embedded;
  if (given == coefficient_part::b_embedded) return coefficient_part::b;
  return given;
}

// The differences of a renumbering, in the published method's numbering.
std::vector<coefficient_difference> differences_of(const reduced_form& g, const reduced_form& p,
                                                   const std::vector<int>& map, bool swapped) {
  std::vector<coefficient_difference> out;
  const int s = g.stages();
  auto add = [&](coefficient_part part, const entry& x, const entry& y, int row, int column) {
    if (same(x, y)) return;
    out.push_back({.part = published_part(part, swapped),
                   .row = p.original[static_cast<std::size_t>(row)],
                   .column = column < 0 ? 0 : p.original[static_cast<std::size_t>(column)],
                   .given = x.value,
                   .published = y.value,
                   .given_radius = static_cast<double>(x.radius)});
  };
  std::vector<int> inverse(static_cast<std::size_t>(s));
  for (int i = 0; i < s; ++i) inverse[static_cast<std::size_t>(map[static_cast<std::size_t>(i)])] = i;
  for (int m = 0; m < s; ++m) {  // published order
    const auto i = static_cast<std::size_t>(inverse[static_cast<std::size_t>(m)]);
    add(coefficient_part::c, g.c[i], p.c[static_cast<std::size_t>(m)], m, -1);
  }
  for (int m = 0; m < s; ++m)
    for (int n = 0; n < s; ++n) {
      const auto i = static_cast<std::size_t>(inverse[static_cast<std::size_t>(m)]);
      const auto k = static_cast<std::size_t>(inverse[static_cast<std::size_t>(n)]);
      add(coefficient_part::a, g.a[i][k], p.a[static_cast<std::size_t>(m)][static_cast<std::size_t>(n)], m, n);
    }
  for (int m = 0; m < s; ++m) {
    const auto i = static_cast<std::size_t>(inverse[static_cast<std::size_t>(m)]);
    add(coefficient_part::b, g.b[i], p.b[static_cast<std::size_t>(m)], m, -1);
  }
  if (g.has_estimate)
    for (int m = 0; m < s; ++m) {
      const auto i = static_cast<std::size_t>(inverse[static_cast<std::size_t>(m)]);
      const auto u = static_cast<std::size_t>(m);
      const std::size_t before = out.size();
      add(coefficient_part::b_embedded, g.b_hat[i], p.b_hat[u], m, -1);
      if (out.size() > before) {
        out.back().given_estimate_weight = g.b[i].value - g.b_hat[i].value;
        out.back().published_estimate_weight = p.b[u].value - p.b_hat[u].value;
      }
    }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Effects: orders and principal errors of the given coefficients against the published ones.

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
      stage_matcher matcher(g, q);
      auto [cost, map] = matcher.best();
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

int attained_order_within(const known_tableau& k, weight_set weights, int max_order) {
  const full_form f = full_form_of(k);
  return weights_order(f, weights == weight_set::primary ? f.b : f.b_hat, max_order).order;
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
