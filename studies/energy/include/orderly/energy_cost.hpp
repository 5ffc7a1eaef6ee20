#pragma once
// What an energy run costs in CPU seconds, estimated before it starts, so `orderly energy` can
// refuse a run beyond --max-minutes with the estimate instead of running for days.
//
// A step costs its right-hand-side evaluations times the state's components, and for an implicit
// Runge-Kutta method the dense linear algebra of its Newton iterations on the s n x s n stage
// system (a forward and back substitution, 2 (s n)^2 operations, each iteration; an LU
// factorisation, 2/3 (s n)^3, whenever the Jacobian is refreshed) and a fixed overhead per step.
// Each is weighed by a constant and a per-scalar factor measured on this project's Release build
// (README, "Time bounds", lists the calibration runs and their CPU times). The estimate is
// within a few times of the CPU time on those runs, which is all a bound of minutes against days
// needs; it is never a result.
#include <orderly/catalog.hpp>
#include <orderly/scalars.hpp>

#include <algorithm>

namespace orderly {

// CPU seconds of one right-hand-side evaluation per state component in double, stepper and
// recording included (rk4 on kepler and pleiades: 1.25e-8 and 1.07e-8).
inline constexpr double seconds_per_evaluation_component = 1.2e-8;
// CPU seconds of one operation of the stage system's linear algebra in double (radau13 on
// pleiades: 2e-10, Eigen's vectorised substitutions on a 196 x 196 system).
inline constexpr double seconds_per_linear_algebra_operation = 2e-10;
// An implicit step's own bookkeeping (stage prediction, the Newton loop; radau13 on kepler).
inline constexpr double implicit_step_overhead_seconds = 4e-6;
// A fixed step on a Hamiltonian problem starts Newton from the last step's extrapolated stages and
// keeps the Jacobian and its factorisation while the iteration contracts fast: radau13 on pleiades
// takes 2.1 iterations a step, and factorises rarely.
inline constexpr double energy_newton_iterations_per_step = 3;
inline constexpr double energy_factorisations_per_step = 0.005;

// A scalar's cost against double, for evaluations and for the stage system's linear algebra
// (software float128 and x87 long double lose the vectorised kernels): measured with rk4 on
// kepler and pleiades, and radau13 on pleiades.
struct scalar_costs {
  double evaluation = 1, linear_algebra = 1;
};

inline scalar_costs measured_scalar_costs(scalar_kind scalar) {
  switch (scalar) {
    case scalar_kind::long_double:
      return {3.3, 17};
    case scalar_kind::quad:
      return {58, 480};
    default:  // float, double (energy runs in no other scalar)
      return {1, 1};
  }
}

// The estimated CPU seconds of `steps` steps of `method` on a state of `dimension` components.
inline double energy_run_seconds(const method_entry& method, double dimension, scalar_kind scalar, double steps) {
  const auto costs = measured_scalar_costs(scalar);
  double evaluations = std::max(method.fevals_per_step, 1.0), per_step = 0;
  if (method.family == method_family::implicit_rk) {
    const double system = static_cast<double>(method.stages) * dimension;
    evaluations = energy_newton_iterations_per_step * static_cast<double>(method.stages);
    const double algebra = energy_newton_iterations_per_step * 2 * system * system +
                           energy_factorisations_per_step * 2.0 / 3.0 * system * system * system;
    per_step = (algebra * seconds_per_linear_algebra_operation + implicit_step_overhead_seconds) * costs.linear_algebra;
  }
  per_step += evaluations * dimension * seconds_per_evaluation_component * costs.evaluation;
  return steps * per_step;
}

}  // namespace orderly
