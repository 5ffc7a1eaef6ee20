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

// Every explicit Runge-Kutta method Orderly ships (src/catalog.cpp).
const std::vector<butcher_tableau>& explicit_tableaus();

// The tableau with this CLI name, or nullptr.
inline const butcher_tableau* find_tableau(std::string_view name) {
  for (const auto& t : explicit_tableaus())
    if (t.name == name) return &t;
  return nullptr;
}

}  // namespace orderly
