#pragma once
// Butcher order conditions, generated from rooted trees and evaluated in any number type: exact
// rationals (cpp_rational) for tableaus, high_precision (100 digits) for methods whose
// coefficients are irrational.
//
// A Runge-Kutta method (A, b) has order p when, for every rooted tree t with |t| <= p vertices,
//     Phi(t) = b^T u(t) = 1 / gamma(t),   u(t)_i = prod over children t_k of t of (A u(t_k))_i,
// u(leaf) = (1, ..., 1), gamma(t) = |t| * prod gamma(t_k)  (Butcher 1963; Hairer-Norsett-Wanner,
// Solving ODEs I, Sec. II.2). The trees are generated, never typed in: a tree is a multiset of
// smaller trees, enumerated as non-decreasing index sequences into the list of trees already
// built, so every tree appears exactly once.
//
// Partitioned Runge-Kutta methods (Hairer-Lubich-Wanner, Geometric Numerical Integration,
// Sec. III.2) use bicoloured trees: colour 0 = the q component (coefficients A1, b1), colour 1 =
// the p component (A2, b2). The root's colour picks b, and the edge into each child uses the A of
// that child's colour: u(t)_i = prod_k (A^colour(t_k) u(t_k))_i, Phi(t) = b^colour(t)^T u(t).
// For separable problems q' = v(p), p' = F(q) the q-equation does not
// depend on q nor the p-equation on p, so only trees whose edges join different colours
// ("alternating" trees) give conditions.
//
// The conditions are those of the autonomous form y' = f(y): the time nodes enter only through
// c = A 1, which row_sums_consistent() checks separately.
//
// Use:  attained_order(exact_coefficients(tableau, weight_set::embedded), p + 1) == p
//       check_order_conditions(m, p, tolerance) -> order_condition_report (failures with trees)
//       attained_order(q_part, p_part, p + 1, tolerance, /*alternating_only=*/true)
//       principal_error_norm(m, p + 1)
#include <orderly/exact.hpp>
#include <orderly/explicit_rk.hpp>
#include <orderly/tableau.hpp>

#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace orderly {

// ---------------------------------------------------------------------------------------------
// Rooted trees

// One tree of a forest. Children are indices of earlier trees of the same forest, in
// non-decreasing order: that sorted multiset is the tree's unique representation.
struct rooted_tree {
  int order = 1;              // number of vertices |t|
  int colour = 0;             // colour of the root (always 0 for ordinary trees)
  std::vector<int> children;  // indices into tree_forest::trees, sorted
  std::int64_t density = 1;   // gamma(t) = |t| * prod gamma(children)
  std::int64_t symmetry = 1;  // sigma(t) = prod sigma(children) * prod (multiplicity of each child)!
  std::string notation;       // Butcher's brackets: "t", "[t]", "[t,[t]]"; coloured: "q", "p[q,q]"
};

// Every tree up to max_order, sorted by order.
struct tree_forest {
  int max_order = 0;
  int colours = 1;
  bool alternating_only = false;
  std::vector<rooted_tree> trees;
  std::vector<std::size_t> order_begin;  // trees of order p are [order_begin[p], order_begin[p + 1])

  std::size_t count(int order) const { return order_begin[order + 1] - order_begin[order]; }
};

// Generates all rooted trees with up to max_order vertices whose vertices carry one of `colours`
// colours; with alternating_only, every edge joins two different colours. colours = 1 gives the
// ordinary (Butcher) trees: 1, 1, 2, 4, 9, 20, 48, 115, 286 of orders 1..9.
tree_forest generate_trees(int max_order, int colours = 1, bool alternating_only = false);

// ---------------------------------------------------------------------------------------------
// Coefficients

// A Runge-Kutta method's coefficients in one number type: a is s x s (explicit methods have zeros
// on and above the diagonal), c defaults to the row sums of a.
template <class Number>
struct rk_coefficients {
  std::vector<std::vector<Number>> a;
  std::vector<Number> b;
  std::vector<Number> c;

