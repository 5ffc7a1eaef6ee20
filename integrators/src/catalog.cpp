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

namespace orderly {

const char* family_name(method_family f) {
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

bool satisfies_cooper_condition(const butcher_tableau& t) {
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

method_entry catalog_entry(const butcher_tableau& t) {
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
          .definition = method_definition(&t)};
}

method_entry catalog_entry(const splitting_method& m) {
  return {.name = m.name,
          .title = m.title,
          .family = method_family::splitting,
          .stages = m.stages(),
          .order = m.order,
          .implicit = false,
          .symplectic = true,
          .fevals_per_step = static_cast<double>(m.force_evaluations_per_step()),
          .definition = method_definition(&m)};
}

method_entry catalog_entry(const seed_specimen& s) {
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

method_entry catalog_entry(const rosenbrock_method& m) {
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
          .definition = method_definition(&m)};
}

const method_entry* find_method(std::string_view name) {
  for (const auto& entry : method_catalog())
    if (entry.name == name) return &entry;
  return nullptr;
}

std::size_t edit_distance(std::string_view a, std::string_view b) {
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

std::vector<std::string> closest_names(std::string_view name, const std::vector<std::string>& names,
                                       std::size_t count) {
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
