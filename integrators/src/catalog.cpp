// The catalog's method lists, compiled once: each list constructs its tableaus in 100-digit
// arithmetic (Gauss, Radau and SDIRK from their defining conditions), which cost about 10 s of
// compile time in every file that built the catalog while the lists were inline.
#include <orderly/catalog.hpp>

#include <vector>

namespace orderly {

const std::vector<butcher_tableau>& explicit_tableaus() {
  static const std::vector<butcher_tableau> all = {
      tableaus::euler(), tableaus::heun(),        tableaus::midpoint(), tableaus::ralston2(), tableaus::kutta3(),
      tableaus::heun3(), tableaus::ssprk3(),      tableaus::rk4(),      tableaus::rk4_38(),   tableaus::bs32(),
      tableaus::rkf45(), tableaus::cash_karp54(), tableaus::dopri54(),  tableaus::verner65(), tableaus::rkf78(),
  };
  return all;
}

const std::vector<butcher_tableau>& implicit_tableaus() {
  static const std::vector<butcher_tableau> all = {
      tableaus::backward_euler(),
      tableaus::implicit_midpoint(),
      tableaus::trapezoidal(),
      tableaus::gauss4(),
      tableaus::gauss6(),
      tableaus::radau_iia(3, "radau5"),
      tableaus::radau_iia(7, "radau13"),
      tableaus::sdirk2(),
  };
  return all;
}

const std::vector<rosenbrock_method>& rosenbrock_methods() {
  static const std::vector<rosenbrock_method> all = {tableaus::rodas4()};
  return all;
}

const std::vector<method_entry>& method_catalog() {
  static const std::vector<method_entry> catalog = [] {
    std::vector<method_entry> entries;
    for (const auto& t : explicit_tableaus()) entries.push_back(catalog_entry(t));
    for (const auto& m : splitting_methods()) entries.push_back(catalog_entry(m));
    for (const auto& t : implicit_tableaus()) entries.push_back(catalog_entry(t));
    for (const auto& m : rosenbrock_methods()) entries.push_back(catalog_entry(m));
    for (const auto& s : seed_specimens()) entries.push_back(catalog_entry(s));
    return entries;
  }();
  return catalog;
}

}  // namespace orderly
