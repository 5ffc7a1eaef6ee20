#pragma once
// A splitting (partitioned, symplectic) method for separable Hamiltonians H = T(p) + V(q), as data.
//
// The step of size h is a sequence of stages; stage i is a drift followed by a kick:
//     q <- q + drift[i] * h * velocity(p)        velocity = dT/dp
//     p <- p + kick[i]  * h * force(t_i, q)      force    = -dV/dq
// This is Boost.Odeint's ordering (symplectic_nystroem_stepper_base: coef_a = drift, coef_b = kick),
// so odeint's coefficient arrays can be compared entry by entry. A method that starts with a kick
// has drift[0] = 0; a method that ends with a drift has kick[last] = 0. Zero coefficients cost no
// evaluation.
//
// Time: the drift carries t' = 1 (extended phase space, t is one more position coordinate), so the
// kick of stage i evaluates the force at t_i = t + (drift[0] + ... + drift[i]) * h. This keeps the
// method's order for a time-dependent force V(q, t); the kinetic part T(p) must not depend on t.
//
// Coefficients are kept at 100 digits (high_precision): rationals are parsed exactly, closed forms
// (2^(1/3), sqrt(7/8)) are evaluated in high precision, and Yoshida's sixth-order weights are the
// root of their order conditions computed by Newton's method at first use.
#include <orderly/exact.hpp>

#include <string>
#include <vector>

namespace orderly {

struct splitting_method {
  std::string name;                         // CLI name, e.g. "velocity-verlet"
  std::string title;                        // e.g. "Velocity Verlet (Stormer-Verlet, kick-drift-kick)"
  std::string citation;                     // where the coefficients come from
  int order = 0;                            // declared order (confirmed by the bicolored-tree check in the tests)
  std::vector<high_precision> drift, kick;  // same length: one (drift, kick) pair per stage
  std::string derivation;                   // how the coefficients were obtained, when not simply copied

  int stages() const { return static_cast<int>(drift.size()); }

  // Force evaluations per step in a run of steps: one per nonzero kick, minus one when the last
  // force of a step is evaluated at (t + h, q_{n+1}) and the next step's first kick needs exactly
  // that force (no drift before the first kick, none after the last): velocity Verlet costs 1.
  int force_evaluations_per_step() const { return evaluations_per_step(kick, drift, /*kick_side=*/true); }

  // Velocity (dT/dp) evaluations per step, with the same reuse rule for drifts.
  int velocity_evaluations_per_step() const { return evaluations_per_step(drift, kick, /*kick_side=*/false); }

 private:
  // `own` are the coefficients of the evaluations being counted, `other` those of the other flow.
  // Stage order is drift then kick, so "other flow before own[i]" differs by side.
  static int evaluations_per_step(const std::vector<high_precision>& own, const std::vector<high_precision>& other,
                                  bool kick_side) {
    const int s = static_cast<int>(own.size());
    int first = -1, last = -1, count = 0;
    for (int i = 0; i < s; ++i)
      if (own[static_cast<std::size_t>(i)] != 0) {
        if (first < 0) first = i;
        last = i;
        ++count;
      }
    if (count < 2) return count;
    // Nothing of the other flow may act before the first evaluation or after the last one.
    for (int i = 0; i < s; ++i) {
      const bool nonzero = other[static_cast<std::size_t>(i)] != 0;
      // kick side: drift i acts before kick i; drift side: kick i acts after drift i.
      const bool before_first = kick_side ? i <= first : i < first;
      const bool after_last = kick_side ? i > last : i >= last;
      if (nonzero && (before_first || after_last)) return count;
    }
    return count - 1;
  }
};

}  // namespace orderly
