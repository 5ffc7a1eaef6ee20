#pragma once
// The explicit Runge-Kutta stepper: any explicit butcher_tableau, any scalar, any state container.
//
// Right-hand side convention (one for the whole library): f(t, y, dydt) writes dy/dt into dydt.
// step(f, t, y, h) advances y in place from t to t + h; y may not be aliased by f's output.
#include "state_algebra.hpp"
#include "tableau.hpp"

#include <cstdint>
#include <limits>
#include <stdexcept>
#include <vector>

namespace orderly {

// Which weight set of an embedded pair propagates the solution.
enum class weight_set { primary, embedded };

template <state_vector State>
class explicit_rk {
 public:
  using scalar = scalar_of<State>;

  explicit explicit_rk(const butcher_tableau& tableau, weight_set weights = weight_set::primary)
      : tableau_(&tableau), coefficients_(tableau), weights_(weights) {
    if (!tableau.is_explicit()) throw std::invalid_argument(tableau.name + " is not an explicit method");
    if (weights == weight_set::embedded && !tableau.b_embedded)
      throw std::invalid_argument(tableau.name + " has no embedded weights");
    // FSAL reuse is valid only when the propagated weights are the last row of A.
    fsal_ = tableau.first_same_as_last() && weights == weight_set::primary;
    k_.resize(static_cast<std::size_t>(coefficients_.stages));
  }

  const butcher_tableau& tableau() const { return *tableau_; }
  int order() const { return weights_ == weight_set::primary ? tableau_->order : *tableau_->embedded_order; }
  std::uint64_t rhs_evaluations() const { return rhs_evaluations_; }

  // y <- y(t + h).
  template <class Rhs>
  void step(Rhs&& f, const scalar& t, State& y, const scalar& h) {
    compute_stages(f, t, y, h);
    const auto& w = weights_ == weight_set::primary ? coefficients_.b : coefficients_.b_embedded;
    add_weighted(y, y, h, w, k_, k_.size());
    remember_end(t + h, y);
  }

  // y <- y(t + h) with the propagated weights; error <- (propagated - other weight set), the
  // local error estimate of the embedded pair.
  template <class Rhs>
  void step(Rhs&& f, const scalar& t, State& y, const scalar& h, State& error) {
    if (!tableau_->b_embedded) throw std::logic_error(tableau_->name + " has no error estimate");
    compute_stages(f, t, y, h);
    resize_like(error, y);
    const auto& bp = weights_ == weight_set::primary ? coefficients_.b : coefficients_.b_embedded;
    const auto& be = weights_ == weight_set::primary ? coefficients_.b_embedded : coefficients_.b;
    for (std::size_t i = 0; i < size_of(y); ++i) {
      scalar difference = 0;
      for (std::size_t j = 0; j < k_.size(); ++j) difference += (bp[j] - be[j]) * k_[j][i];
      error[i] = h * difference;
    }
    add_weighted(y, y, h, bp, k_, k_.size());
    remember_end(t + h, y);
  }

  // Forget the cached last stage (call when y was changed outside the stepper).
  void reset() { end_valid_ = false; }

 private:
  template <class Rhs>
  void compute_stages(Rhs& f, const scalar& t, const State& y, const scalar& h) {
    const auto s = k_.size();
    for (auto& k : k_) resize_like(k, y);
    resize_like(stage_, y);
    if (fsal_ && end_valid_ && same_time(t, end_t_, h) && same_state(y, end_y_)) {
      std::swap(k_[0], k_[s - 1]);  // the last stage of the previous step is f(t, y)
    } else {
      f(t, y, k_[0]);
      ++rhs_evaluations_;
    }
    for (std::size_t i = 1; i < s; ++i) {
      add_weighted(stage_, y, h, coefficients_.a[i], k_, i);
      f(t + coefficients_.c[i] * h, stage_, k_[i]);
      ++rhs_evaluations_;
    }
  }

  // Callers compute step times as t0 + n h rather than accumulating; those agree with the cached
  // t + h only to a few rounding units, which must not defeat FSAL reuse.
  static bool same_time(const scalar& a, const scalar& b, const scalar& h) {
    using std::abs;
    using std::max;
    return abs(a - b) <= 8 * std::numeric_limits<scalar>::epsilon() * max(max(abs(a), abs(b)), abs(h));
  }

  void remember_end(const scalar& t, const State& y) {
    if (!fsal_) return;
    end_t_ = t;
    end_y_ = y;
    end_valid_ = true;
  }

  const butcher_tableau* tableau_;
  numeric_tableau<scalar> coefficients_;
  weight_set weights_;
  bool fsal_ = false;
  std::vector<State> k_;
  State stage_{};
  std::uint64_t rhs_evaluations_ = 0;
  bool end_valid_ = false;
  scalar end_t_{};
  State end_y_{};
};

}  // namespace orderly
