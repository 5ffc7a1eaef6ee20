// The geometric properties of a method (geometric_properties.hpp): a Runge-Kutta tableau's, from
// its stage equations (stage_geometry.cpp) and its B-series (bseries_geometry.cpp), exactly or at
// 100 digits; a Rosenbrock method's, from its B-series; a splitting method's, from its flows.
#include <orderly/analysis/geometric_properties.hpp>

#include <orderly/analysis/rosenbrock_equivalent.hpp>
#include <orderly/analysis/rosenbrock_order_conditions.hpp>

#include "geometry_detail.hpp"

#include <algorithm>
#include <utility>

namespace orderly {

using geometry_detail::is_zero;

template <class Number>
geometric_properties analyse_geometric_properties(const rk_coefficients<Number>& m, const Number& tolerance,
                                                  int max_tree_order) {
  geometric_properties g;
  g.exact_arithmetic = std::is_same_v<Number, exact> && tolerance == 0;
  g.max_tree_order = max_tree_order;
  geometry_detail::analyse_stage_equations(g, m, tolerance);
  // B-series: the method's a(t) = Phi(t).
  const auto& trees = bseries_trees_up_to(max_tree_order);
  const auto b = geometry_detail::analyse_bseries(g, trees, elementary_weights(trees.forest, m), tolerance);
  geometry_detail::describe_energy(g, trees, b, tolerance);
  return g;
}

bool geometric_analysis_exact(const butcher_tableau& t) {
  if (!t.exact_entries() || t.stages() > max_exact_geometric_stages) return false;
  std::size_t digits = 0;
  auto note = [&](const exact& x) { digits = std::max(digits, x.str().size()); };
  for (const auto& row : t.a)
    for (const auto& x : row) note(x);
  for (const auto& x : t.b) note(x);
  const long s = t.stages();
  return s * s * static_cast<long>(digits) <= max_exact_geometric_work;
}

geometric_properties analyse_geometric_properties(const butcher_tableau& t, int max_tree_order) {
  if (geometric_analysis_exact(t)) return analyse_geometric_properties(exact_coefficients(t), exact(0), max_tree_order);
  return analyse_geometric_properties(tableau_coefficients<high_precision>(t), certified_coefficient_tolerance(),
                                      max_tree_order);
}
geometric_properties analyse_rosenbrock_geometry(const rosenbrock_method& m, int max_tree_order) {
  using number = high_precision;
  const auto r = untransform(m, false);
  const std::size_t s = r.b.size();
  const auto& trees = bseries_trees_up_to(max_tree_order);
  const auto& forest = trees.forest;
  // Stage weights u_i(t): the Jacobian term h J sum_j<=i gamma_ij k_j acts on a tree with one child
  // only, so u_i([t1]) = sum_j (alpha + Gamma)_ij u_j(t1) and, for two or more children,
  // u_i(t) = prod_k sum_j alpha_ij u_j(t_k); a(t) = b^T u(t).
  auto matrix_of = [&](const std::vector<std::vector<exact>>& x) {
    std::vector<std::vector<number>> out(s, std::vector<number>(s));
    for (std::size_t i = 0; i < s; ++i)
      for (std::size_t j = 0; j < s; ++j) out[i][j] = to_high_precision(x[i][j]);
    return out;
  };
  const auto alpha = matrix_of(r.alpha);
  auto beta = matrix_of(r.gamma);
  for (std::size_t i = 0; i < s; ++i)
    for (std::size_t j = 0; j < s; ++j) beta[i][j] += alpha[i][j];
  auto times = [&](const std::vector<std::vector<number>>& x, const std::vector<number>& u) {
    std::vector<number> out(s, number(0));
    for (std::size_t i = 0; i < s; ++i)
      for (std::size_t j = 0; j < s; ++j) out[i] += x[i][j] * u[j];
    return out;
  };
  std::vector<std::vector<number>> u;
  std::vector<number> a;
  for (const auto& tree : forest.trees) {
    std::vector<number> stage(s, number(1));
    if (tree.children.size() == 1) {
      stage = times(beta, u[static_cast<std::size_t>(tree.children.front())]);
    } else {
      for (const int child : tree.children) {
        const auto factor = times(alpha, u[static_cast<std::size_t>(child)]);
        for (std::size_t i = 0; i < s; ++i) stage[i] *= factor[i];
      }
    }
    number weight = 0;
    for (std::size_t i = 0; i < s; ++i) weight += to_high_precision(r.b[i]) * stage[i];
    a.push_back(weight);
    u.push_back(std::move(stage));
  }

  const number tolerance = to_high_precision(rosenbrock_residual_tolerance(m));
  geometric_properties g;
  g.exact_arithmetic = false;
  g.stage_equations = false;
  g.max_tree_order = max_tree_order;
  g.algebraic_stability_reason = "a Rosenbrock method has no Runge-Kutta stage equations";
  g.ssp.text = "not defined for a Rosenbrock method";
  const auto b = geometry_detail::analyse_bseries(g, trees, a, tolerance);
  g.symmetric = true;
  for (std::size_t k = 0; k < forest.trees.size(); ++k)
    if (forest.trees[k].order % 2 == 0 && !is_zero(b[k], tolerance)) g.symmetric = false;
  // Symplectic through every tree checked: the energy text is that of a symplectic method.
  g.symplectic = g.pseudo_symplectic_capped;
  geometry_detail::describe_energy(g, trees, b, tolerance);
  return g;
}

splitting_geometry analyse_splitting_geometry(const splitting_method& m, int order) {
  // The flows in the order they act: drift_i (T) then kick_i (V), zero ones dropped, neighbours
  // of one kind merged.
  std::vector<std::pair<char, high_precision>> flows;
  auto push = [&](char kind, const high_precision& x) {
    if (x == 0) return;
    if (!flows.empty() && flows.back().first == kind)
      flows.back().second += x;
    else
      flows.emplace_back(kind, x);
  };
  for (int i = 0; i < m.stages(); ++i) {
    push('T', m.drift[static_cast<std::size_t>(i)]);
    push('V', m.kick[static_cast<std::size_t>(i)]);
  }
  splitting_geometry g;
  g.symmetric = true;
  for (std::size_t i = 0; i < flows.size(); ++i) {
    const auto& mirror = flows[flows.size() - 1 - i];
    if (flows[i].first != mirror.first || abs(flows[i].second - mirror.second) > certified_coefficient_tolerance())
      g.symmetric = false;
  }
  g.modified_hamiltonian_order = order;
  g.energy_expectation = "bounded: symplectic (exact: a composition of exact flows); modified Hamiltonian H + O(h^" +
                         std::to_string(order) + ")";
  return g;
}

template geometric_properties analyse_geometric_properties<exact>(const rk_coefficients<exact>&, const exact&, int);
template geometric_properties analyse_geometric_properties<high_precision>(const rk_coefficients<high_precision>&,
                                                                           const high_precision&, int);

}  // namespace orderly
