// Compiled once: the analysis's rational and 100-digit arithmetic, which every file including
// the header would otherwise instantiate again.
#include <orderly/analysis/method_linear_model.hpp>

namespace orderly {

std::optional<rk_coefficients<exact>> linear_coefficients(const method_entry& method, weight_set weights) {
  if (const auto* tableau = method.tableau()) return exact_coefficients(*tableau, weights);
  if (const auto* rosenbrock = method.rosenbrock())
    return rosenbrock_linear_equivalent(*rosenbrock, weights == weight_set::embedded);
  return std::nullopt;
}

std::optional<stability_function_coefficients> stability_function_of(const method_entry& method, weight_set weights) {
  if (const auto* tableau = method.tableau()) return stability_function_of(*tableau, weights);
  if (const auto linear = linear_coefficients(method, weights)) return stability_function_of(*linear);
  return std::nullopt;
}

}  // namespace orderly