  int stages() const { return static_cast<int>(b.size()); }

  // Pads the rows of a to s entries and fills c with row sums if it was left empty.
  void complete() {
    const std::size_t s = b.size();
    if (a.size() != s)
      throw std::invalid_argument("rk_coefficients: A has " + std::to_string(a.size()) + " rows but b has " +
                                  std::to_string(s) + " weights");
    for (auto& row : a) {
      if (row.size() > s) throw std::invalid_argument("rk_coefficients: a row of A is longer than the stage count");
      row.resize(s, Number(0));
    }
    if (c.empty()) {
      for (const auto& row : a) {
        Number sum = 0;
        for (const auto& x : row) sum += x;
        c.push_back(sum);
      }
    }
    if (c.size() != s) throw std::invalid_argument("rk_coefficients: c and b sizes disagree");
  }
};

template <class Number>
rk_coefficients<Number> make_rk_coefficients(std::vector<std::vector<Number>> a, std::vector<Number> b,
                                             std::vector<Number> c = {}) {
  rk_coefficients<Number> m{std::move(a), std::move(b), std::move(c)};
  m.complete();
  return m;
}

namespace detail {
template <class Number>
Number from_exact(const exact& x) {
  if constexpr (std::is_same_v<Number, exact>)
    return x;
  else
    return to_scalar<Number>(x);
}

template <class Number>
high_precision as_high_precision(const Number& x) {
  if constexpr (std::is_same_v<Number, exact>)
    return to_high_precision(x);
  else if constexpr (std::is_arithmetic_v<Number>)
    return high_precision(x);
  else
    return static_cast<high_precision>(x);
}
}  // namespace detail

// The tableau's coefficients with the chosen weight set as b, in Number (exact: unchanged;
// otherwise rounded once from the exact value).
template <class Number>
rk_coefficients<Number> tableau_coefficients(const butcher_tableau& t, weight_set weights = weight_set::primary) {
  const auto& b = t.weights(weights);
  rk_coefficients<Number> m;
  const int s = t.stages();
  for (int i = 0; i < s; ++i) {
    std::vector<Number> row;
    for (int j = 0; j < s; ++j) row.push_back(detail::from_exact<Number>(t.a_at(i, j)));
    m.a.push_back(std::move(row));
    m.b.push_back(detail::from_exact<Number>(b[static_cast<std::size_t>(i)]));
    m.c.push_back(detail::from_exact<Number>(t.c[static_cast<std::size_t>(i)]));
  }
  m.complete();
  return m;
}

rk_coefficients<exact> exact_coefficients(const butcher_tableau& t, weight_set weights = weight_set::primary);

// c_i = sum_j a_ij for every stage: exactly, or to the certified precision of 100-digit coefficients.
bool row_sums_consistent(const butcher_tableau& t);

// ---------------------------------------------------------------------------------------------
// Elementary weights and residuals

// Phi(t) for every tree of the forest; coefficients[colour] belongs to vertices of that colour.
// The vectors A u(t) are kept per tree, so each tree costs one matrix-vector product and one
// product over its children.
template <class Number>
std::vector<Number> elementary_weights(const tree_forest& forest,
                                       const std::vector<const rk_coefficients<Number>*>& coefficients) {
  if (static_cast<int>(coefficients.size()) != forest.colours)
    throw std::invalid_argument("elementary_weights: one coefficient set per colour is needed");
  const std::size_t s = coefficients.front()->b.size();
  for (const auto* m : coefficients)
    if (m->b.size() != s || m->a.size() != s) throw std::invalid_argument("elementary_weights: stage counts disagree");

  std::vector<std::vector<Number>> a_times_u;  // A^{colour(t)} u(t), per tree
  a_times_u.reserve(forest.trees.size());
  std::vector<Number> phi;
  phi.reserve(forest.trees.size());
  std::vector<Number> u(s);
  for (const auto& tree : forest.trees) {
    for (auto& x : u) x = 1;
    for (int child : tree.children) {
      const auto& w = a_times_u[static_cast<std::size_t>(child)];
      for (std::size_t i = 0; i < s; ++i)
        if (u[i] != 0) u[i] *= w[i];
    }
    const auto& m = *coefficients[static_cast<std::size_t>(tree.colour)];
    Number weight = 0;
    std::vector<Number> au(s, Number(0));
    for (std::size_t i = 0; i < s; ++i) {
      if (u[i] == 0) continue;
      if (m.b[i] != 0) weight += m.b[i] * u[i];
      for (std::size_t r = 0; r < s; ++r)
        if (m.a[r][i] != 0) au[r] += m.a[r][i] * u[i];
    }
    phi.push_back(weight);
    a_times_u.push_back(std::move(au));
  }
  return phi;
}

