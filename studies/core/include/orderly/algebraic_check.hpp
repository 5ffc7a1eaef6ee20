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
std::optional<algebraic_finding> check_declared_order(const method_entry& method,
                                                      weight_set weights = weight_set::primary);

}  // namespace orderly
