// The catalog's entries, built once from the problem definitions.
#include <orderly/problem_types.hpp>

#include <string_view>
#include <vector>

namespace orderly {

const std::vector<problem_entry>& problem_catalog() {
  static const std::vector<problem_entry> catalog =
      detail::make_problem_catalog(std::make_index_sequence<std::tuple_size_v<problem_types>>{});
  return catalog;
}

const problem_entry* find_problem(std::string_view name) {
  for (const auto& entry : problem_catalog())
    if (entry.info.name == name) return &entry;
  return nullptr;
}

}  // namespace orderly
