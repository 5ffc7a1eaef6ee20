#pragma once
// The problem catalog: every test problem Orderly ships, by CLI name. An entry holds the
// scalar-independent metadata; instantiate<T>(entry) builds the typed problem for one scalar.
// Instantiation dispatches over a compile-time list of problem types, so a translation unit pays
// only for the scalar types it actually instantiates (the CLI: all five; a double-only study: one).
//
// To change a parameter (e.g. Kepler's eccentricity), copy the entry, edit info.parameters and
// instantiate the copy; the typed problem points at the copy's info, which must outlive it.
#include <orderly/problem.hpp>
#include <orderly/problems/forced_duffing.hpp>
#include <orderly/problems/hamiltonian.hpp>
#include <orderly/problems/nonstiff.hpp>
#include <orderly/problems/seed_problems.hpp>
#include <orderly/problems/stiff.hpp>

#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

namespace orderly {

// Catalog order: seed problems, non-stiff, Hamiltonian, stiff.
using problem_types =
    std::tuple<problems::constant_force, problems::spring_damper_15, problems::spring_damper_10, problems::harmonic,
               problems::thrust_drag, problems::forced_oscillator, problems::nonlinear_na, problems::forced_duffing,
               problems::arenstorf, problems::lotka_volterra, problems::lorenz, problems::pleiades, problems::pendulum,
               problems::kepler, problems::henon_heiles, problems::outer_solar_system,
               // Stiff problems (stiff.hpp, written with the Radau IIA reference integrator).
               stiff_spring_problem, prothero_robinson_problem, rober_problem, vdpol_problem, hires_problem,
               orego_problem, e5_problem>;

struct problem_entry {
  problem_info info;
  std::size_t index = 0;  // position of the problem's type in problem_types
};

namespace detail {
template <std::size_t... I>
std::vector<problem_entry> make_problem_catalog(std::index_sequence<I...>) {
  return {problem_entry{std::tuple_element_t<I, problem_types>::info(), I}...};
}

template <class T, std::size_t... I>
typed_problem<T> instantiate_problem(const problem_entry& entry, std::index_sequence<I...>) {
  typed_problem<T> result;
  const bool found =
      ((entry.index == I ? (result = std::tuple_element_t<I, problem_types>::template make<T>(&entry.info), true)
                         : false) ||
       ...);
  if (!found) throw std::out_of_range("problem index out of range for " + entry.info.name);
  return result;
}
}  // namespace detail

inline const std::vector<problem_entry>& problem_catalog() {
  static const std::vector<problem_entry> catalog =
      detail::make_problem_catalog(std::make_index_sequence<std::tuple_size_v<problem_types>>{});
  return catalog;
}

inline const problem_entry* find_problem(std::string_view name) {
  for (const auto& entry : problem_catalog())
    if (entry.info.name == name) return &entry;
  return nullptr;
}

// The typed problem for scalar T (float, double, long double, float128, mp50, or any other type
// the problem's formulas support).
template <class T>
typed_problem<T> instantiate(const problem_entry& entry) {
  return detail::instantiate_problem<T>(entry, std::make_index_sequence<std::tuple_size_v<problem_types>>{});
}

// Every problem's formulas in one scalar are a large instantiation: for the scalars the studies
// use it is compiled once, in the reference library (reference/src/problem_instances_*.cpp), and
// linked by every file that names them instead of compiled again in each.
extern template typed_problem<float> instantiate<float>(const problem_entry&);
extern template typed_problem<double> instantiate<double>(const problem_entry&);
extern template typed_problem<long double> instantiate<long double>(const problem_entry&);
extern template typed_problem<float128> instantiate<float128>(const problem_entry&);
extern template typed_problem<mp50> instantiate<mp50>(const problem_entry&);
extern template typed_problem<high_precision> instantiate<high_precision>(const problem_entry&);

}  // namespace orderly
