// Compiled once: the analysis's rational and 100-digit arithmetic, which every file including
// the header would otherwise instantiate again.
#include <orderly/analysis/method_stage_order.hpp>

namespace orderly {

std::optional<int> stage_order(const method_entry& method) {
  if (!method.has_coefficients()) return std::nullopt;  // an article's code
  return method.visit(method_visitor{
      [](const butcher_tableau& t) -> std::optional<int> { return stage_order(t); },
      [](const rosenbrock_method&) -> std::optional<int> { return std::nullopt; },
      [](const splitting_method&) -> std::optional<int> { return std::nullopt; },
  });
}

}  // namespace orderly
