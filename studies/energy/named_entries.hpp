#pragma once
// The energy study's suites and seed experiments name the methods and problems they run: a name
// missing from the catalogs is a mistake in the study's own lists, not a user's input.
#include <orderly/catalog.hpp>
#include <orderly/problem_catalog.hpp>

#include <stdexcept>
#include <string>

namespace orderly::energy_lists {

inline const method_entry& method_named(const std::string& name) {
  const auto* m = find_method(name);
  if (!m) throw std::logic_error("energy: no method " + name + " in the catalog");
  return *m;
}

inline const problem_entry& problem_named(const std::string& name) {
  const auto* p = find_problem(name);
  if (!p) throw std::logic_error("energy: no problem " + name + " in the catalog");
  return *p;
}

}  // namespace orderly::energy_lists
