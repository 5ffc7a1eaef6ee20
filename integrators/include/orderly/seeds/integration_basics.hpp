#pragma once
// Specimens from Glenn Fiedler's "Integration Basics" (seeds 001 = older version with reader
// comments, 003 = 2018 version, 004 = 2006 version), reproduced operation for operation in float.
//
// The articles integrate a single (x, v) in float. Here y = (x_1..x_n, v_1..v_n) of dimension 2n
// and the right-hand side f(t, y, dydt) plays the role of the articles' Derivative / acceleration:
// for a second-order system f writes dydt = (v, a). Every float operation is the article's, in
// the article's order (IEEE float, no contraction into fused multiply-adds: x86-64 without -mfma).
// These are specimens: their defects are kept on purpose.
#include <orderly/rhs.hpp>

#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

namespace orderly::seeds {

using float_state = std::vector<float>;

// Specimens written for (position, velocity) pairs need y = (x_1..x_n, v_1..v_n).
inline void require_positions_and_velocities(const float_state& y, const char* name) {
  if (y.empty() || y.size() % 2 != 0)
    throw std::invalid_argument(std::string(name) + " needs a state of positions then velocities (even dimension), got " +
                                std::to_string(y.size()));
}

// 001/003 explicit Euler: position = position + velocity * dt; velocity = velocity + (force / mass) * dt.
// Both updates use the derivative at the start of the step: y = y + f(t, y) * dt.
inline void euler_step(const rhs_function<float>& f, float t, float_state& y, float dt) {
  float_state d(y.size());
  f(t, y, d);
  for (std::size_t i = 0; i < y.size(); ++i) y[i] = y[i] + d[i] * dt;
}

// 003 semi-implicit Euler: velocity += acceleration * dt; position += velocity * dt, with the
// acceleration evaluated at the start of the step (second-order systems only).
inline void semi_implicit_euler_step(const rhs_function<float>& f, float t, float_state& y, float dt) {
  require_positions_and_velocities(y, "seed-semi-implicit-euler");
  const std::size_t n = y.size() / 2;
  float_state d(y.size());
  f(t, y, d);
  for (std::size_t i = 0; i < n; ++i) y[n + i] += d[n + i] * dt;
  for (std::size_t i = 0; i < n; ++i) y[i] += y[n + i] * dt;
}

// 001/004 evaluate(): Euler-advance `initial` by dt with derivative d, then sample f there at t + dt
// (the article's output.dx = state.v is f's position part for a second-order system).
inline void evaluate(const rhs_function<float>& f, const float_state& initial, float t, float dt, const float_state& d,
                     float_state& output) {
  float_state state(initial.size());
  for (std::size_t i = 0; i < initial.size(); ++i) state[i] = initial[i] + d[i] * dt;
  output.assign(initial.size(), 0.0f);
  f(t + dt, state, output);
}

// Where integrate() puts the time argument of the b, c and d samples. The article's evaluate adds
// its dt to the time it is given, so only `start_time` is correct.
enum class rk4_time_argument {
  start_time,      // 001 body / 004: b = evaluate(state, t, dt*0.5f, a), ..., d = evaluate(state, t, dt, c)
  t_plus_half,     // 001 edited article (comments 65, 66): b, c = evaluate(state, t+0.5f, dt*0.5f, .), d at t+dt
  t_plus_dt_half,  // 001 comment 38 (Dzugaru) / 54 quoting the article: t+dt*0.5f for b, c; t+dt for d
};

// 001 integrate(State &state, float t, float dt): RK4 in State/Derivative/evaluate form, float t as
// in 001 and 004 (003 passes double t; the float form is the one reproduced here).
inline void integration_basics_rk4_step(const rhs_function<float>& f, float t, float_state& y, float dt,
                                        rk4_time_argument when) {
  const std::size_t m = y.size();
  const float_state zero(m, 0.0f);  // Derivative(): value-initialised, all zero
  float_state a, b, c, d;
  float tb = t, tc = t, td = t;
  switch (when) {
    case rk4_time_argument::start_time: break;
    case rk4_time_argument::t_plus_half:
      tb = t + 0.5f;
      tc = t + 0.5f;
      td = t + dt;
      break;
    case rk4_time_argument::t_plus_dt_half:
      tb = t + dt * 0.5f;
      tc = t + dt * 0.5f;
      td = t + dt;
      break;
  }
  evaluate(f, y, t, 0.0f, zero, a);
  evaluate(f, y, tb, dt * 0.5f, a, b);
  evaluate(f, y, tc, dt * 0.5f, b, c);
  evaluate(f, y, td, dt, c, d);
  for (std::size_t i = 0; i < m; ++i) {
    const float dxdt = 1.0f / 6.0f * (a[i] + 2.0f * (b[i] + c[i]) + d[i]);
    y[i] = y[i] + dxdt * dt;
  }
}

}  // namespace orderly::seeds
