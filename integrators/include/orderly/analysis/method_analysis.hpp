#pragma once
// What the coefficients of a method say about it, without running it: order from the exact order
// conditions, stage order, the stability function with its limits and A-/L-stability, the
// principal error norms; for splitting methods the stability limit on the harmonic oscillator.
// The analyze study adds the empirical check (the stepper run on the test equation).
#include <orderly/analysis/stability_function.hpp>
#include <orderly/order_conditions.hpp>
#include <orderly/splitting/method.hpp>
#include <orderly/splitting/partitioned_form.hpp>

#include <optional>

namespace orderly {

struct linear_stability {
  stability_function_coefficients function;
  std::optional<high_precision> real_limit;       // left end of [x, 0]; nothing: unbounded
  std::optional<high_precision> imaginary_limit;  // y of [-iy, iy]; 0: none; nothing: unbounded
  bool a_stable = false;
  bool l_stable = false;
};

linear_stability analyse_linear_stability(stability_function_coefficients function);

struct rk_analysis {
  int order = 0;  // from the order conditions, checked up to declared + 1
  int stage_order = 0;
  std::optional<int> embedded_order;
  linear_stability stability;
  std::optional<linear_stability> embedded_stability;
  principal_error error;  // of the propagated weights, trees of order (order + 1)
  std::optional<principal_error> embedded_error;
};

template <class Number>
Number exactness_tolerance() {
  if constexpr (std::is_same_v<Number, exact>)
    return Number(0);
  else
    return Number(certified_coefficient_tolerance());
}

// primary: the propagated weights; embedded: the pair's second weight set, if any.
template <class Number>
rk_analysis analyse_runge_kutta(const rk_coefficients<Number>& primary, int declared_order,
                                const rk_coefficients<Number>* embedded = nullptr,
                                std::optional<int> declared_embedded_order = std::nullopt) {
  const Number tolerance = exactness_tolerance<Number>();
  rk_analysis a;
  a.order = attained_order(primary, declared_order + 1, tolerance);
  a.stage_order = stage_order(primary, tolerance);
  a.stability = analyse_linear_stability(stability_function_of(primary));
  a.error = principal_error_norms<Number>(generate_trees(a.order + 1), {&primary}, a.order + 1);
  if (embedded) {
    const int declared = declared_embedded_order.value_or(declared_order - 1);
    a.embedded_order = attained_order(*embedded, declared + 1, tolerance);
    a.embedded_stability = analyse_linear_stability(stability_function_of(*embedded));
    a.embedded_error =
        principal_error_norms<Number>(generate_trees(*a.embedded_order + 1), {embedded}, *a.embedded_order + 1);
  }
  return a;
}

// A tableau's analysis (both weight sets of a pair) in the arithmetic its coefficients allow:
// exact when every entry is rational, at 100 digits to their certified precision otherwise.
rk_analysis analyse_tableau(const butcher_tableau& t);

// ---------------------------------------------------------------------------------------------
// Splitting methods on the harmonic oscillator q'' = -omega^2 q. In (q, p/omega) a drift is
// [[1, a x], [0, 1]] and a kick [[1, 0], [-b x, 1]], x = omega h; the step matrix M(x) has
// det M = 1, so the step is stable (eigenvalues on the unit circle) exactly while |tr M(x)| <= 2.

// tr M(x) as a polynomial in x, from the 100-digit coefficients (recognised as rationals where
// they are).
exact_polynomial harmonic_step_trace(const splitting_method& m);

struct splitting_analysis {
  int order = 0;  // from the bicoloured (alternating) tree conditions, checked up to declared + 1
  std::optional<high_precision> harmonic_limit;  // largest omega h keeping |tr M| <= 2; nothing: unbounded
  principal_error error;                         // bicoloured trees of order (order + 1)
};

splitting_analysis analyse_splitting(const splitting_method& m);

}  // namespace orderly
