#pragma once
// B-series of a Runge-Kutta method beyond its order conditions: the tree surgery the geometric
// analyses need (Butcher products, leaf removals, edge partitions), the modified equation, and the
// symplecticity conditions on B-series coefficients.
//
// Normalisation (Hairer-Lubich-Wanner, Geometric Numerical Integration, Sect. III.1 and IX.9;
// Chartier-Hairer-Vilmart, Found. Comput. Math. 10 (2010)): a series is
//     B(a, y) = y + sum_t h^|t| / sigma(t) a(t) F(t)(y),
// a Runge-Kutta method has a(t) = Phi(t) (its elementary weight), the exact flow e(t) = 1/gamma(t).
// The modified vector field is f_h(y) = sum_t h^(|t|-1) / sigma(t) b(t) F(t)(y); the method's step
// is the exact time-h flow of f_h, which is the substitution of b into e:
//     a(t) = sum over the subsets S of t's edges  e(skeleton_S(t)) prod_{pieces P} b(P),
// the pieces being the components left when the edges of S are cut and the skeleton the tree whose
// vertices are the pieces, joined by the cut edges (Chartier-Hairer-Vilmart, Sect. 3.2). The subset
// S = {} gives b(t) itself, every other term has smaller pieces: b follows tree by tree.
//
// Symplecticity of a B-series method (Calvo and Sanz-Serna; HLW Theorem VI.7.6):
//     a(u o v) + a(v o u) = a(u) a(v)  for all trees u, v,
// u o v the Butcher product (v grafted onto the root of u). A vector field's B-series is
// Hamiltonian for every Hamiltonian H iff b(u o v) + b(v o u) = 0 (HLW Theorem IX.9.3).
#include <orderly/order_conditions.hpp>

#include <map>
#include <optional>
#include <vector>

namespace orderly {

// Every ordinary tree up to max_order with the surgery the analyses read, computed once.
struct bseries_trees {
  tree_forest forest;
  // product[u][v]: index of u o v, or -1 when |u| + |v| > max_order.
  std::vector<std::vector<int>> product;
  // For each tree t: the trees t minus one leaf, one entry per leaf of a labelled copy of t (a tree
  // appears as often as leaves give it). Empty for the single vertex.
  std::vector<std::vector<int>> leaf_removals;
  // For each tree t, every nonempty set of cut edges: the skeleton's index and the pieces' indices.
  struct partition {
    int skeleton = 0;
    std::vector<int> pieces;
  };
  std::vector<std::vector<partition>> partitions;
  // The tall tree (chain) of each order 1..max_order: the only trees whose elementary differential
  // survives on a linear problem (f'' = 0), where F(chain_n) = L^n y.
  std::vector<int> chain;

  int max_order() const { return forest.max_order; }
  // The index of the tree with these (sorted) children; -1 if beyond max_order.
  int index_of(const std::vector<int>& sorted_children) const;

  std::map<std::vector<int>, int> by_children;
};

// Built once per max_order (at most 10: 719 trees, whose partitions number 2^(|t|-1) each).
const bseries_trees& bseries_trees_up_to(int max_order);
inline constexpr int max_bseries_order = 10;

// The modified vector field's coefficients b(t) of a series a (a(t) for every tree of the forest).
template <class Number>
std::vector<Number> modified_field_coefficients(const bseries_trees& trees, const std::vector<Number>& a);

// The same coefficients, each computed when first read (with those of the smaller trees its
// partitions need), by the same sums: an analysis that reads b on a few trees does not pay for the
// whole forest, whose exact rationals grow with a tree's order and number of partitions.
template <class Number>
class modified_field {
 public:
  modified_field(const bseries_trees& trees, std::vector<Number> a);
  const Number& operator[](std::size_t tree) const;

 private:
  const bseries_trees* trees_;
  std::vector<Number> a_;
  std::vector<Number> e_;
  mutable std::vector<std::optional<Number>> b_;
};

// The exact flow's coefficients e(t) = 1/gamma(t).
template <class Number>
std::vector<Number> exact_flow_coefficients(const bseries_trees& trees) {
  std::vector<Number> e;
  for (const auto& t : trees.forest.trees) e.push_back(Number(1) / Number(t.density));
  return e;
}

extern template std::vector<exact> modified_field_coefficients<exact>(const bseries_trees&, const std::vector<exact>&);
extern template std::vector<high_precision> modified_field_coefficients<high_precision>(
    const bseries_trees&, const std::vector<high_precision>&);
extern template class modified_field<exact>;
extern template class modified_field<high_precision>;

}  // namespace orderly