// Exact rationals: the same sums in integers over one common denominator per colour (the matrix's
// and the weights'), each weight reduced once at the end, instead of a greatest common divisor
// after every product (order_conditions.cpp); the values are the same rationals.
template <>
std::vector<exact> elementary_weights<exact>(const tree_forest& forest,
                                             const std::vector<const rk_coefficients<exact>*>& coefficients);

// Phi(t) over an ordinary (one-colour) forest.
template <class Number>
std::vector<Number> elementary_weights(const tree_forest& forest, const rk_coefficients<Number>& m) {
  return elementary_weights(forest, std::vector<const rk_coefficients<Number>*>{&m});
}

template <class Number>
struct order_condition_failure {
  int order = 0;
  std::string tree;  // Butcher bracket notation
  Number residual;   // Phi(t) - 1/gamma(t)
};

template <class Number>
struct order_condition_report {
  int max_order = 0;           // conditions of orders 1..max_order were evaluated
  int order_satisfied = 0;     // largest p <= max_order with every condition of order <= p satisfied
  int conditions_checked = 0;  // number of trees
  std::vector<order_condition_failure<Number>> failures;  // every violated condition, by order
  std::vector<Number> residuals;                          // Phi(t) - 1/gamma(t), per tree of the forest
};

// Residuals Phi(t) - 1/gamma(t) over a forest; a condition holds when |residual| <= tolerance
// (tolerance 0: exactly).
template <class Number>
order_condition_report<Number> evaluate_order_conditions(
    const tree_forest& forest, const std::vector<const rk_coefficients<Number>*>& coefficients,
    const Number& tolerance) {
  using std::abs;
  order_condition_report<Number> report;
  report.max_order = forest.max_order;
  report.conditions_checked = static_cast<int>(forest.trees.size());
  const auto phi = elementary_weights(forest, coefficients);
  report.order_satisfied = forest.max_order;
  for (std::size_t k = 0; k < forest.trees.size(); ++k) {
    const auto& tree = forest.trees[k];
    Number residual = phi[k] - Number(1) / Number(tree.density);
    if (abs(residual) > tolerance) {
      report.failures.push_back({tree.order, tree.notation, residual});
      if (tree.order - 1 < report.order_satisfied) report.order_satisfied = tree.order - 1;
    }
    report.residuals.push_back(std::move(residual));
  }
  return report;
}

// Every Butcher condition up to max_order for the method m.
template <class Number>
order_condition_report<Number> check_order_conditions(const rk_coefficients<Number>& m, int max_order,
                                                      const Number& tolerance = Number(0)) {
  return evaluate_order_conditions(generate_trees(max_order), {&m}, tolerance);
}

// The largest p <= max_order such that all conditions of order <= p hold. To show that a method's
// order is exactly p, ask up to p + 1 and expect p.
template <class Number>
int attained_order(const rk_coefficients<Number>& m, int max_order, const Number& tolerance = Number(0)) {
  return check_order_conditions(m, max_order, tolerance).order_satisfied;
}

// Order of one weight set of a tableau, checked up to max_order: exactly when every entry is
// rational, to the coefficients' certified precision when they are 100-digit computations.
int attained_order(const butcher_tableau& t, weight_set weights, int max_order);

