// The geometric properties a method's B-series decides (geometric_properties.hpp): its order, the
// pseudo- and conjugate-symplectic orders, the modified equation and the energy behaviour they
// predict, from the coefficients a(t) of every tree, in exact rationals and in 100 digits.
#include "geometry_detail.hpp"

#include <algorithm>
#include <sstream>
#include <utility>

namespace orderly::geometry_detail {
namespace {

// The rank of a matrix by Gaussian elimination with the largest pivot; entries up to tolerance are zero.
template <class Number>
int rank_of(matrix<Number> m, const Number& tolerance) {
  using boost::multiprecision::abs;
  using std::abs;
  if (m.empty()) return 0;
  const std::size_t rows = m.size(), columns = m.front().size();
  int rank = 0;
  std::size_t row = 0;
  for (std::size_t column = 0; column < columns && row < rows; ++column) {
    std::size_t pivot = row;
    for (std::size_t r = row + 1; r < rows; ++r)
      if (abs(m[r][column]) > abs(m[pivot][column])) pivot = r;
    if (is_zero(m[pivot][column], tolerance)) continue;
    std::swap(m[pivot], m[row]);
    for (std::size_t r = row + 1; r < rows; ++r) {
      if (m[r][column] == 0) continue;
      const Number factor = m[r][column] / m[row][column];
      for (std::size_t c = column; c < columns; ++c) m[r][c] -= factor * m[row][c];
    }
    ++row;
    ++rank;
  }
  return rank;
}

// Whether the modified field's Hamiltonian defect at tree order n is a Lie bracket [f, c]: the
// defects d(u, v) = b(u o v) + b(v o u), |u| + |v| = n, against the same functionals of the
// brackets with each tree w of order n - 1: [f, w](t) = [t = (w grafted on a root)] - #{leaves of t
// whose removal leaves w}.
template <class Number>
bool hamiltonian_up_to_conjugacy(const bseries_trees& trees, const modified_field<Number>& b, int n,
                                 const Number& tolerance) {
  const auto& forest = trees.forest;
  const std::size_t w_begin = forest.order_begin[static_cast<std::size_t>(n) - 1];
  const std::size_t w_end = forest.order_begin[static_cast<std::size_t>(n)];
  matrix<Number> augmented;
  bool any_defect = false;
  auto bracket = [&](int t, std::size_t w) {
    const auto& tree = forest.trees[static_cast<std::size_t>(t)];
    int value = (tree.children.size() == 1 && static_cast<std::size_t>(tree.children[0]) == w) ? 1 : 0;
    for (int removed : trees.leaf_removals[static_cast<std::size_t>(t)])
      if (static_cast<std::size_t>(removed) == w) --value;
    return value;
  };
  for (std::size_t u = 0; u < forest.trees.size(); ++u)
    for (std::size_t v = u; v < forest.trees.size(); ++v) {
      if (forest.trees[u].order + forest.trees[v].order != n) continue;
      const int uv = trees.product[u][v], vu = trees.product[v][u];
      std::vector<Number> row;
      for (std::size_t w = w_begin; w < w_end; ++w) row.push_back(Number(bracket(uv, w) + bracket(vu, w)));
      const Number defect = b[static_cast<std::size_t>(uv)] + b[static_cast<std::size_t>(vu)];
      if (!is_zero(defect, tolerance)) any_defect = true;
      row.push_back(defect);
      augmented.push_back(std::move(row));
    }
  if (!any_defect) return true;
  matrix<Number> brackets = augmented;
  for (auto& row : brackets) row.pop_back();
  return rank_of(brackets, tolerance) == rank_of(augmented, tolerance);
}

}  // namespace

template <class Number>
modified_field<Number> analyse_bseries(geometric_properties& g, const bseries_trees& trees, std::vector<Number> a,
                                       const Number& tolerance) {
  const int max_tree_order = g.max_tree_order;
  const auto& forest = trees.forest;
  const auto e = exact_flow_coefficients<Number>(trees);
  g.order = max_tree_order;
  for (std::size_t k = 0; k < a.size(); ++k)
    if (!is_zero(Number(a[k] - e[k]), tolerance)) {
      g.order = forest.trees[k].order - 1;
      break;
    }

  g.pseudo_symplectic_order = max_tree_order;
  g.pseudo_symplectic_capped = true;
  for (std::size_t u = 0; u < forest.trees.size(); ++u)
    for (std::size_t v = u; v < forest.trees.size(); ++v) {
      const int uv = trees.product[u][v];
      if (uv < 0) break;  // v and the trees after it are too large
      const int vu = trees.product[v][u];
      const Number defect = a[static_cast<std::size_t>(uv)] + a[static_cast<std::size_t>(vu)] - a[u] * a[v];
      if (!is_zero(defect, tolerance)) {
        const int n = forest.trees[u].order + forest.trees[v].order;
        if (n - 1 < g.pseudo_symplectic_order) g.pseudo_symplectic_order = n - 1;
        g.pseudo_symplectic_capped = false;
      }
    }

  const modified_field<Number> b(trees, std::move(a));
  const int p = g.order;
  const int reach = std::min(max_tree_order, 2 * p);
  g.conjugate_symplectic_order = std::max(p, reach);
  g.conjugate_symplectic_capped = true;
  for (int n = p + 1; n <= reach; ++n)
    if (!hamiltonian_up_to_conjugacy(trees, b, n, tolerance)) {
      g.conjugate_symplectic_order = n - 1;
      g.conjugate_symplectic_capped = false;
      break;
    }

  for (int n = p + 1; n <= std::min(p + 2, max_tree_order); ++n)
    for (std::size_t k = forest.order_begin[static_cast<std::size_t>(n)];
         k < forest.order_begin[static_cast<std::size_t>(n) + 1]; ++k)
      g.modified_equation.push_back(
          {n, static_cast<int>(k), forest.trees[k].notation, forest.trees[k].symmetry, text_of(b[k]), double_of(b[k])});
  return b;
}

template <class Number>
void describe_energy(geometric_properties& g, const bseries_trees& trees, const modified_field<Number>& b,
                     const Number& tolerance) {
  const int max_tree_order = g.max_tree_order, p = g.order;
  if (!g.symplectic)
    for (int n = 2; n <= max_tree_order; n += 2) {
      const Number beta = b[static_cast<std::size_t>(trees.chain[static_cast<std::size_t>(n)])];
      if (is_zero(beta, tolerance)) continue;
      const Number coefficient = (n % 4 == 0 ? Number(2) : Number(-2)) * beta;
      g.harmonic_drift = harmonic_drift_rate{n, text_of(coefficient), double_of(coefficient)};
      break;
    }

  std::ostringstream text;
  if (g.symplectic) {
    g.energy_class = "bounded";
    text << "bounded: symplectic (" << (g.exact_arithmetic ? "exact" : "to the coefficients' precision")
         << "); energy error O(h^" << p << ") over exponentially long times";
  } else if (g.conjugate_symplectic_order > p) {
    g.energy_class = "bounded-to-horizon";
    const int k = g.conjugate_symplectic_order - p;
    text << "bounded up to t ~ h^-" << k << (g.conjugate_symplectic_capped ? " at least" : "")
         << ": conjugate symplectic to order " << g.conjugate_symplectic_order
         << (g.conjugate_symplectic_capped ? " (the test's reach)" : "") << ", energy error O(h^" << p << ") + O(t h^"
         << g.conjugate_symplectic_order << ")";
  } else {
    g.energy_class = "drift";
    text << "drift, rate predicted from the modified equation's leading term";
    if (g.harmonic_drift)
      text << ": d ln H/dt = " << g.harmonic_drift->coefficient_double << " omega^" << g.harmonic_drift->power << " h^"
           << g.harmonic_drift->power - 1 << " on the harmonic oscillator";
    else
      text << ": not derived (its first drifting term lies beyond trees of order " << max_tree_order << ")";
    if (g.symmetric) text << " (symmetric: bounded on reversible problems)";
  }
  g.energy_expectation = text.str();
}

template modified_field<exact> analyse_bseries<exact>(geometric_properties&, const bseries_trees&, std::vector<exact>,
                                                      const exact&);
template modified_field<high_precision> analyse_bseries<high_precision>(geometric_properties&, const bseries_trees&,
                                                                        std::vector<high_precision>,
                                                                        const high_precision&);
template void describe_energy<exact>(geometric_properties&, const bseries_trees&, const modified_field<exact>&,
                                     const exact&);
template void describe_energy<high_precision>(geometric_properties&, const bseries_trees&,
                                              const modified_field<high_precision>&, const high_precision&);

}  // namespace orderly::geometry_detail
