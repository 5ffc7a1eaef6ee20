#pragma once
// The problem catalog: every test problem Orderly ships, by CLI name. An entry holds the
// scalar-independent metadata; instantiate<T>(entry) builds the typed problem for one scalar.
// This header is the catalog's interface: the problems' definitions (problem_types.hpp) are
// compiled in the reference library, for the scalars below, and not again in each file that
// names a problem. A file instantiating another scalar includes problem_types.hpp.
//
// To change a parameter (e.g. Kepler's eccentricity), copy the entry, edit info.parameters and
// instantiate the copy; the typed problem points at the copy's info, which must outlive it.
#include <orderly/exact.hpp>
#include <orderly/problem.hpp>

#include <cstddef>
#include <string_view>
#include <vector>

namespace orderly {

struct problem_entry {
  problem_info info;
  std::size_t index = 0;  // position of the problem's type in problem_types
};

const std::vector<problem_entry>& problem_catalog();

const problem_entry* find_problem(std::string_view name);

// The typed problem for scalar T (float, double, long double, float128, mp50, or any other type
// the problem's formulas support).
template <class T>
typed_problem<T> instantiate(const problem_entry& entry);

// Every problem's formulas in one scalar are a large instantiation: for the scalars the studies
// use it is compiled once, in the reference library (reference/src/problem_instances_*.cpp).
extern template typed_problem<float> instantiate<float>(const problem_entry&);
extern template typed_problem<double> instantiate<double>(const problem_entry&);
extern template typed_problem<long double> instantiate<long double>(const problem_entry&);
extern template typed_problem<float128> instantiate<float128>(const problem_entry&);
extern template typed_problem<mp50> instantiate<mp50>(const problem_entry&);
extern template typed_problem<high_precision> instantiate<high_precision>(const problem_entry&);

}  // namespace orderly
