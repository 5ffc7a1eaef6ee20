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

namespace {

using boost::multiprecision::cpp_int;

// Entries times the least common multiple of their denominators: integers over one denominator.
struct integer_entries {
  std::vector<cpp_int> values;
  cpp_int denominator = 1;
};

integer_entries over_common_denominator(const std::vector<exact>& xs) {
  integer_entries out;
  for (const auto& x : xs) out.denominator = boost::multiprecision::lcm(out.denominator, denominator(x));
  for (const auto& x : xs) out.values.push_back(numerator(x) * (out.denominator / denominator(x)));
  return out;
}

}  // namespace

// Each tree's vector u(t) is an integer vector over one denominator: the product of its children's
// A u denominators. A u(t) multiplies it by the matrix's common denominator, and Phi(t) = b^T u(t)
// is reduced once. Rational arithmetic would reduce by a greatest common divisor after every
// product and sum, which for decimals of 40 digits and trees of order 10 costs most of the time.
template <>
std::vector<exact> elementary_weights<exact>(const tree_forest& forest,
                                             const std::vector<const rk_coefficients<exact>*>& coefficients) {
  if (static_cast<int>(coefficients.size()) != forest.colours)
    throw std::invalid_argument("elementary_weights: one coefficient set per colour is needed");
  const std::size_t s = coefficients.front()->b.size();
  for (const auto* m : coefficients)
    if (m->b.size() != s || m->a.size() != s) throw std::invalid_argument("elementary_weights: stage counts disagree");
  struct integer_colour {
    std::vector<std::vector<cpp_int>> a;  // A over the matrix's common denominator
    cpp_int a_denominator;
    integer_entries b;
  };
  std::vector<integer_colour> colours;
  for (const auto* m : coefficients) {
    integer_colour c;
    std::vector<exact> all;
    for (const auto& row : m->a) all.insert(all.end(), row.begin(), row.end());
    const auto a = over_common_denominator(all);
    c.a_denominator = a.denominator;
    for (std::size_t r = 0; r < s; ++r)
      c.a.emplace_back(a.values.begin() + static_cast<std::ptrdiff_t>(r * s),
                       a.values.begin() + static_cast<std::ptrdiff_t>((r + 1) * s));
    c.b = over_common_denominator(m->b);
    colours.push_back(std::move(c));
  }

  std::vector<integer_entries> a_times_u;  // A^{colour(t)} u(t), per tree
  a_times_u.reserve(forest.trees.size());
  std::vector<exact> phi;
  phi.reserve(forest.trees.size());
  integer_entries u;
  for (const auto& tree : forest.trees) {
    u.values.assign(s, cpp_int(1));
    u.denominator = 1;
    for (int child : tree.children) {
      const auto& w = a_times_u[static_cast<std::size_t>(child)];
      for (std::size_t i = 0; i < s; ++i)
        if (u.values[i] != 0) u.values[i] *= w.values[i];
      u.denominator *= w.denominator;
    }
    const auto& m = colours[static_cast<std::size_t>(tree.colour)];
    cpp_int weight = 0;
    integer_entries au;
    au.values.assign(s, cpp_int(0));
    au.denominator = u.denominator * m.a_denominator;
    for (std::size_t i = 0; i < s; ++i) {
      if (u.values[i] == 0) continue;
      if (m.b.values[i] != 0) weight += m.b.values[i] * u.values[i];
      for (std::size_t r = 0; r < s; ++r)
        if (m.a[r][i] != 0) au.values[r] += m.a[r][i] * u.values[i];
    }
    phi.emplace_back(weight, u.denominator * m.b.denominator);
    a_times_u.push_back(std::move(au));
  }
  return phi;
}

template struct rk_coefficients<exact>;
template struct rk_coefficients<high_precision>;
template rk_coefficients<exact> tableau_coefficients<exact>(const butcher_tableau&, weight_set);
template rk_coefficients<high_precision> tableau_coefficients<high_precision>(const butcher_tableau&, weight_set);
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
