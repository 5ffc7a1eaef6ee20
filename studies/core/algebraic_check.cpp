// Compiled once into the study library (declared in algebraic_check.hpp).
#include <orderly/algebraic_check.hpp>

namespace orderly {

std::optional<algebraic_finding> check_declared_order(const method_entry& method, weight_set weights) {
  using result = std::optional<algebraic_finding>;
  if (!method.has_coefficients()) return std::nullopt;  // an article's code: nothing to check algebraically
  return method.visit(method_visitor{
      [&](const butcher_tableau& t) -> result {  // explicit or implicit; exact or 100-digit entries
        const int declared = weights == weight_set::primary ? t.order : t.embedded_order.value_or(0);
        return algebraic_finding{declared, attained_order(t, weights, declared + 1),
                                 !t.row_sum_condition || row_sums_consistent(t)};
      },
      [](const splitting_method& s) -> result {
        // Splitting coefficients are 100-digit computations: conditions hold to their certified precision.
        const auto pair = partitioned_form(s);
        return algebraic_finding{s.order, attained_order(pair.q_part, pair.p_part, s.order + 1,
                                                         certified_coefficient_tolerance(), /*alternating_only=*/true)};
      },
      // Rosenbrock methods have their own order conditions (with gamma), which this check does not
      // decide: their order is measured only.
      [](const rosenbrock_method&) -> result { return std::nullopt; },
  });
}

}  // namespace orderly
