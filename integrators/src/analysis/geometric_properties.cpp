// Symplecticity, symmetry, algebraic stability, the SSP coefficient, the pseudo- and conjugate
// symplecticity orders and the modified equation of a Runge-Kutta tableau (geometric_properties.hpp),
// in exact rationals and in 100 digits.
#include <orderly/analysis/geometric_properties.hpp>

#include <orderly/analysis/rosenbrock_equivalent.hpp>
#include <orderly/analysis/rosenbrock_order_conditions.hpp>

#include <algorithm>
#include <cmath>
#include <sstream>
#include <utility>

namespace orderly {
namespace {

template <class Number>
bool is_zero(const Number& x, const Number& tolerance) {
  using boost::multiprecision::abs;
  using std::abs;
  return tolerance == 0 ? x == 0 : abs(x) <= tolerance;
}

template <class Number>
std::string text_of(const Number& x) {
  if constexpr (std::is_same_v<Number, exact>)
    return x.str();
  else
    return x.str(30, std::ios_base::scientific);
}

template <class Number>
double double_of(const Number& x) {
  return static_cast<double>(detail::as_high_precision(x));
}

template <class Number>
using matrix = std::vector<std::vector<Number>>;

// M = B A + A^T B - b b^T.
template <class Number>
matrix<Number> algebraic_stability_matrix(const rk_coefficients<Number>& m) {
  const std::size_t s = m.b.size();
  matrix<Number> out(s, std::vector<Number>(s));
  for (std::size_t i = 0; i < s; ++i)
    for (std::size_t j = 0; j < s; ++j) out[i][j] = m.b[i] * m.a[i][j] + m.b[j] * m.a[j][i] - m.b[i] * m.b[j];
  return out;
}

// A permutation pi with a*_{pi(i) pi(j)} = a_ij and b_{pi(i)} = b_i, a* the adjoint's matrix; empty if none.
// The permutation, or empty; `undecided` when the search stopped at max_symmetry_search_nodes.
template <class Number>
std::vector<int> symmetry_permutation(const rk_coefficients<Number>& m, const Number& tolerance, bool& undecided) {
  const int s = m.stages();
  auto adjoint = [&](int i, int j) {
    return m.b[static_cast<std::size_t>(j)] - m.a[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)];
  };
  auto a = [&](int i, int j) { return m.a[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)]; };
  std::vector<int> pi(static_cast<std::size_t>(s), -1);
  std::vector<bool> used(static_cast<std::size_t>(s), false);
  long nodes = 0;
  undecided = false;
  auto place = [&](auto& self, int i) -> bool {
    if (i == s) return true;
    for (int k = 0; k < s; ++k) {
      if (used[static_cast<std::size_t>(k)]) continue;
      if (++nodes > max_symmetry_search_nodes) {
        undecided = true;
        return false;
      }
      if (!is_zero(Number(m.b[static_cast<std::size_t>(k)] - m.b[static_cast<std::size_t>(i)]), tolerance)) continue;
      if (!is_zero(Number(adjoint(k, k) - a(i, i)), tolerance)) continue;
      bool fits = true;
      for (int j = 0; j < i && fits; ++j) {
        const int l = pi[static_cast<std::size_t>(j)];
        fits =
            is_zero(Number(adjoint(k, l) - a(i, j)), tolerance) && is_zero(Number(adjoint(l, k) - a(j, i)), tolerance);
      }
      if (!fits) continue;
      pi[static_cast<std::size_t>(i)] = k;
      used[static_cast<std::size_t>(k)] = true;
      if (self(self, i + 1)) return true;
      used[static_cast<std::size_t>(k)] = false;
      if (undecided) return false;
    }
    return false;
  };
  return place(place, 0) ? pi : std::vector<int>{};
}

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
bool hamiltonian_up_to_conjugacy(const bseries_trees& trees, const std::vector<Number>& b, int n,
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

template <class Number>
ssp_coefficient ssp_radius(const rk_coefficients<Number>& m, const Number& tolerance) {
  ssp_coefficient out;
  if (!absolutely_monotonic(m, Number(0), tolerance)) {
    out.text = "0";
    out.digits = 0;
    return out;
  }
  Number lower = 0, upper = ssp_search_cap;
  if (absolutely_monotonic(m, upper, tolerance)) {
    out.lower = out.upper = detail::as_high_precision(upper);
    out.unbounded = true;
    out.text = ">= " + std::to_string(ssp_search_cap) + " (unbounded)";
    return out;
  }
  for (int step = 0; step < ssp_bisection_steps; ++step) {
    const Number middle = (lower + upper) / 2;
    (absolutely_monotonic(m, middle, tolerance) ? lower : upper) = middle;
  }
  out.lower = detail::as_high_precision(lower);
  out.upper = detail::as_high_precision(upper);
  const high_precision width = out.upper - out.lower;
  out.digits = out.lower > 0 ? static_cast<int>(floor(log10(out.upper / width))) : 0;
  out.digits = std::clamp(out.digits, 1, 20);
  out.text = out.lower == 0 ? "0" : out.lower.str(out.digits, std::ios_base::fmtflags(0));
  return out;
}

}  // namespace

