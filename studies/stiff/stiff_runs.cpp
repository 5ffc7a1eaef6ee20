// The stiff study's runs: which code runs a named solver (Orderly's adaptive Radau IIA code on the
// catalog's Radau IIA methods, the catalog's Rosenbrock and explicit pairs under the shared
// controller, Boost.Odeint's rosenbrock4 as the baseline), each run counted and timed. Everything
// runs in double (the test set's scalar); the references are the certified mp50 ones.
#include "stiff_parts.hpp"

#include <orderly/catalog.hpp>
#include <orderly/driver.hpp>
#include <orderly/implicit/radau.hpp>
#include <orderly/odeint_implicit.hpp>
#include <orderly/step_control.hpp>
#include <orderly/stepper_factory.hpp>
#include <orderly/stiff_reference.hpp>

#include <boost/numeric/odeint/stepper/rosenbrock4.hpp>
#include <boost/numeric/odeint/stepper/rosenbrock4_controller.hpp>

#include <algorithm>
#include <chrono>
#include <functional>
#include <sstream>
#include <stdexcept>
#include <type_traits>
#include <utility>

namespace orderly {

using stiff_detail::end_reference;
using stiff_detail::is_adaptive_radau;
using stiff_detail::odeint_rosenbrock4_name;
using stiff_detail::stiff_entry;

namespace {

using clock_type = std::chrono::steady_clock;

// odeint's rosenbrock4 step (rosenbrock4.hpp, do_step) factorises the iteration matrix once and
// solves with it six times (five stages and the error estimate): its LU and solve counts.
constexpr std::uint64_t rosenbrock4_solves_per_step = 6;

// Starting step of the odeint baseline: the test set's drivers start at h0 = 1e-2 rtol (relative
// to a unit time scale); the controller adapts from there.
constexpr double rosenbrock_initial_step_factor = 1e-2;

std::string time_text(double t) {
  std::ostringstream s;
  s.precision(6);
  s << t;
  return s.str();
}

// Thrown by an observer to end a run whose state is no longer finite or has grown past the bound.
struct blew_up {
  double t;
  std::uint64_t accepted;
};

struct run_context {
  const problem_entry* entry;
  typed_problem<double> problem;
  double rtol, atol;
  std::uint64_t budget;
};

// The counted work of one attempt, filled by the solver-specific runners below.
struct attempt {
  stiff_run run;
  state_of<double> y;
};

// The adaptive Radau IIA code (RADAU5's algorithm) on a catalog Radau IIA method.
attempt run_radau_solver(const butcher_tableau& method, const run_context& c) {
  attempt a;
  std::uint64_t rhs = 0, jacobians = 0;
  double last_t = c.problem.t0;
  auto f = [&](const double& t, const state_of<double>& y, state_of<double>& dydt) {
    ++rhs;
    last_t = t;
    c.problem.rhs(t, y, dydt);
  };
  auto jacobian = [&](const double& t, const state_of<double>& y, std::vector<double>& j) {
    ++jacobians;
    c.problem.jacobian(t, y, j);
  };
  radau_options<double> options;
  options.rtol = c.rtol;
  options.atol = c.atol;
  options.max_steps = c.budget;
  a.y = c.problem.y0;
  try {
    const auto stats =
        integrate_radau(method, f, jacobian, c.problem.t0, std::vector<double>{c.problem.t_end}, a.y, options);
    a.run.accepted = stats.accepted;
    a.run.rejected = stats.rejected;
    a.run.newton_failures = stats.newton_failures;
    a.run.lu_factorizations = stats.lu_decompositions;
    // implicit/radau.hpp counts Newton iterations (one solve with the s n x s n LU each) but not
    // the error estimate's solves with the n x n matrix, so the total of linear solves is not known.
    a.run.newton_iterations = stats.newton_iterations;
  } catch (const integration_failure& failure) {
    a.run.status =
        failure.reason == failure_reason::step_limit ? stiff_run_status::step_limit : stiff_run_status::failed;
    a.run.failure = failure.what();
    a.run.failure_t = last_t;
  }
  a.run.rhs_evaluations = rhs;
  a.run.jacobian_evaluations = jacobians;
  return a;
}

attempt run_odeint_rosenbrock4(const run_context& c) {
  namespace odeint = boost::numeric::odeint;
  namespace ublas = boost::numeric::ublas;
  using vector = ublas::vector<double>;
  attempt a;
  const std::size_t n = c.problem.y0.size();
  std::uint64_t rhs = 0, jacobians = 0;
  // The (system, Jacobian and df/dt) pair an odeint user writes; df/dt by the central difference
  // Orderly's rosenbrock stepper uses (two counted evaluations): the problems give df/dy only.
  const auto system = odeint_implicit_system<true>(c.problem, &rhs, &jacobians);
  odeint::rosenbrock4_controller<odeint::rosenbrock4<double>> controller(c.atol, c.rtol);
  vector x(n);
  std::copy(c.problem.y0.begin(), c.problem.y0.end(), x.begin());
  double t = c.problem.t0;
  double dt = rosenbrock_initial_step_factor * c.rtol;
  std::uint64_t accepted = 0, rejected = 0;
  const double bound = detail::blow_up_bound(c.problem);
  while (t < c.problem.t_end) {
    if (accepted + rejected >= c.budget) {
      a.run.status = stiff_run_status::step_limit;
      a.run.failure = "step limit: " + std::to_string(c.budget) + " steps (" + std::to_string(accepted) +
                      " accepted) at t = " + time_text(t);
      a.run.failure_t = t;
      break;
    }
    const double remaining = c.problem.t_end - t;
    const bool last = dt >= remaining;
    if (last) dt = remaining;
    const double t_before = t;
    if (controller.try_step(system, x, t, dt) == odeint::success) {
      ++accepted;
      if (last) t = c.problem.t_end;  // the step was the remainder: land on t_end exactly
      state_of<double> y(x.begin(), x.end());
      if (detail::blown_up(y, bound)) {
        a.run.status = stiff_run_status::blow_up;
        a.run.failure = "blew up at step " + std::to_string(accepted) + ", t = " + time_text(t);
        a.run.failure_t = t;
        break;
      }
    } else {
      ++rejected;
      if (!(dt > 16 * std::numeric_limits<double>::epsilon() * std::max(1.0, std::fabs(t_before)))) {
        a.run.status = stiff_run_status::failed;
        a.run.failure = "step size underflow at t = " + time_text(t_before);
        a.run.failure_t = t_before;
        break;
      }
    }
  }
  a.y.assign(x.begin(), x.end());
  a.run.rhs_evaluations = rhs;
  a.run.jacobian_evaluations = jacobians;
  a.run.lu_factorizations = accepted + rejected;
  a.run.linear_solves = rosenbrock4_solves_per_step * (accepted + rejected);
  a.run.accepted = accepted;
  a.run.rejected = rejected;
  return a;
}

// An adaptive run under Orderly's controller (step_control.hpp) with any stepper it drives: the
// explicit pairs and the Rosenbrock pairs. The stepper is built once by solver_for, before the
// clock starts, and reset for each run.
template <class Stepper>
attempt run_controlled(Stepper& stepper, const run_context& c) {
  stepper.reset();
  attempt a;
  std::uint64_t rhs = 0, accepted = 0;
  double last_t = c.problem.t0;
  auto f = [&](const double& t, const state_of<double>& y, state_of<double>& dydt) {
    ++rhs;
    c.problem.rhs(t, y, dydt);
  };
  const double bound = detail::blow_up_bound(c.problem);
  step_control_options<double> options;
  options.rtol = c.rtol;
  options.atol = c.atol;
  options.max_steps = c.budget;
  a.y = c.problem.y0;
  try {
    const auto stats = integrate_adaptive(stepper, f, c.problem.t0, c.problem.t_end, a.y, options,
                                          [&](const double& t, const state_of<double>& y) {
                                            ++accepted;
                                            last_t = t;
                                            if (detail::blown_up(y, bound)) throw blew_up{t, accepted};
                                          });
    a.run.accepted = stats.accepted;
    a.run.rejected = stats.rejected;
  } catch (const integration_failure& failure) {
    const std::string what = failure.what();
    const bool limit = failure.reason == failure_reason::step_limit;
    a.run.status = limit ? stiff_run_status::step_limit : stiff_run_status::failed;
    a.run.failure = (limit ? "step limit: " + std::to_string(c.budget) + " steps (" + std::to_string(accepted) +
                                 " accepted) at t = " + time_text(last_t)
                           : what);
    a.run.failure_t = last_t;
    a.run.accepted = accepted;
    if (limit) a.run.rejected = c.budget - accepted;
  } catch (const blew_up& b) {
    a.run.status = stiff_run_status::blow_up;
    a.run.failure = "blew up at step " + std::to_string(b.accepted) + ", t = " + time_text(b.t);
    a.run.failure_t = b.t;
    a.run.accepted = b.accepted;
  }
  a.run.rhs_evaluations = rhs;
  return a;
}

// Steppers that count their linear algebra (Orderly's Rosenbrock pairs: the problem's analytic
// Jacobian, df/dt by central differences only for non-autonomous problems).
template <class Stepper>
concept counts_linear_algebra = requires(const Stepper& s) {
  s.jacobian_evaluations();
  s.lu_factorizations();
  s.linear_solves();
};

// An adaptive run of a stepper the factory built. The counters of one that counts its linear
// algebra run on across runs: this run's work is their growth.
template <class Stepper>
attempt run_adaptive(Stepper& stepper, const run_context& c) {
  if constexpr (counts_linear_algebra<Stepper>) {
    const std::uint64_t jacobians = stepper.jacobian_evaluations(), lus = stepper.lu_factorizations(),
                        solves = stepper.linear_solves();
    auto a = run_controlled(stepper, c);
    a.run.jacobian_evaluations = stepper.jacobian_evaluations() - jacobians;
    a.run.lu_factorizations = stepper.lu_factorizations() - lus;
    a.run.linear_solves = stepper.linear_solves() - solves;
    return a;
  } else {
    return run_controlled(stepper, c);
  }
}

// The one place that says which code runs a named solver; the returned run is what run_stiff
// times. Orderly's steppers are built here, outside that clock, as odeint's rosenbrock4 needs no
// such step (its coefficients are compile-time constants). The catalog's Radau IIA methods that
// carry an error estimate (radau5, radau13) run the adaptive Radau IIA code (RADAU5's Newton
// iteration and step-size law) on the catalog's coefficients, not the fixed-step implicit stepper;
// it rounds them inside the run. The catalog's pairs come from the stepper factory, the explicit
// ones in their run-time form (which gives the compiled form's bits); each run owns its stepper.
std::function<attempt()> solver_for(const std::string& method, const run_context& c) {
  if (method == odeint_rosenbrock4_name) return [&c] { return run_odeint_rosenbrock4(c); };
  const auto* m = find_method(method);
  if (m && is_adaptive_radau(*m)) return [&c, m] { return run_radau_solver(*m->tableau(), c); };
  // The catalog's other solvers of this study: its Rosenbrock and explicit embedded pairs (decided
  // on the family, not by building stiff_solvers' descriptions for every run).
  if (!m || (m->family != method_family::rosenbrock && m->family != method_family::embedded_rk))
    throw std::invalid_argument("'" + method + "' is not a solver of the stiff study");
  return visit_adaptive_stepper<double, explicit_form::runtime>(
      *m, c.problem, [&c]<class Stepper>(Stepper&& built) -> std::function<attempt()> {
        return [&c, stepper = std::remove_cvref_t<Stepper>(std::forward<Stepper>(built))]() mutable {
          return run_adaptive(stepper, c);
        };
      });
}

}  // namespace

stiff_run run_stiff(const std::string& method, const std::string& problem, double rtol, std::uint64_t step_budget,
                    double min_wall_seconds) {
  const auto& entry = stiff_entry(problem);
  const auto& rule = tolerance_rule(problem);
  run_context context{&entry, instantiate<double>(entry), rtol, rule.atol(rtol), step_budget};
  const auto once = solver_for(method, context);
  const auto start = clock_type::now();
  attempt a = once();
  int repetitions = 1;
  double elapsed = std::chrono::duration<double>(clock_type::now() - start).count();
  while (elapsed < min_wall_seconds) {  // short runs: repeat for a measurable time (counts are deterministic)
    once();
    ++repetitions;
    elapsed = std::chrono::duration<double>(clock_type::now() - start).count();
  }
  stiff_run run = std::move(a.run);
  run.method = method;
  run.problem = problem;
  run.rtol = rtol;
  run.atol = context.atol;
  run.wall_seconds = elapsed / repetitions;
  run.wall_repetitions = repetitions;
  if (run.status == stiff_run_status::solved) {
    const auto& reference = end_reference(entry);
    run.digits = measure_correct_digits(a.y, reference.states.front(), run.atol / run.rtol, reference.certified_digits);
    run.y_end = a.y;
    for (const auto& v : reference.states.front()) run.reference_end.push_back(static_cast<double>(v));
  }
  return run;
}

}  // namespace orderly
