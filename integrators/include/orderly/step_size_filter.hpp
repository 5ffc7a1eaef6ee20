#pragma once
// Step-size controllers as data: Söderlind's digital filters (G. Söderlind, "Digital filters in
// adaptive time-stepping", ACM TOMS 29 (2003) 1-26), of which the elementary (I) controller,
// Gustafsson's PI controller and the PID controllers are members, each given by its gains. With k
// = q + 1 for an estimate of order q (local error ~ h^k) and c_n = err_n / target the scaled error
// of step n, the step after an accepted step n is
//   h_{n+1} = h_n c_n^(-beta1/k) c_{n-1}^(-beta2/k) c_{n-2}^(-beta3/k) (h_n/h_{n-1})^(-alpha2)
//             (h_{n-1}/h_{n-2})^(-alpha3),
// clamped to [min_factor, max_factor] h_n. The target is safety^k, so that every filter with
// sum(beta) != 0 settles where the elementary controller h_n safety err_n^(-1/k) does.
// Hairer's DOPRI5 law (step_control.hpp's default) is the PI member with
// beta1 = 1 - 3/4 w k, beta2 = -w k (w = its BETA, 0.04): `memory_weight` below.
#include "exact.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace orderly {

struct controller_gains {
  std::string name;                                         // CLI name, e.g. "pi-gustafsson"
  std::string title;                                        // e.g. "PI (Gustafsson 1991)"
  std::string citation;                                     // where the gains are published
  std::array<exact, 3> beta{exact(1), exact(0), exact(0)};  // on log c_n, log c_{n-1}, log c_{n-2}, over k
  std::array<exact, 2> alpha{exact(0), exact(0)};           // alpha2, alpha3 on the step ratios
  // Hairer's PI memory weight w (DOPRI5's BETA): beta1 -= 3/4 w k and beta2 -= w k, gains that
  // depend on k, so they are stored as the weight.
  exact memory_weight = 0;

  // The gains for an estimate with local error ~ h^k, as doubles (exact values rounded once).
  std::array<double, 5> for_order(int k) const {
    const exact kk(k);
    const exact b1 = beta[0] - exact(3, 4) * memory_weight * kk;
    const exact b2 = beta[1] - memory_weight * kk;
    return {to_scalar<double>(b1), to_scalar<double>(b2), to_scalar<double>(beta[2]), to_scalar<double>(alpha[0]),
            to_scalar<double>(alpha[1])};
  }
};

// The controllers Orderly offers, in the order the studies present them.
inline const std::vector<controller_gains>& controller_catalog() {
  static const std::vector<controller_gains> catalog{
      {.name = "elementary",
       .title = "elementary (I), h c^(-1/k)",
       .citation = "Hairer, Norsett & Wanner, Solving ODEs I (1993), II.4 (eq. 4.13)",
       .beta = {exact(1), exact(0), exact(0)}},
      {.name = "hairer-pi",
       .title = "PI of Hairer's DOPRI5 (BETA = 0.04), Orderly's default",
       .citation = "Hairer & Wanner, Solving ODEs II (1996), IV.2 (eq. 2.43c); the DOPRI5 code's defaults",
       .beta = {exact(1), exact(0), exact(0)},
       .memory_weight = exact(1, 25)},
      {.name = "pi-gustafsson",
       .title = "PI3040 (Gustafsson): beta = (0.7, -0.4)",
       .citation = "K. Gustafsson, Control theoretic techniques for stepsize selection in explicit Runge-Kutta "
                   "methods, ACM TOMS 17 (1991) 533-554; Söderlind (2003) PI3040",
       .beta = {exact(7, 10), exact(-2, 5), exact(0)}},
      {.name = "pi4020",
       .title = "PI4020: beta = (0.6, -0.2)",
       .citation = "G. Söderlind, Digital filters in adaptive time-stepping, ACM TOMS 29 (2003) 1-26, Table II",
       .beta = {exact(3, 5), exact(-1, 5), exact(0)}},
      {.name = "h211pi",
       .title = "H211PI: beta = (1/6, 1/6)",
       .citation = "Söderlind (2003), Table II",
       .beta = {exact(1, 6), exact(1, 6), exact(0)}},
      {.name = "h211b",
       .title = "H211b (b = 4): beta = (1/4, 1/4), alpha2 = 1/4",
       .citation = "Söderlind (2003), Table II",
       .beta = {exact(1, 4), exact(1, 4), exact(0)},
       .alpha = {exact(1, 4), exact(0)}},
      {.name = "h312pid",
       .title = "H312PID: beta = (1/18, 1/9, 1/18)",
       .citation = "Söderlind (2003), Table II",
       .beta = {exact(1, 18), exact(1, 9), exact(1, 18)}},
      {.name = "h312b",
       .title = "H312b (b = 8): beta = (1/8, 1/4, 1/8), alpha = (3/8, 1/8)",
       .citation = "Söderlind (2003), Table II",
       .beta = {exact(1, 8), exact(1, 4), exact(1, 8)},
       .alpha = {exact(3, 8), exact(1, 8)}},
      {.name = "pid-ranocha",
       .title = "PID (0.55, -0.27, 0.05) of Ranocha, Dalcin, Parsani & Ketcheson",
       .citation = "H. Ranocha, L. Dalcin, M. Parsani, D. I. Ketcheson, Optimized Runge-Kutta methods with "
                   "automatic step size control for compressible computational fluid dynamics, "
                   "Commun. Appl. Math. Comput. 4 (2022) 1191-1228",
       .beta = {exact(11, 20), exact(-27, 100), exact(1, 20)}},
  };
  return catalog;
}

