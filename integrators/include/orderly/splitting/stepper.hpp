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
// separately. Zero coefficients cost nothing (the stages are compiled into a list of nonzero drifts
// and kicks at construction).
//
// Cache contract (as for the FSAL stepper, explicit_rk.hpp): the stepper remembers the last force
// and velocity it evaluated and whether q (resp. p) has moved since, by flags, not by comparing
// states. A kick whose force is still valid reuses it, so velocity Verlet costs one force
// evaluation per step in a run of steps; a drift at an unchanged p reuses the velocity. The caller
// must call reset() when it changes q or p between steps (other than by step()). A step that
// starts at another time than the last one ended recomputes the force; the times are compared to
// within 8 units of rounding, because callers compute the next step's start either as t + h or as
// t0 + n h, which differ in the last bits only.
//
// Sum = summation::compensated applies every drift and kick with a per-component Kahan carry of q
// and of p (compensated_sum.hpp), for runs of 10^6..10^7 steps; reset() also clears the carries.
#include <orderly/compensated_sum.hpp>
#include <orderly/splitting/method.hpp>
#include <orderly/state_algebra.hpp>
#include <orderly/weighted_sum.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

namespace orderly {

template <state_vector State, summation Sum = summation::plain>
class splitting_stepper {
 public:
  using scalar = scalar_of<State>;

  // The stepper rounds the method's nonzero coefficients and keeps them; it keeps no reference to
  // the method.
  explicit splitting_stepper(const splitting_method& method) : order_(method.order) {
    if (method.drift.size() != method.kick.size() || method.drift.empty())
      throw std::invalid_argument("splitting method " + method.name + ": drift and kick lengths differ");
    high_precision node = 0;
    for (std::size_t i = 0; i < method.drift.size(); ++i) {
      node += method.drift[i];
      if (method.drift[i] != 0)
        operations_.push_back({.kick = false, .coefficient = to_scalar<scalar>(method.drift[i])});
      if (method.kick[i] != 0)  // node: the kick's time, in units of h
        operations_.push_back(
            {.kick = true, .coefficient = to_scalar<scalar>(method.kick[i]), .node = to_scalar<scalar>(node)});
    }
  }

  int order() const { return order_; }
  std::uint64_t force_evaluations() const { return force_evaluations_; }
  std::uint64_t velocity_evaluations() const { return velocity_evaluations_; }
  std::uint64_t rhs_evaluations() const { return force_evaluations_; }

  // (q, p) <- their values at t + h. For hardware scalars flattened (everything called is inlined),
  // as fixed_explicit_rk.
  template <class Force, class Velocity>
  void step(Force&& force, Velocity&& velocity, const scalar& t, State& q, State& p, const scalar& h) {
    if constexpr (std::is_arithmetic_v<scalar>)
      step_flat(force, velocity, t, q, p, h);
    else
      step_body(force, velocity, t, q, p, h);
  }

  // Forget cached evaluations: call it when q or p was changed outside the stepper, or the force
  // or velocity function changes meaning.
  void reset() {
    force_valid_ = velocity_valid_ = false;
    if constexpr (Sum == summation::compensated) {
      carry_q_.reset();
      carry_p_.reset();
    }
  }

 private:
  template <class Force, class Velocity>
  [[gnu::flatten]] void step_flat(Force& force, Velocity& velocity, const scalar& t, State& q, State& p,
                                  const scalar& h) {
    step_body(force, velocity, t, q, p, h);
  }

  template <class Force, class Velocity>
  void step_body(Force& force, Velocity& velocity, const scalar& t, State& q, State& p, const scalar& h) {
    if (size_of(q) != size_of(p))
      throw std::invalid_argument("splitting step: q has " + std::to_string(size_of(q)) + " components but p has " +
                                  std::to_string(size_of(p)));
    resize_like(force_value_, p);
    resize_like(velocity_value_, q);
    if (!(h == scaled_h_)) rescale(h);
    if (force_valid_ && !same_step_time(t, force_t_, h)) force_valid_ = false;
    if constexpr (few_components) {
      // The step on local copies, written back once: as far as the compiler knows, q, p and the
      // cached evaluations may share memory, so working on them in place would store and reload
      // every component between a drift, a kick and an evaluation, on the step's critical path.
      State local_q = q, local_p = p, local_force = force_value_, local_velocity = velocity_value_;
      apply_operations(force, velocity, t, h, local_q, local_p, local_force, local_velocity);
      q = local_q;
      p = local_p;
      force_value_ = local_force;
      velocity_value_ = local_velocity;
    } else {
      apply_operations(force, velocity, t, h, q, p, force_value_, velocity_value_);
    }
  }

  // A state of a few components known at compile time, in a hardware scalar (Kepler's 2): the
  // step runs on local copies (see step_body).
  static constexpr std::size_t few_components_max = 8;
  static constexpr std::size_t extent = weighted_sums::static_extent<State>::value;
  static constexpr bool few_components = std::is_arithmetic_v<scalar> && extent > 0 && extent <= few_components_max;

  template <class Force, class Velocity>
  void apply_operations(Force& force, Velocity& velocity, const scalar& t, const scalar& h, State& q, State& p,
                        State& force_value, State& velocity_value) {
    for (const auto& op : operations_) {
      if (op.kick) {
        if (!force_valid_) {
          force_t_ = t + op.node * h;
          force(force_t_, q, force_value);
          ++force_evaluations_;
          force_valid_ = true;
        }
        if constexpr (Sum == summation::compensated)
          carry_p_.add_scaled(p, op.scaled, force_value);
        else
          add_scaled(p, p, op.scaled, force_value);
        velocity_valid_ = false;
      } else {
        if (!velocity_valid_) {
          velocity(t, p, velocity_value);
          ++velocity_evaluations_;
          velocity_valid_ = true;
        }
        if constexpr (Sum == summation::compensated)
          carry_q_.add_scaled(q, op.scaled, velocity_value);
        else
          add_scaled(q, q, op.scaled, velocity_value);
        force_valid_ = false;
      }
    }
  }

  // coefficient * h for every operation, recomputed only when h changes.
  void rescale(const scalar& h) {
    for (auto& op : operations_) op.scaled = op.coefficient * h;
    scaled_h_ = h;
  }

  struct operation {
    bool kick = false;  // kick: p += coefficient h force(t + node h, q); drift: q += coefficient h velocity(p)
    scalar coefficient{};
    scalar node{};
    scalar scaled{};  // coefficient * h for the current h
  };

  int order_;
  std::vector<operation> operations_;
  State force_value_{}, velocity_value_{};
  scalar force_t_{};
  scalar scaled_h_ = 0;  // the h the scaled coefficients hold (0: none yet; a step of 0 rescales to 0)
  bool force_valid_ = false, velocity_valid_ = false;
  std::uint64_t force_evaluations_ = 0, velocity_evaluations_ = 0;
  compensation<State> carry_q_, carry_p_;  // compensated only
};

}  // namespace orderly
