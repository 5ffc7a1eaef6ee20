#pragma once
// What the adaptive Radau IIA code (implicit/radau.hpp) is told and what it derives once per run:
// its options (tolerances, limits, Hairer's RADAU defaults) and the method's coefficients rounded
// to the working scalar with the Newton iteration's limits.
#include <orderly/exact.hpp>
#include <orderly/tableau.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace orderly {

namespace radau_detail {

// Hairer's RADAU (radau.f, NIT per stage count): 7 Newton iterations for three stages (RADAU5's
// default), 5 more for each two stages added (12 for five, 17 for seven), 4 for one stage.
// More stages mean a larger system whose simplified iteration contracts more slowly.
inline constexpr int default_newton_iterations(int stages) { return stages <= 1 ? 4 : 7 + 5 * (stages - 3) / 2; }

}  // namespace radau_detail

template <class T>
struct radau_options {
  T rtol = T(1) / 1000000;
  T atol = T(1) / 1000000;
  std::optional<T> initial_step;      // Hairer's starting-step heuristic when empty
  std::optional<T> max_step;          // no bound when empty
  std::uint64_t max_steps = 1000000;  // accepted + rejected; exceeding it throws integration_failure
  int max_newton_iterations = 0;      // 0: Hairer's RADAU choice (radau_detail::default_newton_iterations)
  // Newton stops when the estimated iteration error is below newton_tolerance in the error norm
  // (1 = the local error tolerance). 0: Hairer's RADAU choice, min(0.03, rtol^((s-1)/(s+1))), at
  // least 10 eps / rtol -- rtol^(1/2) for s = 3 (RADAU5's FNEWT), rtol^(3/4) for s = 7. The error
  // estimate is of order s, the solution of order 2s-1, so the solution's local error lies far below
  // the tolerance, and a looser Newton stop leaves an iteration error that dominates the global error.
  T newton_tolerance = 0;
  T safety = T(9) / 10;
  T min_factor = T(1) / 8;  // h_new / h stays within [min_factor, max_factor]
  T max_factor = T(5);
  T jacobian_reuse_theta = T(1) / 1000;  // keep J when Newton contracted faster than this
};

namespace radau_detail {

// The adaptive code's constants: the coefficients rounded to T once, Newton's limits.
template <class T>
struct adaptive_constants {
  int s = 0;
  std::vector<T> c, a, e;  // nodes, A row-major, the error estimate's weights
  T gamma0 = 0;
  int max_newton = 0;
  T newton_tolerance = 0;
  T exponent = 0;  // of the controller: the estimate is of order s

  adaptive_constants(const butcher_tableau& method, const radau_options<T>& options) {
    using std::max;
    using std::min;
    using std::pow;
    if (!(options.rtol > 0) || !(options.atol > 0)) throw std::invalid_argument("Radau: tolerances must be positive");
    if (!method.radau_estimate)
      throw std::invalid_argument(
          "Radau: the adaptive code needs a Radau IIA method of odd stage count (one real "
          "eigenvalue of A^-1); " +
          method.name + " has no such error estimate");
    const radau_error_estimate& estimate = *method.radau_estimate;
    s = method.stages();
    for (int i = 0; i < s; ++i) {
      c.push_back(to_scalar<T>(method.c[static_cast<std::size_t>(i)]));
      for (int j = 0; j < s; ++j) a.push_back(to_scalar<T>(method.a_at(i, j)));
    }
    for (const auto& weight : estimate.error_weights) e.push_back(to_scalar<T>(weight));
    gamma0 = to_scalar<T>(estimate.gamma0);
    const T eps = std::numeric_limits<T>::epsilon();
    max_newton = options.max_newton_iterations > 0 ? options.max_newton_iterations : default_newton_iterations(s);
    newton_tolerance = options.newton_tolerance > 0 ? options.newton_tolerance
                                                    : max(T(10) * eps / options.rtol,
                                                          min(T(3) / 100, T(pow(options.rtol, T(s - 1) / T(s + 1)))));
    exponent = T(1) / T(s + 1);
  }
};

}  // namespace radau_detail

}  // namespace orderly
