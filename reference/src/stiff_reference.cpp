// The stiff references by name, compiled once: each dispatch instantiates the Radau IIA runs of
// every stiff problem in float128 and mp50.
#include <orderly/stiff_reference.hpp>

namespace orderly {

std::vector<std::string_view> stiff_problem_names() {
  return {"stiff-spring", "prothero-robinson", "rober", "vdpol", "hires", "orego", "e5"};
}

stiff_reference_result compute_stiff_reference(std::string_view name, const std::vector<mp50>& times,
                                               const stiff_reference_settings& settings) {
  stiff_reference_result result;
  const bool found = visit_stiff_problem(
      name, [&](auto problem) { result = compute_stiff_reference<decltype(problem)>(times, settings); });
  if (!found) throw std::invalid_argument("unknown stiff problem '" + std::string(name) + "'");
  return result;
}

stiff_reference_result compute_stiff_reference(const problem_info& info, const std::vector<mp50>& times,
                                               const stiff_reference_settings& settings) {
  stiff_reference_result result;
  const bool found = visit_stiff_problem(
      info.name, [&](auto problem) { result = compute_stiff_reference<decltype(problem)>(info, times, settings); });
  if (!found) throw std::invalid_argument("unknown stiff problem '" + info.name + "'");
  return result;
}

}  // namespace orderly
