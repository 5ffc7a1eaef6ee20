#pragma once
// Published Runge-Kutta methods as data, each with its citation and how its coefficients were
// obtained: the catalog's Runge-Kutta methods, the published methods of the tableau corpus
// (tests/corpus) and other methods that libraries ship. A stepper's recovered tableau, or a
// tableau file, is identified against this list. Coefficients are exact rationals where the
// method is published so; irrational methods are either computed at 100 digits from their closed
// forms or defining conditions (coefficient_digits = certified_coefficient_digits) or are their
// published decimals (coefficient_digits = the significant digits those decimals hold).
#include <orderly/tableau.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace orderly {

struct published_method {
  butcher_tableau tableau;  // .name: a short identifier (e.g. "dopri5"), .title, .citation, .order,
                            // .embedded_order, A, b, b_embedded (b_hat), c; decimals: .coefficient_digits
  std::vector<std::string>
      aliases;             // other names it goes by, e.g. {"dopri54" (the catalog's name), "DOPRI5", "RK5(4)7M"}
  std::string provenance;  // how the coefficients were obtained, one sentence
};

// Every published method Orderly knows, explicit and implicit, each once (a method the catalog ships is
// listed once, with the catalog's name among its aliases); in a fixed order.
const std::vector<published_method>& published_methods();

// By name or alias (case-insensitive); nullptr when unknown.
const published_method* find_published_method(std::string_view name);

}  // namespace orderly
