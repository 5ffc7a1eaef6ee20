#pragma once
// The fixed-step measurement of odeint's steppers, shared by the files that list the steppers
// (odeint_single_step.cpp, odeint_multistep.cpp) and the tolerance sweeps (the verdict, the
// problem, the systems): a stepper driven on one grid as an odeint user drives it, in each calling
// form, and measured by the convergence study (double, a long double twin for rounding, float128
// for the rows that refine to it). Internal to the study.
#include <orderly/convergence_json.hpp>
#include <orderly/convergence_measure.hpp>
#include <orderly/odeint_implicit.hpp>
#include <orderly/odeint_multiprecision.hpp>
#include <orderly/odeint_orders.hpp>
#include <orderly/problem_catalog.hpp>

#include "odeint_partitioned_grids.hpp"

#include <algorithm>
#include <cmath>
#include <exception>
#include <limits>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace orderly::odeint_orders_detail {

namespace odeint = boost::numeric::odeint;

// The gate's problem: nonlinear and non-autonomous, with a stored certified reference.
inline constexpr const char* order_problem = "forced-duffing";

template <class T>
using vec = state_of<T>;

template <class S>
std::optional<int> stepper_order_of() {
  if constexpr (requires { S::stepper_order_value; })
    return static_cast<int>(S::stepper_order_value);
  else
    return std::nullopt;
}
template <class S>
std::optional<int> error_order_of() {
  if constexpr (requires { S::error_order_value; })
    return static_cast<int>(S::error_order_value);
  else
    return std::nullopt;
}

enum class call_form {
  in_place,
  out_of_place,
  integrate_n_steps,
  integrate_const,
  dense_output_times,
  embedded,
  started_by_rkf78
};

inline const char* call_name(call_form c) {
  switch (c) {
    case call_form::in_place:
      return "do_step(sys, x, t, dt)";
    case call_form::out_of_place:
      return "do_step(sys, in, t, out, dt)";
    case call_form::integrate_n_steps:
      return "integrate_n_steps";
    case call_form::integrate_const:
      return "integrate_const";
    case call_form::dense_output_times:
      return "integrate_times, t_end mid-step (calc_state)";
    case call_form::embedded:
      return "do_step(sys, in, t, out, dt, xerr), out - xerr propagated";
    case call_form::started_by_rkf78:
      return "initialize(runge_kutta_fehlberg78, sys, x, t, dt), then do_step(sys, x, t, dt)";
  }
  return "";
}

// The verdict on a declared order against a measured one: the gate's acceptance; no verdict from
// an interval too wide to tell neighbouring orders apart; and, on fixed grids, a mismatch only from
// settled local slopes (the convergence study's rule for a fail: a slope still moving may yet reach
// the declared order on finer grids). A tolerance sweep's slope is a fit through scattered points,
// judged by its standard error alone.
inline odeint_verdict judge(const order_fit& fit, std::optional<int> declared, bool mismatch_needs_settled = true) {
  if (!fit.found) return odeint_verdict::no_window;
  if (!declared) return odeint_verdict::no_declared_order;
  if (fit.uncertainty > default_order_policy().max_uncertainty_for_pass) return odeint_verdict::inconclusive;
  const double p = fit.order, u = fit.uncertainty;
  const order_policy& bands = default_order_policy();
  const bool ok = *declared >= p - u - bands.band_above && *declared <= p + u + bands.band_below;
  if (ok) return odeint_verdict::matches;
  return mismatch_needs_settled && !fit.settled ? odeint_verdict::inconclusive : odeint_verdict::mismatch;
}

// The step counts of a row's measurement, before the policy's extra doublings; a row refined to
// float128 starts where the policy's doublings of these ended (2^extra_doublings times finer).
inline const std::vector<std::size_t> order_grids = detail::step_sequence(16, 1024);
inline const std::vector<std::size_t> refined_grids =
    detail::step_sequence(16, std::size_t{1024} << default_order_policy().extra_doublings);

