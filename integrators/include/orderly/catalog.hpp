#pragma once
// The method catalog: every method Orderly ships, with the metadata the CLI lists and the studies
// read. Each entry points at the data that defines the method (a Butcher tableau -- explicit or
// implicit --, splitting coefficients, a Rosenbrock method, or a seed specimen); nothing here is
// computed twice.
#include <orderly/order_conditions.hpp>
#include <orderly/scalars.hpp>
#include <orderly/seeds.hpp>
#include <orderly/splitting.hpp>
#include <orderly/tableaus/explicit_methods.hpp>
#include <orderly/tableaus/implicit_methods.hpp>
#include <orderly/tableaus/rosenbrock_methods.hpp>

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace orderly {

using method_definition =
    std::variant<const butcher_tableau*, const splitting_method*, const seed_specimen*, const rosenbrock_method*>;

// What kind of method an entry is: decides which stepper drives it (studies' stepper_factory.hpp
// is the one place that maps a family to a stepper) and how the report groups it.
enum class method_family { explicit_rk, embedded_rk, splitting, seed, implicit_rk, rosenbrock };

inline const char* family_name(method_family f) {
  switch (f) {
    case method_family::explicit_rk:
      return "explicit-rk";
    case method_family::embedded_rk:
      return "embedded-rk";
    case method_family::splitting:
      return "splitting";
    case method_family::seed:
      return "seed";
    case method_family::implicit_rk:
      return "implicit-rk";
    case method_family::rosenbrock:
      return "rosenbrock";
  }
  return "?";
}

struct method_entry {
  std::string name;
  std::string title;
  method_family family = method_family::explicit_rk;
  int stages = 0;
  int order = 0;                      // declared order of the propagated solution
  std::optional<int> embedded_order;  // embedded pairs only
  bool implicit = false;
  bool symplectic = false;
  double fevals_per_step = 0;  // right-hand-side (splitting: force) evaluations per step, FSAL reuse counted
  // Significant digits of the coefficients where they are not exact (published decimals, 100-digit
  // computations); a measurement in a scalar with more digits than this would see their
  // truncation, not the method.
  std::optional<int> coefficient_digits;
  // Rounded coefficients that meet the declared order's conditions only to a residual (a user's
  // decimals): the largest residual of those conditions, over both weight sets; 0 when exact. Its
  // effect on a run's error, about this times the solution's size, is a floor like round-off.
  double coefficient_residual = 0;
  method_definition definition;

  // Whether the coefficients are precise enough for a measurement in this scalar.
  bool resolved_in(scalar_kind scalar) const {
    return !coefficient_digits || *coefficient_digits >= decimal_digits(scalar);
  }

  // The one scalar the method runs in, when it is fixed: a seed specimen is its article's float
  // code. Empty for the library's methods, which run in any scalar.
  std::optional<scalar_kind> native_scalar() const {
    return seed() ? std::optional<scalar_kind>(scalar_kind::float32) : std::nullopt;
  }
  // Whether the same run in a wider scalar isolates the run's round-off: only for a method that
  // runs in any scalar.
  bool has_roundoff_shadow() const { return !native_scalar(); }
  // Whether the update y + increment can be Kahan-compensated: explicit Runge-Kutta and splitting
  // methods (a seed specimen is its article's code as written; an implicit method's increment comes
  // out of a linear solve).
  bool supports_compensated_update() const {
    return family == method_family::explicit_rk || family == method_family::embedded_rk ||
           family == method_family::splitting;
  }
  // The catalog method whose step this one computes on an autonomous problem: itself, or the one a
  // seed specimen declares (empty when it declares none).
  std::string_view autonomous_equivalent() const {
    if (const auto* s = seed()) return s->autonomous_equivalent;
    return name;
  }

  const butcher_tableau* tableau() const {
    auto p = std::get_if<const butcher_tableau*>(&definition);
    return p ? *p : nullptr;
  }
  const splitting_method* splitting() const {
    auto p = std::get_if<const splitting_method*>(&definition);
    return p ? *p : nullptr;
  }
  const seed_specimen* seed() const {
    auto p = std::get_if<const seed_specimen*>(&definition);
    return p ? *p : nullptr;
  }
  const rosenbrock_method* rosenbrock() const {
    auto p = std::get_if<const rosenbrock_method*>(&definition);
    return p ? *p : nullptr;
  }
};

// Cooper's condition b_i a_ij + b_j a_ji = b_i b_j for all i, j: the Runge-Kutta method is
// symplectic (Hairer-Lubich-Wanner, Theorem VI.4.3). Decided on the 100-digit coefficients,
// where a symplectic method's residuals are at round-off (below 1e-80) and others' are O(1).
inline bool satisfies_cooper_condition(const butcher_tableau& t) {
  const auto k = tableau_coefficients<high_precision>(t);
  using boost::multiprecision::abs;
  const std::size_t s = k.b.size();
  const high_precision& roundoff = certified_coefficient_tolerance();
  auto a = [&](std::size_t i, std::size_t j) { return j < k.a[i].size() ? k.a[i][j] : high_precision(0); };
  for (std::size_t i = 0; i < s; ++i)
    for (std::size_t j = 0; j < s; ++j)
      if (abs(k.b[i] * a(i, j) + k.b[j] * a(j, i) - k.b[i] * k.b[j]) > roundoff) return false;
  return true;
}

// Explicit tableaus run on the explicit steppers. Implicit ones are solved by Newton's method, so
// their evaluations per step depend on the problem; fevals_per_step gives the stage count (one
// Newton iteration), the least a step costs.
inline method_entry catalog_entry(const butcher_tableau& t) {
  const bool is_explicit = t.is_explicit();
  const bool fsal = is_explicit && t.first_same_as_last();
  return {.name = t.name,
          .title = t.title,
          .family = !is_explicit       ? method_family::implicit_rk
                    : t.embedded_order ? method_family::embedded_rk
                                       : method_family::explicit_rk,
          .stages = t.stages(),
          .order = t.order,
          .embedded_order = t.embedded_order,
          .implicit = !is_explicit,
          .symplectic = !is_explicit && satisfies_cooper_condition(t),  // no explicit method satisfies it
          .fevals_per_step = static_cast<double>(t.stages() - (fsal ? 1 : 0)),
          .coefficient_digits = t.coefficient_digits ? std::optional<int>(t.coefficient_digits) : std::nullopt,
          .definition = &t};
}

inline method_entry catalog_entry(const splitting_method& m) {
  return {.name = m.name,
          .title = m.title,
          .family = method_family::splitting,
          .stages = m.stages(),
          .order = m.order,
          .implicit = false,
          .symplectic = true,
          .fevals_per_step = static_cast<double>(m.force_evaluations_per_step()),
          .definition = &m};
}

inline method_entry catalog_entry(const seed_specimen& s) {
  return {.name = s.name,
          .title = s.title,
          .family = method_family::seed,
          .stages = s.rhs_evaluations_per_step,
          .order = s.claimed_order,
          .implicit = false,
          .symplectic = false,
          .fevals_per_step = static_cast<double>(s.rhs_evaluations_per_step),
          .definition = &s};
}

inline method_entry catalog_entry(const rosenbrock_method& m) {
  return {.name = m.name,
          .title = m.title,
          .family = method_family::rosenbrock,
          .stages = m.stages(),
          .order = m.order,
          .embedded_order = m.embedded_order,
          .implicit = true,  // linearly implicit: one LU per step
          .symplectic = false,
          .fevals_per_step = static_cast<double>(m.stages()),
          .coefficient_digits = m.coefficient_digits ? std::optional<int>(m.coefficient_digits) : std::nullopt,
          .definition = &m};
}

// Every method Orderly ships, in catalog order (src/catalog.cpp).
const std::vector<method_entry>& method_catalog();

// The one lookup by name: the entry, whose tableau(), splitting(), rosenbrock() or seed() holds the
// family's data; nullptr for an unknown name.
inline const method_entry* find_method(std::string_view name) {
  for (const auto& entry : method_catalog())
    if (entry.name == name) return &entry;
  return nullptr;
}

// Damerau-free Levenshtein distance, for "did you mean" suggestions.
inline std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

// The `count` names closest to `name` (substring matches first, then by edit distance).
inline std::vector<std::string> closest_names(std::string_view name, const std::vector<std::string>& names,
                                              std::size_t count = 3) {
  std::vector<std::pair<std::size_t, std::string>> scored;
  for (const auto& candidate : names) {
    const bool contains = candidate.find(name) != std::string::npos || name.find(candidate) != std::string_view::npos;
    scored.emplace_back(contains ? 0 : edit_distance(name, candidate), candidate);
  }
  std::stable_sort(scored.begin(), scored.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
  std::vector<std::string> result;
  for (std::size_t i = 0; i < scored.size() && i < count; ++i) result.push_back(scored[i].second);
  return result;
}

}  // namespace orderly
