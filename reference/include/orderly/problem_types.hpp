#pragma once
// The catalog's problem definitions: the list of problem types, in catalog order, and
// instantiate<T> for any scalar T the problems' formulas support. Included where a scalar is
// instantiated (reference/src/problem_instances_*.cpp, the reference computations in 60 digits);
// every other file uses problem_catalog.hpp and links the reference library.
#include <orderly/problem_catalog.hpp>
#include <orderly/problems/forced_duffing.hpp>
#include <orderly/problems/hamiltonian.hpp>
#include <orderly/problems/nonstiff.hpp>
#include <orderly/problems/seed_problems.hpp>
#include <orderly/problems/stiff.hpp>

#include <cstddef>
#include <stdexcept>
#include <tuple>
#include <utility>

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

template <class T>
typed_problem<T> instantiate(const problem_entry& entry) {
  return detail::instantiate_problem<T>(entry, std::make_index_sequence<std::tuple_size_v<problem_types>>{});
}

}  // namespace orderly
