#pragma once
// Specimen from the CS-116B slides (seed 002, code from Bourg, Physics for Game Developers,
// pp. 155-156): StepSimulation(float dt) for a body under thrust T and drag C*V, mass M.
//
//   F = (T - (C * V));            A = F / M;  k1 = dt * A;
//   F = (T - (C * (V + k1 / 2))); A = F / M;  k2 = dt * A;
//   F = (T - (C * (V + k2 / 2))); A = F / M;  k3 = dt * A;
//   F = (T - (C * (V + k3)));     A = F / M;  k4 = dt * A;
//   Vnew = V + (k1 + 2 * k2 + 2 * k3 + k4) / 6;
//   Snew = S + Vnew * dt;
//
// RK4 is applied to the velocity alone, with the position frozen at the step's start (the drag
// does not depend on S), and the position then takes one explicit step with the *new* velocity.
// Generalised: A(V') is the velocity part of f(t, (S, V')), S and t held at the step's start (the
// slide has no time). The position update S + Vnew dt is a semi-implicit Euler step (local error
// a dt^2 / 2), so the position is first order even for the slide's drag, whose velocity is genuine
// RK4; for forces that depend on position the velocity stages never see the position move and the
// velocity is first order too.
#include <orderly/rhs.hpp>
#include <orderly/seeds/integration_basics.hpp>

#include <cstddef>
#include <vector>

namespace orderly::seeds {

inline void cs116b_rk4_step(const rhs_function<float>& f, float t, std::vector<float>& y, float dt) {
  require_positions_and_velocities(y, "seed-cs116b-rk4");
  const std::size_t n = y.size() / 2;
  std::vector<float> state = y, d(y.size());
  auto acceleration = [&](const std::vector<float>& velocity, std::vector<float>& k) {
    for (std::size_t i = 0; i < n; ++i) state[n + i] = velocity[i];  // position stays at S
    d.assign(y.size(), 0.0f);
    f(t, state, d);
    for (std::size_t i = 0; i < n; ++i) k[i] = dt * d[n + i];
  };
  std::vector<float> V(y.begin() + static_cast<std::ptrdiff_t>(n), y.end()), trial(n), k1(n), k2(n), k3(n), k4(n);
  acceleration(V, k1);
  for (std::size_t i = 0; i < n; ++i) trial[i] = V[i] + k1[i] / 2;
  acceleration(trial, k2);
  for (std::size_t i = 0; i < n; ++i) trial[i] = V[i] + k2[i] / 2;
  acceleration(trial, k3);
  for (std::size_t i = 0; i < n; ++i) trial[i] = V[i] + k3[i];
  acceleration(trial, k4);
  for (std::size_t i = 0; i < n; ++i) {
    const float Vnew = V[i] + (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]) / 6;
    y[i] = y[i] + Vnew * dt;  // Snew = S + Vnew * dt
    y[n + i] = Vnew;
  }
}

}  // namespace orderly::seeds
