// The cross-check's odeint side: every pair of (Orderly method, odeint stepper) that implement
// the same method, run on the same problem with the same fixed steps. The odeint templates are
// instantiated here once (double and mp50), not in headers.
#include <orderly/crosscheck.hpp>
#include <orderly/shard_cost.hpp>
#include <orderly/method_runner.hpp>
#include <orderly/odeint_implicit.hpp>
#include <orderly/odeint_identity.hpp>
#include <orderly/odeint_multiprecision.hpp>
#include <orderly/problem_catalog.hpp>

#include <boost/numeric/odeint/stepper/symplectic_rkn_sb3a_m4_mclachlan.hpp>

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <utility>

namespace orderly {
namespace {

namespace odeint = boost::numeric::odeint;

// Problems of the cross-check: nonlinear, periodic, not chaotic, so that a round-off-size
// perturbation is not amplified beyond the bound over the span.
constexpr const char* rk_problem = "lotka-volterra";
constexpr const char* splitting_problem = "kepler";
// The Rosenbrock pair is also run on a non-autonomous problem: df/dt enters only there.
constexpr const char* nonautonomous_problem = "forced-duffing";

// odeint's implicit_euler iterates Newton until the 2-norm of the correction is below its
// epsilon (default 1e-6, absolute). Far below the truncation error, so that both sides solve
// the same implicit equation to round-off; the problem's |y| is O(1), and the corrections
// shrink by h |J| ~ 1e-2 per iteration, so the loop ends.
constexpr double implicit_euler_epsilon = 1e-14;

template <class T>
const char* scalar_name() {
  if constexpr (std::is_same_v<T, double>)
    return "double";
  else
    return "mp50";
}

template <class T>
T inf_norm(const state_of<T>& y) {
  using std::abs;
  T m = 0;
  for (const auto& v : y) m = std::max(m, T(abs(v)));
  return m;
}

template <class T>
crosscheck_result compare(const std::string& method, const std::string& stepper, const typed_problem<T>& problem,
                          const fixed_step_run<T>& ours, const fixed_step_run<T>& theirs) {
  crosscheck_result r{.method = method,
                      .odeint_stepper = stepper,
                      .problem = problem.info->name,
                      .scalar = scalar_name<T>(),
                      .steps = crosscheck_policy::steps};
  if (!ours.stable || !theirs.stable) {
    r.status = crosscheck_status::fail;
    r.reason = "Orderly: " + (ours.stable ? std::string("completed") : ours.failure) +
               "; odeint: " + (theirs.stable ? std::string("completed") : theirs.failure);
    return r;
  }
  using std::abs;
  using std::sqrt;
  const T eps = std::numeric_limits<T>::epsilon();
  for (std::size_t n = 1; n <= ours.states.size(); ++n) {
    const auto& a = ours.states[n - 1];
    const auto& b = theirs.states[n - 1];
    T difference = 0;
    for (std::size_t i = 0; i < a.size(); ++i) difference = std::max(difference, T(abs(a[i] - b[i])));
    const T unit = eps * std::max(inf_norm(a), T(1)) * sqrt(T(n));
    const double units = static_cast<double>(difference / unit);
    if (units > r.max_difference_units) {
      r.max_difference_units = units;
      r.worst_step = n;
    }
    r.max_difference_absolute = std::max(r.max_difference_absolute, static_cast<double>(difference));
    if (units > crosscheck_policy::roundoff_units_bound && r.first_parting_step == 0) r.first_parting_step = n;
  }
  if (r.first_parting_step == 0) {
    r.status = crosscheck_status::pass;
  } else {
    r.status = crosscheck_status::fail;
    std::ostringstream why;
    why << "they part at step " << r.first_parting_step << " (t = "
        << static_cast<double>(problem.t0 + T(r.first_parting_step) * (problem.t_end - problem.t0) / T(r.steps)) << ")";
    r.reason = why.str();
  }
  return r;
}

// odeint's explicit steppers as a user calls them: do_step(system, x, t, dt) in place.
template <class T, class Stepper>
fixed_step_run<T> run_odeint(Stepper stepper, const typed_problem<T>& problem) {
  auto system = [&problem](const state_of<T>& x, state_of<T>& dxdt, const T t) { problem.rhs(t, x, dxdt); };
  return drive_fixed_steps(problem, crosscheck_policy::steps, true,
                           [&](const T& t, state_of<T>& y, const T& h) { stepper.do_step(system, y, t, h); });
}

// odeint's symplectic (Nystroem) steppers take an autonomous pair (dq/dt(p), dp/dt(q)).
template <class T, class Stepper>
fixed_step_run<T> run_odeint_symplectic(Stepper stepper, const typed_problem<T>& problem) {
  if (problem.info->nonautonomous) throw std::invalid_argument("odeint's symplectic steppers need an autonomous force");
  const auto& split = *problem.split;
  const auto n = static_cast<long>(split.half_dimension);
  auto coordinate = [&split](const state_of<T>& p, state_of<T>& dqdt) { split.velocity(T(0), p, dqdt); };
  auto momentum = [&split](const state_of<T>& q, state_of<T>& dpdt) { split.force(T(0), q, dpdt); };
  state_of<T> q, p;
  return drive_fixed_steps(problem, crosscheck_policy::steps, true, [&](const T& t, state_of<T>& y, const T& h) {
    q.assign(y.begin(), y.begin() + n);
    p.assign(y.begin() + n, y.end());
    stepper.do_step(std::make_pair(coordinate, momentum), q, p, t, h);
    std::copy(q.begin(), q.end(), y.begin());
    std::copy(p.begin(), p.end(), y.begin() + n);
  });
}

// odeint's velocity_verlet: second-order system x'' = a(x, v, t), state (x, v), acceleration cached.
template <class T>
fixed_step_run<T> run_odeint_velocity_verlet(const typed_problem<T>& problem) {
  const auto& split = *problem.split;
  const auto n = static_cast<long>(split.half_dimension);
  odeint::velocity_verlet<state_of<T>, state_of<T>, T, state_of<T>> stepper;
  auto system = [&split](const state_of<T>& x, const state_of<T>& /*v*/, state_of<T>& a, const T t) {
    split.force(t, x, a);
  };
  state_of<T> x, v;
  return drive_fixed_steps(problem, crosscheck_policy::steps, true, [&](const T& t, state_of<T>& y, const T& h) {
    x.assign(y.begin(), y.begin() + n);
    v.assign(y.begin() + n, y.end());
    auto state = std::make_pair(std::ref(x), std::ref(v));
    stepper.do_step(system, state, t, h);
    std::copy(x.begin(), x.end(), y.begin());
    std::copy(v.begin(), v.end(), y.begin() + n);
  });
}

template <bool WithTimeDerivative, class Stepper>
fixed_step_run<double> run_odeint_implicit(Stepper& stepper, const typed_problem<double>& problem) {
  return drive_fixed_steps(problem, crosscheck_policy::steps, true,
                           odeint_implicit_advance<WithTimeDerivative>(stepper, problem));
}

template <class T>
fixed_step_run<T> run_ours(const std::string& method, const typed_problem<T>& problem) {
  const auto* entry = find_method(method);
  if (!entry) throw std::logic_error("crosscheck names an unknown method " + method);
  return run_fixed_steps(*entry, problem, crosscheck_policy::steps, true);
}

template <class T>
typed_problem<T> problem_named(const char* name) {
  const auto* entry = find_problem(name);
  if (!entry) throw std::logic_error(std::string("crosscheck names an unknown problem ") + name);
  return instantiate<T>(*entry);
}

template <class T>
using vec = state_of<T>;

// A control pair compares two different methods: it passes when the check sees them part (the
// check can tell methods apart), and fails when they agree to round-off.
void as_control(crosscheck_result& r, const std::string& why) {
  r.control = true;
  const bool parted = r.first_parting_step != 0;
  r.status = parted ? crosscheck_status::pass : crosscheck_status::fail;
  r.reason = parted
                 ? "control (" + why + "): they part at step " + std::to_string(r.first_parting_step) + ", as expected"
                 : "control (" + why + "): expected to part but agreed to round-off";
}

template <class T>
void explicit_pairs(std::vector<crosscheck_result>& out, bool all) {
  const auto problem = problem_named<T>(rk_problem);
  auto add = [&](const std::string& method, const std::string& stepper_name, auto stepper) {
    out.push_back(
        compare(method, stepper_name, problem, run_ours<T>(method, problem), run_odeint<T>(stepper, problem)));
  };
  add("rk4", "runge_kutta4", odeint::runge_kutta4<vec<T>, T, vec<T>, T>{});
  add("rkf78", "runge_kutta_fehlberg78", odeint::runge_kutta_fehlberg78<vec<T>, T, vec<T>, T>{});
  if (!all) return;
  add("euler", "euler", odeint::euler<vec<T>, T, vec<T>, T>{});
  add("rk4", "runge_kutta4_classic", odeint::runge_kutta4_classic<vec<T>, T, vec<T>, T>{});
  add("cash-karp54", "runge_kutta_cash_karp54", odeint::runge_kutta_cash_karp54<vec<T>, T, vec<T>, T>{});
  add("dopri54", "runge_kutta_dopri5", odeint::runge_kutta_dopri5<vec<T>, T, vec<T>, T>{});
  // odeint's modified_midpoint with one substep is z0 + h/2 (f(z0) + f(z0 + h f(z0))): Heun's
  // method, not the explicit midpoint rule. Both pairs are listed so that the table shows which.
  odeint::modified_midpoint<vec<T>, T, vec<T>, T> one_substep(1);
  add("midpoint", "modified_midpoint(steps = 1)", one_substep);
  as_control(out.back(), "odeint's modified_midpoint(1) is Heun's method, not the midpoint rule");
  add("heun", "modified_midpoint(steps = 1)", one_substep);

  const auto separable = problem_named<T>(splitting_problem);
  auto add_split = [&](const std::string& method, const std::string& stepper_name, auto stepper) {
    out.push_back(compare(method, stepper_name, separable, run_ours<T>(method, separable),
                          run_odeint_symplectic<T>(stepper, separable)));
  };
  // odeint's symplectic_euler drifts first (coef_a = {1}), then kicks at the new position:
  // Orderly's symplectic-euler-b. The -a variant is listed to show it is the other one.
  add_split("symplectic-euler-b", "symplectic_euler", odeint::symplectic_euler<vec<T>, vec<T>, T>{});
  add_split("symplectic-euler-a", "symplectic_euler", odeint::symplectic_euler<vec<T>, vec<T>, T>{});
  as_control(out.back(), "odeint's symplectic_euler is the drift-first variant b, not a");
  // Orderly's mclachlan4 is SB3A with m = 4 (5 drifts, 4 forces); odeint's symplectic_rkn_sb3a_mclachlan
  // is the 6-stage member of the family, a different method.
  add_split("mclachlan4", "symplectic_rkn_sb3a_m4_mclachlan",
            odeint::symplectic_rkn_sb3a_m4_mclachlan<vec<T>, vec<T>, T>{});
  out.push_back(compare(std::string("velocity-verlet"), std::string("velocity_verlet"), separable,
                        run_ours<T>("velocity-verlet", separable), run_odeint_velocity_verlet<T>(separable)));
}

// The implicit pairs, in double (odeint's implicit steppers are ublas code in double here).
void implicit_pairs(std::vector<crosscheck_result>& out) {
  const auto problem = problem_named<double>(rk_problem);
  odeint::implicit_euler<double> implicit_euler(implicit_euler_epsilon);
  out.push_back(compare(std::string("backward-euler"), std::string("implicit_euler"), problem,
                        run_ours<double>("backward-euler", problem),
                        run_odeint_implicit<false>(implicit_euler, problem)));
  odeint::rosenbrock4<double> rosenbrock;
  out.push_back(compare(std::string("rosenbrock4"), std::string("rosenbrock4"), problem,
                        run_ours<double>("rosenbrock4", problem), run_odeint_implicit<true>(rosenbrock, problem)));
  const auto forced = problem_named<double>(nonautonomous_problem);
  odeint::rosenbrock4<double> rosenbrock_forced;
  out.push_back(compare(std::string("rosenbrock4"), std::string("rosenbrock4"), forced,
                        run_ours<double>("rosenbrock4", forced), run_odeint_implicit<true>(rosenbrock_forced, forced)));
  as_control(out.back(), "odeint's d4 = +0.0362 where RODAS has -0.0362: the methods differ where df/dt != 0");
  odeint::rosenbrock4<double, rodas_coefficients<double>> rosenbrock_rodas;
  out.push_back(compare(std::string("rosenbrock4"), std::string("rosenbrock4<double, d4 = -0.0362 (RODAS)>"), forced,
                        run_ours<double>("rosenbrock4", forced), run_odeint_implicit<true>(rosenbrock_rodas, forced)));
}

}  // namespace

namespace {

// The study's three parts, each a job: the explicit and splitting pairs in double, the implicit
// pairs, and the explicit pairs again in mp50.
struct crosscheck_part {
  std::string key;
  void (*run)(std::vector<crosscheck_result>&);
  double cost;  // pairs x the scalar's cost x a Newton solve's few iterations for the implicit ones
};

const std::vector<crosscheck_part>& crosscheck_parts() {
  static const std::vector<crosscheck_part> parts{
      {"explicit/double", [](std::vector<crosscheck_result>& out) { explicit_pairs<double>(out, true); }, 14},
      {"implicit/double", &implicit_pairs, 4 * 4},
      {"explicit/mp50", [](std::vector<crosscheck_result>& out) { explicit_pairs<mp50>(out, false); },
       2 * scalar_cost_factor(scalar_kind::mp50)}};
  return parts;
}

nlohmann::json pairs_json(const std::vector<crosscheck_result>& results) {
  auto pairs = nlohmann::json::array();
  for (const auto& r : results)
    pairs.push_back({{"method", r.method},
                     {"odeint_stepper", r.odeint_stepper},
                     {"problem", r.problem},
                     {"scalar", r.scalar},
                     {"steps", r.steps},
                     {"status", status_name(r.status)},
                     {"control", r.control},
                     {"reason", r.reason},
                     {"max_difference_roundoff_units", r.max_difference_units},
                     {"max_difference_absolute", r.max_difference_absolute},
                     {"worst_step", r.worst_step},
                     {"first_parting_step", r.first_parting_step}});
  return pairs;
}

// The identity table's job, beside the pairs: odeint's steppers recovered and identified.
constexpr const char* identity_key = "identity/odeint";
// Its cost in the units of the parts' (pairs of 2000 steps): a few probes of each stepper.
constexpr double identity_cost = 1;

nlohmann::json crosscheck_document(nlohmann::json pairs, nlohmann::json identity = nullptr) {
  nlohmann::json document{{"schema", "orderly.crosscheck/1"},
                          {"roundoff_unit", "eps * max(|y_n|_inf, 1) * sqrt(n) at step n"},
                          {"roundoff_units_bound", crosscheck_policy::roundoff_units_bound},
                          {"pairs", std::move(pairs)}};
  if (!identity.is_null()) document["odeint_identity"] = std::move(identity);
  return document;
}

}  // namespace

std::vector<crosscheck_result> run_crosscheck() {
  std::vector<crosscheck_result> results;
  for (const auto& part : crosscheck_parts()) part.run(results);
  return results;
}

nlohmann::json crosscheck_json(const std::vector<crosscheck_result>& results) {
  return crosscheck_document(pairs_json(results));
}

suite_outputs crosscheck_outputs(const nlohmann::json&, const std::vector<std::string>& keys,
                                 const std::vector<const nlohmann::json*>& results) {
  auto pairs = nlohmann::json::array();
  nlohmann::json identity;
  for (std::size_t k = 0; k < keys.size(); ++k) {
    if (!results[k]) continue;
    if (keys[k] == identity_key)
      identity = (*results[k])["rows"];
    else
      for (const auto& pair : *results[k]) pairs.push_back(pair);
  }
  return {{"crosscheck.json", crosscheck_document(std::move(pairs), std::move(identity))}};
}

sharded_suite crosscheck_suite() {
  sharded_suite suite{.name = "crosscheck", .settings = nlohmann::json::object(), .assemble = &crosscheck_outputs};
  for (const auto& part : crosscheck_parts()) {
    suite.keys.push_back(part.key);
    suite.costs.push_back(part.cost);
  }
  suite.keys.push_back(identity_key);
  suite.costs.push_back(identity_cost);
  suite.run = [](const std::vector<std::size_t>& chosen, progress_meter* progress) {
    return run_jobs(
        chosen,
        [](std::size_t k) {
          if (k == crosscheck_parts().size()) return to_json(odeint_identity_table());
          std::vector<crosscheck_result> results;
          crosscheck_parts()[k].run(results);
          return pairs_json(results);
        },
        /*threads=*/1, progress);
  };
  return suite;
}

}  // namespace orderly
