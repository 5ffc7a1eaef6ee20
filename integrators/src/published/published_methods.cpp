// The list of published methods and lookup by name or alias.
#include "published_entry.hpp"

#include <algorithm>
#include <cctype>
#include <stdexcept>
#include <utility>

namespace orderly {

namespace published {

published_method entry(butcher_tableau tableau, std::vector<std::string> aliases, std::string provenance) {
  return {.tableau = std::move(tableau), .aliases = std::move(aliases), .provenance = std::move(provenance)};
}

published_method from_catalog(butcher_tableau tableau, std::string name, std::vector<std::string> aliases,
                              std::string provenance) {
  if (tableau.name != name) aliases.insert(aliases.begin(), tableau.name);
  tableau.name = std::move(name);
  return entry(std::move(tableau), std::move(aliases), std::move(provenance));
}

butcher_tableau decimal_tableau(const tableau_text& text, int digits) {
  auto tableau = make_tableau(text);
  tableau.coefficient_digits = digits;
  return tableau;
}

butcher_tableau with_embedded(butcher_tableau tableau, int order, const std::vector<high_precision>& b_hat) {
  if (b_hat.size() != tableau.b.size())
    throw std::invalid_argument("tableau " + tableau.name + ": b_hat and b sizes disagree");
  tableau.embedded_order = order;
  tableau.b_embedded.emplace();
  for (const auto& x : b_hat) tableau.b_embedded->push_back(exact_value_of(x));
  return tableau;
}

quadratic_field::quadratic_field(int radicand) : root_(sqrt(high_precision(radicand))) {}

high_precision quadratic_field::operator()(std::string_view rational, std::string_view root_coefficient) const {
  return to_high_precision(parse_exact(rational)) + to_high_precision(parse_exact(root_coefficient)) * root_;
}

}  // namespace published

const std::vector<published_method>& published_methods() {
  static const std::vector<published_method> all = [] {
    std::vector<published_method> methods;
    for (auto family : {published::explicit_low_order_methods, published::embedded_pairs, published::high_order_methods,
                        published::implicit_methods, published::sdirk_methods})
      for (auto& method : family()) methods.push_back(std::move(method));
    return methods;
  }();
  return all;
}

namespace {
bool same_name(std::string_view a, std::string_view b) {
  return std::ranges::equal(a, b, [](char x, char y) {
    return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
  });
}
}  // namespace

const published_method* find_published_method(std::string_view name) {
  for (const auto& method : published_methods()) {
    if (same_name(method.tableau.name, name)) return &method;
    for (const auto& alias : method.aliases)
      if (same_name(alias, name)) return &method;
  }
  return nullptr;
}

}  // namespace orderly
