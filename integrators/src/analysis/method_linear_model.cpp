// Compiled once: the analysis's rational and 100-digit arithmetic, which every file including
// the header would otherwise instantiate again.
#include <orderly/analysis/method_linear_model.hpp>

namespace orderly {

std::optional<rk_coefficients<exact>> linear_coefficients(const method_entry& method, weight_set weights) {
  using result = std::optional<rk_coefficients<exact>>;
  return method.visit(method_visitor{
      [&](const butcher_tableau& t) -> result { return exact_coefficients(t, weights); },
      [&](const rosenbrock_method& r) -> result {
        return rosenbrock_linear_equivalent(r, weights == weight_set::embedded);
      },
      [](const splitting_method&) -> result { return std::nullopt; },  // acts through its step matrix
      [](const seed_specimen&) -> result { return std::nullopt; },     // code, no coefficients
  });
}

std::optional<stability_function_coefficients> stability_function_of(const method_entry& method, weight_set weights) {
  using result = std::optional<stability_function_coefficients>;
  return method.visit(method_visitor{
      [&](const butcher_tableau& t) -> result { return stability_function_of(t, weights); },
      [&](const rosenbrock_method& r) -> result {
        return stability_function_of(rosenbrock_linear_equivalent(r, weights == weight_set::embedded));
      },
      [](const splitting_method&) -> result { return std::nullopt; },
      [](const seed_specimen&) -> result { return std::nullopt; },
  });
}

}  // namespace orderly
