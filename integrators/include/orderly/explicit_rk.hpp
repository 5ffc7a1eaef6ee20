#pragma once
// The explicit Runge-Kutta stepper: any explicit butcher_tableau, any scalar, any state container.
//
// Right-hand side convention (one for the whole library): f(t, y, dydt) writes dy/dt into dydt.
// step(f, t, y, h) advances y in place from t to t + h; y may not be aliased by f's output.
//
// This stepper reads its coefficients at run time, for any stage count (user tableau files); the
// catalog's methods also have a compiled form, fixed_explicit_rk.hpp, which visit_explicit_stepper
// picks when it can.
//
// FSAL contract (first same as last, e.g. dopri54 with its primary weights): the last stage of a
// step is f(t + h, y_{n+1}), and the next step reuses it when it starts at that time. The stepper
// tracks this with a flag, not by comparing states: a caller that changes y between steps (other
// than by this stepper's own step) must call reset() first. A step at another time recomputes.
// An adaptive driver that already has f(t, y) hands it over with set_first_stage (any method), and
// reads the FSAL stage back with end_derivative, so a rejected step is retried without evaluating
// f(t, y) again (as Hairer's DOPRI5 does).
//
// Sum = summation::compensated adds the increment h sum b_i k_i with a per-component Kahan carry
// (compensated_sum.hpp); reset() also clears the carry.
#include "compensated_sum.hpp"
#include "state_algebra.hpp"
#include "tableau.hpp"

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <vector>

namespace orderly {

template <state_vector State, summation Sum = summation::plain>
class explicit_rk {
 public:
  using scalar = scalar_of<State>;

  // The stepper keeps its own copy of the tableau (or shares the one given as a shared_ptr).
  explicit explicit_rk(const butcher_tableau& tableau, weight_set weights = weight_set::primary)
      : explicit_rk(std::make_shared<const butcher_tableau>(tableau), weights) {}

  explicit explicit_rk(std::shared_ptr<const butcher_tableau> tableau, weight_set weights = weight_set::primary)
      : tableau_(checked_explicit(std::move(tableau), weights)), coefficients_(*tableau_), weights_(weights) {
    // FSAL reuse is valid only when the propagated weights are the last row of A.
    fsal_ = tableau_->first_same_as_last() && weights == weight_set::primary;
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
    if constexpr (Sum == summation::compensated) {
      resize_like(increment_, y);
      for (std::size_t i = 0; i < size_of(y); ++i) {
        scalar sum = 0;
        for (std::size_t j = 0; j < k_.size(); ++j)
          if (w[j] != 0) sum += w[j] * k_[j][i];
        increment_[i] = h * sum;
      }
      compensation_.add(y, increment_);
    } else {
      add_weighted(y, y, h, w, k_, k_.size());
    }
    remember_end(t + h);
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
    remember_end(t + h);
  }

  // Forget the cached last stage (and the compensation carry): call it when y was changed outside
  // the stepper (a rejected step, a new run, an event).
  void reset() {
    end_valid_ = false;
    if constexpr (Sum == summation::compensated) compensation_.reset();
  }

  // The next step, if it starts at t, takes `derivative` = f(t, y) as its first stage instead of
  // evaluating it (the same bits: f is deterministic).
  void set_first_stage(const scalar& t, const State& derivative) {
    k_.back() = derivative;  // where an FSAL step leaves f(t, y) for the next one
    end_t_ = t;
    end_valid_ = true;
  }

  // f(t + h, y_{n+1}) when the last step ended by evaluating it (FSAL), else nullptr.
  const State* end_derivative() const { return fsal_ && end_valid_ ? &k_.back() : nullptr; }

 private:
  template <class Rhs>
  void compute_stages(Rhs& f, const scalar& t, const State& y, const scalar& h) {
    const auto s = k_.size();
    for (auto& k : k_) resize_like(k, y);
    resize_like(stage_, y);
    if (end_valid_ && same_step_time(t, end_t_, h)) {
      std::swap(k_[0], k_[s - 1]);  // the previous step's last stage (or the caller's) is f(t, y)
    } else {
      f(t, y, k_[0]);
      ++rhs_evaluations_;
    }
    end_valid_ = false;  // until remember_end: k_[s - 1] is about to be overwritten
    for (std::size_t i = 1; i < s; ++i) {
      add_weighted(stage_, y, h, coefficients_.a[i], k_, i);
      f(t + coefficients_.c[i] * h, stage_, k_[i]);
      ++rhs_evaluations_;
    }
  }

  void remember_end(const scalar& t) {
    if (!fsal_) return;
    end_t_ = t;
    end_valid_ = true;
  }

  static std::shared_ptr<const butcher_tableau> checked_explicit(std::shared_ptr<const butcher_tableau> tableau,
                                                                 weight_set weights) {
    if (!tableau) throw std::invalid_argument("explicit_rk: no tableau");
    if (!tableau->is_explicit()) throw std::invalid_argument(tableau->name + " is not an explicit method");
    if (weights == weight_set::embedded && !tableau->b_embedded)
      throw std::invalid_argument(tableau->name + " has no embedded weights");
    return tableau;
  }

  std::shared_ptr<const butcher_tableau> tableau_;
  numeric_tableau<scalar> coefficients_;
  weight_set weights_;
  bool fsal_ = false;
  std::vector<State> k_;
  State stage_{};
  std::uint64_t rhs_evaluations_ = 0;
  bool end_valid_ = false;
  scalar end_t_{};
  State increment_{};                 // compensated only
  compensation<State> compensation_;  // compensated only
};

}  // namespace orderly
