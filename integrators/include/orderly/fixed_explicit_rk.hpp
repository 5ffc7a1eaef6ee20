#pragma once
// Which explicit Runge-Kutta stepper runs a tableau: visit_explicit_stepper(tableau, weights,
// visitor) hands the visitor the fastest one, the compiled form (compiled_explicit_rk.hpp) for
// the stage counts of the catalog, the run-time-tableau stepper (explicit_rk.hpp) otherwise.
#include "compiled_explicit_rk.hpp"
#include "explicit_rk.hpp"

#include <array>
#include <type_traits>
#include <utility>

namespace orderly {

// The stage counts that have a compiled form: those of the catalog's tableaus (a unit test checks
// that every catalog tableau is among them).
inline constexpr std::array<int, 8> compiled_stage_counts{1, 2, 3, 4, 6, 7, 9, 13};

// Calls visitor(stepper) with the fastest stepper for `tableau`: fixed_explicit_rk<State, s> when
// the stage count s is compiled and the state contiguous, explicit_rk<State> otherwise. The
// stepper lives for the duration of the call and holds the coefficients rounded to State's scalar.
// Sum selects the update's summation (both forms exist for every stage count).
template <state_vector State, summation Sum = summation::plain, class Visitor>
decltype(auto) visit_explicit_stepper(const butcher_tableau& tableau, weight_set weights, Visitor&& visitor) {
  if constexpr (contiguous_state<State>) {
    const int s = tableau.stages();
    auto compiled = [&]<int S>(std::integral_constant<int, S>) -> decltype(auto) {
      fixed_explicit_rk<State, S, Sum> stepper(tableau, weights);
      return visitor(stepper);
    };
    constexpr auto& counts = compiled_stage_counts;
    static_assert(counts.size() == 8, "one case per compiled stage count");
    switch (s) {
      case counts[0]:
        return compiled(std::integral_constant<int, counts[0]>{});
      case counts[1]:
        return compiled(std::integral_constant<int, counts[1]>{});
      case counts[2]:
        return compiled(std::integral_constant<int, counts[2]>{});
      case counts[3]:
        return compiled(std::integral_constant<int, counts[3]>{});
      case counts[4]:
        return compiled(std::integral_constant<int, counts[4]>{});
      case counts[5]:
        return compiled(std::integral_constant<int, counts[5]>{});
      case counts[6]:
        return compiled(std::integral_constant<int, counts[6]>{});
      case counts[7]:
        return compiled(std::integral_constant<int, counts[7]>{});
      default:
        break;
    }
  }
  explicit_rk<State, Sum> stepper(tableau, weights);
  return visitor(stepper);
}

}  // namespace orderly