// The controller Orderly's adaptive driver uses when none is named (step_control.hpp's own law).
inline constexpr std::string_view default_controller_name = "hairer-pi";

inline const controller_gains* find_controller(std::string_view name) {
  for (const auto& c : controller_catalog())
    if (c.name == name) return &c;
  return nullptr;
}

// The filter as a controller for an adaptive driver: accepted() after each accepted step (its
// scaled error err, at most 1), rejected() after each rejected one. The filter's memory holds the
// accepted steps only: a rejection retries with the elementary law and leaves the memory alone, and
// the step after a rejection does not grow (Hairer's rule). Before the memory fills, the missing
// errors are the target and the missing step ratios 1 (the filter starts as if settled).
template <class T>
class step_size_filter {
 public:
  step_size_filter(const controller_gains& gains, int k, T safety, T min_factor, T max_factor)
      : k_(k), safety_(safety), min_factor_(min_factor), max_factor_(max_factor) {
    if (k < 1) throw std::invalid_argument("step_size_filter: the estimate's k = q + 1 must be at least 1");
    const auto g = gains.for_order(k);
    for (int i = 0; i < 5; ++i) gains_[static_cast<std::size_t>(i)] = T(g[static_cast<std::size_t>(i)]);
    using std::pow;
    target_ = pow(safety_, T(k_));
  }

  T accepted(const T& h, const T& error) {
    using std::max;
    using std::min;
    using std::pow;
    const T c = max(error, smallest_error()) / target_;
    T factor = pow(c, -gains_[0] / T(k_)) * pow(c1_, -gains_[1] / T(k_)) * pow(c2_, -gains_[2] / T(k_)) *
               pow(ratio1_, -gains_[3]) * pow(ratio2_, -gains_[4]);
    factor = max(min_factor_, min(max_factor_, factor));
    if (after_rejection_) factor = min(factor, T(1));
    c2_ = c1_;
    c1_ = c;
    ratio2_ = ratio1_;
    ratio1_ = factor;  // h_{n+1} / h_n, the next step's h_n / h_{n-1}
    after_rejection_ = false;
    return h * factor;
  }

  T rejected(const T& h, const T& error) {
    using std::isfinite;
    using std::max;
    using std::min;
    using std::pow;
    after_rejection_ = true;
    if (!isfinite(error)) return h * min_factor_;
    return h * max(min_factor_, min(T(1), safety_ * pow(error, T(-1) / T(k_))));
  }

 private:
  // The floor on an accepted step's error, as in step_control.hpp: an exact step does not ask for
  // an infinite one.
  static T smallest_error() { return T(1) / 10000000000; }

  int k_;
  T safety_, min_factor_, max_factor_, target_;
  std::array<T, 5> gains_{};
  T c1_ = 1, c2_ = 1, ratio1_ = 1, ratio2_ = 1;
  bool after_rejection_ = false;
};

}  // namespace orderly
