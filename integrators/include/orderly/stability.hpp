#pragma once
// Linear stability of explicit Runge-Kutta methods. Applied to y' = lambda y, one step multiplies y
// by R(z), z = h lambda, with
//     R(z) = 1 + z b^T (I - z A)^(-1) 1 = sum_(k=0..s) r_k z^k,   r_0 = 1, r_k = b^T A^(k-1) 1,
// a polynomial of degree <= s because A is strictly lower triangular (nilpotent). The coefficients
// are computed exactly from the tableau; a method of order p has r_k = 1/k! for k <= p.
#include <orderly/explicit_rk.hpp>
#include <orderly/tableau.hpp>

#include <cmath>
#include <complex>
#include <limits>
#include <stdexcept>
#include <vector>

namespace orderly {

// r_0 .. r_s of the stability polynomial, exactly (trailing zero coefficients are dropped).
inline std::vector<exact> stability_polynomial(const butcher_tableau& t, weight_set weights = weight_set::primary) {
  if (!t.is_explicit()) throw std::invalid_argument(t.name + ": the stability polynomial is for explicit methods");
  if (weights == weight_set::embedded && !t.b_embedded) throw std::invalid_argument(t.name + " has no embedded weights");
  const auto& b = weights == weight_set::primary ? t.b : *t.b_embedded;
  const int s = t.stages();
  std::vector<exact> r = {exact(1)};
  std::vector<exact> power(static_cast<std::size_t>(s), exact(1));  // A^(k-1) 1
  for (int k = 1; k <= s; ++k) {
    exact coefficient = 0;
    for (int i = 0; i < s; ++i) coefficient += b[static_cast<std::size_t>(i)] * power[static_cast<std::size_t>(i)];
    r.push_back(coefficient);
    std::vector<exact> next(static_cast<std::size_t>(s), exact(0));
    for (int i = 0; i < s; ++i)
      for (int j = 0; j < i; ++j) next[static_cast<std::size_t>(i)] += t.a_at(i, j) * power[static_cast<std::size_t>(j)];
    power = std::move(next);
  }
  while (r.size() > 1 && r.back() == 0) r.pop_back();
  return r;
}

// R(z) by Horner's rule in the scalar T (coefficients rounded once from their exact values).
template <class T>
std::complex<T> stability_function(const std::vector<exact>& r, const std::complex<T>& z) {
  std::complex<T> value(0);
  for (auto it = r.rbegin(); it != r.rend(); ++it) value = value * z + std::complex<T>(to_scalar<T>(*it));
  return value;
}

// The left end x < 0 of the real stability interval [x, 0] (|R| <= 1 on it): a coarse scan from 0
// finds the first point with |R| > 1, bisection then locates the crossing to T's precision.
// Returns -infinity when no crossing occurs before `limit`.
template <class T>
T real_stability_boundary(const std::vector<exact>& r, const T& limit = T(-1000)) {
  auto unstable = [&](const T& x) {
    using std::abs;
    return abs(stability_function<T>(r, std::complex<T>(x))) > T(1);
  };
  const T step = T(1) / 64;
  T inside = 0;
  T outside = -step;
  while (!unstable(outside)) {
    inside = outside;
    outside -= step;
    if (outside < limit) return -std::numeric_limits<T>::infinity();
  }
  for (int iteration = 0; iteration < 200; ++iteration) {
    const T middle = (inside + outside) / 2;
    if (middle == inside || middle == outside) break;
    (unstable(middle) ? outside : inside) = middle;
  }
  return inside;
}

}  // namespace orderly