// Partitioned Runge-Kutta conditions: q_part = (A1, b1) advances q, p_part = (A2, b2) advances p.
// alternating_only restricts to the trees that matter for separable problems q' = v(p), p' = F(q).
template <class Number>
order_condition_report<Number> check_partitioned_order_conditions(const rk_coefficients<Number>& q_part,
                                                                  const rk_coefficients<Number>& p_part, int max_order,
                                                                  const Number& tolerance = Number(0),
                                                                  bool alternating_only = false) {
  return evaluate_order_conditions(generate_trees(max_order, 2, alternating_only), {&q_part, &p_part}, tolerance);
}

template <class Number>
int attained_order(const rk_coefficients<Number>& q_part, const rk_coefficients<Number>& p_part, int max_order,
                   const Number& tolerance, bool alternating_only) {
  return check_partitioned_order_conditions(q_part, p_part, max_order, tolerance, alternating_only).order_satisfied;
}

// Principal error coefficients of a method of order p = order - 1 (Dormand-Prince's A^(p+1)): per
// tree t of the given order, (Phi(t) - 1/gamma(t)) / sigma(t), the coefficient of the elementary
// differential F(t) in the local error h^order * sum(...) F(t). Partitioned (splitting) methods pass
// one coefficient set per colour and the bicoloured forest.
struct principal_error {
  int order = 0;            // the order of the trees (p + 1)
  high_precision two_norm;  // sqrt of the sum of squares of the coefficients
  high_precision max_norm;  // the largest coefficient in magnitude
};

template <class Number>
principal_error principal_error_norms(const tree_forest& forest,
                                      const std::vector<const rk_coefficients<Number>*>& coefficients, int order) {
  const auto report = evaluate_order_conditions(forest, coefficients, Number(0));
  principal_error e{order, 0, 0};
  for (std::size_t k = forest.order_begin[static_cast<std::size_t>(order)];
       k < forest.order_begin[static_cast<std::size_t>(order) + 1]; ++k) {
    const high_precision coefficient = abs(detail::as_high_precision(report.residuals[k]) / forest.trees[k].symmetry);
    e.two_norm += coefficient * coefficient;
    e.max_norm = std::max(e.max_norm, coefficient);
  }
  e.two_norm = sqrt(e.two_norm);
  return e;
}

// The 2-norm of the order-`order` error coefficients of an ordinary Runge-Kutta method.
template <class Number>
high_precision principal_error_norm(const rk_coefficients<Number>& m, int order) {
  return principal_error_norms<Number>(generate_trees(order), {&m}, order).two_norm;
}

// The two number types of the analyses (exact rationals, 100 digits) are instantiated once, in
// integrators/src/order_conditions.cpp, instead of in every file that checks an order.
extern template struct rk_coefficients<exact>;
extern template struct rk_coefficients<high_precision>;
extern template rk_coefficients<exact> tableau_coefficients<exact>(const butcher_tableau&, weight_set);
extern template rk_coefficients<high_precision> tableau_coefficients<high_precision>(const butcher_tableau&,
                                                                                     weight_set);
extern template std::vector<high_precision> elementary_weights<high_precision>(
    const tree_forest&, const std::vector<const rk_coefficients<high_precision>*>&);
extern template order_condition_report<exact> evaluate_order_conditions<exact>(
    const tree_forest&, const std::vector<const rk_coefficients<exact>*>&, const exact&);
extern template order_condition_report<high_precision> evaluate_order_conditions<high_precision>(
    const tree_forest&, const std::vector<const rk_coefficients<high_precision>*>&, const high_precision&);
extern template principal_error principal_error_norms<exact>(const tree_forest&,
                                                             const std::vector<const rk_coefficients<exact>*>&, int);
extern template principal_error principal_error_norms<high_precision>(
    const tree_forest&, const std::vector<const rk_coefficients<high_precision>*>&, int);

}  // namespace orderly
