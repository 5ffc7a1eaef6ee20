// The stiff study's problems: the list, their certified references at t_end, and the atol rule of
// each (from the test set's drivers where they fix one).
#include "stiff_parts.hpp"

#include <orderly/stiff_reference.hpp>

#include <algorithm>
#include <map>
#include <mutex>
#include <stdexcept>

namespace orderly {

namespace stiff_detail {

// The certified reference at t_end of each problem, loaded once per problem.
const reference_states& end_reference(const problem_entry& entry) {
  static std::mutex mutex;
  static std::map<std::string, reference_states> cache;
  const std::lock_guard lock(mutex);
  auto found = cache.find(entry.info.name);
  if (found == cache.end())
    found = cache.emplace(entry.info.name, reference_at(entry, {default_end_time(entry)})).first;
  return found->second;
}

const problem_entry& stiff_entry(const std::string& name) {
  const auto& names = stiff_problem_list();
  const auto* entry = find_problem(name);
  if (!entry || std::find(names.begin(), names.end(), name) == names.end())
    throw std::invalid_argument("'" + name + "' is not a stiff problem");
  return *entry;
}

}  // namespace stiff_detail

const std::vector<std::string>& stiff_problem_list() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> list;
    for (auto name : stiff_problem_names()) list.emplace_back(name);
    return list;
  }();
  return names;
}

// atol rules. Where the test set's drivers or their published ports fix one it is used; otherwise
// atol = rtol.
const stiff_tolerance_rule& tolerance_rule(const std::string& problem) {
  static const std::vector<stiff_tolerance_rule> rules{
      {.problem = "rober",
       .atol_over_rtol = 1e-2,
       .source = "atol = 1e-2 rtol, as in OdePkg's port of the test set's ROBER driver (odepkg_testsuite_robertson.m)"},
      {.problem = "hires",
       .atol_over_rtol = 1,
       .source = "atol = rtol, as in OdePkg's port of the test set's HIRES driver (odepkg_testsuite_hires.m)"},
      {.problem = "e5",
       .fixed_atol = 1.7e-24,
       .source = "atol = 1.7e-24 fixed: the test set's E5 setting (components fall to 1e-22 and below)"},
      {.problem = "vdpol", .atol_over_rtol = 1, .source = "atol = rtol"},
      {.problem = "orego", .atol_over_rtol = 1, .source = "atol = rtol"},
      {.problem = "prothero-robinson", .atol_over_rtol = 1, .source = "atol = rtol"},
      {.problem = "stiff-spring", .atol_over_rtol = 1, .source = "atol = rtol"},
  };
  for (const auto& rule : rules)
    if (rule.problem == problem) return rule;
  throw std::invalid_argument("no tolerance rule for '" + problem + "'");
}

}  // namespace orderly
