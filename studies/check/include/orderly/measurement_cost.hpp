#pragma once
// What `check --tableau` costs, estimated before it starts: the coefficients' algebra from its
// work model (tableau_file.hpp), and the measurement of the file's method from a pilot.
//
// A file's method is unknown: how its Newton iteration behaves decides its cost far more than its
// size does (a random 14-stage fully implicit method takes 105 Newton iterations per stage and
// step on forced-duffing and 6 on the other problems), so no formula in stages and dimensions
// predicts it. The estimate is measured instead: a pilot of a few steps of the method on each of
// the gate's problems, at the finest grid's step and at the next coarser one (where the
// measurement spends its time: the grids double up to the finest), timed in CPU seconds on this
// thread. The first measurement in double is estimated; a refinement (finer grids, a wider
// scalar) can add to it, and the progress lines show that as it happens.
#include <orderly/convergence.hpp>
#include <orderly/convergence_suites.hpp>
#include <orderly/driver.hpp>
#include <orderly/problem_catalog.hpp>
#include <orderly/stepper_factory.hpp>
#include <orderly/suites.hpp>
#include <orderly/tableau_file.hpp>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <ctime>
#include <exception>
#include <vector>

namespace orderly {

// A pilot's steps, and the CPU time after which it stops early (a 40-stage method's step can take
// tens of milliseconds): enough to average the Newton iteration's step-to-step variation, a
// fraction of a second in all.
inline constexpr std::size_t pilot_steps = 64;
inline constexpr double pilot_cpu_seconds = 0.25;

inline double thread_cpu_seconds() {
  timespec now{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) + 1e-9 * static_cast<double>(now.tv_nsec);
}

// CPU seconds per step of the method on the problem with `grid` steps over its span, from a pilot
// of its first steps (0 when the first step fails: the measurement will say why, at once).
inline double pilot_seconds_per_step(const method_entry& method, const problem_entry& entry, weight_set weights,
                                     std::size_t grid) {
  try {
    const auto problem = instantiate<double>(entry);
    const auto stepper = make_stepper(method, problem, weights);
    const double h = (problem.t_end - problem.t0) / static_cast<double>(grid);
    const double start = thread_cpu_seconds();
    const auto outcome =
        drive_fixed(*stepper, problem, h, pilot_steps, [&](std::size_t, const double&, const state_of<double>&) {
          return thread_cpu_seconds() - start < pilot_cpu_seconds;
        });
    const double seconds = thread_cpu_seconds() - start;
    return outcome.steps_done ? seconds / static_cast<double>(outcome.steps_done) : 0;
  } catch (const std::exception&) {  // a stepper that cannot be built: the measurement says why
    return 0;
  }
}

struct measurement_estimate {
  double seconds = 0;  // CPU time
  std::size_t runs = 0;
  double steps = 0;  // over every run's grids
};

inline measurement_estimate estimate_measurement(const method_entry& method, const std::vector<weight_set>& weights) {
  measurement_estimate e;
  // The finest grid, and the coarser ones, which double up to half of it and sum to about as much.
  const double finest = static_cast<double>(default_finest_grid);
  for (const auto* problem : select_problems(gate_suite(), method))
    for (auto w : weights) {
      e.seconds += finest * (pilot_seconds_per_step(method, *problem, w, default_finest_grid) +
                             pilot_seconds_per_step(method, *problem, w, default_finest_grid / 2));
      e.steps += 2 * finest;
      ++e.runs;
    }
  return e;
}

// The coefficients' algebra (order conditions, stability function, identity, geometric
// properties) in CPU seconds per digit-weighted operation (tableau_file.hpp's work model): the
// largest of the whole checks measured for the README's "Limits" paragraph, 2e-8 to 8e-8.
inline constexpr double seconds_per_weighted_operation = 8e-8;

// The work model of tableau_file.hpp, but for an implicit A the s^4 operations of the stability
// function and the geometric properties (determinants and solves with A) act on rationals that grow
// to about s times the entries' length, as a determinant's do: a random full 40-stage A of one-digit
// rationals spends minutes there, 2 s by the entries' length alone.
inline double estimate_algebra_seconds(const butcher_tableau& t) {
  int longest = 1;
  const auto lengthen = [&](const std::vector<exact>& row) {
    for (const auto& x : row) longest = std::max(longest, coefficient_length(x));
  };
  for (const auto& row : t.a) lengthen(row);
  lengthen(t.b);
  lengthen(t.c);
  if (t.b_embedded) lengthen(*t.b_embedded);
  const double s = static_cast<double>(t.stages()), length = static_cast<double>(longest);
  const int declared = std::max(t.order, t.embedded_order.value_or(0));
  const double square = s * s * s * s, conditions = condition_work(declared, t.stages()) - square;
  const double grown = t.is_explicit() ? length : s * length;
  return (conditions * std::pow(length, digit_cost_exponent) + square * std::pow(grown, digit_cost_exponent)) *
         seconds_per_weighted_operation;
}

}  // namespace orderly
