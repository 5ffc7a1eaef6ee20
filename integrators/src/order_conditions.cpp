// The order-condition machinery in the number types the analyses use (exact rationals and 100
// digits) and the tree generator, compiled once: every file checking an order would otherwise
// instantiate rational arithmetic over the trees again.
#include <orderly/order_conditions.hpp>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace orderly {

tree_forest generate_trees(int max_order, int colours, bool alternating_only) {
  // Density is |t|! at most: int64 holds it up to order 20.
  if (max_order < 1 || max_order > 20) throw std::invalid_argument("tree order must be between 1 and 20");
  if (colours < 1 || colours > 2) throw std::invalid_argument("trees have one or two colours");
  if (alternating_only && colours != 2) throw std::invalid_argument("alternating trees need two colours");
  tree_forest forest;
  forest.max_order = max_order;
  forest.colours = colours;
  forest.alternating_only = alternating_only;
  forest.order_begin.assign(static_cast<std::size_t>(max_order) + 2, 0);
  auto& trees = forest.trees;

  auto finish = [&](int order, int colour, const std::vector<int>& children) {
    rooted_tree t;
    t.order = order;
    t.colour = colour;
    t.children = children;
    t.density = order;
    std::string inner;
    std::size_t run = 0;
    for (std::size_t k = 0; k < children.size(); ++k) {
      const auto& child = trees[static_cast<std::size_t>(children[k])];
      t.density *= child.density;
      t.symmetry *= child.symmetry;
      run = (k > 0 && children[k] == children[k - 1]) ? run + 1 : 1;
      t.symmetry *= static_cast<std::int64_t>(run);  // builds multiplicity! one factor at a time
      inner += (k > 0 ? "," : "") + child.notation;
    }
    const std::string vertex = colours == 1 ? "t" : (colour == 0 ? "q" : "p");
    if (children.empty())
      t.notation = vertex;
    else
      t.notation = (colours == 1 ? "" : vertex) + "[" + inner + "]";
    trees.push_back(std::move(t));
  };

  for (int order = 1; order <= max_order; ++order) {
    forest.order_begin[static_cast<std::size_t>(order)] = trees.size();
    const std::size_t existing = trees.size();  // all trees of order < `order`
    for (int colour = 0; colour < colours; ++colour) {
      std::vector<int> children;
      // Appends children with indices >= first whose orders sum to `remaining`.
      auto extend = [&](auto& self, int remaining, std::size_t first) -> void {
        if (remaining == 0) {
          finish(order, colour, children);
          return;
        }
        for (std::size_t j = first; j < existing; ++j) {
          const auto& candidate = trees[j];
          if (candidate.order > remaining) break;  // sorted by order
          if (alternating_only && candidate.colour == colour) continue;
          children.push_back(static_cast<int>(j));
          self(self, remaining - candidate.order, j);
          children.pop_back();
        }
      };
      extend(extend, order - 1, 0);
    }
  }
  forest.order_begin[static_cast<std::size_t>(max_order) + 1] = trees.size();
  return forest;
}

rk_coefficients<exact> exact_coefficients(const butcher_tableau& t, weight_set weights) {
  return tableau_coefficients<exact>(t, weights);
}

bool row_sums_consistent(const butcher_tableau& t) {
  const exact tolerance = t.exact_entries() ? exact(0) : exact_value_of(certified_coefficient_tolerance());
  for (int i = 0; i < t.stages(); ++i) {
    exact sum = 0;
    for (int j = 0; j < t.stages(); ++j) sum += t.a_at(i, j);
    if (abs(sum - t.c[static_cast<std::size_t>(i)]) > tolerance) return false;
  }
  return true;
}

int attained_order(const butcher_tableau& t, weight_set weights, int max_order) {
  if (t.exact_entries()) return attained_order(exact_coefficients(t, weights), max_order);
  return attained_order(tableau_coefficients<high_precision>(t, weights), max_order, certified_coefficient_tolerance());
}

template struct rk_coefficients<exact>;
template struct rk_coefficients<high_precision>;
template rk_coefficients<exact> tableau_coefficients<exact>(const butcher_tableau&, weight_set);
template rk_coefficients<high_precision> tableau_coefficients<high_precision>(const butcher_tableau&, weight_set);
template std::vector<exact> elementary_weights<exact>(const tree_forest&,
                                                      const std::vector<const rk_coefficients<exact>*>&);
template std::vector<high_precision> elementary_weights<high_precision>(
    const tree_forest&, const std::vector<const rk_coefficients<high_precision>*>&);
template order_condition_report<exact> evaluate_order_conditions<exact>(
    const tree_forest&, const std::vector<const rk_coefficients<exact>*>&, const exact&);
template order_condition_report<high_precision> evaluate_order_conditions<high_precision>(
    const tree_forest&, const std::vector<const rk_coefficients<high_precision>*>&, const high_precision&);
template principal_error principal_error_norms<exact>(const tree_forest&,
                                                      const std::vector<const rk_coefficients<exact>*>&, int);
template principal_error principal_error_norms<high_precision>(
    const tree_forest&, const std::vector<const rk_coefficients<high_precision>*>&, int);

}  // namespace orderly
