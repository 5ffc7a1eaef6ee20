// The splitting stepper: work counting, order with a time-dependent force, and agreement with
// Boost.Odeint's symplectic steppers step for step.
#include <orderly/catalog.hpp>
#include <orderly/splitting.hpp>

#include <boost/numeric/odeint.hpp>
#include <boost/numeric/odeint/stepper/symplectic_rkn_sb3a_m4_mclachlan.hpp>
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <utility>
#include <vector>

namespace orderly {
namespace {

namespace odeint = boost::numeric::odeint;
using vec = std::vector<double>;

// Pendulum q'' = -sin q, as separate force and velocity.
void pendulum_force(double, const vec& q, vec& f) { f[0] = -std::sin(q[0]); }
void unit_velocity(double, const vec& p, vec& v) { v[0] = p[0]; }

TEST(SplittingStepper, CountsForceEvaluationsWithReuse) {
  const int steps = 100;
  for (const auto& m : splitting_methods()) {
    SCOPED_TRACE(m.name);
    splitting_stepper<vec> stepper(m);
    vec q{1.0}, p{0.0};
    std::uint64_t calls = 0;
    auto force = [&](double t, const vec& x, vec& f) {
      ++calls;
      pendulum_force(t, x, f);
    };
    double t = 0;
    for (int n = 0; n < steps; ++n, t += 0.05) stepper.step(force, unit_velocity, t, q, p, 0.05);
    EXPECT_EQ(stepper.force_evaluations(), calls);
    EXPECT_EQ(stepper.rhs_evaluations(), calls);
    // Steady-state cost plus, for methods that reuse their last force, the very first one.
    const auto per_step = static_cast<std::uint64_t>(m.force_evaluations_per_step());
    const int nonzero_kicks =
        static_cast<int>(std::count_if(m.kick.begin(), m.kick.end(), [](const auto& k) { return k != 0; }));
    const std::uint64_t first = per_step < static_cast<std::uint64_t>(nonzero_kicks) ? 1 : 0;
    EXPECT_EQ(calls, steps * per_step + first);
    EXPECT_EQ(
        stepper.velocity_evaluations(),
        steps * static_cast<std::uint64_t>(m.velocity_evaluations_per_step()) +
            (m.velocity_evaluations_per_step() < static_cast<int>(std::count_if(m.drift.begin(), m.drift.end(),
                                                                                [](const auto& d) { return d != 0; }))
                 ? 1
                 : 0));
  }
  // Velocity Verlet is the classic case: one force per step after the first.
  splitting_stepper<vec> verlet(*find_method("velocity-verlet")->splitting());
  vec q{1.0}, p{0.0};
  double t = 0;
  for (int n = 0; n < 10; ++n, t += 0.1) verlet.step(pendulum_force, unit_velocity, t, q, p, 0.1);
  EXPECT_EQ(verlet.force_evaluations(), 11u);
  // Step times computed as t0 + n h (0.1 * 3 != 0.2 + 0.1 in double) still reuse the force.
  splitting_stepper<vec> by_index(*find_method("velocity-verlet")->splitting());
  q = {1.0};
  p = {0.0};
  for (int n = 0; n < 10; ++n) by_index.step(pendulum_force, unit_velocity, 0.1 * n, q, p, 0.1);
  EXPECT_EQ(by_index.force_evaluations(), 11u);
  // A genuinely different time does not.
  splitting_stepper<vec> jumped(*find_method("velocity-verlet")->splitting());
  q = {1.0};
  p = {0.0};
  jumped.step(pendulum_force, unit_velocity, 0.0, q, p, 0.1);
  jumped.step(pendulum_force, unit_velocity, 0.1 + 1e-9, q, p, 0.1);
  EXPECT_EQ(jumped.force_evaluations(), 4u);
}

TEST(SplittingStepper, RejectsMismatchedHalves) {
  splitting_stepper<vec> stepper(*find_method("leapfrog")->splitting());
  vec q{1.0, 2.0}, p{0.0};
  EXPECT_THROW(stepper.step(pendulum_force, unit_velocity, 0.0, q, p, 0.1), std::invalid_argument);
}

TEST(SplittingStepper, CacheIsInvalidatedByReset) {
  // The cache contract: a caller that changes the state between steps calls reset(), and the
  // kick-drift-kick run then does not reuse the stale force (2 + 2 evaluations, not 2 + 1).
  splitting_stepper<vec> stepper(*find_method("velocity-verlet")->splitting());
  vec q{1.0}, p{0.0};
  stepper.step(pendulum_force, unit_velocity, 0.0, q, p, 0.1);
  q[0] += 0.5;
  stepper.reset();
  stepper.step(pendulum_force, unit_velocity, 0.1, q, p, 0.1);
  EXPECT_EQ(stepper.force_evaluations(), 4u);
  // And the result is the one a fresh stepper gives from the changed state.
  splitting_stepper<vec> fresh(*find_method("velocity-verlet")->splitting());
  vec q_fresh{1.0}, p_fresh{0.0};
  fresh.step(pendulum_force, unit_velocity, 0.0, q_fresh, p_fresh, 0.1);
  q_fresh[0] += 0.5;
  fresh.reset();
  fresh.step(pendulum_force, unit_velocity, 0.1, q_fresh, p_fresh, 0.1);
  EXPECT_EQ(q, q_fresh);
  EXPECT_EQ(p, p_fresh);
}

// Forced pendulum: q' = p, p' = -sin q + cos(t) / 2: nonlinear and non-autonomous. The reference is
// odeint's runge_kutta4 with 1000 times smaller steps (error ~ 1e-15 over t in [0, 4]).
vec forced_reference(double t_end) {
  vec y{1.0, 0.0};
  odeint::runge_kutta4<vec> rk4;
  const int n = 400000;
  const double dt = t_end / n;
  auto f = [](const vec& x, vec& dxdt, double t) {
    dxdt[0] = x[1];
    dxdt[1] = -std::sin(x[0]) + std::cos(t) / 2;
  };
  for (int i = 0; i < n; ++i) rk4.do_step(f, y, i * dt, dt);
  return y;
}

TEST(SplittingStepper, TimeDependentForceKeepsTheOrder) {
  const double t_end = 4;
  const auto reference = forced_reference(t_end);
  auto force = [](double t, const vec& q, vec& f) { f[0] = -std::sin(q[0]) + std::cos(t) / 2; };
  for (const auto& m : splitting_methods()) {
    SCOPED_TRACE(m.name);
    std::vector<double> errors;
    // Step counts chosen so that every error stays far above the reference's and double rounding.
    const std::vector<int> counts = m.order >= 6 ? std::vector<int>{20, 40, 80} : std::vector<int>{40, 80, 160};
    for (int n : counts) {
      splitting_stepper<vec> stepper(m);
      vec q{1.0}, p{0.0};
      const double h = t_end / n;
      for (int i = 0; i < n; ++i) stepper.step(force, unit_velocity, i * h, q, p, h);
      errors.push_back(std::hypot(q[0] - reference[0], p[0] - reference[1]));
    }
    for (std::size_t k = 1; k < errors.size(); ++k) {
      const double observed = std::log2(errors[k - 1] / errors[k]);
      EXPECT_NEAR(observed, m.order, 0.35) << "errors " << errors[k - 1] << " -> " << errors[k];
    }
  }
}

double relative_difference(const vec& a, const vec& b) {
  double worst = 0;
  for (std::size_t i = 0; i < a.size(); ++i)
    worst = std::max(worst, std::abs(a[i] - b[i]) / std::max(1.0, std::abs(b[i])));
  return worst;
}

// odeint's symplectic steppers use the same drift-then-kick ordering (coef_a = drift, coef_b =
// kick), so the same method gives the same sequence of operations; only the coefficients' last bit
// (odeint evaluates sqrt(7/8)/3 in double) and, for velocity Verlet, odeint's fused formula
// q + h p + h^2/2 a differ. Over 1000 steps of a pendulum the results agree to rounding.
TEST(SplittingStepper, AgreesWithOdeintSymplecticSteppers) {
  const double h = 0.05;
  const int steps = 1000;
  auto coordinate = [](const vec& p, vec& dqdt) { dqdt[0] = p[0]; };
  auto momentum = [](const vec& q, vec& dpdt) { dpdt[0] = -std::sin(q[0]); };

  auto ours = [&](const char* name) {
    splitting_stepper<vec> stepper(*find_method(name)->splitting());
    vec q{1.0}, p{0.0};
    for (int i = 0; i < steps; ++i) stepper.step(pendulum_force, unit_velocity, i * h, q, p, h);
    return vec{q[0], p[0]};
  };
  auto theirs = [&](auto stepper) {
    vec q{1.0}, p{0.0};
    for (int i = 0; i < steps; ++i)
      stepper.do_step(std::make_pair(coordinate, momentum), std::make_pair(std::ref(q), std::ref(p)), i * h, h);
    return vec{q[0], p[0]};
  };

  // Bitwise: the same coefficients (1 and 1) and the same operations.
  EXPECT_EQ(ours("symplectic-euler-b"), theirs(odeint::symplectic_euler<vec>()));
  EXPECT_LT(relative_difference(ours("mclachlan4"), theirs(odeint::symplectic_rkn_sb3a_m4_mclachlan<vec>())), 1e-12);

  odeint::velocity_verlet<vec> verlet;
  vec q{1.0}, v{0.0};
  auto acceleration = [](const vec& x, const vec&, vec& a, double) { a[0] = -std::sin(x[0]); };
  for (int i = 0; i < steps; ++i) verlet.do_step(acceleration, std::make_pair(std::ref(q), std::ref(v)), i * h, h);
  EXPECT_LT(relative_difference(ours("velocity-verlet"), vec{q[0], v[0]}), 1e-12);
}

TEST(SplittingStepper, WorksOnFixedSizeStatesAndLongDouble) {
  // One template for every container and scalar: std::array<long double, 2>, a 2-d oscillator.
  using state = std::array<long double, 2>;
  splitting_stepper<state> stepper(*find_method("yoshida4")->splitting());
  state q{1, 0}, p{0, 1};
  auto force = [](long double, const state& x, state& f) { f = {-x[0], -x[1]}; };
  auto velocity = [](long double, const state& y, state& v) { v = y; };
  const long double h = 0.01L;
  for (int i = 0; i < 100; ++i) stepper.step(force, velocity, i * h, q, p, h);
  // Exact solution q = (cos t, sin t) at t = 1; fourth order at h = 0.01: error ~ 1e-10.
  EXPECT_NEAR(static_cast<double>(q[0]), std::cos(1.0), 1e-9);
  EXPECT_NEAR(static_cast<double>(q[1]), std::sin(1.0), 1e-9);
}

}  // namespace
}  // namespace orderly
