#pragma once
// The stability polynomial of an explicit Runge-Kutta method: R(z) = sum_(k=0..s) r_k z^k with
// r_k = b^T A^(k-1) 1, a polynomial because A is strictly lower triangular. It is the numerator of
// the general stability function (analysis/stability_function.hpp, which also gives the limits,
// A- and L-stability); this header names the explicit case the energy study and `check` print.
#include <orderly/analysis/stability_function.hpp>
#include <orderly/order_conditions.hpp>
#include <orderly/tableau.hpp>

#include <complex>
#include <stdexcept>
#include <vector>

namespace orderly {

// r_0 .. r_s of the stability polynomial, exactly (trailing zero coefficients are dropped).
inline std::vector<exact> stability_polynomial(const butcher_tableau& t, weight_set weights = weight_set::primary) {
  if (!t.is_explicit()) throw std::invalid_argument(t.name + ": the stability polynomial is for explicit methods");
  return stability_function_of(exact_coefficients(t, weights)).numerator;
}

// R(z) by Horner's rule in the scalar T (coefficients rounded once from their exact values).
template <class T>
std::complex<T> stability_function(const std::vector<exact>& r, const std::complex<T>& z) {
  std::complex<T> value(0);
  for (auto it = r.rbegin(); it != r.rend(); ++it) value = value * z + std::complex<T>(to_scalar<T>(*it));
  return value;
}

}  // namespace orderly
