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

}  // namespace orderly
