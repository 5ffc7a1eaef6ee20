#pragma once
// How the published-method lists are written: one entry per method, built from the catalog's own
// tableau where the catalog ships the method (so no coefficient is written twice), from exact
// rational text, or from published decimals with the digits they hold. Each family file
// (explicit_low_order.cpp, embedded_pairs.cpp, ...) returns its methods in a fixed order.
#include <orderly/published_methods.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace orderly::published {

// A method from its tableau, the other names it goes by and one sentence on how its coefficients
// were obtained.
published_method entry(butcher_tableau tableau, std::vector<std::string> aliases, std::string provenance);

// A catalog method under its published name: the catalog's name becomes its first alias.
published_method from_catalog(butcher_tableau tableau, std::string name, std::vector<std::string> aliases,
                              std::string provenance);

// A tableau of published decimals (each read as the exact rational it denotes), holding `digits`
// significant digits: conditions on it hold to that precision, not exactly.
butcher_tableau decimal_tableau(const tableau_text& text, int digits);

// The entries rational + root_coefficient * sqrt(radicand) of a method whose coefficients lie in a
// quadratic field, evaluated at 100 digits (for tableau_from_high_precision).
class quadratic_field {
 public:
  explicit quadratic_field(int radicand);
  high_precision operator()(std::string_view rational, std::string_view root_coefficient) const;

 private:
  high_precision root_;
};

// A tableau of 100-digit entries (tableau_from_high_precision) with its embedded weights of the given order.
butcher_tableau with_embedded(butcher_tableau tableau, int order, const std::vector<high_precision>& b_hat);

// The families, in the order published_methods() lists them.
std::vector<published_method> explicit_low_order_methods();  // orders 1 to 4, no error estimate
std::vector<published_method> embedded_pairs();              // pairs of orders up to 6(5)
std::vector<published_method> high_order_methods();          // orders 6 and beyond
std::vector<published_method> implicit_methods();            // collocation and fully implicit methods
std::vector<published_method> sdirk_methods();               // diagonally implicit methods

}  // namespace orderly::published
