#pragma once
// Compensated (Kahan) summation of a stepper's update y <- y + d.
//
// Over 10^6..10^7 steps the increment d of a step is many orders of magnitude smaller than y, so
// the plain sum y + d loses the low bits of d at every step; for a conserving method those lost
// bits are not a zero-mean noise but a bias, and the energy of a long run drifts linearly in t
// instead of following Brouwer's law (a random walk ~ sqrt(t)). Keeping, per component, the part
// of d that the last addition lost (the carry) and adding it back into the next increment removes
// the bias (Kahan 1965; for symplectic integrators: Hairer, McLachlan, Razakarivony, BIT 48 (2008)
// 231-243, Sect. 2).
//
// The carry is part of the stepper's state: a caller that changes y between steps (other than by
// the stepper's own step) must reset it, which the steppers' reset() does.
// Requires strict IEEE evaluation (no -ffast-math, which would fold the carry to zero).
#include <orderly/state_algebra.hpp>

#include <cstddef>

namespace orderly {

// How a stepper adds its increment to the state.
enum class summation { plain, compensated };

// y <- y + d with the carry of the previous additions; carry <- the part of (d + carry) lost now.
template <class T>
inline void compensated_add(T& y, T& carry, const T& d) {
  const T corrected = d + carry;
  const T sum = y + corrected;
  carry = corrected - (sum - y);
  y = sum;
}

// The per-component carries of one state. Empty until the first addition; reset() zeroes it.
template <state_vector State>
class compensation {
 public:
  using scalar = scalar_of<State>;

  // y[i] <- y[i] + d[i] for every component, compensated.
  void add(State& y, const State& d) {
    prepare(y);
    for (std::size_t i = 0; i < size_of(y); ++i) compensated_add(y[i], carry_[i], d[i]);
  }
  // y[i] <- y[i] + h d[i], compensated (the product h d[i] is rounded once, as in the plain update).
  void add_scaled(State& y, const scalar& h, const State& d) {
    prepare(y);
    for (std::size_t i = 0; i < size_of(y); ++i) compensated_add(y[i], carry_[i], scalar(h * d[i]));
  }
  void reset() { valid_ = false; }

 private:
  void prepare(const State& y) {
    resize_like(carry_, y);
    if (!valid_) {
      for (std::size_t i = 0; i < size_of(carry_); ++i) carry_[i] = scalar(0);
      valid_ = true;
    }
  }
  State carry_{};
  bool valid_ = false;
};

}  // namespace orderly
