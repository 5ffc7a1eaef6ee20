#pragma once
// The gate's algebraic half: for a method given as coefficients, the order conditions decide the
// order exactly, so a coefficient defect that convergence cannot resolve (one that breaks only the
// top-order conditions by 1e-12, say) is still refused. Convergence covers what algebra cannot see:
// stepper code, time arguments, users' steppers.
#include <orderly/catalog.hpp>
#include <orderly/order_conditions.hpp>
#include <orderly/splitting/partitioned_form.hpp>

#include <optional>
#include <string>

namespace orderly {

struct algebraic_finding {
  int declared = 0;
  int attained = 0;  // the order the conditions give, checked up to declared + 1
  // c_i = sum_j a_ij where the method states it (the trees read A only; the stepper reads c as the
  // stages' times, so a wrong c is a defect the trees alone would miss).
  bool row_sums_hold = true;
  bool passes() const { return attained == declared && row_sums_hold; }
  std::string text() const {
    if (!row_sums_hold) return "c differs from the row sums of A";
    if (passes()) return "order conditions give exactly the declared order " + std::to_string(declared);
    if (attained < declared)
      return "order conditions fail at order " + std::to_string(attained + 1) + " (declared " +
             std::to_string(declared) + ")";
    return "order conditions hold beyond the declared order " + std::to_string(declared) + ": declare " +
           std::to_string(attained);
  }
};

// None for methods that are code, not coefficients (seed specimens), and for Rosenbrock methods.
inline std::optional<algebraic_finding> check_declared_order(const method_entry& method,
                                                             weight_set weights = weight_set::primary) {
  if (const auto* t = method.tableau()) {  // explicit or implicit; exact or 100-digit entries
    const int declared = weights == weight_set::primary ? t->order : t->embedded_order.value_or(0);
    return algebraic_finding{declared, attained_order(*t, weights, declared + 1),
                             !t->row_sum_condition || row_sums_consistent(*t)};
  }
  if (const auto* s = method.splitting()) {
    // Splitting coefficients are 100-digit computations: conditions hold to their certified precision.
    const auto pair = partitioned_form(*s);
    return algebraic_finding{s->order, attained_order(pair.q_part, pair.p_part, s->order + 1,
                                                      certified_coefficient_tolerance(), /*alternating_only=*/true)};
  }
  // Seed specimens are code; Rosenbrock methods have their own order conditions (with gamma),
  // which Orderly does not generate: their order is measured only.
  return std::nullopt;
}

}  // namespace orderly
