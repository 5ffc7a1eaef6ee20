#pragma once
// What both explicit Runge-Kutta steppers hold (the run-time-tableau one, explicit_rk.hpp, and the
// compiled one, compiled_explicit_rk.hpp), apart from their stages: the coefficients rounded to the
// scalar (stage_coefficients.hpp, by value), the orders the tableau declares and its name for
// messages, the work count, the FSAL cache's flag and time, and the compensated update's increment
// and carry. Nothing here points back at the exact tableau: who needs the exact coefficients asks
// the method (the catalog entry), not the stepper.
#include "compensated_sum.hpp"
#include "state_algebra.hpp"
#include "tableau.hpp"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>

namespace orderly {

template <state_vector State, summation Sum, class Coefficients>
class explicit_rk_base {
 public:
  using scalar = scalar_of<State>;

  // The order of the propagated weights.
  int order() const { return order_; }
  // The order q of the error estimate (local error ~ h^(q+1)): the lower of the pair's two orders.
  int error_estimate_order() const {
    if (!embedded_order_) throw std::invalid_argument(name_ + " has no embedded error estimate");
    return std::min(tableau_order_, *embedded_order_);
  }
  std::uint64_t rhs_evaluations() const { return rhs_evaluations_; }

 protected:
  // `tableau` is explicit and checked by the stepper (its stage count, for the compiled one).
  explicit_rk_base(const butcher_tableau& tableau, weight_set weights)
      : terms_(tableau, weights),
        name_(tableau.name),
        tableau_order_(tableau.order),
        embedded_order_(tableau.embedded_order),
        order_(weights == weight_set::primary ? tableau.order : tableau.embedded_order.value_or(0)),
        estimates_error_(tableau.b_embedded.has_value()) {}

  void require_error_estimate() const {
    if (!estimates_error_) throw std::logic_error(name_ + " has no error estimate");
  }

  // Forgets the cached last stage and the compensation carry.
  void forget_cache() {
    end_valid_ = false;
    if constexpr (Sum == summation::compensated) compensation_.reset();
  }

  Coefficients terms_;  // the nonzero coefficients' term lists (stage_coefficients.hpp)
  std::string name_;
  int tableau_order_;
  std::optional<int> embedded_order_;
  int order_;  // of the weights this stepper propagates
  bool estimates_error_;
  std::uint64_t rhs_evaluations_ = 0;
  bool end_valid_ = false;  // end_t_ and the stepper's first stage slot hold f(t, y) at the next step's start
  scalar end_t_{};
  State increment_{};                 // compensated only: h sum b_i k_i of the step
  compensation<State> compensation_;  // compensated only: the per-component carry
};

}  // namespace orderly
