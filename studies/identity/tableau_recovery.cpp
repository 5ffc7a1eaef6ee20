// Recovery of an explicit Runge-Kutta (or separable Nystrom) step's coefficients from probes of
// the step: one with unit-vector evaluations that reads the coefficients, one with dense random
// data that tests the step forms the predicted combinations, and a repeat that tests it keeps no
// state between calls (runge_kutta_recovery.cpp, nystrom_recovery.cpp).
#include <orderly/analysis/rational_recognition.hpp>
#include <orderly/tableau_recovery.hpp>

#include "recovery_probe.hpp"

#include <algorithm>

namespace orderly {

exact recovered_coefficient::exact_value() const {
  return rational ? *rational : exact_value_of(high_precision(value));
}

bool recovered_rk::all_rational() const {
  auto rational = [](const recovered_coefficient& x) { return x.rational.has_value(); };
  bool all = std::all_of(c.begin(), c.end(), rational) && std::all_of(b.begin(), b.end(), rational);
  for (const auto& row : a) all = all && std::all_of(row.begin(), row.end(), rational);
  if (error_weights) all = all && std::all_of(error_weights->begin(), error_weights->end(), rational);
  return all;
}

tableau_recovery recover_tableau(const user_stepper& stepper) {
  tableau_recovery r;
  if (stepper.separable)
    r.nystrom = recovery::recover_nystrom(stepper, r.evidence, r.not_runge_kutta);
  else
    recovery::recover_runge_kutta(stepper, r);
  return r;
}

}  // namespace orderly
