// Compiled once: the analysis's rational and 100-digit arithmetic, which every file including
// the header would otherwise instantiate again.
#include <orderly/analysis/method_linear_model.hpp>

namespace orderly {

std::optional<rk_coefficients<exact>> linear_coefficients(const method_entry& method, weight_set weights) {
  using result = std::optional<rk_coefficients<exact>>;
  if (!method.has_coefficients()) return std::nullopt;  // an article's code
  return method.visit(method_visitor{
      [&](const butcher_tableau& t) -> result { return exact_coefficients(t, weights); },
      [&](const rosenbrock_method& r) -> result {
        return rosenbrock_linear_equivalent(r, weights == weight_set::embedded);
      },
      [](const splitting_method&) -> result { return std::nullopt; },  // acts through its step matrix
  });
}

std::optional<stability_function_coefficients> stability_function_of(const method_entry& method, weight_set weights) {
  using result = std::optional<stability_function_coefficients>;
  if (!method.has_coefficients()) return std::nullopt;  // an article's code
  return method.visit(method_visitor{
      [&](const butcher_tableau& t) -> result { return stability_function_of(t, weights); },
      [&](const rosenbrock_method& r) -> result {
        return stability_function_of(rosenbrock_linear_equivalent(r, weights == weight_set::embedded));
      },
      [](const splitting_method&) -> result { return std::nullopt; },
  });
}

}  // namespace orderly
