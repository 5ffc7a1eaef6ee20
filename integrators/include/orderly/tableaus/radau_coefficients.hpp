#pragma once
// The coefficients of the s-stage Radau IIA method (order 2s-1, stage order s, L-stable, stiffly
// accurate), derived, not typed: the nodes c_i are the zeros of P_s(2x-1) - P_{s-1}(2x-1)
// (Legendre polynomials; c_s = 1), found by bracketing and TOMS 748 in 100-digit arithmetic; the
// matrix A follows from the collocation conditions C(s): sum_j a_ij c_j^(k-1) = c_i^k / k,
// k = 1..s (a Vandermonde system solved in 100 digits); b is the last row of A. For odd s, also
// what the adaptive code's error estimate needs (implicit/radau.hpp runs them).
#include <orderly/exact.hpp>
#include <orderly/tableau.hpp>  // radau_error_estimate

#include <map>
#include <mutex>
#include <optional>
#include <vector>

namespace orderly {

// The coefficients of the s-stage Radau IIA method, in 100-digit precision.
struct radau_coefficients {
  int stages = 0;
  std::vector<high_precision> c;          // nodes, c[s-1] = 1
  std::vector<high_precision> a;          // row-major s x s
  std::vector<high_precision> b;          // weights = last row of a (stiffly accurate)
  std::vector<high_precision> a_inverse;  // row-major s x s
  // Present for odd s only: for even s, det(I - u A) has no real zero, so there is no estimate to run
  // the adaptive code with (the method itself is complete).
  std::optional<radau_error_estimate> error_estimate;
};

namespace radau_detail {

// The s-stage coefficients from their defining conditions, in 100 digits (src/radau_coefficients.cpp).
radau_coefficients compute_coefficients(int s);

}  // namespace radau_detail

// The s-stage coefficients, computed once per s and kept (thread-safe).
inline const radau_coefficients& radau_iia_coefficients(int stages) {
  static std::mutex mutex;
  static std::map<int, radau_coefficients> cache;
  std::lock_guard<std::mutex> lock(mutex);
  auto found = cache.find(stages);
  if (found == cache.end()) found = cache.emplace(stages, radau_detail::compute_coefficients(stages)).first;
  return found->second;
}

}  // namespace orderly
