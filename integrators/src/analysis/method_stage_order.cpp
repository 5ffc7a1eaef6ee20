// Compiled once: the analysis's rational and 100-digit arithmetic, which every file including
// the header would otherwise instantiate again.
#include <orderly/analysis/method_stage_order.hpp>

namespace orderly {

std::optional<int> stage_order(const method_entry& method) {
  switch (method.family) {
    case method_family::explicit_rk:
    case method_family::embedded_rk:
    case method_family::implicit_rk:
      return stage_order(*method.tableau());
    case method_family::rosenbrock:
    case method_family::splitting:
    case method_family::seed:
      break;
  }
  return std::nullopt;
}

}  // namespace orderly