// One grid: a fresh stepper (multistep steppers restart) driven over the problem's span.
template <template <class> class Make, class T>
fixed_step_run<T> run_grid(const typed_problem<T>& problem, std::size_t n, bool record, call_form form) {
  auto stepper = Make<T>::make();
  std::uint64_t evaluations = 0;
  auto system = [&](const vec<T>& x, vec<T>& dxdt, const T t) {
    ++evaluations;
    problem.rhs(t, x, dxdt);
  };
  fixed_step_run<T> run;
  if (form == call_form::integrate_n_steps || form == call_form::integrate_const) {
    const T h = (problem.t_end - problem.t0) / T(n);
    vec<T> x = problem.y0;
    if (form == call_form::integrate_n_steps)
      odeint::integrate_n_steps(stepper, system, x, problem.t0, h, n);
    else
      odeint::integrate_const(stepper, system, x, problem.t0, problem.t_end, h);
    run.final_state = x;
    run.stable = all_finite(x);
    if (!run.stable) run.failure = "non-finite state at the end";
  } else if (form == call_form::started_by_rkf78) {
    // A multistep stepper's first Steps - 1 steps by an order-8 one-step method instead of its
    // default initializing stepper: starting values accurate beyond the multistep method's order.
    if constexpr (requires { decltype(stepper)::steps; }) {
      const T h = (problem.t_end - problem.t0) / T(n);
      vec<T> x = problem.y0;
      T t = problem.t0;
      stepper.initialize(odeint::runge_kutta_fehlberg78<vec<T>, T, vec<T>, T>{}, system, x, t, h);
      for (std::size_t k = decltype(stepper)::steps - 1; k < n; ++k) {
        stepper.do_step(system, x, t, h);
        t = problem.t0 + T(k + 1) * h;
      }
      run.final_state = x;
      run.stable = all_finite(x);
      if (!run.stable) run.failure = "non-finite state at the end";
    } else {
      throw std::logic_error("odeint orders: only a multistep stepper is started by another");
    }
  } else if (form == call_form::embedded) {
    // The embedded solution out - xerr, the one error_order_value describes (the sign of xerr does
    // not matter to its order: out + xerr = 2 out - (out - xerr) has the same leading term). An
    // FSAL stepper is reset each step: its cached derivative belongs to out, not to out - xerr.
    if constexpr (requires { decltype(stepper)::error_order_value; }) {
      vec<T> out, xerr;
      run = drive_fixed_steps(problem, n, record, [&](const T& t, vec<T>& y, const T& h) {
        out.resize(y.size());
        xerr.resize(y.size());
        if constexpr (requires { stepper.reset(); }) stepper.reset();
        stepper.do_step(system, y, t, out, h, xerr);
        for (std::size_t i = 0; i < y.size(); ++i) y[i] = out[i] - xerr[i];
      });
    } else {
      throw std::logic_error("odeint orders: the embedded form needs a stepper with an error estimate");
    }
  } else {
    vec<T> out;
    run = drive_fixed_steps(problem, n, record, [&](const T& t, vec<T>& y, const T& h) {
      if constexpr (requires { stepper.do_step(system, y, t, out, h); }) {
        if (form == call_form::out_of_place) {
          out.resize(y.size());
          stepper.do_step(system, y, t, out, h);
          y.swap(out);
          return;
        }
      }
      stepper.do_step(system, y, t, h);
    });
  }
  run.rhs_evaluations = evaluations;
  return run;
}

// The problem a row is measured on: the gate's unless the stepper cannot take it.
struct measured_problem {
  const char* name = order_problem;
  std::string note;  // why another problem than the gate's, written into the row
};

// odeint's symplectic interface passes no time to the system (symplectic_rkn_stepper_base.hpp's
// do_step_impl drops t), so those steppers are measured on an autonomous separable problem.
inline const measured_problem autonomous_problem{
    .name = "pendulum", .note = "autonomous: odeint's symplectic steppers pass no time argument to the system"};

// What a stepper declares; order_value is absent where odeint declares none (implicit_euler).
struct declared_orders {
  std::optional<int> order_value, stepper_order_value, error_order_value;
};