template <class Number>
bool positive_semidefinite(matrix<Number> m, const Number& tolerance) {
  using boost::multiprecision::abs;
  using boost::multiprecision::sqrt;
  using std::abs;
  using std::sqrt;
  const std::size_t s = m.size();
  // A zero pivot's row must vanish: |m_ij|^2 <= m_ii m_jj in a semidefinite matrix.
  Number row_tolerance = 0;
  if constexpr (std::is_same_v<Number, exact>) {
    if (tolerance != 0) row_tolerance = exact_value_of(sqrt(to_high_precision(tolerance)));
  } else {
    row_tolerance = sqrt(tolerance);
  }
  for (std::size_t k = 0; k < s; ++k) {
    const Number pivot = m[k][k];
    if (is_zero(pivot, tolerance)) {
      for (std::size_t j = k + 1; j < s; ++j)
        if (!is_zero(m[k][j], row_tolerance)) return false;
      continue;
    }
    if (pivot < 0) return false;
    for (std::size_t i = k + 1; i < s; ++i) {
      if (m[i][k] == 0) continue;
      const Number factor = m[i][k] / pivot;
      for (std::size_t j = k + 1; j < s; ++j) m[i][j] -= factor * m[k][j];
    }
  }
  return true;
}

template <class Number>
bool absolutely_monotonic(const rk_coefficients<Number>& m, const Number& r, const Number& tolerance) {
  using boost::multiprecision::abs;
  using std::abs;
  const std::size_t s = m.b.size(), n = s + 1;
  matrix<Number> k(n, std::vector<Number>(n, Number(0)));
  for (std::size_t i = 0; i < s; ++i)
    for (std::size_t j = 0; j < s; ++j) k[i][j] = m.a[i][j];
  for (std::size_t j = 0; j < s; ++j) k[s][j] = m.b[j];
  // Solve (I + r K) Y = K by elimination on [I + rK | K].
  matrix<Number> x(n, std::vector<Number>(2 * n, Number(0)));
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j) {
      x[i][j] = (i == j ? Number(1) : Number(0)) + r * k[i][j];
      x[i][n + j] = k[i][j];
    }
  for (std::size_t c = 0; c < n; ++c) {
    std::size_t pivot = c;
    for (std::size_t i = c + 1; i < n; ++i)
      if (abs(x[i][c]) > abs(x[pivot][c])) pivot = i;
    if (x[pivot][c] == 0) return false;  // I + rK singular
    std::swap(x[pivot], x[c]);
    for (std::size_t i = 0; i < n; ++i) {
      if (i == c || x[i][c] == 0) continue;
      const Number factor = x[i][c] / x[c][c];
      for (std::size_t j = c; j < 2 * n; ++j) x[i][j] -= factor * x[c][j];
    }
  }
  for (std::size_t i = 0; i < n; ++i) {
    Number row_sum = 0;
    for (std::size_t j = 0; j < n; ++j) {
      const Number y = x[i][n + j] / x[i][i];
      if (y < -tolerance) return false;
      row_sum += y;
    }
    if (r * row_sum > 1 + tolerance) return false;
  }
  return true;
}

