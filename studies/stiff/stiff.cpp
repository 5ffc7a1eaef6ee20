// The stiff study: adaptive runs of the implicit solvers and the explicit pairs on the stiff
// problems, and order reduction on Prothero-Robinson. Everything runs in double (the test set's
// scalar); the references are the certified mp50 ones (reference_at).
#include <orderly/stiff_study.hpp>

#include <orderly/analysis/method_stage_order.hpp>
#include <orderly/catalog.hpp>
#include <orderly/driver.hpp>
#include <orderly/implicit/radau.hpp>
#include <orderly/job_runner.hpp>
#include <orderly/odeint_implicit.hpp>
#include <orderly/order_policy.hpp>
#include <orderly/problem_catalog.hpp>
#include <orderly/reference_solution.hpp>
#include <orderly/step_control.hpp>
#include <orderly/stepper_factory.hpp>
#include <orderly/stiff_reference.hpp>

#include <boost/numeric/odeint/stepper/rosenbrock4.hpp>
#include <boost/numeric/odeint/stepper/rosenbrock4_controller.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <sstream>
#include <stdexcept>
#include <type_traits>

namespace orderly {

namespace {

using clock_type = std::chrono::steady_clock;

// Radau IIA stage counts of the Orderly solvers the study runs by name (implicit/radau.hpp).
struct radau_variant {
  const char* name;
  int stages;
};
constexpr radau_variant radau_variants[] = {{"radau5", 3}, {"radau13", 7}};

// odeint's rosenbrock4 step (rosenbrock4.hpp, do_step) factorises the iteration matrix once and
// solves with it six times (five stages and the error estimate): its LU and solve counts.
constexpr std::uint64_t rosenbrock4_solves_per_step = 6;
// Runs are named by the catalog names (radau5, rosenbrock4); Boost.Odeint's rosenbrock4 runs
// beside Orderly's as a baseline under its own name.
const char* const rosenbrock4_name = "rosenbrock4";
const char* const odeint_rosenbrock4_name = "odeint-rosenbrock4";

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

attempt run_radau_solver(int stages, const run_context& c) {
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
  options.stages = stages;
  options.rtol = c.rtol;
  options.atol = c.atol;
  options.max_steps = c.budget;
  a.y = c.problem.y0;
  try {
    const auto stats = integrate_radau(f, jacobian, c.problem.t0, std::vector<double>{c.problem.t_end}, a.y, options);
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
// times. Orderly's steppers are built here, outside that clock (their exact coefficients rounded
// to double once: 20-45 us, as long as a whole loose-tolerance run on a small problem), as
// odeint's rosenbrock4 needs no such step (its coefficients are compile-time constants). radau5
// and radau13 run the adaptive Radau IIA code (RADAU5's Newton iteration and step-size law), not
// the catalog's fixed-step implicit stepper; it rounds its cached 100-digit coefficients inside
// the run (under 2 us). The catalog's pairs come from the stepper factory, the explicit ones in
// their run-time form (which gives the compiled form's bits).
std::function<attempt()> solver_for(const std::string& method, const run_context& c) {
  for (const auto& v : radau_variants)
    if (method == v.name) return [&c, stages = v.stages] { return run_radau_solver(stages, c); };
  if (method == odeint_rosenbrock4_name) return [&c] { return run_odeint_rosenbrock4(c); };
  // The catalog's solvers of this study: its Rosenbrock and explicit embedded pairs (decided on the
  // family, not by building stiff_solvers' descriptions for every run).
  const auto* m = find_method(method);
  if (!m || (m->family != method_family::rosenbrock && m->family != method_family::embedded_rk))
    throw std::invalid_argument("'" + method + "' is not a solver of the stiff study");
  return visit_adaptive_stepper<double, explicit_form::runtime>(
      *m, c.problem, [&c]<class Stepper>(Stepper&& built) -> std::function<attempt()> {
        auto stepper = std::make_shared<std::remove_cvref_t<Stepper>>(std::forward<Stepper>(built));
        return [&c, stepper] { return run_adaptive(*stepper, c); };
      });
}

// The certified reference at t_end of each problem, loaded once per problem.
const reference_states& end_reference(const problem_entry& entry) {
  static std::mutex mutex;
  static std::map<std::string, reference_states> cache;
  const std::lock_guard lock(mutex);
  auto found = cache.find(entry.info.name);
  if (found == cache.end())
    found = cache.emplace(entry.info.name, reference_at(entry, {default_end_time(entry)})).first;
  return found->second;
}

const problem_entry& stiff_entry(const std::string& name) {
  const auto& names = stiff_problem_list();
  const auto* entry = find_problem(name);
  if (!entry || std::find(names.begin(), names.end(), name) == names.end())
    throw std::invalid_argument("'" + name + "' is not a stiff problem");
  return *entry;
}

}  // namespace

const std::vector<std::string>& stiff_problem_list() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> list;
    for (auto name : stiff_problem_names()) list.emplace_back(name);
    return list;
  }();
  return names;
}

// atol rules. Where the test set's drivers or their published ports fix one it is used; otherwise
// atol = rtol.
const stiff_tolerance_rule& tolerance_rule(const std::string& problem) {
  static const std::vector<stiff_tolerance_rule> rules{
      {.problem = "rober",
       .atol_over_rtol = 1e-2,
       .source = "atol = 1e-2 rtol, as in OdePkg's port of the test set's ROBER driver (odepkg_testsuite_robertson.m)"},
      {.problem = "hires",
       .atol_over_rtol = 1,
       .source = "atol = rtol, as in OdePkg's port of the test set's HIRES driver (odepkg_testsuite_hires.m)"},
      {.problem = "e5",
       .fixed_atol = 1.7e-24,
       .source = "atol = 1.7e-24 fixed: the test set's E5 setting (components fall to 1e-22 and below)"},
      {.problem = "vdpol", .atol_over_rtol = 1, .source = "atol = rtol"},
      {.problem = "orego", .atol_over_rtol = 1, .source = "atol = rtol"},
      {.problem = "prothero-robinson", .atol_over_rtol = 1, .source = "atol = rtol"},
      {.problem = "stiff-spring", .atol_over_rtol = 1, .source = "atol = rtol"},
  };
  for (const auto& rule : rules)
    if (rule.problem == problem) return rule;
  throw std::invalid_argument("no tolerance rule for '" + problem + "'");
}

std::vector<stiff_solver_info> stiff_solvers() {
  std::vector<stiff_solver_info> solvers;
  for (const auto& v : radau_variants)
    solvers.push_back({.name = v.name,
                       .family = method_family::implicit_rk,
                       .solver = "Orderly's adaptive Radau IIA (" + std::to_string(v.stages) +
                                 " stages, simplified Newton, dense LU; implicit/radau.hpp; the shared step-size "
                                 "controller of step_control.hpp with RADAU5's predictive memory). LU counts each "
                                 "factorisation of the s n x s n iteration matrix (the n x n error-estimate "
                                 "matrix is factorised with it); linear solves are not counted, Newton "
                                 "iterations (one solve each) are",
                       .order = 2 * v.stages - 1,
                       .counts_lu = true});
  for (const auto& m : method_catalog())
    if (m.family == method_family::rosenbrock)
      solvers.push_back({.name = m.name,
                         .family = m.family,
                         .solver = "Orderly's Rosenbrock pair (implicit/rosenbrock.hpp: analytic Jacobian, df/dt by "
                                   "central differences for non-autonomous problems, one dense LU per attempted step) "
                                   "with the shared step-size controller's PI memory and starting step "
                                   "(step_control.hpp)",
                         .order = m.order,
                         .counts_lu = true,
                         .counts_linear_solves = true});
  solvers.push_back({.name = odeint_rosenbrock4_name,
                     .family = method_family::rosenbrock,
                     .solver = "Boost.Odeint's rosenbrock4_controller, the baseline (RODAS coefficients with odeint's "
                               "sign of d4, which matters only for non-autonomous problems; analytic Jacobian, df/dt "
                               "by central differences for non-autonomous problems); LU and solves counted from its "
                               "step structure (1 LU and 6 solves per attempted step)",
                     .order = 4,
                     .counts_lu = true,
                     .counts_linear_solves = true});
  for (const auto& m : method_catalog())
    if (m.family == method_family::embedded_rk)
      solvers.push_back({.name = m.name,
                         .family = m.family,
                         .solver = "Orderly's explicit embedded pair with the shared step-size controller's PI "
                                   "memory (step_control.hpp)",
                         .order = m.order});
  return solvers;
}

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

stiff_settings default_stiff_settings() {
  stiff_settings s;
  for (const auto& solver : stiff_solvers()) s.methods.push_back(solver.name);
  s.problems = stiff_problem_list();
  for (int k = 2; k <= 10; ++k) s.tolerances.push_back(std::pow(10.0, -k));
  return s;
}

stiff_settings quick_stiff_settings() {
  stiff_settings s;
  s.methods = {"radau5", rosenbrock4_name};
  s.problems = {"rober", "hires"};
  s.tolerances = {1e-3, 1e-6};
  return s;
}

// ---- Order reduction on Prothero-Robinson -------------------------------------------------------

namespace {

// The regimes: lambda = -1e4 with h |lambda| from 1.25e4 down to ~100 (stiff), and lambda = -1
// with h |lambda| from 0.3 down to ~0.005 (non-stiff), on the default span [0, 10].
struct regime {
  const char* name;
  const char* lambda;
  std::size_t first_steps, last_steps;  // grids double from first to last
};
constexpr regime regimes[] = {{"stiff", "-10000", 8, 1024}, {"non-stiff", "-1", 32, 2048}};

// The implicit methods of the figure, all catalog steppers (make_stepper).
constexpr const char* order_reduction_methods[] = {
    "backward-euler", "implicit-midpoint", "trapezoidal", "sdirk", "gauss4", "gauss6", "radau5", "rosenbrock4"};
// radau13 is left out: on these grids its error reaches round-off within two points in the stiff
// regime and at once in the non-stiff one, so no slope can be measured.

struct series_job {
  std::string method;
  const method_entry* entry = nullptr;
  const problem_entry* problem = nullptr;
  std::string regime;
  double lambda = 0;
  std::size_t first_steps = 0, last_steps = 0;
};

// Max over the grid of |y_n - sin t_n|.
template <class Step>
double max_grid_error(const typed_problem<double>& p, std::size_t steps, Step&& step) {
  const double h = (p.t_end - p.t0) / static_cast<double>(steps);
  state_of<double> y = p.y0;
  double error = 0;
  for (std::size_t n = 1; n <= steps; ++n) {
    step(p.t0 + static_cast<double>(n - 1) * h, y, h);
    const double t = p.t0 + static_cast<double>(n) * h;
    const double e = std::fabs(y[0] - p.exact(t)[0]);
    if (!std::isfinite(e)) return e;
    error = std::max(error, e);
  }
  return error;
}

order_reduction_series run_series(const series_job& job) {
  order_reduction_series s;
  s.method = job.method;
  s.regime = job.regime;
  s.lambda = job.lambda;
  const auto p = instantiate<double>(*job.problem);
  s.source = "catalog stepper (" + std::string(family_name(job.entry->family)) + ")";
  s.classical_order = job.entry->order;
  s.stage_order = stage_order(*job.entry);
  for (std::size_t steps = job.first_steps; steps <= job.last_steps; steps *= 2) {
    auto stepper = make_stepper(*job.entry, p);
    const double error =
        max_grid_error(p, steps, [&](double t, state_of<double>& y, double h) { stepper->step(t, y, h); });
    convergence_point point;
    point.h = (p.t_end - p.t0) / static_cast<double>(steps);
    point.error = error;
    point.status = std::isfinite(error) ? point_status::ok : point_status::unstable;
    // Rounding in a run of N steps: eps |y| sqrt(N), |y| <= 1 for sin t.
    point.noise_floor = std::numeric_limits<double>::epsilon() * std::sqrt(static_cast<double>(steps));
    s.steps.push_back(steps);
    s.points.push_back(point);
  }
  s.fit = fit_order(s.points);
  return s;
}

}  // namespace

namespace {

// The order-reduction series as jobs: every method in both regimes.
std::vector<series_job> order_reduction_jobs() {
  static std::vector<problem_entry> copies;  // parameter copies; typed problems point at their info
  static std::once_flag made;
  std::call_once(made, [] {
    for (const auto& r : regimes) {
      problem_entry copy = *find_problem("prothero-robinson");
      for (auto& parameter : copy.info.parameters)
        if (parameter.name == "lambda") parameter.value = r.lambda;
      copies.push_back(copy);
    }
  });
  std::vector<series_job> jobs;
  for (const char* name : order_reduction_methods) {
    const method_entry* entry = find_method(name);
    if (!entry) throw std::logic_error(std::string("order reduction names an unknown method ") + name);
    for (std::size_t k = 0; k < std::size(regimes); ++k)
      jobs.push_back({.method = name,
                      .entry = entry,
                      .problem = &copies[k],
                      .regime = regimes[k].name,
                      .lambda = std::stod(regimes[k].lambda),
                      .first_steps = regimes[k].first_steps,
                      .last_steps = regimes[k].last_steps});
  }
  return jobs;
}

}  // namespace

order_reduction_result run_order_reduction(unsigned threads) {
  const auto jobs = order_reduction_jobs();
  order_reduction_result result;
  const auto outcomes = run_jobs(jobs, run_series, threads);
  for (std::size_t i = 0; i < outcomes.size(); ++i) {
    if (!outcomes[i].result)
      throw std::runtime_error(jobs[i].method + " (" + jobs[i].regime + "): " + outcomes[i].error);
    result.series.push_back(*outcomes[i].result);
  }
  return result;
}

// ---- JSON ---------------------------------------------------------------------------------------

namespace {

template <class T>
nlohmann::json optional_json(const std::optional<T>& v) {
  return v ? nlohmann::json(*v) : nlohmann::json(nullptr);
}

nlohmann::json fit_json(const order_fit& fit) {
  return {{"found", fit.found},
          {"order", fit.found ? nlohmann::json(fit.order) : nlohmann::json(nullptr)},
          {"uncertainty", fit.uncertainty},
          {"settled", fit.settled},
          {"window_first", fit.first},
          {"window_last", fit.last},
          {"local_slopes", fit.local_slopes},
          {"error_constant", fit.error_constant},
          {"reason", fit.reason}};
}

}  // namespace

nlohmann::json to_json(const stiff_run& r) {
  return {{"method", r.method},
          {"problem", r.problem},
          {"rtol", r.rtol},
          {"atol", r.atol},
          {"status", status_name(r.status)},
          {"failure", r.failure.empty() ? nlohmann::json(nullptr) : nlohmann::json(r.failure)},
          {"failure_t", r.status == stiff_run_status::solved ? nlohmann::json(nullptr) : nlohmann::json(r.failure_t)},
          {"mescd", optional_json(r.digits.mescd)},
          {"scd", optional_json(r.digits.scd)},
          {"rhs_evaluations", r.rhs_evaluations},
          {"jacobian_evaluations", r.jacobian_evaluations},
          {"lu_factorizations", optional_json(r.lu_factorizations)},
          {"linear_solves", optional_json(r.linear_solves)},
          {"newton_iterations", optional_json(r.newton_iterations)},
          {"accepted", optional_json(r.accepted)},
          {"rejected", optional_json(r.rejected)},
          {"newton_failures", optional_json(r.newton_failures)},
          {"wall_seconds", r.wall_seconds},
          {"wall_repetitions", r.wall_repetitions},
          {"y_end", r.y_end},
          {"reference_end", r.reference_end}};
}

namespace {

// The efficiency targets: for each (solver, problem), the cheapest solved run reaching
// efficiency_target_mescd, and whether it needed fewer than efficiency_target_rhs evaluations.
nlohmann::json efficiency_targets_json(const nlohmann::json& runs) {
  nlohmann::json done = nlohmann::json::array();
  for (const std::string method : {"radau5", rosenbrock4_name})
    for (const std::string problem : {"rober", "hires"}) {
      const nlohmann::json* best = nullptr;
      for (const auto& r : runs)
        if (r["method"] == method && r["problem"] == problem && r["status"] == status_name(stiff_run_status::solved) &&
            r["mescd"].is_number() && r["mescd"].get<double>() >= efficiency_target_mescd &&
            (!best || r["rhs_evaluations"].get<std::uint64_t>() < (*best)["rhs_evaluations"].get<std::uint64_t>()))
          best = &r;
      nlohmann::json row{{"method", method},
                         {"problem", problem},
                         {"required_mescd", efficiency_target_mescd},
                         {"rhs_limit", efficiency_target_rhs}};
      if (best) {
        row["rtol"] = (*best)["rtol"];
        row["atol"] = (*best)["atol"];
        row["mescd"] = (*best)["mescd"];
        row["rhs_evaluations"] = (*best)["rhs_evaluations"];
        row["jacobian_evaluations"] = (*best)["jacobian_evaluations"];
        row["met"] = (*best)["rhs_evaluations"].get<std::uint64_t>() < efficiency_target_rhs;
      } else {
        row["met"] = false;
        row["reason"] = "no solved run reached the required mescd";
      }
      done.push_back(row);
    }
  return done;
}

// What a run measured, without its wall time (which goes to the timing file: two runs of the
// suite differ in it, and nothing else may).
nlohmann::json suite_run_json(const stiff_run& r) {
  auto j = to_json(r);
  j.erase("wall_seconds");
  j.erase("wall_repetitions");
  return j;
}

nlohmann::json series_json(const order_reduction_series& s) {
  nlohmann::json points = nlohmann::json::array();
  for (std::size_t k = 0; k < s.points.size(); ++k)
    points.push_back(
        {{"steps", s.steps[k]},
         {"h", s.points[k].h},
         {"h_abs_lambda", s.points[k].h * std::fabs(s.lambda)},
         {"error", std::isfinite(s.points[k].error) ? nlohmann::json(s.points[k].error) : nlohmann::json(nullptr)},
         {"in_window", s.fit.found && k >= s.fit.first && k <= s.fit.last},
         {"status", status_name(s.points[k].status)}});
  // The fitted line C h^p over the window, so the figure draws it and fits nothing.
  nlohmann::json fit_line;
  if (s.fit.found) {
    const double h1 = s.points[s.fit.first].h, h2 = s.points[s.fit.last].h;
    fit_line = {{"h", {h1, h2}},
                {"error",
                 {s.fit.error_constant * std::pow(h1, s.fit.order), s.fit.error_constant * std::pow(h2, s.fit.order)}}};
  }
  return {{"method", s.method},
          {"source", s.source},
          {"regime", s.regime},
          {"lambda", s.lambda},
          {"classical_order", s.classical_order},
          {"stage_order", optional_json(s.stage_order)},
          {"points", points},
          {"fit", fit_json(s.fit)},
          {"fit_line", fit_line}};
}

nlohmann::json settings_json(const stiff_settings& settings) {
  return {{"methods", settings.methods},
          {"problems", settings.problems},
          {"tolerances", settings.tolerances},
          {"step_budget", settings.step_budget},
          {"min_wall_seconds", settings.min_wall_seconds}};
}

const char* const wall_time_note =
    "Wall time per run of the integration alone (Orderly's steppers built before the clock "
    "starts), runs shorter than min_wall_seconds repeated and averaged; measured with the "
    "suite's threads sharing the machine: an indication, not a benchmark";

// The suite's document from its settings, its runs and its order-reduction series (as JSON).
nlohmann::json stiff_document(const nlohmann::json& settings, const nlohmann::json& runs,
                              const nlohmann::json& series) {
  nlohmann::json j;
  j["schema"] = "orderly.stiff/3";
  j["mescd_definition"] =
      "mescd = -log10(max_i |y_i - ref_i| / (atol/rtol + |ref_i|)) at t_end (Mazzia & Magherini, "
      "Test Set for IVP Solvers, rel. 2.4; as ported in OdePkg's odepkg_testsuite_calcmescd.m)";
  j["scd_definition"] = "scd = -log10(max_i |y_i - ref_i| / |ref_i|) at t_end (same source)";
  j["digits_cap"] = "an exact match is reported as the reference's certified digits";
  j["step_budget"] = settings["step_budget"];
  j["step_budget_meaning"] =
      "accepted + rejected steps per run; a run reaching it is reported as step-limit with "
      "the time reached";
  j["timing_file"] = stiff_timing_file;
  j["tolerances"] = settings["tolerances"];
  j["solvers"] = nlohmann::json::array();
  const auto methods = settings["methods"].get<std::vector<std::string>>();
  for (const auto& s : stiff_solvers())
    if (std::find(methods.begin(), methods.end(), s.name) != methods.end())
      j["solvers"].push_back(
          {{"name", s.name}, {"family", family_name(s.family)}, {"solver", s.solver}, {"order", s.order}});
  j["problems"] = nlohmann::json::array();
  for (const auto& name : settings["problems"].get<std::vector<std::string>>()) {
    const auto& entry = stiff_entry(name);
    const auto& rule = tolerance_rule(name);
    const auto& reference = end_reference(entry);
    // CONTRIBUTING.md: a reference's error must be at most 1/reference_factor of the smallest error
    // measured against it, i.e. its certified digits must exceed the best run's by log10 of it.
    std::optional<double> best;
    for (const auto& r : runs)
      if (r["problem"] == name && r["mescd"].is_number())
        best = std::max(best.value_or(r["mescd"].get<double>()), r["mescd"].get<double>());
    const double margin_needed = std::log10(default_order_policy().reference_factor);
    j["problems"].push_back({{"name", name},
                             {"best_mescd", optional_json(best)},
                             {"reference_margin_digits",
                              best ? nlohmann::json(reference.certified_digits - *best) : nlohmann::json(nullptr)},
                             {"reference_margin_required", margin_needed},
                             {"reference_sufficient", !best || reference.certified_digits - *best >= margin_needed},
                             {"description", entry.info.description},
                             {"t_end", static_cast<double>(default_end_time(entry))},
                             {"atol_rule", rule.source},
                             {"reference_origin", reference.origin},
                             {"reference_certified_digits", reference.certified_digits},
                             {"reference_method", reference.method}});
  }
  j["runs"] = runs;
  j["efficiency_targets"] = efficiency_targets_json(runs);

  nlohmann::json reduction;
  reduction["problem"] = "prothero-robinson";
  reduction["error"] = "max over the grid points of |y_n - sin(t_n)|, t in [0, 10], fixed steps h = 10/N";
  reduction["fit"] =
      "least-squares slope of log(error) against log(h) over the asymptotic window (order_fit.hpp); "
      "points below 10 x eps sqrt(N) are round-off";
  reduction["regimes"] = nlohmann::json::array();
  for (const auto& r : regimes)
    reduction["regimes"].push_back(
        {{"name", r.name},
         {"lambda", std::stod(r.lambda)},
         {"h_abs_lambda_max", 10.0 / static_cast<double>(r.first_steps) * std::fabs(std::stod(r.lambda))},
         {"h_abs_lambda_min", 10.0 / static_cast<double>(r.last_steps) * std::fabs(std::stod(r.lambda))}});
  reduction["series"] = series;
  j["order_reduction"] = reduction;
  return j;
}

// The key of a run's job and of a series' job.
std::string run_key(const std::string& method, const std::string& problem, double rtol) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", rtol);
  return "run/" + method + "/" + problem + "/" + text;
}

std::string series_key(const series_job& job) { return "order-reduction/" + job.method + "/" + job.regime; }

}  // namespace