// Measures one stepper on `where` (the gate problem by default): grid(typed_problem, steps, record)
// runs it on one grid (double, and long double for the rounding twin).
// A row with refine_to_float128 set that long double leaves inconclusive is measured once more in
// float128, its sequence going on where long double's ended (refined_grids, and further while the
// slopes move, within the policy's step budget). Its grids are run in float128 only: its rounding,
// estimated a priori, is far below the errors such a row reaches, so no mp50 twin is compiled for it.
template <bool refine_to_float128 = false, class Grid>
odeint_order_result measure_with(const std::string& name, const std::string& call, const declared_orders& declared,
                                 Grid&& grid, bool judge_error_order = false,
                                 const measured_problem& where = measured_problem{}) {
  const auto* entry = find_problem(where.name);
  if (!entry) throw std::logic_error("odeint orders: unknown problem");
  odeint_order_result r{.stepper = name,
                        .call = call,
                        .problem = where.name,
                        .problem_note = where.note,
                        .scalar = "double",
                        .order_value = declared.order_value,
                        .stepper_order_value = declared.stepper_order_value,
                        .error_order_value = declared.error_order_value};
  const std::optional<int> judged = judge_error_order ? declared.error_order_value : declared.order_value;
  // Energy is not what this study measures: the invariants are dropped so that a Hamiltonian
  // problem's runs are not recorded and evaluated in mp50 at every step. The slot is a real object
  // rather than nullptr because GCC 12 warns (-Warray-bounds) on the dead store through a null pointer.
  std::optional<order_measurement> no_energy;
  auto measure_in = [&](auto zero) {
    using T = decltype(zero);
    auto problem = instantiate<T>(*entry);
    problem.invariants.clear();
    return detail::measure_fixed_steps(*entry, problem, error_norm_kind::final, order_grids, grid,
                                       {.shadow = true, .energy = &no_energy});
  };
  r.measured = measure_in(double{});
  // As the convergence study refines: a run double cannot settle (its window reaches round-off
  // first) is measured again in long double, whose rounding a float128 twin tells.
  if (judge(r.measured.fit, judged) == odeint_verdict::inconclusive) {
    r.measured = measure_in((long double){});
    r.scalar = "long double";
  }
  if constexpr (refine_to_float128) {
    if (judge(r.measured.fit, judged) == odeint_verdict::inconclusive) {
      auto problem = instantiate<float128>(*entry);
      problem.invariants.clear();
      auto quad_grid = [&grid](const typed_problem<float128>& typed, std::size_t n, bool record) {
        return grid(typed, n, record);
      };
      r.measured = detail::measure_fixed_steps(*entry, problem, error_norm_kind::final, refined_grids, quad_grid,
                                               {.shadow = false, .energy = &no_energy});
      r.scalar = "float128";
    }
  }
  if (judge_error_order) r.judged_against = "error_order_value";
  r.verdict = judge(r.measured.fit, judged);
  return r;
}

template <template <class> class Make, bool refine_to_float128 = false>
odeint_order_result measure(const std::string& name, call_form form) {
  using S = decltype(Make<double>::make());
  auto grid = [form](const auto& typed, std::size_t n, bool record) { return run_grid<Make>(typed, n, record, form); };
  return measure_with<refine_to_float128>(name, call_name(form),
                                          {int(S::order_value), stepper_order_of<S>(), error_order_of<S>()}, grid,
                                          form == call_form::embedded);
}

// rosenbrock4 declares its orders as stepper_order and error_order (no order_value) and takes a
// (system, Jacobian) pair on ublas vectors (odeint_implicit.hpp). Coefficients<T> are odeint's,
// or odeint's with RODAS's d4 (the control that names the cause).
template <template <class> class Coefficients>
odeint_order_result measure_rosenbrock4(const std::string& name) {
  using S = odeint::rosenbrock4<double, Coefficients<double>>;
  auto grid = [](const auto& typed, std::size_t n, bool record) {
    using T = typename std::remove_cvref_t<decltype(typed.y0)>::value_type;
    odeint::rosenbrock4<T, Coefficients<T>> stepper;
    std::uint64_t evaluations = 0;
    auto run = drive_fixed_steps(typed, n, record, odeint_implicit_advance<true>(stepper, typed, &evaluations));
    run.rhs_evaluations = evaluations;
    return run;
  };
  return measure_with(name, call_name(call_form::in_place),
                      {int(S::stepper_order), int(S::stepper_order), int(S::error_order)}, grid);
}

// implicit_euler declares no order (implicit_euler.hpp has no order_value) and takes a (system,
// Jacobian) pair on ublas vectors; its Newton iteration stops at odeint's default epsilon.
inline odeint_order_result measure_implicit_euler() {
  auto grid = [](const auto& typed, std::size_t n, bool record) {
    using T = typename std::remove_cvref_t<decltype(typed.y0)>::value_type;
    odeint::implicit_euler<T> stepper;
    std::uint64_t evaluations = 0;
    auto run = drive_fixed_steps(typed, n, record, odeint_implicit_advance<false>(stepper, typed, &evaluations));
    run.rhs_evaluations = evaluations;
    return run;
  };
  return measure_with("implicit_euler", "do_step(pair(system, jacobian), x, t, dt)", {}, grid);
}

// A symplectic stepper in one of its calling forms, on the autonomous problem.
template <template <class> class Make>
odeint_order_result measure_symplectic(const std::string& name, odeint_partitioned::symplectic_form form) {
  using S = decltype(Make<double>::make());
  auto grid = [form](const auto& typed, std::size_t n, bool record) {
    return odeint_partitioned::run_symplectic_grid<Make>(typed, n, record, form);
  };
  return measure_with(name, odeint_partitioned::call_name(form), {int(S::order_value), std::nullopt, std::nullopt},
                      grid, false, autonomous_problem);
}