namespace {

// The properties a method's B-series decides, from its coefficients a(t) on every tree through
// g.max_tree_order: its order, the symplecticity conditions, the modified field and what they
// promise about energy. g.symplectic and g.symmetric are the caller's.
template <class Number>
void analyse_bseries(geometric_properties& g, const bseries_trees& trees, const std::vector<Number>& a,
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

  const auto b = modified_field_coefficients(trees, a);
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

}  // namespace

template <class Number>
geometric_properties analyse_geometric_properties(const rk_coefficients<Number>& m, const Number& tolerance,
                                                  int max_tree_order) {
  geometric_properties g;
  g.exact_arithmetic = std::is_same_v<Number, exact> && tolerance == 0;
  g.max_tree_order = max_tree_order;
  const std::size_t s = m.b.size();

  const auto big_m = algebraic_stability_matrix(m);
  g.symplectic = true;
  for (const auto& row : big_m)
    for (const auto& x : row)
      if (!is_zero(x, tolerance)) g.symplectic = false;
  g.symmetric_permutation = symmetry_permutation(m, tolerance, g.symmetry_undecided);
  g.symmetric = !g.symmetric_permutation.empty();

  g.nonnegative_weights = true;
  for (std::size_t i = 0; i < s; ++i)
    if (m.b[i] < -tolerance) {
      g.nonnegative_weights = false;
      if (g.algebraic_stability_reason.empty())
        g.algebraic_stability_reason = "b_" + std::to_string(i + 1) + " = " + text_of(m.b[i]) + " < 0";
    }
  g.positive_semidefinite_m = positive_semidefinite(big_m, tolerance);
  if (!g.positive_semidefinite_m) {
    if (!g.algebraic_stability_reason.empty()) g.algebraic_stability_reason += "; ";
    g.algebraic_stability_reason += "M = BA + A^T B - b b^T is not positive semidefinite";
  }
  g.algebraically_stable = g.nonnegative_weights && g.positive_semidefinite_m;
  g.ssp = ssp_radius(m, tolerance);

  // B-series: the method's a(t) = Phi(t).
  const auto& trees = bseries_trees_up_to(max_tree_order);
  analyse_bseries(g, trees, elementary_weights(trees.forest, m), tolerance);
  return g;
}

template <class Number>
bool partitioned_symplectic(const rk_coefficients<Number>& q_part, const rk_coefficients<Number>& p_part,
                            const Number& tolerance) {
  const std::size_t s = q_part.b.size();
  if (p_part.b.size() != s) return false;
  for (std::size_t i = 0; i < s; ++i) {
    if (!is_zero(Number(q_part.b[i] - p_part.b[i]), tolerance)) return false;
    for (std::size_t j = 0; j < s; ++j)
      if (!is_zero(Number(q_part.b[i] * p_part.a[i][j] + p_part.b[j] * q_part.a[j][i] - q_part.b[i] * p_part.b[j]),
                   tolerance))
        return false;
  }
  return true;
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
  const auto b = modified_field_coefficients(trees, a);
  g.symmetric = true;
  for (std::size_t k = 0; k < forest.trees.size(); ++k)
    if (forest.trees[k].order % 2 == 0 && !is_zero(b[k], tolerance)) g.symmetric = false;
  analyse_bseries(g, trees, a, tolerance);
  // Symplectic through every tree checked: the energy text is that of a symplectic method.
  if (g.pseudo_symplectic_capped) {
    g.symplectic = true;
    g.modified_equation.clear();
    g.harmonic_drift.reset();
    analyse_bseries(g, trees, a, tolerance);
  }
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
template bool partitioned_symplectic<exact>(const rk_coefficients<exact>&, const rk_coefficients<exact>&, const exact&);
template bool partitioned_symplectic<high_precision>(const rk_coefficients<high_precision>&,
                                                     const rk_coefficients<high_precision>&, const high_precision&);
template bool positive_semidefinite<exact>(matrix<exact>, const exact&);
template bool positive_semidefinite<high_precision>(matrix<high_precision>, const high_precision&);
template bool absolutely_monotonic<exact>(const rk_coefficients<exact>&, const exact&, const exact&);
template bool absolutely_monotonic<high_precision>(const rk_coefficients<high_precision>&, const high_precision&,
                                                   const high_precision&);

}  // namespace orderly
