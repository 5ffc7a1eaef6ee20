// odeint's tolerance-driven steppers (controlled, dense-output, Bulirsch-Stoer, rosenbrock4's
// controller), each swept over the studies' shared tolerances: the slope of error against work.
#include "odeint_measure.hpp"

namespace orderly::odeint_orders_detail {

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
  const tolerance_sweep_policy& sweep = default_tolerance_sweep;
  for (int k = sweep.first_index(); k <= sweep.last_index(); ++k) {
    odeint_tolerance_point point;
    point.tolerance = sweep.tolerance(k);
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
    const bool in_fit_range = k > (sweep.finest_decade - odeint_order_policy::fit_decades) * sweep.per_decade;
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

}  // namespace orderly::odeint_orders_detail
