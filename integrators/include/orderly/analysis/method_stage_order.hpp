#pragma once
// The stage order of a catalog method, asked of the method whatever its family: the order
// reduction a stiff problem shows is read against it.
#include <orderly/analysis/stability_function.hpp>
#include <orderly/catalog.hpp>

#include <optional>

namespace orderly {

// A Runge-Kutta tableau's stage order (stage_order(butcher_tableau): exactly, or to the certified
// precision of 100-digit coefficients). A Rosenbrock method's is not derived (the analysis reports
// none either); splitting methods and seed specimens have no tableau: nothing.
std::optional<int> stage_order(const method_entry& method);

}  // namespace orderly