nlohmann::json stiff_suite_json(const stiff_suite_result& result) {
  nlohmann::json runs = nlohmann::json::array(), series = nlohmann::json::array();
  for (const auto& r : result.runs) runs.push_back(suite_run_json(r));
  for (const auto& s : result.order_reduction.series) series.push_back(series_json(s));
  return stiff_document(settings_json(result.settings), runs, series);
}

suite_outputs stiff_suite_outputs(const nlohmann::json& settings, const std::vector<std::string>& keys,
                                  const std::vector<const nlohmann::json*>& results) {
  nlohmann::json runs = nlohmann::json::array(), series = nlohmann::json::array(), timing = nlohmann::json::array();
  for (std::size_t k = 0; k < keys.size(); ++k) {
    if (!results[k]) continue;
    const auto& result = *results[k];
    if (result.contains("series")) {
      series.push_back(result["series"]);
      continue;
    }
    runs.push_back(result["run"]);
    timing.push_back({{"method", result["run"]["method"]},
                      {"problem", result["run"]["problem"]},
                      {"rtol", result["run"]["rtol"]},
                      {"wall_seconds", result["timing"]["wall_seconds"]},
                      {"wall_repetitions", result["timing"]["wall_repetitions"]}});
  }
  return {{"stiff.json", stiff_document(settings, runs, series)},
          {stiff_timing_file,
           {{"schema", "orderly.stiff-timing/1"},
            {"wall_time_note", wall_time_note},
            {"min_wall_seconds", settings["min_wall_seconds"]},
            {"runs", timing}}}};
}

