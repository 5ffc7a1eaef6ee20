// odeint's steppers driven as an odeint user drives them, measured by the convergence study.
// The odeint templates are instantiated here once (double, with a long double twin for rounding).
#include <orderly/convergence_json.hpp>
#include <orderly/convergence_measure.hpp>
#include <orderly/odeint_implicit.hpp>
#include <orderly/odeint_multiprecision.hpp>
#include <orderly/odeint_orders.hpp>
#include <orderly/problem_catalog.hpp>

#include <cmath>
#include <stdexcept>

namespace orderly {
namespace {

namespace odeint = boost::numeric::odeint;

// The gate's problem: nonlinear and non-autonomous, with a stored certified reference.
constexpr const char* order_problem = "forced-duffing";

template <class T>
using vec = state_of<T>;

template <class S>
std::optional<int> stepper_order_of() {
  if constexpr (requires { S::stepper_order_value; }) return static_cast<int>(S::stepper_order_value);
  else return std::nullopt;
}
template <class S>
std::optional<int> error_order_of() {
  if constexpr (requires { S::error_order_value; }) return static_cast<int>(S::error_order_value);
  else return std::nullopt;
}

enum class call_form { in_place, out_of_place, integrate_n_steps, integrate_const };

const char* call_name(call_form c) {
  switch (c) {
    case call_form::in_place: return "do_step(sys, x, t, dt)";
    case call_form::out_of_place: return "do_step(sys, in, t, out, dt)";
    case call_form::integrate_n_steps: return "integrate_n_steps";
    case call_form::integrate_const: return "integrate_const";
  }
  return "";
}

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
    if (form == call_form::integrate_n_steps) odeint::integrate_n_steps(stepper, system, x, problem.t0, h, n);
    else odeint::integrate_const(stepper, system, x, problem.t0, problem.t_end, h);
    run.final_state = x;
    run.stable = all_finite(x);
    if (!run.stable) run.failure = "non-finite state at the end";
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

// Measures one stepper on the gate problem: grid(typed_problem, steps, record) runs it on one grid
// (double, and long double for the rounding twin).
template <class Grid>
odeint_order_result measure_with(const std::string& name, const std::string& call, int order_value,
                                 std::optional<int> stepper_order, std::optional<int> error_order, Grid&& grid) {
  const auto* entry = find_problem(order_problem);
  if (!entry) throw std::logic_error("odeint orders: unknown problem");
  const auto problem = instantiate<double>(*entry);
  odeint_order_result r{.stepper = name,
                        .call = call,
                        .problem = order_problem,
                        .scalar = "double",
                        .order_value = order_value,
                        .stepper_order_value = stepper_order,
                        .error_order_value = error_order};
  r.measured = detail::measure_fixed_steps(*entry, problem, error_norm_kind::final, detail::step_sequence(16, 1024),
                                           grid, /*shadow=*/true, nullptr);
  if (!r.measured.fit.found) {
    r.verdict = "no window";
  } else {
    const double p = r.measured.fit.order, u = r.measured.fit.uncertainty;
    const double declared = r.order_value;
    const bool ok = declared >= p - u - odeint_order_policy::band_above && declared <= p + u + odeint_order_policy::band_below;
    r.verdict = ok ? "matches" : "mismatch";
  }
  return r;
}

template <template <class> class Make>
odeint_order_result measure(const std::string& name, call_form form) {
  using S = decltype(Make<double>::make());
  auto grid = [form](const auto& typed, std::size_t n, bool record) { return run_grid<Make>(typed, n, record, form); };
  return measure_with(name, call_name(form), static_cast<int>(S::order_value), stepper_order_of<S>(),
                      error_order_of<S>(), grid);
}

// rosenbrock4 declares its orders as stepper_order and error_order (no order_value) and takes a
// (system, Jacobian) pair on ublas vectors (odeint_implicit.hpp).
odeint_order_result measure_rosenbrock4() {
  using S = odeint::rosenbrock4<double>;
  auto grid = [](const auto& typed, std::size_t n, bool record) {
    using T = typename std::remove_cvref_t<decltype(typed.y0)>::value_type;
    odeint::rosenbrock4<T> stepper;
    std::uint64_t evaluations = 0;
    auto run = drive_fixed_steps(typed, n, record, odeint_implicit_advance<true>(stepper, typed, &evaluations));
    run.rhs_evaluations = evaluations;
    return run;
  };
  return measure_with("rosenbrock4", call_name(call_form::in_place), static_cast<int>(S::stepper_order),
                      static_cast<int>(S::stepper_order), static_cast<int>(S::error_order), grid);
}

#define ORDERLY_ODEINT_MAKER(Name, ...)                 \
  template <class T>                                    \
  struct Name {                                         \
    static auto make() { return __VA_ARGS__; }          \
  };

ORDERLY_ODEINT_MAKER(make_euler, odeint::euler<vec<T>, T, vec<T>, T>{})
ORDERLY_ODEINT_MAKER(make_rk4, odeint::runge_kutta4<vec<T>, T, vec<T>, T>{})
ORDERLY_ODEINT_MAKER(make_rk4_classic, odeint::runge_kutta4_classic<vec<T>, T, vec<T>, T>{})
ORDERLY_ODEINT_MAKER(make_cash_karp, odeint::runge_kutta_cash_karp54<vec<T>, T, vec<T>, T>{})
ORDERLY_ODEINT_MAKER(make_dopri5, odeint::runge_kutta_dopri5<vec<T>, T, vec<T>, T>{})
ORDERLY_ODEINT_MAKER(make_rkf78, odeint::runge_kutta_fehlberg78<vec<T>, T, vec<T>, T>{})
ORDERLY_ODEINT_MAKER(make_midpoint2, odeint::modified_midpoint<vec<T>, T, vec<T>, T>(2))
ORDERLY_ODEINT_MAKER(make_abm1, odeint::adams_bashforth_moulton<1, vec<T>, T, vec<T>, T>{})
ORDERLY_ODEINT_MAKER(make_abm2, odeint::adams_bashforth_moulton<2, vec<T>, T, vec<T>, T>{})
ORDERLY_ODEINT_MAKER(make_abm3, odeint::adams_bashforth_moulton<3, vec<T>, T, vec<T>, T>{})
ORDERLY_ODEINT_MAKER(make_abm4, odeint::adams_bashforth_moulton<4, vec<T>, T, vec<T>, T>{})
ORDERLY_ODEINT_MAKER(make_abm5, odeint::adams_bashforth_moulton<5, vec<T>, T, vec<T>, T>{})
ORDERLY_ODEINT_MAKER(make_abm6, odeint::adams_bashforth_moulton<6, vec<T>, T, vec<T>, T>{})
ORDERLY_ODEINT_MAKER(make_extrapolation4, odeint::extrapolation_stepper<4, vec<T>, T, vec<T>, T>{})
ORDERLY_ODEINT_MAKER(make_extrapolation6, odeint::extrapolation_stepper<6, vec<T>, T, vec<T>, T>{})

}  // namespace

std::vector<odeint_order_result> run_odeint_orders() {
  std::vector<odeint_order_result> results;
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
  results.push_back(measure<make_abm1>("adams_bashforth_moulton<1>", call_form::in_place));
  results.push_back(measure<make_abm2>("adams_bashforth_moulton<2>", call_form::in_place));
  results.push_back(measure<make_abm3>("adams_bashforth_moulton<3>", call_form::in_place));
  results.push_back(measure<make_abm4>("adams_bashforth_moulton<4>", call_form::in_place));
  results.push_back(measure<make_abm5>("adams_bashforth_moulton<5>", call_form::in_place));
  results.push_back(measure<make_abm6>("adams_bashforth_moulton<6>", call_form::in_place));
  results.push_back(measure<make_extrapolation4>("extrapolation_stepper<4>", call_form::in_place));
  results.push_back(measure<make_extrapolation6>("extrapolation_stepper<6>", call_form::in_place));
  // The in-place do_step of explicit_error_stepper_base calls do_step_impl(sys, x, dxdt, t, x, dt):
  // in and out are one object, and extrapolation_stepper's do_step_impl writes `out` on its first
  // midpoint sequence before reading `in` again for the next ones. The out-of-place form has no
  // aliasing; measuring both isolates the cause.
  results.push_back(measure<make_extrapolation4>("extrapolation_stepper<4>", call_form::out_of_place));
  results.push_back(measure<make_extrapolation6>("extrapolation_stepper<6>", call_form::out_of_place));
  results.push_back(measure<make_abm6>("adams_bashforth_moulton<6>", call_form::integrate_n_steps));
  // On the gate's non-autonomous problem, where df/dt enters (odeint's d4 differs from RODAS's).
  results.push_back(measure_rosenbrock4());
  return results;
}

nlohmann::json odeint_orders_json(const std::vector<odeint_order_result>& results) {
  auto rows = nlohmann::json::array();
  for (const auto& r : results) {
    auto points = nlohmann::json::array();
    for (const auto& p : r.measured.points)
      points.push_back({{"steps", p.steps}, {"h", p.h}, {"error", p.error}, {"status", status_name(p.status)},
                        {"note", p.note}});
    rows.push_back({{"stepper", r.stepper},
                    {"call", r.call},
                    {"problem", r.problem},
                    {"scalar", r.scalar},
                    {"order_value", r.order_value},
                    {"stepper_order_value", r.stepper_order_value ? nlohmann::json(*r.stepper_order_value) : nlohmann::json()},
                    {"error_order_value", r.error_order_value ? nlohmann::json(*r.error_order_value) : nlohmann::json()},
                    {"measured_order", r.measured.fit.found ? nlohmann::json(r.measured.fit.order) : nlohmann::json()},
                    {"uncertainty", r.measured.fit.uncertainty},
                    {"local_slopes", r.measured.fit.local_slopes},
                    {"window_reason", r.measured.fit.reason},
                    {"verdict", r.verdict},
                    {"mismatch", r.verdict == "mismatch"},
                    {"points", points}});
  }
  return {{"schema", "orderly.odeint-orders/1"},
          {"band_below", odeint_order_policy::band_below},
          {"band_above", odeint_order_policy::band_above},
          {"steppers", rows}};
}

}  // namespace orderly
