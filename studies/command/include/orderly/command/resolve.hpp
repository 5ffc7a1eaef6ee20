#pragma once
// Name lookups for the CLI: an unknown name is a usage error that suggests the closest names.
#include "commands.hpp"

#include <orderly/catalog.hpp>
#include <orderly/problem_catalog.hpp>

#include <string>

namespace orderly::cli {

inline std::string suggestion(const std::string& name, const std::vector<std::string>& names) {
  std::string text;
  for (const auto& candidate : closest_names(name, names)) text += (text.empty() ? "" : ", ") + candidate;
  return text;
}

inline const method_entry& resolve_method(const std::string& name) {
  if (const auto* method = find_method(name)) return *method;
  std::vector<std::string> names;
  for (const auto& m : method_catalog()) names.push_back(m.name);
  throw usage_error("unknown method '" + name + "'; closest: " + suggestion(name, names) +
                    " (orderly list methods shows all)");
}

inline const problem_entry& resolve_problem(const std::string& name) {
  if (const auto* problem = find_problem(name)) return *problem;
  std::vector<std::string> names;
  for (const auto& p : problem_catalog()) names.push_back(p.info.name);
  throw usage_error("unknown problem '" + name + "'; closest: " + suggestion(name, names) +
                    " (orderly list problems shows all)");
}

}  // namespace orderly::cli
