#pragma once
// What a linear problem y' = lambda y sees of one step of a catalog method, asked of the method
// whatever its family: the studies that predict from it (the game table, the energy study, the
// analysis) read these two operations instead of taking the family's data apart themselves.
#include <orderly/analysis/rosenbrock_equivalent.hpp>
#include <orderly/analysis/stability_function.hpp>
#include <orderly/catalog.hpp>

#include <optional>

namespace orderly {

// The Runge-Kutta coefficients that act on a linear problem: a tableau's own (exact, or its
// 100-digit entries read as the rationals they are); a Rosenbrock method's linear equivalent A =
// alpha + Gamma with its weights (Hairer-Wanner II, VI.7). Splitting methods act on a linear
// problem through their step matrix (analyse_splitting) and seed specimens have no coefficients:
// nothing.
std::optional<rk_coefficients<exact>> linear_coefficients(const method_entry& method,
                                                          weight_set weights = weight_set::primary);

// The stability function R(z) = P(z) / Q(z) of a method that has one (the methods with
// linear_coefficients). A tableau's is computed in the arithmetic its entries allow
// (stability_function_of(butcher_tableau)); a Rosenbrock method's exactly from its equivalent.
std::optional<stability_function_coefficients> stability_function_of(const method_entry& method,
                                                                     weight_set weights = weight_set::primary);

}  // namespace orderly
