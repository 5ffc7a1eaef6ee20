// The renumbering of a tableau's stages onto a published method's: branch and bound on the number
// of differing coefficients, and the differences it leaves, in the published numbering.
#include "identity_forms.hpp"

#include <numeric>

namespace orderly::identity_detail {
namespace {

// The renumberings tried for one pair of tableaus, at most: the nodes leave each stage a few
// places, so every exact match and nearest method of up to 17 stages is found well within it.
constexpr long max_search_nodes = 20000;

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

}  // namespace

std::pair<int, std::vector<int>> best_renumbering(const reduced_form& given, const reduced_form& published) {
  return stage_matcher(given, published).best();
}

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

}  // namespace orderly::identity_detail