// A run's expected cost: its solver's steps for the tolerance (about rtol^(-1/order)) times the
// evaluations of a step (an implicit step's Newton solves count a few times its stages); a series'
// is the steps of its grids (they double, so about twice the finest) times its method's stages.
sharded_suite stiff_suite(const stiff_settings& settings) {
  (void)method_catalog();
  (void)problem_catalog();
  for (const auto& problem : settings.problems) (void)end_reference(stiff_entry(problem));
  struct job {
    std::string method, problem;
    double rtol = 0;
    std::optional<series_job> series;
  };
  std::vector<job> jobs;
  sharded_suite suite{.name = "stiff", .settings = settings_json(settings), .assemble = &stiff_suite_outputs};
  const auto solvers = stiff_solvers();
  for (const auto& problem : settings.problems)
    for (const auto& method : settings.methods)
      for (double rtol : settings.tolerances) {
        jobs.push_back({method, problem, rtol, std::nullopt});
        suite.keys.push_back(run_key(method, problem, rtol));
        int order = 1;
        for (const auto& s : solvers)
          if (s.name == method) order = std::max(s.order, 1);
        suite.costs.push_back(std::pow(rtol, -1.0 / order));
      }
  for (const auto& series : order_reduction_jobs()) {
    jobs.push_back({series.method, "prothero-robinson", 0, series});
    suite.keys.push_back(series_key(series));
    suite.costs.push_back(2.0 * static_cast<double>(series.last_steps) * std::max(series.entry->fevals_per_step, 1.0));
  }
  suite.run = [jobs, settings, keys = suite.keys](const std::vector<std::size_t>& chosen, progress_meter* progress) {
    return run_jobs(
        chosen,
        [&](std::size_t k) -> nlohmann::json {
          const auto& j = jobs[k];
          if (j.series) return {{"series", series_json(run_series(*j.series))}};
          stiff_run run;
          try {
            run = run_stiff(j.method, j.problem, j.rtol, settings.step_budget, settings.min_wall_seconds);
          } catch (const std::exception& e) {  // outside the solvers' own failure paths: recorded, not hidden
            run.method = j.method;
            run.problem = j.problem;
            run.rtol = j.rtol;
            run.atol = tolerance_rule(j.problem).atol(j.rtol);
            run.status = stiff_run_status::failed;
            run.failure = e.what();
          }
          return {{"run", suite_run_json(run)},
                  {"timing", {{"wall_seconds", run.wall_seconds}, {"wall_repetitions", run.wall_repetitions}}}};
        },
        settings.threads, progress, [&](std::size_t k) { return keys[k]; });
  };
  return suite;
}

}  // namespace orderly
