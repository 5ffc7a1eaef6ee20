// The embedded pairs the adaptive study judges, each as one step that also writes its error
// estimate: the catalog's explicit pairs (explicit_rk), odeint's error steppers (their own code),
// a user's tableau file, and a user's compiled stepper (double only). odeint is instantiated here once.
#include <orderly/adaptive.hpp>
#include <orderly/catalog.hpp>
#include <orderly/explicit_rk.hpp>
#include <orderly/odeint_multiprecision.hpp>

#include <algorithm>
#include <stdexcept>

namespace orderly {
namespace {

namespace odeint = boost::numeric::odeint;

template <class T>
step_with_error_function<T> explicit_step(const butcher_tableau& tableau) {
  auto stepper = std::make_shared<explicit_rk<state_of<T>>>(tableau);
  return [stepper](const rhs_function<T>& f, const T& t, state_of<T>& y, const T& h, state_of<T>& error) {
    stepper->reset();  // a step from a state the stepper did not leave: no FSAL reuse
    stepper->step(f, t, y, h, error);
  };
}

// odeint's error steppers as a user calls them: do_step(system, x, t, dt, xerr), in place; the FSAL
// stepper is reset first, since each call starts from a state of the caller's choosing.
template <class T, class Stepper>
step_with_error_function<T> odeint_step() {
  auto stepper = std::make_shared<Stepper>();
  return [stepper](const rhs_function<T>& f, const T& t, state_of<T>& y, const T& h, state_of<T>& error) {
    auto system = [&f](const state_of<T>& x, state_of<T>& dxdt, const T time) { f(time, x, dxdt); };
    if constexpr (requires { stepper->reset(); }) stepper->reset();
    error.resize(y.size());
    stepper->do_step(system, y, t, h, error);
  };
}

// odeint's controlled_runge_kutta as a user drives it step by step: try_step until success, counting
// the failures; the starting step is a user's usual guess, the tolerance both atol and rtol.
template <class Stepper>
odeint_controlled_run run_odeint_controlled(const typed_problem<double>& problem, double tolerance) {
  constexpr double first_step_guess = 1e-2;
  constexpr std::uint64_t most_attempts = 1000000;
  odeint_controlled_run run;
  auto system = [&](const state_of<double>& x, state_of<double>& dxdt, const double t) {
    problem.rhs(t, x, dxdt);
    ++run.evaluations;
  };
  auto controlled = odeint::make_controlled(tolerance, tolerance, Stepper());
  run.end = problem.y0;
  double t = problem.t0, dt = first_step_guess;
  while (t < problem.t_end) {
    if (run.steps.size() + run.rejected >= most_attempts) {
      run.failure = "maximum step count reached at t = " + std::to_string(t);
      break;
    }
    dt = std::min(dt, problem.t_end - t);
    const double before = t;
    if (controlled.try_step(system, run.end, t, dt) == odeint::success)
      run.steps.emplace_back(before, t - before);
    else
      ++run.rejected;
  }
  return run;
}

template <template <class, class, class, class, class...> class Stepper>
estimating_pair odeint_pair(const std::string& name, const std::string& twin) {
  const auto* entry = find_method(twin);
  if (!entry || !entry->tableau()) throw std::logic_error("odeint pair names an unknown twin " + twin);
  estimating_pair pair{.name = name,
                       .origin = "odeint",
                       .twin = twin,
                       .order = entry->order,
                       .estimate_order = std::min(entry->order, *entry->embedded_order),
                       .tableau = std::make_shared<const butcher_tableau>(*entry->tableau())};
  pair.step_double = odeint_step<double, Stepper<state_of<double>, double, state_of<double>, double>>();
  pair.step_wide = odeint_step<float128, Stepper<state_of<float128>, float128, state_of<float128>, float128>>();
  pair.odeint_controlled = &run_odeint_controlled<Stepper<state_of<double>, double, state_of<double>, double>>;
  return pair;
}

}  // namespace

estimating_pair tableau_pair(const butcher_tableau& tableau, const std::string& origin) {
  if (!tableau.is_explicit()) throw std::invalid_argument(tableau.name + " is not explicit");
  if (!tableau.b_embedded || !tableau.embedded_order)
    throw std::invalid_argument(tableau.name + " has no embedded weights b_hat with their order");
  auto shared = std::make_shared<const butcher_tableau>(tableau);
  return {.name = tableau.name,
          .origin = origin,
          .order = tableau.order,
          .estimate_order = std::min(tableau.order, *tableau.embedded_order),
          .tableau = shared,
          .step_double = explicit_step<double>(tableau),
          .step_wide = explicit_step<float128>(tableau)};
}

std::vector<estimating_pair> catalog_pairs() {
  std::vector<estimating_pair> pairs;
  for (const auto& entry : method_catalog())
    if (entry.family == method_family::embedded_rk && entry.tableau() && entry.tableau()->is_explicit())
      pairs.push_back(tableau_pair(*entry.tableau(), "catalog"));
  return pairs;
}

std::vector<estimating_pair> odeint_pairs() {
  return {odeint_pair<odeint::runge_kutta_cash_karp54>("runge_kutta_cash_karp54", "cash-karp54"),
          odeint_pair<odeint::runge_kutta_dopri5>("runge_kutta_dopri5", "dopri54"),
          odeint_pair<odeint::runge_kutta_fehlberg78>("runge_kutta_fehlberg78", "rkf78")};
}

estimating_pair library_pair(const user_stepper& stepper) {
  if (!stepper.step_with_error) throw std::invalid_argument(stepper.name + " exposes no step with an error estimate");
  if (stepper.error_estimate_order <= 0)
    throw std::invalid_argument(stepper.name + " declares no order for its error estimate");
  const auto step = stepper.step_with_error;
  return {.name = stepper.name,
          .origin = "library",
          .order = stepper.declared_order,
          .estimate_order = stepper.declared_order > 0 ? std::min(stepper.declared_order, stepper.error_estimate_order)
                                                       : stepper.error_estimate_order,
          .step_double = [step](const rhs_function<double>& f, const double& t, state_of<double>& y, const double& h,
                                state_of<double>& error) {
            const user_rhs rhs = [&f](double time, const state_of<double>& x) {
              state_of<double> dxdt(x.size());
              f(time, x, dxdt);
              return dxdt;
            };
            auto result = step(rhs, t, y, h);
            y = std::move(result.y);
            error = std::move(result.error);
          }};
}

}  // namespace orderly
