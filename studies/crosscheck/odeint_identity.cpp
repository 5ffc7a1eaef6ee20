// odeint's steppers through their own interfaces, as user_steppers the recovery reads.
#include <orderly/method_identity_json.hpp>
#include <orderly/odeint_identity.hpp>
#include <orderly/published_methods.hpp>

#include <boost/numeric/odeint.hpp>
#include <boost/numeric/odeint/stepper/symplectic_rkn_sb3a_m4_mclachlan.hpp>

#include <memory>
#include <string>

namespace orderly {
namespace {

namespace odeint = boost::numeric::odeint;
using state = state_of<double>;

auto system_of(const user_rhs& f) {
  return [&f](const state& x, state& dxdt, double t) { dxdt = f(t, x); };
}

// A stepper that does_step(system, x, t, dt) in place; reset before each step where it caches.
template <bool Reset, class Stepper>
user_step plain_step(std::shared_ptr<Stepper> stepper) {
  return [stepper](const user_rhs& f, double t, state y, double h) {
    if constexpr (Reset) stepper->reset();
    stepper->do_step(system_of(f), y, t, h);
    return y;
  };
}

// An error stepper's do_step(system, x, t, dt, xerr): xerr is y_propagated - y_embedded.
template <bool Reset, class Stepper>
user_step_with_error error_step(std::shared_ptr<Stepper> stepper) {
  return [stepper](const user_rhs& f, double t, state y, double h) {
    if constexpr (Reset) stepper->reset();
    state error(y.size());
    stepper->do_step(system_of(f), y, t, h, error);
    return step_with_estimate{std::move(y), std::move(error)};
  };
}

struct odeint_entry {
  std::string stepper, claims, published;  // published: the collection's name for what odeint documents
  user_stepper step;
};

template <class Stepper>
odeint_entry explicit_entry(std::string name, std::string claims, std::string published, int order) {
  auto s = std::make_shared<Stepper>();
  return {std::move(name), std::move(claims), std::move(published),
          user_stepper{.name = "odeint", .declared_order = order, .step = plain_step<false>(s)}};
}

template <class Stepper, bool Reset = false>
odeint_entry error_entry(std::string name, std::string claims, std::string published, int order, int error_order) {
  auto s = std::make_shared<Stepper>();
  user_stepper u{.name = "odeint", .declared_order = order, .step = plain_step<Reset>(s)};
  u.step_with_error = error_step<Reset>(s);
  u.error_estimate_order = error_order;
  return {std::move(name), std::move(claims), std::move(published), std::move(u)};
}

// velocity_verlet on x'' = a(x, v, t): state (x, v), its cached acceleration reset each step.
odeint_entry velocity_verlet_entry() {
  auto s = std::make_shared<odeint::velocity_verlet<state>>();
  user_step step = [s](const user_rhs& f, double t, state y, double h) {
    const std::size_t n = y.size() / 2;
    state x(y.begin(), y.begin() + static_cast<long>(n)), v(y.begin() + static_cast<long>(n), y.end());
    auto acceleration = [&f, n](const state& q, const state& p, state& a, double at) {
      state full(q);
      full.insert(full.end(), p.begin(), p.end());
      const state d = f(at, full);
      a.assign(d.begin() + static_cast<long>(n), d.end());
    };
    s->reset();
    auto xv = std::make_pair(std::ref(x), std::ref(v));
    s->do_step(acceleration, xv, t, h);
    std::copy(x.begin(), x.end(), y.begin());
    std::copy(v.begin(), v.end(), y.begin() + static_cast<long>(n));
    return y;
  };
  return {"velocity_verlet", "velocity Verlet", "velocity-verlet",
          user_stepper{.name = "odeint", .declared_order = 2, .separable = true, .step = step}};
}

// A symplectic (Nystroem) stepper: do_step on the pair (dq/dt(p), dp/dt(q)), which passes no time:
// every force is asked for at the step's start time.
template <class Stepper>
odeint_entry symplectic_entry(std::string name, std::string claims, std::string published, int order) {
  auto s = std::make_shared<Stepper>();
  user_step step = [s](const user_rhs& f, double t, state y, double h) {
    const std::size_t n = y.size() / 2;
    state q(y.begin(), y.begin() + static_cast<long>(n)), p(y.begin() + static_cast<long>(n), y.end());
    auto coordinate = [](const state& momentum, state& dqdt) { dqdt = momentum; };
    auto momentum = [&f, t, n](const state& position, state& dpdt) {
      state full(position);
      full.resize(2 * n, 0.0);
      const state d = f(t, full);
      dpdt.assign(d.begin() + static_cast<long>(n), d.end());
    };
    s->do_step(std::make_pair(coordinate, momentum), q, p, t, h);
    std::copy(q.begin(), q.end(), y.begin());
    std::copy(p.begin(), p.end(), y.begin() + static_cast<long>(n));
    return y;
  };
  return {std::move(name), std::move(claims), std::move(published),
          user_stepper{.name = "odeint", .declared_order = order, .separable = true, .step = step}};
}

std::vector<odeint_entry> odeint_entries() {
  std::vector<odeint_entry> all;
  all.push_back(explicit_entry<odeint::euler<state>>("euler", "explicit Euler", "euler", 1));
  all.push_back(explicit_entry<odeint::runge_kutta4<state>>("runge_kutta4", "classical Runge-Kutta 4", "rk4", 4));
  all.push_back(
      explicit_entry<odeint::runge_kutta4_classic<state>>("runge_kutta4_classic", "classical Runge-Kutta 4", "rk4", 4));
  all.push_back(error_entry<odeint::runge_kutta_cash_karp54<state>>("runge_kutta_cash_karp54", "Cash-Karp 5(4)",
                                                                    "cash-karp54", 5, 4));
  all.push_back(error_entry<odeint::runge_kutta_cash_karp54_classic<state>>("runge_kutta_cash_karp54_classic",
                                                                            "Cash-Karp 5(4)", "cash-karp54", 5, 4));
  // First same as last: its cached derivative belongs to the last state it stepped, so it is reset.
  all.push_back(error_entry<odeint::runge_kutta_dopri5<state>, true>("runge_kutta_dopri5", "Dormand-Prince 5(4)",
                                                                     "dopri54", 5, 4));
  all.push_back(error_entry<odeint::runge_kutta_fehlberg78<state>>("runge_kutta_fehlberg78",
                                                                   "Runge-Kutta-Fehlberg 7(8)", "rkf78", 8, 7));
  all.push_back(explicit_entry<odeint::modified_midpoint<state>>("modified_midpoint",
                                                                 "modified midpoint (Gragg), 2 substeps", "", 2));
  {
    auto one = std::make_shared<odeint::modified_midpoint<state>>(1);
    all.push_back({"modified_midpoint(steps = 1)", "modified midpoint (Gragg), 1 substep", "heun2",
                   user_stepper{.name = "odeint", .declared_order = 2, .step = plain_step<false>(one)}});
  }
  all.push_back(error_entry<odeint::extrapolation_stepper<4, state>>(
      "extrapolation_stepper<4>", "extrapolated modified midpoint, order 4", "", 4, 2));
  all.push_back(
      explicit_entry<odeint::adams_bashforth<4, state>>("adams_bashforth<4>", "Adams-Bashforth 4 (multistep)", "", 4));
  all.push_back(velocity_verlet_entry());
  all.push_back(symplectic_entry<odeint::symplectic_euler<state>>("symplectic_euler", "symplectic Euler",
                                                                  "symplectic-euler-b", 1));
  all.push_back(symplectic_entry<odeint::symplectic_rkn_sb3a_m4_mclachlan<state>>(
      "symplectic_rkn_sb3a_m4_mclachlan", "McLachlan SB3A, m = 4", "mclachlan4", 4));
  all.push_back(symplectic_entry<odeint::symplectic_rkn_sb3a_mclachlan<state>>("symplectic_rkn_sb3a_mclachlan",
                                                                               "McLachlan SB3A, 6 stages", "", 4));
  return all;
}

}  // namespace

const char* status_name(odeint_identity_status status) {
  switch (status) {
    case odeint_identity_status::identical:
      return "identical";
    case odeint_identity_status::differs:
      return "differs";
    case odeint_identity_status::not_in_collection:
      return "not in the collection";
    case odeint_identity_status::not_runge_kutta:
      return "not an explicit Runge-Kutta method";
  }
  return "?";
}

odeint_identity_result odeint_identity_table() {
  using status = odeint_identity_status;
  odeint_identity_result table;
  for (auto& entry : odeint_entries()) {
    entry.step.closest_method = entry.published;
    const auto identity = to_json(stepper_identity(entry.step));
    const auto& recovery = identity["recovery"];
    odeint_identity_row row{.stepper = entry.stepper, .claims = entry.claims, .recovered = recovery};
    const auto* published = entry.published.empty() ? nullptr : find_published_method(entry.published);
    if (published) row.published = published->tableau.title;
    if (recovery["kind"] == "separable Nystrom") {
      const bool composed = recovery.contains("composition") && !recovery["composition"].is_null();
      row.status = !composed && entry.published.empty()                               ? status::not_in_collection
                   : composed && recovery["composition"]["method"] == entry.published ? status::identical
                                                                                      : status::differs;
      row.identity = composed ? "kick-drift composition: " + recovery["composition"]["title"].get<std::string>()
                              : std::string("not a catalog splitting method");
    } else if (!identity.contains("identity")) {
      row.status = status::not_runge_kutta;
      row.identity = recovery["reason"].get<std::string>();
    } else {
      const auto& id = identity["identity"];
      row.identity = id["headline"].get<std::string>();
      const nlohmann::json& against = id.contains("declared") && !id["declared"].is_null() ? id["declared"]
                                      : !id["match"].is_null()                             ? id["match"]
                                                                                           : nlohmann::json(nullptr);
      if (!published)
        row.status = id["match"].is_null() ? status::not_in_collection : status::identical;
      else
        row.status = !against.is_null() && against["differences"].empty() ? status::identical : status::differs;
      row.differences = against.is_null() ? nlohmann::json::array() : against["differences"];
      if (!against.is_null()) row.estimate_compared = against["estimate_compared"].get<bool>();
    }
    table.rows.push_back(std::move(row));
  }
  return table;
}

nlohmann::json to_json(const odeint_identity_result& table) {
  nlohmann::json rows = nlohmann::json::array();
  for (const auto& r : table.rows) {
    nlohmann::json row{{"stepper", r.stepper},
                       {"claims", r.claims},
                       {"recovered", r.recovered},
                       {"published", r.published ? nlohmann::json(*r.published) : nlohmann::json(nullptr)},
                       {"status", status_name(r.status)},
                       {"identity", r.identity}};
    if (r.differences) row["differences"] = *r.differences;
    if (r.estimate_compared) row["estimate_compared"] = *r.estimate_compared;
    rows.push_back(std::move(row));
  }
  return {{"rows", rows}};
}

}  // namespace orderly