// odeint documents velocity_verlet for a = f(q, v, t), but its do_step evaluates the acceleration
// at t + dt with the start-of-step velocity (velocity_verlet.hpp: sys(qout, pin, aout, t + dt)),
// which is exact only where a does not read v: measured there on a damped spring.
inline const measured_problem velocity_dependent_problem{
    .name = "spring-damper-10",
    .note = "velocity-dependent acceleration: odeint's velocity_verlet passes the start-of-step velocity"};

// velocity_verlet passes t + dt to the acceleration, so it is measured on the gate problem (whose
// acceleration does not read v), and on `where`.
inline odeint_order_result measure_velocity_verlet(odeint_partitioned::verlet_form form,
                                                   const measured_problem& where = measured_problem{}) {
  using S = odeint::velocity_verlet<vec<double>>;
  auto grid = [form](const auto& typed, std::size_t n, bool record) {
    return odeint_partitioned::run_verlet_grid(typed, n, record, form);
  };
  return measure_with("velocity_verlet", odeint_partitioned::call_name(form),
                      {int(S::order_value), std::nullopt, std::nullopt}, grid, false, where);
}

// Dense output at fixed steps: steps of h = span / (N - 1/2), so t_end falls in the middle of the
// last step and the state there is the stepper's interpolant (calc_state), observed as a user
// observes it, through integrate_times. MakeDense<T>::make(h) builds a dense-output stepper whose
// steps are h: a plain stepper's dense output takes h as given; a controlled one is held at h by
// max_dt = h and a tolerance no error estimate reaches, so no step is rejected or resized.
inline constexpr double unreachable_tolerance = 1e30;

template <template <class> class MakeDense, class T>
fixed_step_run<T> run_dense_grid(const typed_problem<T>& problem, std::size_t n, auto&& system_for) {
  const T h = (problem.t_end - problem.t0) / (T(n) - T(1) / 2);
  auto stepper = MakeDense<T>::make(h);
  std::uint64_t evaluations = 0;
  auto system = system_for(problem, &evaluations);
  const std::vector<T> times{problem.t0, problem.t_end};
  auto x = MakeDense<T>::initial_state(problem);
  state_of<T> at_end;
  odeint::integrate_times(stepper, system, x, times.begin(), times.end(), h,
                          [&](const auto& state, T) { at_end.assign(state.begin(), state.end()); });
  fixed_step_run<T> run;
  run.final_state = at_end;
  run.stable = all_finite(at_end);
  if (!run.stable) run.failure = "non-finite state at t_end";
  run.rhs_evaluations = evaluations;
  return run;
}

// The system an explicit odeint stepper takes, on Orderly's state vector, counting evaluations.
inline constexpr auto explicit_system = [](const auto& problem, std::uint64_t* evaluations) {
  using T = typename std::remove_cvref_t<decltype(problem.y0)>::value_type;
  return [&problem, evaluations](const vec<T>& x, vec<T>& dxdt, const T t) {
    ++*evaluations;
    problem.rhs(t, x, dxdt);
  };
};
inline constexpr auto rosenbrock_system = [](const auto& problem, std::uint64_t* evaluations) {
  return odeint_implicit_system<true>(problem, evaluations);
};

template <class T>
struct explicit_state {
  static vec<T> initial_state(const typed_problem<T>& p) { return p.y0; }
};
template <class T>
struct ublas_state {
  static boost::numeric::ublas::vector<T> initial_state(const typed_problem<T>& p) {
    boost::numeric::ublas::vector<T> x(p.y0.size());
    std::copy(p.y0.begin(), p.y0.end(), x.begin());
    return x;
  }
};

template <class T>
struct make_dense_euler : explicit_state<T> {
  static auto make(const T&) { return odeint::dense_output_runge_kutta<odeint::euler<vec<T>, T, vec<T>, T>>{}; }
};
template <class T>
struct make_dense_dopri5 : explicit_state<T> {
  static auto make(const T& h) {
    return odeint::make_dense_output(T(unreachable_tolerance), T(unreachable_tolerance), h,
                                     odeint::runge_kutta_dopri5<vec<T>, T, vec<T>, T>{});
  }
};
template <class T>
struct make_dense_rosenbrock4 : ublas_state<T> {
  static auto make(const T& h) {
    return odeint::make_dense_output(T(unreachable_tolerance), T(unreachable_tolerance), h, odeint::rosenbrock4<T>{});
  }
};

