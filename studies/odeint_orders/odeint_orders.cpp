// odeint's steppers driven as an odeint user drives them, measured by the convergence study.
// The odeint templates are instantiated here once (double, a long double twin for rounding, float128
// for the rows that refine to it).
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

namespace orderly {
namespace {

namespace odeint = boost::numeric::odeint;

// The gate's problem: nonlinear and non-autonomous, with a stored certified reference.
constexpr const char* order_problem = "forced-duffing";

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

const char* call_name(call_form c) {
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
odeint_verdict judge(const order_fit& fit, std::optional<int> declared, bool mismatch_needs_settled = true) {
  if (!fit.found) return odeint_verdict::no_window;
  if (!declared) return odeint_verdict::no_declared_order;
  if (fit.uncertainty > odeint_order_policy::max_uncertainty) return odeint_verdict::inconclusive;
  const double p = fit.order, u = fit.uncertainty;
  const order_policy& bands = default_order_policy();
  const bool ok = *declared >= p - u - bands.band_above && *declared <= p + u + bands.band_below;
  if (ok) return odeint_verdict::matches;
  return mismatch_needs_settled && !fit.settled ? odeint_verdict::inconclusive : odeint_verdict::mismatch;
}

// The step counts of a row's measurement, before the policy's extra doublings; a row refined to
// float128 starts where the policy's doublings of these ended (2^extra_doublings times finer).
const std::vector<std::size_t> order_grids = detail::step_sequence(16, 1024);
const std::vector<std::size_t> refined_grids =
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
const measured_problem autonomous_problem{
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
odeint_order_result measure_implicit_euler() {
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
const measured_problem velocity_dependent_problem{
    .name = "spring-damper-10",
    .note = "velocity-dependent acceleration: odeint's velocity_verlet passes the start-of-step velocity"};

// velocity_verlet passes t + dt to the acceleration, so it is measured on the gate problem (whose
// acceleration does not read v), and on `where`.
odeint_order_result measure_velocity_verlet(odeint_partitioned::verlet_form form,
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
constexpr double unreachable_tolerance = 1e30;

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
auto explicit_system = [](const auto& problem, std::uint64_t* evaluations) {
  using T = typename std::remove_cvref_t<decltype(problem.y0)>::value_type;
  return [&problem, evaluations](const vec<T>& x, vec<T>& dxdt, const T t) {
    ++*evaluations;
    problem.rhs(t, x, dxdt);
  };
};
auto rosenbrock_system = [](const auto& problem, std::uint64_t* evaluations) {
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

// --- Tolerance-driven steppers ---------------------------------------------------------------

// Observation interval of the integrate_const calls, as a fraction of the span.
constexpr double observations = 100;

// The least-squares slope through every usable point (see odeint_tolerance_result).
order_fit fit_all_points(std::vector<convergence_point>& points) {
  order_fit fit;
  const auto status = classify_points(points);
  std::vector<double> x, y;
  const convergence_point* previous = nullptr;
  for (std::size_t i = 0; i < points.size(); ++i) {
    points[i].status = status[i];
    if (status[i] != point_status::ok) continue;
    if (previous) fit.local_slopes.push_back(local_slope(*previous, points[i]));
    previous = &points[i];
    x.push_back(std::log(points[i].h));
    y.push_back(std::log(points[i].error));
  }
  if (x.size() < 3) {
    fit.reason = "fewer than three usable points in the fitted decades";
    return fit;
  }
  const auto line = fit_line(x, y);
  fit.found = true;
  fit.order = line.slope;
  fit.uncertainty = 2 * line.slope_standard_error;
  fit.error_constant = std::exp(line.intercept);
  fit.reason = std::to_string(x.size()) + " points over the finest " +
               std::to_string(odeint_order_policy::fit_decades) + " decades of tolerance";
  return fit;
}

// integrate(problem, tol, system) drives one stepper over the span as its user would and returns
// the final state; system_for(problem, &evaluations) makes the system it is given.
template <class Integrate, class SystemFor>
odeint_tolerance_result sweep_tolerances(const std::string& name, const std::string& call,
                                         std::optional<int> stepper_order, std::optional<int> error_order,
                                         SystemFor system_for, Integrate&& integrate) {
  const auto* entry = find_problem(order_problem);
  if (!entry) throw std::logic_error("odeint orders: unknown problem");
  const auto problem = instantiate<double>(*entry);
  const auto reference = reference_at(*entry, {mp50(problem.t_end)});
  const double scale = std::max(1.0, detail::max_abs(reference.states.back()));
  const double eps = std::numeric_limits<double>::epsilon();
  odeint_tolerance_result r{.stepper = name,
                            .call = call,
                            .problem = order_problem,
                            .scalar = "double",
                            .stepper_order_value = stepper_order,
                            .error_order_value = error_order};
  std::vector<convergence_point> fit_points;
  using policy = odeint_order_policy;
  for (int k = policy::sweep_coarsest_decade * policy::sweep_per_decade;
       k <= policy::sweep_finest_decade * policy::sweep_per_decade; ++k) {
    odeint_tolerance_point point;
    point.tolerance = std::pow(10.0, -double(k) / policy::sweep_per_decade);
    std::uint64_t evaluations = 0;
    try {
      const state_of<double> final_state = integrate(problem, point.tolerance, system_for(problem, &evaluations));
      if (!all_finite(final_state)) {
        point.status = point_status::unstable;
        point.note = "non-finite state at t_end";
      } else {
        point.error = detail::distance(final_state, reference.states.back());
      }
    } catch (const std::exception& e) {  // odeint's step-size and iteration-limit errors
      point.status = point_status::unstable;
      point.note = e.what();
    }
    point.rhs_evaluations = evaluations;
    r.points.push_back(point);
    // Coarse to fine in h = 1 / evaluations: a tolerance that did not buy more evaluations than a
    // looser one adds no abscissa. Only the finest fit_decades decades enter the fit.
    const bool in_fit_range = k > (policy::sweep_finest_decade - policy::fit_decades) * policy::sweep_per_decade;
    if (point.status == point_status::ok && in_fit_range &&
        (fit_points.empty() || 1.0 / double(evaluations) < fit_points.back().h))
      fit_points.push_back({.h = 1.0 / double(evaluations),
                            .error = point.error,
                            .noise_floor = eps * scale * std::sqrt(double(evaluations))});
  }
  r.effective = fit_all_points(fit_points);
  r.verdict = judge(r.effective, stepper_order, /*mismatch_needs_settled=*/false);
  return r;
}

// The span and a first step as a user would pass them; the final state as a std::vector.
template <class X>
state_of<double> as_state(const X& x) {
  return state_of<double>(x.begin(), x.end());
}
auto first_step = [](const auto& problem) { return (problem.t_end - problem.t0) / observations; };

// An explicit stepper made by make(tol): a controlled one driven by integrate_adaptive, or (dense)
// a dense-output one by integrate_const, which interpolates at the observation times.
template <class Stepper>
odeint_tolerance_result sweep_explicit(const std::string& name, bool dense, auto make) {
  auto integrate = [make, dense](const auto& problem, double tol, auto system) {
    auto stepper = make(tol);
    state_of<double> x = problem.y0;
    if (dense)
      odeint::integrate_const(stepper, system, x, problem.t0, problem.t_end, first_step(problem));
    else
      odeint::integrate_adaptive(stepper, system, x, problem.t0, problem.t_end, first_step(problem));
    return x;
  };
  return sweep_tolerances(name, dense ? "integrate_const (dense output)" : "integrate_adaptive",
                          stepper_order_of<Stepper>(), error_order_of<Stepper>(), explicit_system, integrate);
}

// rosenbrock4 declares stepper_order and error_order under other names, on ublas vectors.
template <template <class> class Coefficients>
odeint_tolerance_result sweep_rosenbrock4(const std::string& name, bool dense) {
  using S = odeint::rosenbrock4<double, Coefficients<double>>;
  auto integrate = [dense](const auto& problem, double tol, auto system) {
    auto x = ublas_state<double>::initial_state(problem);
    if (dense) {
      auto stepper = odeint::make_dense_output(tol, tol, S{});
      odeint::integrate_const(stepper, system, x, problem.t0, problem.t_end, first_step(problem));
    } else {
      auto stepper = odeint::make_controlled(tol, tol, S{});
      odeint::integrate_adaptive(stepper, system, x, problem.t0, problem.t_end, first_step(problem));
    }
    return as_state(x);
  };
  return sweep_tolerances(name, dense ? "integrate_const (dense output)" : "integrate_adaptive", int(S::stepper_order),
                          int(S::error_order), rosenbrock_system, integrate);
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

// adams_bashforth<Steps> for every Steps from First to odeint's largest, 8, in one calling form.
template <std::size_t Steps>
struct adams_bashforth_of {
  template <class T>
  struct maker {
    static auto make() { return odeint::adams_bashforth<Steps, vec<T>, T, vec<T>, T>{}; }
  };
};
template <std::size_t First, std::size_t... Offset>
void measure_adams_bashforth(std::vector<odeint_order_result>& results, call_form form,
                             std::index_sequence<Offset...>) {
  (results.push_back(measure<adams_bashforth_of<First + Offset>::template maker>(
       "adams_bashforth<" + std::to_string(First + Offset) + ">", form)),
   ...);
}
constexpr std::size_t adams_bashforth_most_steps = 8;

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

// The steppers measured since odeint-orders/2: Adams-Bashforth alone (its first steps by the
// extrapolation stepper odeint gives it), the classic-coded Cash-Karp, the steppers of partitioned
// states (q, p) in every calling form odeint documents, and implicit_euler with its Jacobian.
void measure_multistep_partitioned_and_implicit(std::vector<odeint_order_result>& results) {
  measure_adams_bashforth<1>(results, call_form::in_place, std::make_index_sequence<adams_bashforth_most_steps>());
  // In place, adams_bashforth's first steps call the extrapolation stepper with in and out one
  // object (adams_bashforth.hpp's do_step_impl, through do_step_dxdt_impl): the aliasing above.
  // Out of place they do not; measuring both isolates the cause.
  measure_adams_bashforth<2>(results, call_form::out_of_place,
                             std::make_index_sequence<adams_bashforth_most_steps - 1>());
  results.push_back(measure<make_cash_karp_classic>("runge_kutta_cash_karp54_classic", call_form::in_place));
  for (auto form : odeint_partitioned::all_verlet_forms) results.push_back(measure_velocity_verlet(form));
  results.push_back(
      measure_velocity_verlet(odeint_partitioned::verlet_form::pair_in_place, velocity_dependent_problem));
  for (auto form : odeint_partitioned::all_symplectic_forms) {
    results.push_back(measure_symplectic<make_symplectic_euler>("symplectic_euler", form));
    results.push_back(measure_symplectic<make_sb3a_mclachlan>("symplectic_rkn_sb3a_mclachlan", form));
    results.push_back(measure_symplectic<make_sb3a_m4_mclachlan>("symplectic_rkn_sb3a_m4_mclachlan", form));
  }
  results.push_back(measure_implicit_euler());
  // adams_bashforth_moulton<7> and <8> (odeint's largest), and <6> to <8> started by an order-8
  // stepper: the control that names the starting steps as the cause of their order.
  results.push_back(measure_adams_bashforth_moulton<7>(call_form::in_place));
  results.push_back(measure_adams_bashforth_moulton<8>(call_form::in_place));
  results.push_back(measure_adams_bashforth_moulton<6>(call_form::started_by_rkf78));
  results.push_back(measure_adams_bashforth_moulton<7>(call_form::started_by_rkf78));
  results.push_back(measure_adams_bashforth_moulton<8>(call_form::started_by_rkf78));
}

// The standalone reproducers of the mismatches this study finds (studies/odeint_orders/findings/,
// odeint alone, copied beside the report): a mismatch row whose stepper and call begin as listed
// names its file. rosenbrock4's covers its dense output and controller, which share its d4.
struct reproducer {
  const char* stepper_prefix;
  const char* call_prefix;
  const char* file;
};
constexpr reproducer reproducers[] = {
    {"velocity_verlet", "", "velocity_verlet_order.cpp"},
    {"rosenbrock4", "", "rosenbrock4_d4_sign.cpp"},
    {"extrapolation_stepper", "do_step(sys, x, t, dt)", "extrapolation_in_place.cpp"},
    {"adams_bashforth<", "do_step(sys, x, t, dt)", "adams_bashforth_in_place.cpp"},
    {"adams_bashforth_moulton<", "", "adams_bashforth_moulton_start.cpp"},
};

std::string reproducer_of(const std::string& stepper, const std::string& call, odeint_verdict verdict) {
  if (verdict != odeint_verdict::mismatch) return "";
  for (const auto& r : reproducers)
    if (stepper.starts_with(r.stepper_prefix) && call.starts_with(r.call_prefix)) return r.file;
  return "";
}

// The tolerance-driven steppers, each swept over tolerances (sweep_tolerances).
void sweep_tolerance_driven(std::vector<odeint_tolerance_result>& swept) {
  using dopri5 = odeint::runge_kutta_dopri5<vec<double>, double, vec<double>, double>;
  using cash_karp = odeint::runge_kutta_cash_karp54<vec<double>>;
  using rkf78 = odeint::runge_kutta_fehlberg78<vec<double>>;
  using bulirsch_stoer = odeint::bulirsch_stoer<vec<double>>;
  using bulirsch_stoer_dense = odeint::bulirsch_stoer_dense_out<vec<double>>;
  swept.push_back(sweep_explicit<dopri5>("controlled runge_kutta_dopri5", false,
                                         [](double tol) { return odeint::make_controlled(tol, tol, dopri5{}); }));
  swept.push_back(sweep_explicit<cash_karp>("controlled runge_kutta_cash_karp54", false,
                                            [](double tol) { return odeint::make_controlled(tol, tol, cash_karp{}); }));
  swept.push_back(sweep_explicit<rkf78>("controlled runge_kutta_fehlberg78", false,
                                        [](double tol) { return odeint::make_controlled(tol, tol, rkf78{}); }));
  swept.push_back(sweep_explicit<dopri5>("dense_output_runge_kutta<controlled dopri5>", true,
                                         [](double tol) { return odeint::make_dense_output(tol, tol, dopri5{}); }));
  // The adaptive Adams-Bashforth-Moulton code changes its order as it runs (up to order_value)
  // and declares no stepper_order_value: its slope is reported, not judged.
  using adaptive_abm = odeint::adaptive_adams_bashforth_moulton<5, vec<double>>;
  swept.push_back(sweep_explicit<adaptive_abm>("controlled adaptive_adams_bashforth_moulton<5>", false, [](double tol) {
    return odeint::make_controlled(tol, tol, adaptive_abm{});
  }));
  swept.push_back(
      sweep_explicit<bulirsch_stoer>("bulirsch_stoer", false, [](double tol) { return bulirsch_stoer(tol, tol); }));
  swept.push_back(sweep_explicit<bulirsch_stoer_dense>("bulirsch_stoer_dense_out", true,
                                                       [](double tol) { return bulirsch_stoer_dense(tol, tol); }));
  swept.push_back(sweep_rosenbrock4<odeint::default_rosenbrock_coefficients>("rosenbrock4_controller", false));
  swept.push_back(sweep_rosenbrock4<odeint::default_rosenbrock_coefficients>("rosenbrock4_dense_output", true));
  swept.push_back(sweep_rosenbrock4<rodas_coefficients>("rosenbrock4_controller<d4 = -0.0362 (RODAS)>", false));
}

// The single-step steppers in every calling form, their error estimates, rosenbrock4 and the
// dense-output steppers.
void measure_single_step(std::vector<odeint_order_result>& results) {
  results.push_back(measure<make_euler>("euler", call_form::in_place));
  results.push_back(measure<make_rk4>("runge_kutta4", call_form::in_place));
  results.push_back(measure<make_rk4>("runge_kutta4", call_form::out_of_place));
  results.push_back(measure<make_rk4>("runge_kutta4", call_form::integrate_n_steps));
  results.push_back(measure<make_rk4>("runge_kutta4", call_form::integrate_const));
  results.push_back(measure<make_rk4_classic>("runge_kutta4_classic", call_form::in_place));
  results.push_back(measure<make_cash_karp>("runge_kutta_cash_karp54", call_form::in_place));
  results.push_back(measure<make_dopri5>("runge_kutta_dopri5", call_form::in_place));
  results.push_back(measure<make_rkf78>("runge_kutta_fehlberg78", call_form::in_place));
  results.push_back(measure<make_midpoint2>("modified_midpoint(steps = 2)", call_form::in_place));
  measure_adams_bashforth_moulton(results, call_form::in_place, std::make_index_sequence<6>());
  results.push_back(measure<make_extrapolation4>("extrapolation_stepper<4>", call_form::in_place));
  results.push_back(measure<make_extrapolation6>("extrapolation_stepper<6>", call_form::in_place));
  // The in-place do_step of explicit_error_stepper_base calls do_step_impl(sys, x, dxdt, t, x, dt):
  // in and out are one object, and extrapolation_stepper's do_step_impl writes `out` on its first
  // midpoint sequence before reading `in` again for the next ones. The out-of-place form has no
  // aliasing; measuring both isolates the cause.
  results.push_back(measure<make_extrapolation4>("extrapolation_stepper<4>", call_form::out_of_place));
  results.push_back(measure<make_extrapolation6>("extrapolation_stepper<6>", call_form::out_of_place));
  results.push_back(measure_adams_bashforth_moulton<6>(call_form::integrate_n_steps));
  // error_order_value: the order of the embedded solution the error estimate compares against.
  results.push_back(measure<make_cash_karp>("runge_kutta_cash_karp54", call_form::embedded));
  results.push_back(measure<make_dopri5>("runge_kutta_dopri5", call_form::embedded));
  results.push_back(measure<make_rkf78>("runge_kutta_fehlberg78", call_form::embedded));
  results.push_back(measure<make_extrapolation4>("extrapolation_stepper<4>", call_form::embedded));
  results.push_back(measure<make_extrapolation6>("extrapolation_stepper<6>", call_form::embedded));
  // On the gate's non-autonomous problem, where df/dt enters (odeint's d4 differs from RODAS's).
  results.push_back(measure_rosenbrock4<odeint::default_rosenbrock_coefficients>("rosenbrock4"));
  results.push_back(measure_rosenbrock4<rodas_coefficients>("rosenbrock4<d4 = -0.0362 (RODAS)>"));
  // Dense output: the interpolant between steps. euler's is linear (order 1); runge_kutta_dopri5's
  // is Hairer's continuous extension of order 4, whose O(h^5) interpolation error matches the
  // method's global O(h^5); rosenbrock4's is of order 3 (O(h^4) against the global O(h^4)).
  using dopri5 = odeint::runge_kutta_dopri5<vec<double>, double, vec<double>, double>;
  using rb4 = odeint::rosenbrock4<double>;
  results.push_back(measure_dense<make_dense_euler>("dense_output_runge_kutta<euler>", 1, std::nullopt, std::nullopt,
                                                    explicit_system));
  results.push_back(measure_dense<make_dense_dopri5>("dense_output_runge_kutta<controlled dopri5>", dopri5::order_value,
                                                     dopri5::stepper_order_value, dopri5::error_order_value,
                                                     explicit_system));
  results.push_back(measure_dense<make_dense_rosenbrock4>("rosenbrock4_dense_output", rb4::stepper_order,
                                                          rb4::stepper_order, rb4::error_order, rosenbrock_system));
}

// The study's three parts, each a job of the suite: the single-step steppers, the multistep,
// partitioned and implicit ones, and the tolerance-driven sweeps. The findings are named per part.
struct odeint_part {
  std::string key;
  void (*fixed)(std::vector<odeint_order_result>&);
  void (*tolerance)(std::vector<odeint_tolerance_result>&);
  double cost;  // measurements in the part (a tolerance sweep is about two)
};

const std::vector<odeint_part>& odeint_parts() {
  static const std::vector<odeint_part> parts{
      {"single-step", &measure_single_step, nullptr, 31},
      {"multistep-partitioned-implicit", &measure_multistep_partitioned_and_implicit, nullptr, 35},
      {"tolerance-driven", nullptr, &sweep_tolerance_driven, 2 * 10}};
  return parts;
}

odeint_orders run_part(const odeint_part& part) {
  odeint_orders all;
  if (part.fixed) part.fixed(all.fixed_step);
  if (part.tolerance) part.tolerance(all.tolerance_driven);
  for (auto& r : all.fixed_step) r.finding = reproducer_of(r.stepper, r.call, r.verdict);
  for (auto& r : all.tolerance_driven) r.finding = reproducer_of(r.stepper, r.call, r.verdict);
  return all;
}

}  // namespace

odeint_orders run_odeint_orders() {
  odeint_orders all;
  for (const auto& part : odeint_parts()) {
    auto ran = run_part(part);
    all.fixed_step.insert(all.fixed_step.end(), ran.fixed_step.begin(), ran.fixed_step.end());
    all.tolerance_driven.insert(all.tolerance_driven.end(), ran.tolerance_driven.begin(), ran.tolerance_driven.end());
  }
  return all;
}

namespace {

nlohmann::json optional_json(const std::optional<int>& v) { return v ? nlohmann::json(*v) : nlohmann::json(); }

nlohmann::json tolerance_rows(const std::vector<odeint_tolerance_result>& results) {
  auto rows = nlohmann::json::array();
  for (const auto& r : results) {
    auto points = nlohmann::json::array();
    for (const auto& p : r.points)
      points.push_back({{"tolerance", p.tolerance},
                        {"error", p.status == point_status::ok ? nlohmann::json(p.error) : nlohmann::json()},
                        {"rhs_evaluations", p.rhs_evaluations},
                        {"status", status_name(p.status)},
                        {"note", p.note}});
    const auto& fit = r.effective;
    rows.push_back({{"stepper", r.stepper},
                    {"call", r.call},
                    {"problem", r.problem},
                    {"scalar", r.scalar},
                    {"stepper_order_value", optional_json(r.stepper_order_value)},
                    {"error_order_value", optional_json(r.error_order_value)},
                    {"effective_order", fit.found ? nlohmann::json(fit.order) : nlohmann::json()},
                    {"uncertainty", fit.found ? nlohmann::json(fit.uncertainty) : nlohmann::json()},
                    {"local_slopes", fit.local_slopes},
                    {"window_reason", fit.reason},
                    {"verdict", verdict_name(r.verdict)},
                    {"mismatch", r.verdict == odeint_verdict::mismatch},
                    {"finding", r.finding},
                    {"points", points}});
  }
  return rows;
}

}  // namespace

namespace {

nlohmann::json fixed_step_rows(const std::vector<odeint_order_result>& results) {
  auto rows = nlohmann::json::array();
  for (const auto& r : results) {
    auto points = nlohmann::json::array();
    for (const auto& p : r.measured.points)
      points.push_back(
          {{"steps", p.steps}, {"h", p.h}, {"error", p.error}, {"status", status_name(p.status)}, {"note", p.note}});
    rows.push_back({{"stepper", r.stepper},
                    {"call", r.call},
                    {"problem", r.problem},
                    {"problem_note", r.problem_note},
                    {"scalar", r.scalar},
                    {"order_value", optional_json(r.order_value)},
                    {"stepper_order_value", optional_json(r.stepper_order_value)},
                    {"error_order_value", optional_json(r.error_order_value)},
                    {"measured_order", r.measured.fit.found ? nlohmann::json(r.measured.fit.order) : nlohmann::json()},
                    {"uncertainty", r.measured.fit.uncertainty},
                    {"local_slopes", r.measured.fit.local_slopes},
                    {"window_reason", r.measured.fit.reason},
                    {"judged_against", r.judged_against},
                    {"verdict", verdict_name(r.verdict)},
                    {"mismatch", r.verdict == odeint_verdict::mismatch},
                    {"finding", r.finding},
                    {"points", points}});
  }
  return rows;
}

// odeint's stepper classes that have no row, each with why it is not measured on its own.
nlohmann::json not_measured_alone() {
  return nlohmann::json::array(
      {{{"stepper", "adams_moulton<Steps>"},
        {"reason",
         "the corrector of adams_bashforth_moulton: its do_step takes the predicted state and the "
         "Adams-Bashforth history buffer (adams_moulton.hpp), so it runs only inside a predictor; measured "
         "there, as adams_bashforth_moulton<1..8>"}},
       {{"stepper", "modified_midpoint_dense_out"},
        {"reason",
         "the midpoint sequence inside bulirsch_stoer_dense_out, which calls it with its own buffers; "
         "measured there (tolerance-driven row bulirsch_stoer_dense_out)"}},
       {{"stepper", "adaptive_adams_bashforth_moulton<Steps> at fixed steps"},
        {"reason",
         "its initialize() takes Steps steps of dt / Steps and its do_step raises the order one step at a "
         "time, so no fixed-grid calling form is documented; measured in its controlled form (tolerance-driven "
         "row controlled adaptive_adams_bashforth_moulton<5>)"}}});
}

nlohmann::json odeint_orders_document(nlohmann::json steppers, nlohmann::json tolerance_driven) {
  return {{"schema", "orderly.odeint-orders/2"},
          {"not_measured_alone", not_measured_alone()},
          {"band_below", default_order_policy().band_below},
          {"band_above", default_order_policy().band_above},
          {"steppers", std::move(steppers)},
          {"tolerance_driven", std::move(tolerance_driven)}};
}

}  // namespace

nlohmann::json odeint_orders_json(const odeint_orders& all) {
  return odeint_orders_document(fixed_step_rows(all.fixed_step), tolerance_rows(all.tolerance_driven));
}

suite_outputs odeint_orders_outputs(const nlohmann::json&, const std::vector<std::string>& keys,
                                    const std::vector<const nlohmann::json*>& results) {
  auto steppers = nlohmann::json::array(), tolerance_driven = nlohmann::json::array();
  for (std::size_t k = 0; k < keys.size(); ++k) {
    if (!results[k]) continue;
    for (const auto& row : (*results[k])["steppers"]) steppers.push_back(row);
    for (const auto& row : (*results[k])["tolerance_driven"]) tolerance_driven.push_back(row);
  }
  return {{"odeint-orders.json", odeint_orders_document(std::move(steppers), std::move(tolerance_driven))}};
}

sharded_suite odeint_orders_suite() {
  sharded_suite suite{
      .name = "odeint-orders", .settings = nlohmann::json::object(), .assemble = &odeint_orders_outputs};
  for (const auto& part : odeint_parts()) {
    suite.keys.push_back(part.key);
    suite.costs.push_back(part.cost);
  }
  suite.run = [](const std::vector<std::size_t>& chosen, progress_meter* progress) {
    return run_jobs(
        chosen,
        [](std::size_t k) -> nlohmann::json {
          const auto ran = run_part(odeint_parts()[k]);
          return {{"steppers", fixed_step_rows(ran.fixed_step)},
                  {"tolerance_driven", tolerance_rows(ran.tolerance_driven)}};
        },
        /*threads=*/1, progress);
  };
  return suite;
}

}  // namespace orderly
