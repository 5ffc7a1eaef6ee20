#pragma once
// The stepper every splitting method drives: any scalar, any state container.
//
//   force(t, q, out)     writes -dV/dq (t, q)   (time-dependent forces are allowed)
//   velocity(t, p, out)  writes  dT/dp (p)      (t is passed for the shared signature; T must not
//                                                depend on it, see method.hpp)
// These match separable_split<T> of the problem layer, but any callables do.
//
// Work counting: a force evaluation counts as one right-hand-side evaluation (the force is the
// expensive half of a separable system; dT/dp is usually p/m). Velocity evaluations are counted
// separately. A kick whose force was already computed at the same (t, q) reuses it (the cache
// compares t and every component of q), so velocity Verlet costs one force evaluation per step in a
// run of steps; likewise a drift at an unchanged p reuses the velocity. q is compared exactly;
// the time is compared to within 8 units of rounding of its magnitude, because callers compute
// the next step's start either as t + h or as t0 + n h, which differ in the last bits only, and
// the force's time is not known more precisely than that anyway.
#include <orderly/splitting/method.hpp>
#include <orderly/state_algebra.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

namespace orderly {

template <state_vector State>
class splitting_stepper {
 public:
  using scalar = scalar_of<State>;

  explicit splitting_stepper(const splitting_method& method) : method_(&method) {
    if (method.drift.size() != method.kick.size() || method.drift.empty())
      throw std::invalid_argument("splitting method " + method.name + ": drift and kick lengths differ");
    high_precision node = 0;
    for (std::size_t i = 0; i < method.drift.size(); ++i) {
      drift_.push_back(to_scalar<scalar>(method.drift[i]));
      kick_.push_back(to_scalar<scalar>(method.kick[i]));
      node += method.drift[i];
      node_.push_back(to_scalar<scalar>(node));  // time of kick i, in units of h
    }
  }

  const splitting_method& method() const { return *method_; }
  int order() const { return method_->order; }
  std::uint64_t force_evaluations() const { return force_evaluations_; }
  std::uint64_t velocity_evaluations() const { return velocity_evaluations_; }
  std::uint64_t rhs_evaluations() const { return force_evaluations_; }

  // (q, p) <- their values at t + h.
  template <class Force, class Velocity>
  void step(Force&& force, Velocity&& velocity, const scalar& t, State& q, State& p, const scalar& h) {
    if (size_of(q) != size_of(p))
      throw std::invalid_argument("splitting step: q has " + std::to_string(size_of(q)) + " components but p has " +
                                  std::to_string(size_of(p)));
    resize_like(force_value_, p);
    resize_like(velocity_value_, q);
    for (std::size_t i = 0; i < drift_.size(); ++i) {
      if (drift_[i] != 0) {
        if (!(velocity_valid_ && same_state(p, velocity_p_))) {
          velocity(t, p, velocity_value_);
          ++velocity_evaluations_;
          velocity_p_ = p;
          velocity_valid_ = true;
        }
        add_scaled(q, q, scalar(drift_[i] * h), velocity_value_);
      }
      if (kick_[i] != 0) {
        const scalar ti = t + node_[i] * h;
        if (!(force_valid_ && same_time(ti, force_t_) && same_state(q, force_q_))) {
          force(ti, q, force_value_);
          ++force_evaluations_;
          force_q_ = q;
          force_t_ = ti;
          force_valid_ = true;
        }
        add_scaled(p, p, scalar(kick_[i] * h), force_value_);
      }
    }
  }

  static bool same_time(const scalar& a, const scalar& b) {
    using std::abs;
    if (a == b) return true;
    const scalar scale = std::max(scalar(abs(a)), scalar(abs(b)));
    return scalar(abs(a - b)) <= 8 * std::numeric_limits<scalar>::epsilon() * scale;
  }

  // Forget cached evaluations (call when the force or velocity function changes meaning).
  void reset() { force_valid_ = velocity_valid_ = false; }

 private:
  const splitting_method* method_;
  std::vector<scalar> drift_, kick_, node_;
  State force_value_{}, velocity_value_{}, force_q_{}, velocity_p_{};
  scalar force_t_{};
  bool force_valid_ = false, velocity_valid_ = false;
  std::uint64_t force_evaluations_ = 0, velocity_evaluations_ = 0;
};

}  // namespace orderly
