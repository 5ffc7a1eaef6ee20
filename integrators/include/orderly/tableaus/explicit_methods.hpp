#pragma once
// Every explicit Runge-Kutta method Orderly ships, as exact tableaus, and lookup by CLI name.
// Order: fixed-step methods by order, then embedded pairs by order.
#include <orderly/tableau.hpp>
#include <orderly/tableaus/classic.hpp>
#include <orderly/tableaus/embedded.hpp>
#include <orderly/tableaus/high_order.hpp>

#include <string_view>
#include <vector>

namespace orderly {

inline const std::vector<butcher_tableau>& explicit_tableaus() {
  static const std::vector<butcher_tableau> all = {
      tableaus::euler(),    tableaus::heun(),        tableaus::midpoint(), tableaus::ralston2(),
      tableaus::kutta3(),   tableaus::heun3(),       tableaus::ssprk3(),   tableaus::rk4(),
      tableaus::rk4_38(),   tableaus::bs32(),        tableaus::rkf45(),    tableaus::cash_karp54(),
      tableaus::dopri54(),  tableaus::verner65(),    tableaus::rkf78(),
  };
  return all;
}

// The tableau with this CLI name, or nullptr.
inline const butcher_tableau* find_tableau(std::string_view name) {
  for (const auto& t : explicit_tableaus())
    if (t.name == name) return &t;
  return nullptr;
}

}  // namespace orderly
