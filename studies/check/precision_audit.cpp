// The precision audit of a tableau file (precision_audit.hpp).
#include <orderly/precision_audit.hpp>

#include <orderly/scalar_ladder.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

namespace orderly {

const char* coefficient_kind_name(coefficient_kind k) {
  switch (k) {
    case coefficient_kind::exact_defining:
      return "exact";
    case coefficient_kind::exact_approximating:
      return "exact-approximating";
    case coefficient_kind::decimal:
      return "decimal";
  }
  return "?";
}

namespace {

// The largest p <= the forest's order whose conditions all hold within tolerance(tree index).
template <class Tolerance>
int order_within(const tree_forest& forest, const std::vector<high_precision>& residuals, Tolerance&& tolerance) {
  int order = forest.max_order;
  for (std::size_t k = 0; k < forest.trees.size(); ++k)
    if (residuals[k] > tolerance(k)) order = std::min(order, forest.trees[k].order - 1);
  return order;
}

}  // namespace

precision_audit audit_precision(const tableau_file& file, weight_set weights, int declared,
                                double roundoff_floor_factor) {
  const auto& t = file.tableau;
  precision_audit audit;
  audit.declared = declared;
  const int top = declared + 1;
  const auto forest = generate_trees(top);
  const auto m = exact_coefficients(t, weights);
  const auto report = evaluate_order_conditions(forest, {&m}, exact(0));
  audit.exact_order = report.order_satisfied;
  std::vector<high_precision> residuals;
  for (const auto& r : report.residuals) residuals.push_back(to_high_precision(abs(r)));
  audit.error.order = top;
  for (std::size_t k = forest.order_begin[static_cast<std::size_t>(top)];
       k < forest.order_begin[static_cast<std::size_t>(top) + 1]; ++k) {
    const high_precision coefficient = residuals[k] / forest.trees[k].symmetry;
    audit.error.two_norm += coefficient * coefficient;
    audit.error.max_norm = std::max(audit.error.max_norm, coefficient);
  }
  audit.error.two_norm = sqrt(audit.error.two_norm);
  // Phi on the entries' magnitudes, for the rounding bounds: 100 digits are ample for a bound.
  const auto phi_abs = [&] {
    auto absolute = tableau_coefficients<high_precision>(t, weights);
    for (auto& row : absolute.a)
      for (auto& x : row) x = abs(x);
    for (auto& x : absolute.b) x = abs(x);
    return elementary_weights(forest, absolute);
  }();
  audit.max_residual.assign(static_cast<std::size_t>(top), 0.0);
  for (std::size_t k = 0; k < forest.trees.size(); ++k) {
    auto& slot = audit.max_residual[static_cast<std::size_t>(forest.trees[k].order - 1)];
    slot = std::max(slot, static_cast<double>(residuals[k]));
    if (forest.trees[k].order <= declared) audit.residual_to_declared = std::max(audit.residual_to_declared, slot);
  }
  // B_t(u) for a relative uncertainty u of every entry.
  auto rounding_bound = [&](const high_precision& u, std::size_t k) {
    return (pow(1 - u, -forest.trees[k].order) - 1) * phi_abs[k];
  };
  // The digits' own precision: every entry moved by up to the table's relative uncertainty (an
  // overestimate for the exact entries of a mixed table, by which nothing that holds is refused).
  const high_precision digits_unit = to_high_precision(file.relative_uncertainty);
  audit.digits_order =
      file.decimal ? order_within(forest, residuals, [&](std::size_t k) { return rounding_bound(digits_unit, k); })
                   : audit.exact_order;
  const auto binary_digits = [](scalar_kind kind) {
    return with_scalar(kind, [](auto zero) { return std::numeric_limits<decltype(zero)>::digits; });
  };
  // Rationals that meet the declared order's conditions within double's tolerance but not exactly
  // approximate a method of that order; any other rationals are the method they define.
  std::vector<scalar_order> within_tolerance;
  for (const auto kind : scalars_by_precision) {
    const high_precision unit = pow(high_precision(2), -binary_digits(kind));  // unit roundoff; epsilon is twice it
    const high_precision floor = roundoff_floor_factor * 2 * unit;
    within_tolerance.push_back({kind, order_within(forest, residuals, [&](std::size_t k) {
                                  return std::max(rounding_bound(unit, k), floor);
                                })});
  }
  const int order_in_double = std::find_if(within_tolerance.begin(), within_tolerance.end(), [](const auto& e) {
                                return e.scalar == scalar_kind::float64;
                              })->order;
  audit.kind = file.decimal                                                  ? coefficient_kind::decimal
               : audit.exact_order < declared && order_in_double >= declared ? coefficient_kind::exact_approximating
                                                                             : coefficient_kind::exact_defining;
  for (std::size_t k = 0; k < within_tolerance.size(); ++k) {
    auto entry = within_tolerance[k];
    if (audit.kind == coefficient_kind::exact_defining) entry.order = audit.exact_order;
    audit.order_by_scalar.push_back(entry);
    if (entry.order < declared) continue;
    audit.suited_scalars.emplace_back(scalar_name(entry.scalar));
    if (audit.kind != coefficient_kind::exact_defining)
      audit.suited_unit_roundoff = std::ldexp(1.0, -binary_digits(entry.scalar));
  }
  audit.order_to_precision = audit.kind == coefficient_kind::exact_defining
                                 ? audit.exact_order
                                 : std::max(audit.digits_order, order_in_double);
  return audit;
}

// The most precise scalar among double, long double and float128 that the audit allows: where a
// measurement of the file's method should run. Empty when even double is too fine for the digits.
std::optional<scalar_kind> measurement_scalar(const precision_audit& audit) {
  auto has = [&](const char* name) {
    return std::find(audit.suited_scalars.begin(), audit.suited_scalars.end(), name) != audit.suited_scalars.end();
  };
  if (has("float128")) return scalar_kind::quad;
  if (has("long-double")) return scalar_kind::long_double;
  if (has("double")) return scalar_kind::float64;
  return std::nullopt;
}

}  // namespace orderly
