#pragma once
// The method catalog: every method Orderly ships, with the metadata the CLI lists and the studies
// read. Each entry points at the data that defines the method (a Butcher tableau -- explicit or
// implicit --, splitting coefficients or a Rosenbrock method: the method object) or holds a seed
// specimen's code; nothing here is computed twice.
#include <orderly/order_conditions.hpp>
#include <orderly/scalars.hpp>
#include <orderly/seeds.hpp>
#include <orderly/splitting.hpp>
#include <orderly/tableaus/explicit_methods.hpp>
#include <orderly/tableaus/implicit_methods.hpp>
#include <orderly/tableaus/rosenbrock_methods.hpp>

#include <algorithm>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

namespace orderly {

// The method object: the coefficients that define a method, one alternative per family of
// coefficient model (a Runge-Kutta tableau -- explicit, embedded or implicit; Radau IIA carries its
// error estimate --, a splitting method, a Rosenbrock method). The catalog's lists own the data; an
// entry points into them. Questions about a method are asked by visit_method with an overload set
// naming every alternative (method_visitor), so that a new family is one new alternative here and
// the compiler names every visit that misses it. The seed articles' integrators are not method
// objects: they are code with a citation, which a catalog entry holds beside (seeds.hpp).
using method_definition = std::variant<const butcher_tableau*, const splitting_method*, const rosenbrock_method*>;

namespace detail {
// Whether a visit's case takes some alternative of the variant of pointers `Definition`.
template <class Case, class Definition>
struct takes_an_alternative;
template <class Case, class... Data>
struct takes_an_alternative<Case, std::variant<const Data*...>>
    : std::bool_constant<(std::is_invocable_v<Case&, const Data&> || ...)> {};
}  // namespace detail

// The overload set a visit over the method object takes: one callable per alternative, each taking
// the alternative's data by const reference. No catch-all (auto) overload, so that a missing
// alternative fails to compile; and no case for what is not an alternative, so that a case left
// over when a family leaves the method object fails to compile too.
template <class... Cases>
struct method_visitor : Cases... {
  using Cases::operator()...;
  static_assert((detail::takes_an_alternative<Cases, method_definition>::value && ...),
                "a case of this visit takes no alternative of the method object (method_definition)");
};
template <class... Cases>
method_visitor(Cases...) -> method_visitor<Cases...>;

// Asks `visitor` about the method's defining data (see method_definition).
template <class Visitor>
decltype(auto) visit_method(const method_definition& definition, Visitor&& visitor) {
  return std::visit([&](const auto* data) -> decltype(auto) { return visitor(*data); }, definition);
}

// What defines a catalog entry: a method object (coefficients, which the analyses read), or a
// seed specimen (an article's code with its citation: a stepper the studies run, with no
// coefficients to analyse).
using entry_definition = std::variant<method_definition, const seed_specimen*>;

// What kind of method an entry is: decides which stepper drives it (studies' stepper_factory.hpp
// is the one place that maps a family to a stepper) and how the report groups it.
enum class method_family { explicit_rk, embedded_rk, splitting, seed, implicit_rk, rosenbrock };

const char* family_name(method_family f);

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
  entry_definition definition;

  // Whether the coefficients are precise enough for a measurement in this scalar.
  bool resolved_in(scalar_kind scalar) const {
    return !coefficient_digits || *coefficient_digits >= decimal_digits(scalar);
  }

  // The method object; nullptr for a seed specimen, which is code.
  const method_definition* method_object() const { return std::get_if<method_definition>(&definition); }
  // The article's code with its citation; nullptr for a method object.
  const seed_specimen* seed() const {
    auto p = std::get_if<const seed_specimen*>(&definition);
    return p ? *p : nullptr;
  }

  // The one scalar the method runs in, when it is fixed: a seed specimen is its article's float
  // code. Empty for the library's methods, which run in any scalar.
  std::optional<scalar_kind> native_scalar() const {
    return seed() ? std::optional(scalar_kind::float32) : std::nullopt;
  }
  // Whether the method is coefficients the analyses can read (every entry but the articles' code).
  bool has_coefficients() const { return method_object() != nullptr; }
  // Whether the same run in a wider scalar isolates the run's round-off: only for a method that
  // runs in any scalar.
  bool has_roundoff_shadow() const { return !native_scalar(); }
  // Whether the update y + increment can be Kahan-compensated: explicit Runge-Kutta and splitting
  // methods (a seed specimen is its article's code as written; an implicit method's increment comes
  // out of a linear solve).
  bool supports_compensated_update() const {
    const auto* method = method_object();
    return method && visit_method(*method, method_visitor{
                                               [](const butcher_tableau& t) { return t.is_explicit(); },
                                               [](const splitting_method&) { return true; },
                                               [](const rosenbrock_method&) { return false; },
                                           });
  }
  // The catalog method whose step this one computes on an autonomous problem: itself, or the one a
  // seed specimen declares (empty when it declares none).
  std::string_view autonomous_equivalent() const {
    if (const auto* s = seed()) return s->autonomous_equivalent;
    return name;
  }

  // Asks `visitor` about the method object: the one way to branch on the family. Only for an entry
  // that has one (has_coefficients()); a seed specimen, which has none, throws std::logic_error.
  template <class Visitor>
  decltype(auto) visit(Visitor&& visitor) const {
    const auto* method = method_object();
    if (!method) throw std::logic_error(name + " is an article's code, not a method object");
    return visit_method(*method, std::forward<Visitor>(visitor));
  }

  const butcher_tableau* tableau() const { return method_data<butcher_tableau>(); }
  const splitting_method* splitting() const { return method_data<splitting_method>(); }
  const rosenbrock_method* rosenbrock() const { return method_data<rosenbrock_method>(); }

 private:
  template <class Data>
  const Data* method_data() const {
    const auto* method = method_object();
    const auto p = method ? std::get_if<const Data*>(method) : nullptr;
    return p ? *p : nullptr;
  }
};

// Cooper's condition b_i a_ij + b_j a_ji = b_i b_j for all i, j: the Runge-Kutta method is
// symplectic (Hairer-Lubich-Wanner, Theorem VI.4.3). Decided on the 100-digit coefficients,
// where a symplectic method's residuals are at round-off (below 1e-80) and others' are O(1).
bool satisfies_cooper_condition(const butcher_tableau& t);

// Explicit tableaus run on the explicit steppers. Implicit ones are solved by Newton's method, so
// their evaluations per step depend on the problem; fevals_per_step gives the stage count (one
// Newton iteration), the least a step costs.
method_entry catalog_entry(const butcher_tableau& t);

method_entry catalog_entry(const splitting_method& m);

method_entry catalog_entry(const seed_specimen& s);

method_entry catalog_entry(const rosenbrock_method& m);

// Every method Orderly ships, in catalog order (src/catalog.cpp).
const std::vector<method_entry>& method_catalog();

// The one lookup by name: the entry, whose tableau(), splitting(), rosenbrock() or seed() holds the
// family's data; nullptr for an unknown name.
const method_entry* find_method(std::string_view name);

// Damerau-free Levenshtein distance, for "did you mean" suggestions.
std::size_t edit_distance(std::string_view a, std::string_view b);

// The `count` names closest to `name` (substring matches first, then by edit distance).
std::vector<std::string> closest_names(std::string_view name, const std::vector<std::string>& names,
                                       std::size_t count = 3);

}  // namespace orderly
