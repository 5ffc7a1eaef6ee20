#pragma once
// odeint's steppers for partitioned states y = (q, p), driven on one grid as odeint's documentation
// shows them: the symplectic Runge-Kutta-Nystrom steppers (symplectic_euler and McLachlan's SB3A
// pair) through each of their do_step forms and integrate_n_steps, and velocity_verlet through its
// pair state, its explicit-acceleration form and integrate_n_steps. Each returns the fixed-step
// run the convergence measurement reads; the problem's state is (q, p) with q and p of
// split->half_dimension entries each.
#include <orderly/method_runner.hpp>
#include <orderly/odeint_multiprecision.hpp>
#include <orderly/problem.hpp>

#include <boost/numeric/odeint/stepper/symplectic_rkn_sb3a_m4_mclachlan.hpp>
#include <boost/ref.hpp>

#include <cstdint>
#include <stdexcept>
#include <utility>

namespace orderly::odeint_partitioned {

namespace odeint = boost::numeric::odeint;

// The calling forms of odeint's symplectic steppers (symplectic_rkn_stepper_base.hpp's do_step
// versions 1-3, the single momentum function of its do_step_impl, and the integrate functions on
// a pair of references as in odeint's solar-system example).
enum class symplectic_form { pair_in_place, momentum_only, coordinate_and_momentum, out_of_place, integrate_n_steps };

inline constexpr symplectic_form all_symplectic_forms[] = {
    symplectic_form::pair_in_place, symplectic_form::momentum_only, symplectic_form::coordinate_and_momentum,
    symplectic_form::out_of_place, symplectic_form::integrate_n_steps};

inline const char* call_name(symplectic_form form) {
  switch (form) {
    case symplectic_form::pair_in_place:
      return "do_step(pair(coor, momentum), pair(q, p), t, dt)";
    case symplectic_form::momentum_only:
      return "do_step(momentum, pair(q, p), t, dt) (dq/dt = p)";
    case symplectic_form::coordinate_and_momentum:
      return "do_step(pair(coor, momentum), q, p, t, dt)";
    case symplectic_form::out_of_place:
      return "do_step(pair(coor, momentum), in, t, out, dt)";
    case symplectic_form::integrate_n_steps:
      return "integrate_n_steps(pair(coor, momentum), pair(ref(q), ref(p)))";
  }
  return "";
}

// velocity_verlet's calling forms (velocity_verlet.hpp): do_step on a (q, v) pair, which keeps the
// acceleration inside the stepper; the nine-argument do_step, where the caller carries it; and
// integrate_n_steps on a pair of references.
enum class verlet_form { pair_in_place, explicit_acceleration, integrate_n_steps };

inline constexpr verlet_form all_verlet_forms[] = {verlet_form::pair_in_place, verlet_form::explicit_acceleration,
                                                   verlet_form::integrate_n_steps};

inline const char* call_name(verlet_form form) {
  switch (form) {
    case verlet_form::pair_in_place:
      return "do_step(acceleration, pair(q, v), t, dt)";
    case verlet_form::explicit_acceleration:
      return "do_step(acceleration, q, v, a, q_out, v_out, a_out, t, dt)";
    case verlet_form::integrate_n_steps:
      return "integrate_n_steps(acceleration, pair(ref(q), ref(v)))";
  }
  return "";
}

template <class T>
using halves = std::pair<state_of<T>, state_of<T>>;

template <class T>
void split_state(const state_of<T>& y, std::size_t half, halves<T>& x) {
  x.first.assign(y.begin(), y.begin() + static_cast<std::ptrdiff_t>(half));
  x.second.assign(y.begin() + static_cast<std::ptrdiff_t>(half), y.end());
}

template <class T>
void join_state(const state_of<T>& q, const state_of<T>& p, state_of<T>& y) {
  y.assign(q.begin(), q.end());
  y.insert(y.end(), p.begin(), p.end());
}

template <class T>
const separable_split<T>& split_of(const typed_problem<T>& problem) {
  if (!problem.split) throw std::logic_error("odeint partitioned grids: " + problem.info->name + " is not separable");
  return *problem.split;
}

// A run of integrate_n_steps: the final state only.
template <class T>
fixed_step_run<T> final_state_run(const state_of<T>& q, const state_of<T>& p) {
  fixed_step_run<T> run;
  join_state(q, p, run.final_state);
  run.stable = all_finite(run.final_state);
  if (!run.stable) run.failure = "non-finite state at the end";
  return run;
}

// One grid of a symplectic stepper made by Make<T>::make(). odeint's symplectic interface passes
// no time to the system, so the problem must be autonomous; its functions are evaluated at t0.
// An evaluation is one call of the momentum function (the force), one per stage.
template <template <class> class Make, class T>
fixed_step_run<T> run_symplectic_grid(const typed_problem<T>& problem, std::size_t n, bool record,
                                      symplectic_form form) {
  if (problem.info->nonautonomous)
    throw std::logic_error("odeint's symplectic steppers take no time argument: " + problem.info->name);
  const auto& split = split_of(problem);
  const auto half = static_cast<std::size_t>(split.half_dimension);
  std::uint64_t evaluations = 0;
  auto coordinate = [&](const state_of<T>& p, state_of<T>& dqdt) { split.velocity(problem.t0, p, dqdt); };
  auto momentum = [&](const state_of<T>& q, state_of<T>& dpdt) {
    ++evaluations;
    split.force(problem.t0, q, dpdt);
  };
  auto system = std::make_pair(coordinate, momentum);
  auto stepper = Make<T>::make();
  fixed_step_run<T> run;
  if (form == symplectic_form::integrate_n_steps) {
    halves<T> x;
    split_state(problem.y0, half, x);
    auto state = std::make_pair(boost::ref(x.first), boost::ref(x.second));
    odeint::integrate_n_steps(stepper, system, state, problem.t0, (problem.t_end - problem.t0) / T(n), n);
    run = final_state_run(x.first, x.second);
  } else {
    halves<T> x, out;
    run = drive_fixed_steps(problem, n, record, [&](const T& t, state_of<T>& y, const T& h) {
      split_state(y, half, x);
      switch (form) {
        case symplectic_form::pair_in_place:
          stepper.do_step(system, x, t, h);
          break;
        case symplectic_form::momentum_only:
          stepper.do_step(momentum, x, t, h);
          break;
        case symplectic_form::coordinate_and_momentum:
          stepper.do_step(system, x.first, x.second, t, h);
          break;
        case symplectic_form::out_of_place:
          out = x;
          stepper.do_step(system, x, t, out, h);
          x.swap(out);
          break;
        case symplectic_form::integrate_n_steps:
          break;
      }
      join_state(x.first, x.second, y);
    });
  }
  run.rhs_evaluations = evaluations;
  return run;
}

// One grid of velocity_verlet on a second-order problem y = (q, v), q' = v, v' = a(t, q, v): the
// acceleration function odeint calls as (q, v, a, t) is the second half of the problem's
// right-hand side at (q, v), whatever velocity odeint passes.
template <class T>
fixed_step_run<T> run_verlet_grid(const typed_problem<T>& problem, std::size_t n, bool record, verlet_form form) {
  if (!problem.info->second_order)
    throw std::logic_error("velocity_verlet needs q' = v: " + problem.info->name + " is not second order");
  const std::size_t half = problem.y0.size() / 2;
  std::uint64_t evaluations = 0;
  state_of<T> y, dydt;
  auto acceleration = [&](const state_of<T>& q, const state_of<T>& v, state_of<T>& a, const T t) {
    ++evaluations;
    join_state(q, v, y);
    problem.rhs(t, y, dydt);
    a.assign(dydt.begin() + static_cast<std::ptrdiff_t>(half), dydt.end());
  };
  odeint::velocity_verlet<state_of<T>, state_of<T>, T> stepper;
  fixed_step_run<T> run;
  halves<T> x, out;
  split_state(problem.y0, half, x);
  if (form == verlet_form::integrate_n_steps) {
    auto state = std::make_pair(boost::ref(x.first), boost::ref(x.second));
    odeint::integrate_n_steps(stepper, acceleration, state, problem.t0, (problem.t_end - problem.t0) / T(n), n);
    run = final_state_run(x.first, x.second);
  } else {
    state_of<T> a, a_out;
    acceleration(x.first, x.second, a, problem.t0);  // the caller's initial acceleration
    run = drive_fixed_steps(problem, n, record, [&](const T& t, state_of<T>& y, const T& h) {
      split_state(y, half, x);
      if (form == verlet_form::pair_in_place) {
        stepper.do_step(acceleration, x, t, h);
      } else {
        out = x;
        a_out = a;
        stepper.do_step(acceleration, x.first, x.second, a, out.first, out.second, a_out, t, h);
        x.swap(out);
        a.swap(a_out);
      }
      join_state(x.first, x.second, y);
    });
  }
  run.rhs_evaluations = evaluations;
  return run;
}

}  // namespace orderly::odeint_partitioned