template <template <class> class MakeDense>
odeint_order_result measure_dense(const std::string& name, int order_value, std::optional<int> stepper_order,
                                  std::optional<int> error_order, auto system_for) {
  auto grid = [system_for](const auto& typed, std::size_t n, bool) {
    using T = typename std::remove_cvref_t<decltype(typed.y0)>::value_type;
    return run_dense_grid<MakeDense, T>(typed, n, system_for);
  };
  return measure_with(name, call_name(call_form::dense_output_times), {order_value, stepper_order, error_order}, grid);
}

#define ORDERLY_ODEINT_MAKER(Name, ...)        \
  template <class T>                           \
  struct Name {                                \
    static auto make() { return __VA_ARGS__; } \
  };

ORDERLY_ODEINT_MAKER(make_euler, odeint::euler<vec<T>, T, vec<T>, T>{})
ORDERLY_ODEINT_MAKER(make_rk4, odeint::runge_kutta4<vec<T>, T, vec<T>, T>{})
ORDERLY_ODEINT_MAKER(make_rk4_classic, odeint::runge_kutta4_classic<vec<T>, T, vec<T>, T>{})
ORDERLY_ODEINT_MAKER(make_cash_karp, odeint::runge_kutta_cash_karp54<vec<T>, T, vec<T>, T>{})
ORDERLY_ODEINT_MAKER(make_dopri5, odeint::runge_kutta_dopri5<vec<T>, T, vec<T>, T>{})
ORDERLY_ODEINT_MAKER(make_rkf78, odeint::runge_kutta_fehlberg78<vec<T>, T, vec<T>, T>{})
ORDERLY_ODEINT_MAKER(make_midpoint2, odeint::modified_midpoint<vec<T>, T, vec<T>, T>(2))
ORDERLY_ODEINT_MAKER(make_extrapolation4, odeint::extrapolation_stepper<4, vec<T>, T, vec<T>, T>{})
ORDERLY_ODEINT_MAKER(make_extrapolation6, odeint::extrapolation_stepper<6, vec<T>, T, vec<T>, T>{})
ORDERLY_ODEINT_MAKER(make_cash_karp_classic, odeint::runge_kutta_cash_karp54_classic<vec<T>, T, vec<T>, T>{})
ORDERLY_ODEINT_MAKER(make_symplectic_euler, odeint::symplectic_euler<vec<T>, vec<T>, T>{})
ORDERLY_ODEINT_MAKER(make_sb3a_mclachlan, odeint::symplectic_rkn_sb3a_mclachlan<vec<T>, vec<T>, T>{})
ORDERLY_ODEINT_MAKER(make_sb3a_m4_mclachlan, odeint::symplectic_rkn_sb3a_m4_mclachlan<vec<T>, vec<T>, T>{})

// adams_bashforth_moulton<Steps>, whose first Steps - 1 steps are taken by runge_kutta4 (its
// default initializing stepper). From Steps = 6 on, those starting values (local errors O(h^5))
// limit the global order to 5 whatever the declared Steps, and the h^5 term overtakes the
// method's own h^Steps term only on grids finer than long double's rounding lets settle: these
// rows refine to float128.
template <std::size_t Steps>
struct adams_bashforth_moulton_of {
  template <class T>
  struct maker {
    static auto make() { return odeint::adams_bashforth_moulton<Steps, vec<T>, T, vec<T>, T>{}; }
  };
};
template <std::size_t Steps>
odeint_order_result measure_adams_bashforth_moulton(call_form form) {
  return measure<adams_bashforth_moulton_of<Steps>::template maker, /*refine_to_float128=*/true>(
      "adams_bashforth_moulton<" + std::to_string(Steps) + ">", form);
}
template <std::size_t... Steps>
void measure_adams_bashforth_moulton(std::vector<odeint_order_result>& results, call_form form,
                                     std::index_sequence<Steps...>) {
  (results.push_back(measure_adams_bashforth_moulton<Steps + 1>(form)), ...);
}

// The study's parts (odeint_single_step.cpp, odeint_multistep.cpp, odeint_tolerance_sweeps.cpp).
void measure_single_step(std::vector<odeint_order_result>& results);
void measure_multistep_partitioned_and_implicit(std::vector<odeint_order_result>& results);
void sweep_tolerance_driven(std::vector<odeint_tolerance_result>& swept);

// The rows' JSON (odeint_orders_json.cpp), for the document and for a suite job's result.
nlohmann::json fixed_step_rows(const std::vector<odeint_order_result>& results);
nlohmann::json tolerance_rows(const std::vector<odeint_tolerance_result>& results);
nlohmann::json odeint_orders_document(nlohmann::json steppers, nlohmann::json tolerance_driven);

}  // namespace orderly::odeint_orders_detail
